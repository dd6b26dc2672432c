/**
 * The read cache over real HTTP: a kept answer is served until a write changes what it was built
 * from, whoever writes (an API write, an admin route, another connection on the same file), and
 * answers never cross conferences, keys, scopes or queries. A property test runs random writes and
 * reads against a sandbox with the cache and one without, and their answers must be the same.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { Admin } from '../admin/operations.js';
import { openDatabase } from '../db/open.js';
import { Store } from '../store/index.js';
import { assertError, FX, start, testClock, type TestSandbox } from './helpers.js';

const reg = (n: number) => `reg-${String(n).padStart(3, '0')}`;
const smallWorkshop = async (s: TestSandbox) =>
  (await s.call('GET', '/events/workshops')).body.data.find((w: { id: string }) => w.id === FX.smallWorkshop);

describe('read cache', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  it('a repeated read is answered from the cache: same bytes and ETag, 304 on If-None-Match, HEAD without a body', async () => {
    const cache = s.sandbox.readCache!;
    const first = await fetch(s.api('/events/events?limit=3'), { headers: { 'x-api-key': FX.keys.all } });
    const hits = cache.hits;
    const again = await fetch(s.api('/events/events?limit=3'), { headers: { 'x-api-key': FX.keys.all } });
    assert.equal(cache.hits, hits + 1);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(await again.text(), await first.text());
    assert.equal(again.headers.get('content-type'), 'application/json');
    const notModified = await fetch(s.api('/events/events?limit=3'), {
      headers: { 'x-api-key': FX.keys.all, 'if-none-match': `W/"x", ${etag}` },
    });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.headers.get('etag'), etag);
    assert.equal(await notModified.text(), '');
    const other = await fetch(s.api('/events/events?limit=3'), {
      headers: { 'x-api-key': FX.keys.all, 'if-none-match': '"other"' },
    });
    assert.equal(other.status, 200);
    const head = await fetch(s.api('/events/events?limit=3'), {
      method: 'HEAD',
      headers: { 'x-api-key': FX.keys.all },
    });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), etag);
    assert.equal(await head.text(), '');
  });

  it('a workshop enrollment shows in the seats at once, and the old ETag no longer matches', async () => {
    const before = await s.call('GET', '/events/workshops');
    const w = await smallWorkshop(s);
    assert.deepEqual([w.enrolledCount, w.seatsLeft, w.waitlistCount], [0, 3, 0]);
    const etag = before.headers.get('etag')!;
    for (const n of [1, 2, 3, 4]) {
      const enrolled = await s.call('POST', '/events/workshops/registrations', {
        body: { registrationId: reg(n), workshopId: FX.smallWorkshop },
      });
      assert.equal(enrolled.status, 201);
      const now = await smallWorkshop(s);
      assert.deepEqual(
        [now.enrolledCount, now.seatsLeft, now.waitlistCount],
        [Math.min(n, 3), Math.max(0, 3 - n), Math.max(0, n - 3)],
      );
    }
    const stale = await fetch(s.api('/events/workshops'), {
      headers: { 'x-api-key': FX.keys.all, 'if-none-match': etag },
    });
    assert.equal(stale.status, 200);
    assert.notEqual(stale.headers.get('etag'), etag);
    // An admin change of capacity moves the waitlist up, and the list shows it.
    assert.equal(
      (await s.admin('PATCH', `/conferences/${FX.id}/workshops/${FX.smallWorkshop}`, { capacity: 4 })).status,
      200,
    );
    const raised = await smallWorkshop(s);
    assert.deepEqual([raised.capacity, raised.enrolledCount, raised.waitlistCount], [4, 4, 0]);
  });

  it('admin changes of the conference show in reads and checks: registration, phase, modules, status', async () => {
    const config = async () => (await s.call('GET', '/registrations/config')).body.data;
    assert.equal((await config()).public_registration_enabled, true);
    assert.notEqual((await config()).open_phase, null);
    await s.admin('PATCH', `/conferences/${FX.id}`, { registrationOpen: false });
    assert.equal((await config()).public_registration_enabled, false);
    await s.admin('PATCH', `/conferences/${FX.id}`, { registrationOpen: true, openPhase: false });
    assert.equal((await config()).public_registration_enabled, true);
    assert.equal((await config()).open_phase, null);
    await s.admin('PATCH', `/conferences/${FX.id}`, { openPhase: true });
    assert.notEqual((await config()).open_phase, null);

    assert.equal((await s.call('GET', '/exhibition/exhibits')).status, 200);
    await s.admin('PATCH', `/conferences/${FX.id}`, { modules: { exhibition: false } });
    assertError(await s.call('GET', '/exhibition/exhibits'), 403, 'module_disabled');
    await s.admin('PATCH', `/conferences/${FX.id}`, { modules: { exhibition: true } });
    assert.equal((await s.call('GET', '/exhibition/exhibits')).status, 200);

    await s.admin('PATCH', `/conferences/${FX.id}`, { status: 'draft' });
    assertError(await s.call('GET', '/events/events'), 403, 'conference_inactive');
    await s.admin('PATCH', `/conferences/${FX.id}`, { status: 'live' });
    assert.equal((await s.call('GET', '/events/events')).status, 200);
  });

  it('a revoked key stops at once; a new key works at once', async () => {
    const created = await s.admin('POST', '/keys', {
      conferenceId: FX.id,
      scopes: ['registrations:read'],
      label: 'cache-test',
    });
    assert.equal(created.status, 201);
    const secret = created.body.data.secret as string;
    assert.equal((await s.call('GET', '/registrations/config', { key: secret })).status, 200);
    assert.equal((await s.call('GET', '/registrations/config', { key: secret })).status, 200);
    await s.admin('POST', '/keys/revoke', { conferenceId: FX.id, label: 'cache-test' });
    assertError(await s.call('GET', '/registrations/config', { key: secret }), 401, 'api_key_revoked');
  });

  it('a registration and a check-in made after reads are seen by the next requests', async () => {
    await s.call('GET', '/events/workshops');
    const created = await s.call('POST', '/registrations/registrations', {
      body: {
        firstName: 'New',
        lastName: 'Person',
        email: 'new@example.org',
        ticketTypeId: FX.freeTicket,
        customFields: { organization: 'Org' },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const enrolled = await s.call('POST', '/events/workshops/registrations', {
      body: { registrationId: created.body.data.id, workshopId: FX.paidWorkshop },
    });
    assert.equal(enrolled.status, 201);
    const paid = (await s.call('GET', '/events/workshops')).body.data.find(
      (w: { id: string }) => w.id === FX.paidWorkshop,
    );
    assert.equal(paid.enrolledCount, 1);
    assert.equal((await s.call('POST', '/badges/checkin', { body: { qr: 'FX-0030', location: 'Door' } })).status, 201);
    assertError(
      await s.call('POST', '/badges/checkin', { body: { qr: 'FX-0030', location: 'Door' } }),
      409,
      'already_checked_in',
    );
  });

  it('answers never cross conferences, keys, scopes, paging or include', async () => {
    const site = async (key: string) => (await s.call('GET', '/website/site', { key })).body.data.conference.id;
    assert.equal(await site(FX.keys.all), FX.id);
    assert.equal(await site('fx-key-other'), 'fx-other');
    assert.equal(await site(FX.keys.all), FX.id);
    assert.equal((await s.call('GET', '/registrations/config', { key: FX.keys.all })).status, 200);
    assertError(await s.call('GET', '/registrations/config', { key: FX.keys.none }), 403, 'insufficient_scope');
    assertError(await s.call('GET', '/registrations/config', { key: FX.keys.revoked }), 401, 'api_key_revoked');
    const ids = async (q: string) =>
      (await s.call('GET', `/events/events${q}`)).body.data.map((e: { id: string }) => e.id);
    assert.deepEqual(await ids('?limit=1'), ['ev-1']);
    assert.deepEqual(await ids('?limit=2'), ['ev-1', 'ev-2']);
    assert.deepEqual(await ids('?limit=1&offset=1'), ['ev-2']);
    assert.deepEqual(await ids('?offset=1&limit=1&unknown=x'), ['ev-2']);
    const authors = async (q: string) =>
      (await s.call('GET', `/abstracts/abstracts/${FX.acceptedAbstract}${q}`)).body.data.authors;
    assert.equal(await authors(''), undefined);
    assert.equal((await authors('?include=authors')).length, 2);
    assertError(await s.call('GET', `/abstracts/abstracts/${FX.rejectedAbstract}`), 404, 'not_found');
    assertError(await s.call('GET', '/events/events?limit=0'), 400, 'invalid_query');
  });
});

describe('read cache: bounds, and writes by another connection', () => {
  it('keeps at most maxEntries answers and maxBytes bytes, least recently used out first', async () => {
    const s = await start({ readCache: { maxEntries: 2 } });
    try {
      for (const limit of [1, 2, 3]) assert.equal((await s.call('GET', `/events/events?limit=${limit}`)).status, 200);
      assert.equal(s.sandbox.readCache!.size.entries, 2);
      const misses = s.sandbox.readCache!.misses;
      await s.call('GET', '/events/events?limit=3');
      await s.call('GET', '/events/events?limit=1');
      assert.equal(s.sandbox.readCache!.misses, misses + 1, 'limit=3 kept, limit=1 dropped');
    } finally {
      await s.close();
    }
    const small = await start({ readCache: { maxBytes: 2048 } });
    try {
      for (const path of ['/events/events', '/events/venues', '/events/speakers', '/events/workshops'])
        await small.call('GET', path);
      assert.ok(small.sandbox.readCache!.size.bytes <= 2048, String(small.sandbox.readCache!.size.bytes));
    } finally {
      await small.close();
    }
  });

  it('/health is never kept: it carries the clock, which moves without any write', async () => {
    const clock = testClock();
    const s = await start({ now: clock.now });
    try {
      const time = async () => (await s.call('GET', '/health')).body.data.time as string;
      const first = await time();
      clock.advance(60_000);
      assert.ok(Date.parse(await time()) - Date.parse(first) >= 60_000);
    } finally {
      await s.close();
    }
  });

  it('a change committed by another connection to the same file (as the CLI makes) is seen on the next read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-read-cache-'));
    const s = await start({ db: join(dir, 'db.sqlite') });
    const other = new Store(openDatabase(join(dir, 'db.sqlite')));
    try {
      const config = async () => (await s.call('GET', '/registrations/config')).body.data;
      assert.equal((await config()).public_registration_enabled, true);
      assert.equal((await config()).public_registration_enabled, true);
      new Admin(other).setRegistrationOpen(FX.id, false);
      assert.equal((await config()).public_registration_enabled, false);
      assert.equal((await s.call('GET', '/events/venues')).body.meta.total, 2);
      other.db.prepare(`UPDATE venues SET name = 'Renamed' WHERE id = 'v-hall'`).run();
      assert.equal((await s.call('GET', '/events/venues')).body.data[0].name, 'Renamed');
    } finally {
      other.close();
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** One step of the property test: a write of some kind, or a read of a cached endpoint. */
type Step =
  | { kind: 'enroll'; registration: number; workshop: string }
  | { kind: 'capacity'; workshop: string; capacity: number }
  | { kind: 'conference'; patch: Record<string, unknown> }
  | { kind: 'revoke'; label: string }
  | { kind: 'checkin'; badge: number }
  | { kind: 'register'; ticket: string }
  | { kind: 'read'; path: string; key: string };

const WORKSHOPS = [FX.smallWorkshop, FX.paidWorkshop, FX.hiddenWorkshop];
const READ_PATHS = [
  '/website/site',
  '/website/pages',
  '/events/events',
  '/events/venues',
  '/events/speakers',
  '/events/workshops',
  '/abstracts/abstracts',
  `/abstracts/abstracts/${FX.acceptedAbstract}`,
  '/exhibition/exhibits',
  '/registrations/config',
];
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('enroll' as const),
      registration: fc.integer({ min: 1, max: 8 }),
      workshop: fc.constantFrom(...WORKSHOPS),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('capacity' as const),
      workshop: fc.constantFrom(...WORKSHOPS),
      capacity: fc.integer({ min: 0, max: 5 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('conference' as const),
      patch: fc.oneof(
        fc.record({ registrationOpen: fc.boolean() }),
        fc.record({ openPhase: fc.boolean() }),
        fc.record({
          modules: fc.dictionary(
            fc.constantFrom('website', 'schedule', 'workshops', 'abstracts', 'exhibition', 'registration'),
            fc.boolean(),
          ),
        }),
        fc.record({ status: fc.constantFrom('live', 'draft') }),
      ),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('revoke' as const), label: fc.constantFrom('read', 'none') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('checkin' as const), badge: fc.integer({ min: 1, max: 5 }) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('register' as const),
      ticket: fc.constantFrom(FX.freeTicket, 'tt-unknown'),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      path: fc
        .tuple(
          fc.constantFrom(...READ_PATHS),
          fc.constantFrom('', '?limit=1', '?limit=2&offset=1', '?include=authors', '?limit=0'),
        )
        .map(([p, q]) => p + q),
      key: fc.constantFrom(FX.keys.all, FX.keys.read, FX.keys.none, 'fx-key-other'),
    }),
    weight: 8,
  },
);

/** What a step answered, without the parts that differ between two sandboxes by design (new ids, times). */
async function run(s: TestSandbox, st: Step): Promise<unknown> {
  switch (st.kind) {
    case 'enroll': {
      const a = await s.call('POST', '/events/workshops/registrations', {
        body: { registrationId: reg(st.registration), workshopId: st.workshop },
      });
      return [a.status, a.body.data?.status ?? a.body.error?.code, a.body.data?.waitlistPosition];
    }
    case 'capacity':
      return (await s.admin('PATCH', `/conferences/${FX.id}/workshops/${st.workshop}`, { capacity: st.capacity }))
        .status;
    case 'conference':
      return (await s.admin('PATCH', `/conferences/${FX.id}`, st.patch)).status;
    case 'revoke':
      return (await s.admin('POST', '/keys/revoke', { conferenceId: FX.id, label: st.label })).body.data?.length;
    case 'checkin': {
      const a = await s.call('POST', '/badges/checkin', {
        body: { qr: `FX-${String(st.badge).padStart(4, '0')}`, location: 'Door' },
      });
      return [a.status, a.body.error?.code];
    }
    case 'register': {
      const body = {
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.org',
        ticketTypeId: st.ticket,
        customFields: { organization: 'O' },
      };
      const a = await s.call('POST', '/registrations/registrations', { body });
      return [a.status, a.body.error?.code];
    }
    case 'read': {
      const a = await s.call('GET', st.path, { key: st.key });
      return [a.status, a.body, a.headers.get('etag')];
    }
  }
}

describe('read cache: property', () => {
  it('random writes and reads answer exactly as with the cache off', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const [cached, plain] = await Promise.all([start(), start({ readCache: false })]);
        try {
          for (const [i, st] of steps.entries()) {
            const [a, b] = [await run(cached, st), await run(plain, st)];
            assert.deepEqual(a, b, `step ${i} ${JSON.stringify(st)}`);
            // After a write, every read again: a kept answer the write should have dropped shows here.
            if (st.kind === 'read') continue;
            for (const path of READ_PATHS) {
              const read: Step = { kind: 'read', path, key: FX.keys.all };
              assert.deepEqual(
                await run(cached, read),
                await run(plain, read),
                `after step ${i} ${JSON.stringify(st)}: ${path}`,
              );
            }
          }
        } finally {
          await Promise.all([cached.close(), plain.close()]);
        }
      }),
      { numRuns: 15 },
    );
  });
});
