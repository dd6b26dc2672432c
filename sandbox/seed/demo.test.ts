/**
 * Invariants of the demo data. These would catch a broken generator: overlapping rooms, dangling
 * references, times outside the conference, missing states the sandbox's tests rely on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EXHIBIT_TYPES, SCOPES } from '../../src/api/contract.js';
import {
  DEMO_IDS,
  DEMO_KEYS,
  allDemoConferences,
  demoConference,
  inactiveConference,
  otherConference,
  planEndedConference,
} from './demo.js';
import type { SeedConference, SeedEvent } from './types.js';

const STARTS_ON = '2026-06-09';
/** Spans the end of daylight saving time in both Berlin (25 Oct) and Toronto (1 Nov). */
const STARTS_ON_DST = '2026-10-24';

const LOCAL_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Parses a local `YYYY-MM-DDTHH:mm` strictly; returns minutes since the epoch as if UTC. */
function parseLocal(value: string): { date: string; minutes: number; timeOfDay: number } {
  const m = LOCAL_RE.exec(value);
  assert.ok(m, `not a local time: ${value}`);
  const [, date, hh, mm] = m as unknown as [string, string, string, string];
  const ms = Date.parse(`${value}:00Z`);
  assert.ok(!Number.isNaN(ms), `unparsable local time: ${value}`);
  assert.equal(new Date(ms).toISOString().slice(0, 16), value, `not a real date/time: ${value}`);
  const timeOfDay = Number(hh) * 60 + Number(mm);
  return { date, minutes: ms / 60000, timeOfDay };
}

function conferenceDates(c: SeedConference): string[] {
  return Array.from({ length: c.days }, (_, i) => addDays(c.startsOn, i));
}

function sentences(text: string): number {
  return text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0).length;
}

function overlaps(a: SeedEvent, b: SeedEvent): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

describe('demo conference', () => {
  const demo = demoConference(STARTS_ON);

  it('is a live, three-day conference in Europe/Berlin', () => {
    assert.equal(demo.status, 'live');
    assert.equal(demo.timeZone, 'Europe/Berlin');
    assert.equal(demo.days, 3);
    assert.equal(demo.startsOn, STARTS_ON);
    assert.deepEqual(demo.disabledModules, []);
    const lastDay = Date.parse(`${addDays(STARTS_ON, 2)}T00:00:00Z`);
    const planEnds = Date.parse(demo.planEndsAt);
    assert.ok(planEnds - lastDay >= 364 * 86_400_000, 'plan ends about a year after the conference');
    assert.ok(planEnds - lastDay <= 367 * 86_400_000);
  });

  it('has the promised amounts of everything', () => {
    assert.ok(demo.venues.length >= 8, `venues: ${demo.venues.length}`);
    assert.ok(demo.events.length >= 150, `events: ${demo.events.length}`);
    assert.ok(demo.speakers.length >= 80, `speakers: ${demo.speakers.length}`);
    assert.equal(demo.workshops.filter((w) => w.published).length, 10);
    assert.equal(demo.workshops.filter((w) => !w.published).length, 3);
    const byStatus = (s: string): number => demo.abstracts.filter((a) => a.status === s).length;
    assert.ok(byStatus('accepted') >= 40, `accepted: ${byStatus('accepted')}`);
    assert.ok(byStatus('rejected') >= 8);
    assert.ok(byStatus('pending') >= 8);
    assert.ok(demo.exhibits.filter((e) => e.published).length >= 15);
    assert.ok(demo.exhibits.filter((e) => !e.published).length >= 4);
    assert.ok(demo.registrations.length >= 500);
    assert.equal(demo.badges.length, 500);
    assert.ok(demo.site.pages.length >= 4);
    for (const type of ['keynote', 'talk', 'panel', 'workshop', 'break', 'social'] as const) {
      assert.ok(
        demo.events.some((e) => e.type === type),
        `no ${type} event`,
      );
    }
  });

  it('has venues with capacity and floor', () => {
    for (const v of demo.venues) {
      assert.ok(v.capacity > 0 && v.floor.length > 0 && v.name.length > 0 && v.description.length > 0, v.id);
    }
  });

  it('schedules events between 08:30 and 19:00 on the conference days', () => {
    const dates = conferenceDates(demo);
    for (const e of demo.events) {
      const start = parseLocal(e.startsAt);
      const end = parseLocal(e.endsAt);
      assert.ok(dates.includes(start.date), `${e.id} starts outside the conference: ${e.startsAt}`);
      assert.equal(end.date, start.date, `${e.id} crosses midnight`);
      assert.ok(end.minutes > start.minutes, `${e.id} ends before it starts`);
      assert.ok(start.timeOfDay >= 8 * 60 + 30, `${e.id} starts before 08:30`);
      assert.ok(end.timeOfDay <= 19 * 60, `${e.id} ends after 19:00`);
    }
    for (const date of dates) {
      assert.ok(
        demo.events.some((e) => e.startsAt.startsWith(date)),
        `no events on ${date}`,
      );
    }
  });

  it('has talks of 30 or 45 minutes with 1–3 speakers and a 2–4 sentence description', () => {
    const talks = demo.events.filter((e) => e.type === 'talk');
    assert.ok(talks.length >= 100);
    for (const t of talks) {
      const minutes = parseLocal(t.endsAt).minutes - parseLocal(t.startsAt).minutes;
      assert.ok(minutes === 30 || minutes === 45, `${t.id}: ${minutes} minutes`);
      assert.ok(t.speakerIds.length >= 1 && t.speakerIds.length <= 3, `${t.id}: ${t.speakerIds.length} speakers`);
      const n = sentences(t.description);
      assert.ok(n >= 2 && n <= 4, `${t.id}: ${n} sentences`);
      assert.ok(t.track, `${t.id} has no track`);
    }
    const titles = demo.events.map((e) => e.title).filter((_, i) => demo.events[i]?.type === 'talk');
    assert.equal(new Set(titles).size, titles.length, 'talk titles repeat');
    assert.ok(!titles.some((t) => /\b(talk|session)\s*\d+\b/i.test(t)), 'numbered titles');
    assert.ok(new Set(talks.map((t) => t.track)).size >= 4, 'parallel tracks');
  });

  it('puts breaks in the foyer without speakers, and keynotes in the main hall', () => {
    const foyer = demo.venues.find((v) => v.name === 'Foyer');
    assert.ok(foyer);
    const breaks = demo.events.filter((e) => e.type === 'break');
    assert.ok(breaks.some((b) => /lunch/i.test(b.title)) && breaks.some((b) => /coffee/i.test(b.title)));
    for (const b of breaks) {
      assert.equal(b.venueId, foyer.id, b.id);
      assert.deepEqual(b.speakerIds, [], b.id);
    }
    const keynotes = demo.events.filter((e) => e.type === 'keynote');
    assert.ok(keynotes.length >= 3);
    const main = new Set(keynotes.map((k) => k.venueId));
    assert.equal(main.size, 1, 'keynotes share one hall');
    for (const date of conferenceDates(demo)) {
      assert.ok(
        keynotes.some((k) => k.startsAt.startsWith(date) && parseLocal(k.startsAt).timeOfDay < 10 * 60),
        `no morning keynote on ${date}`,
      );
    }
  });

  it('has events that straddle the start of others (now/next boundaries)', () => {
    const talks = demo.events.filter((e) => e.type === 'talk');
    const straddling = talks.filter((a) =>
      talks.some((b) => b.venueId !== a.venueId && a.startsAt < b.startsAt && b.startsAt < a.endsAt),
    );
    assert.ok(straddling.length >= 10, `only ${straddling.length} straddling talks`);
  });

  it('links every workshop event to a workshop with matching time and room', () => {
    const byId = new Map(demo.workshops.map((w) => [w.id, w]));
    for (const e of demo.events) {
      if (e.type === 'workshop') {
        assert.ok(e.workshopId, `${e.id} has no workshop`);
        const w = byId.get(e.workshopId);
        assert.ok(w, `${e.id} links unknown workshop ${e.workshopId}`);
        assert.ok(w.published, `${e.id} shows unpublished ${w.id}`);
        assert.equal(w.eventId, e.id);
        assert.equal(w.startsAt, e.startsAt);
        assert.equal(w.endsAt, e.endsAt);
        assert.equal(w.venueId, e.venueId);
      } else {
        assert.equal(e.workshopId, null, `${e.id} is not a workshop but links one`);
      }
    }
    for (const w of demo.workshops) {
      const minutes = parseLocal(w.endsAt).minutes - parseLocal(w.startsAt).minutes;
      assert.ok(minutes >= 90 && minutes <= 180, `${w.id}: ${minutes} minutes`);
      assert.ok(
        demo.venues.some((v) => v.id === w.venueId),
        `${w.id} venue`,
      );
      if (w.published)
        assert.ok(w.eventId && demo.events.some((e) => e.id === w.eventId), `${w.id} not on the schedule`);
      else assert.equal(w.eventId, null, `${w.id} is unpublished but scheduled`);
      if (w.price) {
        assert.equal(w.price.currency, 'EUR');
        assert.ok(Number.isInteger(w.price.amount) && w.price.amount > 0);
      }
    }
    const published = demo.workshops.filter((w) => w.published);
    assert.ok(published.some((w) => w.price === null) && published.some((w) => w.price !== null), 'free and paid');
  });

  it('has the capacity-3 workshop, the others seating 12–40', () => {
    const small = demo.workshops.find((w) => w.id === DEMO_IDS.capacity3Workshop);
    assert.ok(small);
    assert.equal(small.capacity, 3);
    assert.ok(small.published);
    for (const w of demo.workshops.filter((x) => x.published && x.id !== small.id)) {
      assert.ok(w.capacity >= 12 && w.capacity <= 40, `${w.id}: ${w.capacity}`);
    }
  });

  it('has speakers with bios, mostly without photos, some with links, all on the programme', () => {
    const onStage = new Set(demo.events.flatMap((e) => e.speakerIds));
    for (const s of demo.speakers) {
      assert.ok(onStage.has(s.id), `${s.id} never speaks`);
      const n = sentences(s.bio);
      assert.ok(n >= 2 && n <= 4, `${s.id}: ${n} sentences`);
      assert.ok(s.affiliation && s.jobTitle, s.id);
      assert.equal(s.photoUrl, null);
      for (const l of s.links) assert.doesNotThrow(() => new URL(l.url), l.url);
    }
    assert.ok(demo.speakers.some((s) => s.links.length > 0));
    assert.equal(new Set(demo.speakers.map((s) => s.fullName)).size, demo.speakers.length, 'duplicate names');
  });

  it('has abstracts with 1–5 authors, one presenting, and keywords', () => {
    for (const a of demo.abstracts) {
      assert.ok(a.authors.length >= 1 && a.authors.length <= 5, a.id);
      assert.equal(a.authors.filter((x) => x.presenting).length, 1, `${a.id} presenters`);
      assert.ok(a.keywords.length >= 1 && a.track.length > 0, a.id);
    }
    const titles = demo.abstracts.map((a) => a.title);
    assert.equal(new Set(titles).size, titles.length);
  });

  it('has exhibits of every type, sponsors among them, with booths when published', () => {
    const published = demo.exhibits.filter((e) => e.published);
    for (const type of EXHIBIT_TYPES)
      assert.ok(
        published.some((e) => e.exhibitType === type),
        `no ${type}`,
      );
    for (const e of demo.exhibits) {
      assert.ok((EXHIBIT_TYPES as readonly string[]).includes(e.exhibitType), e.id);
      assert.match(e.presenter.email, /^[^@\s]+@[^@\s]+\.[a-z]+$/);
      if (e.published) assert.ok(e.booth, `${e.id} has no booth`);
    }
    const booths = published.map((e) => e.booth);
    assert.equal(new Set(booths).size, booths.length, 'booths shared');
  });

  it('has registration settings with open phase, field kinds, a required-but-disabled field', () => {
    const r = demo.registration;
    assert.equal(r.publicRegistrationEnabled, true);
    assert.ok(r.openPhase);
    const phaseStart = parseLocal(r.openPhase.startsAt);
    const phaseEnd = parseLocal(r.openPhase.endsAt);
    assert.ok(phaseStart.date < STARTS_ON && phaseEnd.date >= STARTS_ON, 'phase covers the weeks before');
    const kinds = new Set(r.fields.map((f) => f.kind));
    for (const k of ['text', 'select', 'checkbox', 'number', 'date', 'textarea', 'email'] as const) {
      assert.ok(kinds.has(k), `no ${k} field`);
    }
    const field = (name: string): (typeof r.fields)[number] | undefined => r.fields.find((f) => f.name === name);
    assert.ok(field('organization')?.enabled && field('organization')?.required);
    assert.ok(field('tshirt_size')?.enabled && field('tshirt_size')?.required);
    const trap = field(DEMO_IDS.requiredButDisabledField);
    assert.ok(trap && trap.required && !trap.enabled, 'required-but-disabled field');
    assert.ok(r.fields.filter((f) => !f.enabled).length >= 2);
    assert.ok(r.fields.some((f) => f.enabled && !f.required));
    for (const f of r.fields.filter((x) => x.kind === 'select')) assert.ok((f.options ?? []).length >= 2, f.name);
    assert.equal(new Set(r.fields.map((f) => f.name)).size, r.fields.length);
    assert.equal(r.ticketTypes.length, 3);
    for (const t of r.ticketTypes) assert.ok(t.price.currency === 'EUR' && t.price.amount > 0, t.id);
    assert.equal(r.paymentMethods.filter((p) => p.active).length, 2);
    assert.equal(r.paymentMethods.filter((p) => !p.active).length, 1);
  });

  it('has an exhibition window from 60 days before the start through the last day, with a fee', () => {
    const x = demo.exhibition;
    assert.ok(x.opensAt && x.closesAt && x.fee);
    const start = Date.parse(`${STARTS_ON}T00:00:00Z`);
    const days = (iso: string): number => (start - Date.parse(iso)) / 86_400_000;
    assert.ok(Math.abs(days(x.opensAt) - 60) < 1, x.opensAt);
    // Closes at 18:00 Berlin time on day 3, so it is open while the demo runs (day 1 = today).
    assert.ok(Math.abs(days(x.closesAt) + 2.7) < 0.1, x.closesAt);
    assert.equal(x.requiresRegistration, false);
    assert.ok(x.fee.amount > 0);
  });

  it('issues badges DEMO-0001 … DEMO-0500, one per existing registration', () => {
    const regs = new Map(demo.registrations.map((r) => [r.id, r]));
    assert.equal(regs.size, demo.registrations.length, 'duplicate registration ids');
    const codes = demo.badges.map((b) => b.code);
    assert.deepEqual(
      codes,
      Array.from({ length: 500 }, (_, i) => `DEMO-${String(i + 1).padStart(4, '0')}`),
    );
    const holders = new Set<string>();
    for (const b of demo.badges) {
      assert.ok(regs.has(b.registrationId), `${b.code} → unknown ${b.registrationId}`);
      assert.ok(!holders.has(b.registrationId), `${b.registrationId} has two badges`);
      holders.add(b.registrationId);
    }
    assert.equal(demo.badges[0]?.registrationId, DEMO_IDS.firstRegistration);
    const tickets = new Set(demo.registration.ticketTypes.map((t) => t.id));
    for (const r of demo.registrations) assert.ok(tickets.has(r.ticketTypeId), r.id);
    assert.equal(new Set(demo.registrations.map((r) => r.email)).size, demo.registrations.length, 'e-mails repeat');
  });

  it('has a site with navigation pointing at its pages', () => {
    const slugs = new Set(demo.site.pages.map((p) => p.slug));
    for (const s of ['about', 'venue-and-travel', 'code-of-conduct', 'faq']) assert.ok(slugs.has(s), s);
    for (const n of demo.site.navigation) assert.ok(slugs.has(n.slug), n.slug);
    for (const p of demo.site.pages) assert.ok(p.body.split('\n\n').length >= 2 && p.title.length > 0, p.slug);
  });

  it('has the demo keys', () => {
    const key = (secret: string): SeedConference['keys'][number] | undefined =>
      demo.keys.find((k) => k.secret === secret);
    assert.deepEqual([...(key(DEMO_KEYS.all)?.scopes ?? [])].sort(), [...SCOPES].sort());
    assert.deepEqual(key(DEMO_KEYS.read)?.scopes, ['registrations:read']);
    assert.equal(key(DEMO_KEYS.revoked)?.revoked, true);
    const expired = key(DEMO_KEYS.expired)?.expiresAt;
    assert.ok(expired && Date.parse(expired) < Date.parse('2001-01-01T00:00:00Z'));
  });
});

describe('every seeded conference', () => {
  for (const startsOn of [STARTS_ON, STARTS_ON_DST]) {
    const all = allDemoConferences(startsOn);

    it(`comes in the order demo, other, plan ended, inactive (${startsOn})`, () => {
      assert.deepEqual(
        all.map((c) => c.keys.map((k) => k.secret)),
        [
          [DEMO_KEYS.all, DEMO_KEYS.read, DEMO_KEYS.revoked, DEMO_KEYS.expired],
          [DEMO_KEYS.other],
          [DEMO_KEYS.planEnded],
          [DEMO_KEYS.inactive],
        ],
      );
    });

    it(`has no overlapping events in one venue and no speaker in two places (${startsOn})`, () => {
      for (const c of all) {
        const byVenue = new Map<string, SeedEvent[]>();
        for (const e of c.events) byVenue.set(e.venueId, [...(byVenue.get(e.venueId) ?? []), e]);
        for (const [venue, events] of byVenue) {
          for (let i = 0; i < events.length; i++) {
            for (let j = i + 1; j < events.length; j++) {
              const a = events[i] as SeedEvent;
              const b = events[j] as SeedEvent;
              assert.ok(!overlaps(a, b), `${c.id}/${venue}: ${a.id} overlaps ${b.id}`);
            }
          }
        }
        for (let i = 0; i < c.events.length; i++) {
          for (let j = i + 1; j < c.events.length; j++) {
            const a = c.events[i] as SeedEvent;
            const b = c.events[j] as SeedEvent;
            if (!overlaps(a, b)) continue;
            const shared = a.speakerIds.filter((s) => b.speakerIds.includes(s));
            assert.deepEqual(shared, [], `${c.id}: ${a.id} and ${b.id} share speakers`);
          }
        }
      }
    });

    it(`references only existing venues, speakers and registrations (${startsOn})`, () => {
      for (const c of all) {
        const venues = new Set(c.venues.map((v) => v.id));
        const speakers = new Set(c.speakers.map((s) => s.id));
        const regs = new Set(c.registrations.map((r) => r.id));
        const dates = conferenceDates(c);
        for (const e of c.events) {
          assert.ok(venues.has(e.venueId), `${e.id} venue ${e.venueId}`);
          for (const s of e.speakerIds) assert.ok(speakers.has(s), `${e.id} speaker ${s}`);
          assert.equal(new Set(e.speakerIds).size, e.speakerIds.length, `${e.id} lists a speaker twice`);
          assert.ok(dates.includes(parseLocal(e.startsAt).date), `${c.id}/${e.id} outside the days`);
          assert.ok(parseLocal(e.endsAt).minutes > parseLocal(e.startsAt).minutes, e.id);
        }
        for (const w of c.workshops) assert.ok(venues.has(w.venueId), `${w.id} venue`);
        for (const b of c.badges) assert.ok(regs.has(b.registrationId), `${b.code}`);
        const tickets = new Set(c.registration.ticketTypes.map((t) => t.id));
        for (const r of c.registrations) assert.ok(tickets.has(r.ticketTypeId), r.id);
        assert.doesNotThrow(() => new Intl.DateTimeFormat('en', { timeZone: c.timeZone }));
        assert.notEqual(c.timeZone, 'UTC');
        assert.ok(!Number.isNaN(Date.parse(c.planEndsAt)));
      }
    });

    it(`never reuses an id across conferences or kinds (${startsOn})`, () => {
      const seen = new Map<string, string>();
      const add = (id: string, where: string): void => {
        const before = seen.get(id);
        assert.equal(before, undefined, `${id} used by ${before} and ${where}`);
        seen.set(id, where);
      };
      for (const c of all) {
        add(c.id, 'conference');
        const groups: [string, string[]][] = [
          ['venue', c.venues.map((x) => x.id)],
          ['speaker', c.speakers.map((x) => x.id)],
          ['event', c.events.map((x) => x.id)],
          ['workshop', c.workshops.map((x) => x.id)],
          ['abstract', c.abstracts.map((x) => x.id)],
          ['exhibit', c.exhibits.map((x) => x.id)],
          ['registration', c.registrations.map((x) => x.id)],
          ['badge', c.badges.map((x) => x.code)],
          ['key', c.keys.map((x) => x.secret)],
          ['ticket type', c.registration.ticketTypes.map((x) => x.id)],
          ['payment method', c.registration.paymentMethods.map((x) => x.id)],
          ['open phase', c.registration.openPhase ? [c.registration.openPhase.id] : []],
        ];
        for (const [kind, ids] of groups) for (const id of ids) add(id, `${c.id} ${kind}`);
      }
    });
  }

  it('shifts dates with the first day but keeps ids and content', () => {
    const a = demoConference(STARTS_ON);
    const b = demoConference(STARTS_ON_DST);
    assert.deepEqual(
      a.events.map((e) => e.id),
      b.events.map((e) => e.id),
    );
    assert.deepEqual(a.speakers, b.speakers);
    assert.deepEqual(a.badges, b.badges);
    assert.deepEqual(
      a.events.map((e) => e.startsAt.slice(11)),
      b.events.map((e) => e.startsAt.slice(11)),
    );
    assert.ok(b.events.every((e) => e.startsAt >= `${STARTS_ON_DST}T00:00`));
  });

  it('converts local midnight to the right instant on both sides of daylight saving time', () => {
    // 60 days before 24 October 2026 is summer time (UTC+2); 60 days before 9 February is winter (UTC+1).
    assert.equal(demoConference(STARTS_ON_DST).exhibition.opensAt, '2026-08-24T22:00:00.000Z');
    assert.equal(demoConference('2027-02-09').exhibition.opensAt, '2026-12-10T23:00:00.000Z');
  });
});

describe('determinism', () => {
  it('gives deep-equal data for the same first day', () => {
    assert.deepEqual(allDemoConferences(STARTS_ON), allDemoConferences(STARTS_ON));
  });

  it('uses neither Math.random nor the clock', () => {
    const random = Math.random;
    const now = Date.now;
    Math.random = () => {
      throw new Error('Math.random used');
    };
    Date.now = () => {
      throw new Error('Date.now used');
    };
    try {
      allDemoConferences(STARTS_ON);
    } finally {
      Math.random = random;
      Date.now = now;
    }
  });

  it('rejects a malformed first day', () => {
    for (const bad of ['2026-6-9', '2026-02-30', 'tomorrow', '']) {
      assert.throws(() => demoConference(bad), bad);
      assert.throws(() => otherConference(bad), bad);
    }
  });
});

describe('the other conferences', () => {
  it('other: a smaller two-day event in Toronto with registration closed', () => {
    const o = otherConference(STARTS_ON);
    assert.equal(o.timeZone, 'America/Toronto');
    assert.equal(o.days, 2);
    assert.equal(o.status, 'live');
    assert.ok(o.venues.length >= 4);
    assert.ok(o.events.length >= 25 && o.events.length <= 50, `events: ${o.events.length}`);
    assert.ok(o.speakers.length >= 12);
    const onStage = new Set(o.events.flatMap((e) => e.speakerIds));
    for (const s of o.speakers) assert.ok(onStage.has(s.id), `${s.id} never speaks`);
    assert.equal(o.registration.publicRegistrationEnabled, false);
    assert.deepEqual(
      o.badges.map((b) => b.code),
      Array.from({ length: 100 }, (_, i) => `OTHR-${String(i + 1).padStart(4, '0')}`),
    );
    assert.ok(o.workshops.some((w) => w.published) && o.abstracts.some((a) => a.status === 'accepted'));
    assert.ok(o.exhibits.some((e) => e.published));
    assert.deepEqual([...(o.keys[0]?.scopes ?? [])].sort(), [...SCOPES].sort());
    for (const e of o.events) assert.ok(e.id.startsWith('oc-'), e.id);
  });

  it('plan ended: live, with a plan that ended in 2000', () => {
    const c = planEndedConference(STARTS_ON);
    assert.equal(c.status, 'live');
    assert.ok(Date.parse(c.planEndsAt) < Date.parse('2001-01-01T00:00:00Z'));
    assert.equal(c.keys[0]?.secret, DEMO_KEYS.planEnded);
  });

  it('inactive: still a draft, with a plan that has not ended', () => {
    const c = inactiveConference(STARTS_ON);
    assert.equal(c.status, 'draft');
    assert.ok(Date.parse(c.planEndsAt) > Date.parse('2090-01-01T00:00:00Z'));
    assert.equal(c.keys[0]?.secret, DEMO_KEYS.inactive);
  });
});
