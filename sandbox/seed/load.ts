/**
 * Writes a {@link SeedConference} into the database in one transaction. Local wall-clock times
 * become instants in the conference's zone; keys are stored hashed.
 */
import type { OpenPhase } from '../../src/api/records.js';
import { epochToZonedIso, localToEpoch } from '../../src/core/zone.js';
import type { Store } from '../store/index.js';
import type { SeedConference } from './types.js';

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** Seed times are local wall-clock times; ISO instants with an offset or `Z` are taken as given. */
function instant(value: string, timeZone: string): number {
  if (LOCAL.test(value)) return localToEpoch(value, timeZone);
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new Error(`Seed has an unreadable time: ${value}`);
  return t;
}

function optionalInstant(value: string | null, timeZone: string): number | null {
  return value === null ? null : instant(value, timeZone);
}

export function loadSeed(store: Store, seed: SeedConference): void {
  const { db } = store;
  const tz = seed.timeZone;
  const run = (sql: string, ...values: unknown[]) => db.prepare(sql).run(...values);
  db.transaction(() => {
    const seq = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 FROM conferences').pluck().get() as number;
    const phase: OpenPhase | null = seed.registration.openPhase && {
      ...seed.registration.openPhase,
      startsAt: epochToZonedIso(instant(seed.registration.openPhase.startsAt, tz), tz),
      endsAt: epochToZonedIso(instant(seed.registration.openPhase.endsAt, tz), tz),
    };
    run(
      `INSERT INTO conferences (id, name, tagline, city, time_zone, starts_on, days, status, plan_ends_at,
         disabled_modules, site, registration_enabled, open_phase, open_phase_enabled, exhibition_opens_at,
         exhibition_closes_at, exhibition_requires_registration, exhibition_fee, seq)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      seed.id,
      seed.name,
      seed.tagline,
      seed.city,
      tz,
      seed.startsOn,
      seed.days,
      seed.status,
      instant(seed.planEndsAt, tz),
      JSON.stringify(seed.disabledModules),
      JSON.stringify(seed.site),
      seed.registration.publicRegistrationEnabled ? 1 : 0,
      phase && JSON.stringify(phase),
      phase ? 1 : 0,
      optionalInstant(seed.exhibition.opensAt, tz),
      optionalInstant(seed.exhibition.closesAt, tz),
      seed.exhibition.requiresRegistration ? 1 : 0,
      seed.exhibition.fee && JSON.stringify(seed.exhibition.fee),
      seq,
    );
    seed.venues.forEach((v, i) =>
      run(
        'INSERT INTO venues VALUES (?, ?, ?, ?, ?, ?, ?)',
        seed.id,
        v.id,
        v.name,
        v.description,
        v.floor,
        v.capacity,
        i,
      ),
    );
    seed.speakers.forEach((s, i) =>
      run(
        'INSERT INTO speakers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        seed.id,
        s.id,
        s.fullName,
        s.affiliation,
        s.jobTitle,
        s.bio,
        s.photoUrl,
        JSON.stringify(s.links),
        i,
      ),
    );
    for (const e of seed.events) {
      run(
        'INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        seed.id,
        e.id,
        e.title,
        e.type,
        e.description,
        instant(e.startsAt, tz),
        instant(e.endsAt, tz),
        e.venueId,
        JSON.stringify(e.speakerIds),
        e.track,
        e.workshopId,
      );
    }
    seed.workshops.forEach((w, i) =>
      run(
        'INSERT INTO workshops VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        seed.id,
        w.id,
        w.eventId,
        w.title,
        w.description,
        instant(w.startsAt, tz),
        instant(w.endsAt, tz),
        w.venueId,
        w.capacity,
        w.price && JSON.stringify(w.price),
        w.published ? 1 : 0,
        i,
      ),
    );
    seed.abstracts.forEach((a, i) =>
      run(
        'INSERT INTO abstracts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        seed.id,
        a.id,
        a.title,
        a.body,
        a.track,
        JSON.stringify(a.keywords),
        a.status,
        JSON.stringify(a.authors),
        i,
      ),
    );
    seed.exhibits.forEach((x, i) =>
      run(
        'INSERT INTO exhibits VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        seed.id,
        x.id,
        x.title,
        x.exhibitType,
        x.shortDescription,
        x.description,
        x.booth,
        x.logoUrl,
        x.websiteUrl,
        JSON.stringify(x.presenter),
        JSON.stringify(x.teamPeople),
        x.published ? 1 : 0,
        i,
      ),
    );
    const reg = seed.registration;
    reg.fields.forEach((f, i) =>
      run(
        'INSERT INTO registration_fields VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        seed.id,
        f.name,
        f.label,
        f.kind,
        f.enabled ? 1 : 0,
        f.required ? 1 : 0,
        f.options ? JSON.stringify(f.options) : null,
        f.helpText ?? null,
        i,
      ),
    );
    reg.ticketTypes.forEach((t, i) =>
      run(
        'INSERT INTO ticket_types VALUES (?, ?, ?, ?, ?, ?)',
        seed.id,
        t.id,
        t.name,
        t.description,
        JSON.stringify(t.price),
        i,
      ),
    );
    reg.paymentMethods.forEach((p, i) =>
      run(
        `INSERT INTO payment_methods (conference_id, id, name, instructions, active, sort_order, requires_reference, requires_proof)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        seed.id,
        p.id,
        p.name,
        p.instructions,
        p.active ? 1 : 0,
        i,
        p.requiresReference === false ? 0 : 1,
        p.requiresProof === false ? 0 : 1,
      ),
    );
    const now = store.now();
    for (const r of seed.registrations) {
      run(
        `INSERT INTO registrations (conference_id, id, first_name, last_name, email, ticket_type_id, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        seed.id,
        r.id,
        r.firstName,
        r.lastName,
        r.email,
        r.ticketTypeId,
        r.status,
        now,
      );
    }
    for (const b of seed.badges) run('INSERT INTO badges VALUES (?, ?, ?)', seed.id, b.code, b.registrationId);
    for (const k of seed.keys) {
      store.keys.create({
        conferenceId: seed.id,
        label: k.label,
        scopes: k.scopes,
        secret: k.secret,
        expiresAt: k.expiresAt ? Date.parse(k.expiresAt) : null,
        revoked: k.revoked ?? false,
      });
    }
  })();
}
