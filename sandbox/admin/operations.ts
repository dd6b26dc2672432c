/**
 * Admin operations on the sandbox's data, shared by the `/__admin` routes and the CLI. Bad input
 * throws a {@link SandboxError} (400 `validation_failed` / 404 `not_found`), which the routes answer
 * as-is and the CLI prints.
 */
import { MODULES, SCOPES, type Module, type Scope } from '../../src/api/contract.js';
import type { BadgeCheckin, Money, Registration, WorkshopRegistration } from '../../src/api/records.js';
import { epochToZonedIso, localToEpoch } from '../../src/core/zone.js';
import { SandboxError, validationFailed } from '../errors.js';
import type { ConferenceStatus } from '../store/conferences.js';
import type { Conference, Store } from '../store/index.js';

export interface CreatedKey {
  id: string;
  conferenceId: string;
  label: string;
  prefix: string;
  scopes: Scope[];
  expiresAt: string | null;
  /** Shown once; only its hash is stored. */
  secret: string;
}

const STATUSES: readonly ConferenceStatus[] = ['live', 'draft', 'archived'];

export function parseInstant(value: string, field: string): number {
  const t = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(t)) {
    throw validationFailed({ [field]: 'Must be an ISO 8601 date-time, e.g. 2026-06-01T09:00:00Z.' });
  }
  return t;
}

export function parseScopes(values: readonly string[]): Scope[] {
  const unknown = values.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw validationFailed({ scopes: `Unknown scope(s): ${unknown.join(', ')}. Known: ${SCOPES.join(', ')}.` });
  }
  return [...new Set(values)] as Scope[];
}

export function parseModule(value: string): Module {
  if (!(MODULES as readonly string[]).includes(value)) {
    throw validationFailed({ module: `Must be one of: ${MODULES.join(', ')}.` });
  }
  return value as Module;
}

/** `150`, `149.50` or `150 USD` (major units; EUR by default) to minor units. */
export function parseFee(value: string): Money | null {
  if (/^(none|off|0)$/i.test(value.trim())) return null;
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?(?:\s+([A-Za-z]{3}))?$/.exec(value.trim());
  if (!m)
    throw validationFailed({
      fee: 'Must be an amount like 150 or 149.50 (optionally with a currency, e.g. 150 USD), or none.',
    });
  return { amount: Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')), currency: (m[3] ?? 'EUR').toUpperCase() };
}

/** Settings as an admin reads them: instants as ISO strings. */
export function describeConference(conf: Conference) {
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    ...conf,
    planEndsAt: iso(conf.planEndsAt),
    exhibition: { ...conf.exhibition, opensAt: iso(conf.exhibition.opensAt), closesAt: iso(conf.exhibition.closesAt) },
    site: undefined,
  };
}

export class Admin {
  constructor(readonly store: Store) {}

  conferences(): Conference[] {
    return this.store.conferences.list();
  }

  /** The named conference, or the first seeded one when no id is given. */
  conference(id?: string): Conference {
    const conf = id ? this.store.conferences.get(id) : this.store.conferences.list()[0];
    if (!conf) {
      const known =
        this.store.conferences
          .list()
          .map((c) => c.id)
          .join(', ') || 'none';
      throw new SandboxError('not_found', `Unknown conference ${id ?? ''} (known: ${known}).`);
    }
    return conf;
  }

  createKey(input: {
    conferenceId?: string;
    scopes: readonly string[];
    label?: string;
    expiresAt?: string | null;
  }): CreatedKey {
    const conf = this.conference(input.conferenceId);
    const scopes = parseScopes(input.scopes);
    const expiresAt = input.expiresAt ? parseInstant(input.expiresAt, 'expiresAt') : null;
    const { key, secret } = this.store.keys.create({
      conferenceId: conf.id,
      label: input.label?.trim() || 'key',
      scopes,
      expiresAt,
    });
    return {
      id: key.id,
      conferenceId: conf.id,
      label: key.label,
      prefix: key.prefix,
      scopes: key.scopes,
      expiresAt: key.expiresAt === null ? null : new Date(key.expiresAt).toISOString(),
      secret,
    };
  }

  revokeKey(input: { conferenceId?: string; label?: string; prefix?: string; id?: string }): {
    revoked: { id: string; label: string; prefix: string }[];
  } {
    const conf = this.conference(input.conferenceId);
    if (!input.label && !input.prefix && !input.id) {
      throw validationFailed({ label: 'Name the key by label, key prefix or id.' });
    }
    const hits = this.store.keys.revoke(conf.id, input);
    if (hits.length === 0) throw new SandboxError('not_found', `No active key of ${conf.id} matches.`);
    return { revoked: hits.map((k) => ({ id: k.id, label: k.label, prefix: k.prefix })) };
  }

  setRegistrationOpen(conferenceId: string | undefined, open: boolean): Conference {
    const conf = this.conference(conferenceId);
    this.store.conferences.setRegistrationEnabled(conf.id, open);
    return this.conference(conf.id);
  }

  /** Turns the pricing phase on or off; a conference seeded without one gets a phase until its last day. */
  setOpenPhase(conferenceId: string | undefined, on: boolean): Conference {
    const conf = this.conference(conferenceId);
    let phase = conf.openPhase ?? undefined;
    if (on && !phase) {
      const end = new Date(`${conf.startsOn}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + conf.days);
      const tz = conf.timeZone;
      phase = {
        id: 'phase-regular',
        name: 'Regular',
        startsAt: epochToZonedIso(this.store.now(), tz),
        endsAt: epochToZonedIso(localToEpoch(end.toISOString().slice(0, 10), tz), tz),
      };
    }
    this.store.conferences.setOpenPhase(conf.id, on, phase);
    return this.conference(conf.id);
  }

  setExhibition(
    conferenceId: string | undefined,
    patch: {
      opensAt?: string | null;
      closesAt?: string | null;
      fee?: Money | null;
      requiresRegistration?: boolean;
    },
  ): Conference {
    const conf = this.conference(conferenceId);
    const update: Parameters<Store['conferences']['setExhibition']>[1] = {};
    if (patch.opensAt !== undefined)
      update.opensAt = patch.opensAt === null ? null : parseInstant(patch.opensAt, 'opensAt');
    if (patch.closesAt !== undefined)
      update.closesAt = patch.closesAt === null ? null : parseInstant(patch.closesAt, 'closesAt');
    const opens = update.opensAt !== undefined ? update.opensAt : conf.exhibition.opensAt;
    const closes = update.closesAt !== undefined ? update.closesAt : conf.exhibition.closesAt;
    if (opens !== null && closes !== null && closes <= opens) {
      throw validationFailed({ closesAt: 'Must be after opensAt.' });
    }
    if (patch.fee !== undefined) update.fee = patch.fee;
    if (patch.requiresRegistration !== undefined) update.requiresRegistration = patch.requiresRegistration;
    this.store.conferences.setExhibition(conf.id, update);
    return this.conference(conf.id);
  }

  setWorkshopCapacity(conferenceId: string | undefined, workshopId: string, capacity: number) {
    const conf = this.conference(conferenceId);
    if (!Number.isInteger(capacity) || capacity < 0 || capacity > 100_000) {
      throw validationFailed({ capacity: 'Must be a whole number from 0 to 100000.' });
    }
    if (!this.store.workshops.setCapacity(conf.id, workshopId, capacity)) {
      throw new SandboxError('not_found', `Unknown workshop ${workshopId} in ${conf.id}.`);
    }
    return this.store.workshops.get(conf.id, workshopId, conf.timeZone)!;
  }

  setModule(conferenceId: string | undefined, module: string, enabled: boolean): Conference {
    const conf = this.conference(conferenceId);
    this.store.conferences.setModule(conf.id, parseModule(module), enabled);
    return this.conference(conf.id);
  }

  setStatus(conferenceId: string | undefined, status: string): Conference {
    const conf = this.conference(conferenceId);
    if (!(STATUSES as readonly string[]).includes(status)) {
      throw validationFailed({ status: `Must be one of: ${STATUSES.join(', ')}.` });
    }
    this.store.conferences.setStatus(conf.id, status as ConferenceStatus);
    return this.conference(conf.id);
  }

  setPlanEndsAt(conferenceId: string | undefined, planEndsAt: string): Conference {
    const conf = this.conference(conferenceId);
    this.store.conferences.setPlanEndsAt(conf.id, parseInstant(planEndsAt, 'planEndsAt'));
    return this.conference(conf.id);
  }

  registrations(conferenceId: string | undefined, email?: string): Registration[] {
    return this.store.registrations.list(this.conference(conferenceId).id, email);
  }

  workshopRegistrations(conferenceId: string | undefined, workshopId: string): WorkshopRegistration[] {
    return this.store.workshops.listEnrollments(this.conference(conferenceId).id, workshopId);
  }

  abstractSubmissions(conferenceId: string | undefined, registrationId?: string) {
    return this.store.abstracts.listSubmissions(this.conference(conferenceId).id, registrationId);
  }

  checkins(conferenceId: string | undefined, badge?: string): BadgeCheckin[] {
    return this.store.checkins.listCheckins(this.conference(conferenceId).id, badge);
  }
}
