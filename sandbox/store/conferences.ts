/** Conferences and their settings (status, plan, modules, registration and exhibition rules). */
import type { Database } from 'better-sqlite3';
import type { Module } from '../../src/api/contract.js';
import type { Money, OpenPhase, SiteDocument } from '../../src/api/records.js';
import { parseJson } from './ids.js';

export type ConferenceStatus = 'live' | 'draft' | 'archived';

export interface ExhibitionSettings {
  opensAt: number | null;
  closesAt: number | null;
  requiresRegistration: boolean;
  fee: Money | null;
}

export interface Conference {
  id: string;
  name: string;
  tagline: string;
  city: string;
  timeZone: string;
  startsOn: string;
  days: number;
  status: ConferenceStatus;
  planEndsAt: number;
  disabledModules: Module[];
  site: Pick<SiteDocument, 'navigation' | 'pages'>;
  registrationEnabled: boolean;
  /** The configured phase, served only while `openPhaseEnabled`. */
  openPhase: OpenPhase | null;
  openPhaseEnabled: boolean;
  exhibition: ExhibitionSettings;
}

interface Row {
  id: string;
  name: string;
  tagline: string;
  city: string;
  time_zone: string;
  starts_on: string;
  days: number;
  status: ConferenceStatus;
  plan_ends_at: number;
  disabled_modules: string;
  site: string;
  registration_enabled: number;
  open_phase: string | null;
  open_phase_enabled: number;
  exhibition_opens_at: number | null;
  exhibition_closes_at: number | null;
  exhibition_requires_registration: number;
  exhibition_fee: string | null;
}

function toConference(r: Row): Conference {
  return {
    id: r.id,
    name: r.name,
    tagline: r.tagline,
    city: r.city,
    timeZone: r.time_zone,
    startsOn: r.starts_on,
    days: r.days,
    status: r.status,
    planEndsAt: r.plan_ends_at,
    disabledModules: JSON.parse(r.disabled_modules) as Module[],
    site: JSON.parse(r.site) as Conference['site'],
    registrationEnabled: r.registration_enabled === 1,
    openPhase: parseJson<OpenPhase>(r.open_phase),
    openPhaseEnabled: r.open_phase_enabled === 1,
    exhibition: {
      opensAt: r.exhibition_opens_at,
      closesAt: r.exhibition_closes_at,
      requiresRegistration: r.exhibition_requires_registration === 1,
      fee: parseJson<Money>(r.exhibition_fee),
    },
  };
}

export class ConferenceStore {
  private readonly byId;
  private readonly all;
  constructor(private readonly db: Database) {
    this.byId = db.prepare<[string], Row>('SELECT * FROM conferences WHERE id = ?');
    this.all = db.prepare<[], Row>('SELECT * FROM conferences ORDER BY seq');
  }

  get(id: string): Conference | null {
    const r = this.byId.get(id);
    return r ? toConference(r) : null;
  }

  list(): Conference[] {
    return this.all.all().map(toConference);
  }

  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM conferences').pluck().get() as number;
  }

  setStatus(id: string, status: ConferenceStatus): void {
    this.db.prepare('UPDATE conferences SET status = ? WHERE id = ?').run(status, id);
  }

  setPlanEndsAt(id: string, epochMs: number): void {
    this.db.prepare('UPDATE conferences SET plan_ends_at = ? WHERE id = ?').run(epochMs, id);
  }

  setModule(id: string, module: Module, enabled: boolean): void {
    const conf = this.get(id);
    if (!conf) return;
    const off = new Set(conf.disabledModules);
    if (enabled) off.delete(module);
    else off.add(module);
    this.db.prepare('UPDATE conferences SET disabled_modules = ? WHERE id = ?').run(JSON.stringify([...off]), id);
  }

  setRegistrationEnabled(id: string, enabled: boolean): void {
    this.db.prepare('UPDATE conferences SET registration_enabled = ? WHERE id = ?').run(enabled ? 1 : 0, id);
  }

  setOpenPhase(id: string, enabled: boolean, phase?: OpenPhase): void {
    if (phase) {
      this.db.prepare('UPDATE conferences SET open_phase = ? WHERE id = ?').run(JSON.stringify(phase), id);
    }
    this.db.prepare('UPDATE conferences SET open_phase_enabled = ? WHERE id = ?').run(enabled ? 1 : 0, id);
  }

  setExhibition(id: string, patch: Partial<ExhibitionSettings>): void {
    const sets: string[] = [];
    const values: unknown[] = [];
    if ('opensAt' in patch) {
      sets.push('exhibition_opens_at = ?');
      values.push(patch.opensAt);
    }
    if ('closesAt' in patch) {
      sets.push('exhibition_closes_at = ?');
      values.push(patch.closesAt);
    }
    if ('requiresRegistration' in patch) {
      sets.push('exhibition_requires_registration = ?');
      values.push(patch.requiresRegistration ? 1 : 0);
    }
    if ('fee' in patch) {
      sets.push('exhibition_fee = ?');
      values.push(patch.fee ? JSON.stringify(patch.fee) : null);
    }
    if (sets.length === 0) return;
    this.db.prepare(`UPDATE conferences SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  }
}
