import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PAGING_DEFAULT_LIMIT, PAGING_MAX_LIMIT } from '../../src/api/contract.js';
import { assertError, assertFields, CONTRACT, FX, start, STARTS_ON, type TestSandbox } from './helpers.js';

describe('read endpoints', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  it('events: ordered by start then venue order, in the conference zone, with paging meta', async () => {
    const a = await s.call('GET', '/events/events');
    assert.equal(a.status, 200);
    assert.deepEqual(
      a.body.data.map((e: { id: string }) => e.id),
      ['ev-1', 'ev-2', 'ev-3', 'ev-4'],
    );
    assert.deepEqual(a.body.meta, { total: 4, limit: PAGING_DEFAULT_LIMIT, offset: 0 });
    const first = a.body.data[0];
    assert.equal(first.startsAt, `${STARTS_ON}T09:00:00+02:00`);
    assert.equal(first.timeZone, 'Europe/Berlin');
    assert.deepEqual(Object.keys(first).sort(), [
      'description',
      'endsAt',
      'id',
      'speakerIds',
      'startsAt',
      'timeZone',
      'title',
      'track',
      'type',
      'venueId',
      'workshopId',
    ]);
    const page = await s.call('GET', '/events/events?limit=2&offset=2');
    assert.deepEqual(
      page.body.data.map((e: { id: string }) => e.id),
      ['ev-3', 'ev-4'],
    );
    assert.deepEqual(page.body.meta, { total: 4, limit: 2, offset: 2 });
    const beyond = await s.call('GET', '/events/events?offset=100');
    assert.deepEqual(beyond.body.data, []);
    assert.equal((await s.call('GET', `/events/events?limit=${PAGING_MAX_LIMIT}`)).status, 200);
  });

  it('venues and speakers', async () => {
    const v = await s.call('GET', '/events/venues');
    assert.deepEqual(
      v.body.data.map((x: { id: string }) => x.id),
      ['v-hall', 'v-room'],
    );
    assert.equal(v.body.data[1].sortOrder, 1);
    const sp = await s.call('GET', '/events/speakers?limit=1');
    assert.equal(sp.body.data.length, 1);
    assert.equal(sp.body.meta.total, 2);
    assert.equal(sp.body.data[0].fullName, 'Ada Example');
  });

  it('workshops: only published ones, with seats', async () => {
    const w = await s.call('GET', '/events/workshops');
    const ids = w.body.data.map((x: { id: string }) => x.id);
    assert.ok(!ids.includes(FX.hiddenWorkshop));
    assert.equal(w.body.meta.total, 2);
    const small = w.body.data.find((x: { id: string }) => x.id === FX.smallWorkshop);
    assert.equal(small.capacity, 3);
    assert.equal(small.seatsLeft, 3);
  });

  it('abstracts: accepted only; include=authors; one by id; 404 for unknown or not accepted', async () => {
    const a = await s.call('GET', '/abstracts/abstracts');
    assert.deepEqual(
      a.body.data.map((x: { id: string }) => x.id),
      ['ab-1', 'ab-4'],
    );
    assert.equal(a.body.data[0].authors, undefined);
    assert.equal(a.body.data[0].authorCount, 2);
    const b = await s.call('GET', '/abstracts/abstracts?include=authors');
    assert.equal(b.body.data[0].authors[0].fullName, 'Ada Example');
    const one = await s.call('GET', `/abstracts/abstracts/${FX.acceptedAbstract}?include=authors`);
    assert.equal(one.status, 200);
    assert.equal(one.body.data.id, FX.acceptedAbstract);
    assert.equal(one.body.data.authors.length, 2);
    assertError(await s.call('GET', `/abstracts/abstracts/${FX.rejectedAbstract}`), 404, 'not_found');
    assertError(await s.call('GET', '/abstracts/abstracts/ab-3'), 404, 'not_found');
    assertError(await s.call('GET', '/abstracts/abstracts/nope'), 404, 'not_found');
  });

  it('exhibits: published only, presenter without e-mail', async () => {
    const x = await s.call('GET', '/exhibition/exhibits');
    assert.deepEqual(
      x.body.data.map((e: { id: string }) => e.id),
      ['ex-1'],
    );
    assert.deepEqual(x.body.data[0].presenter, { fullName: 'Pat Sponsor' });
  });

  it('website site and the deprecated pages', async () => {
    const site = await s.call('GET', '/website/site');
    assert.equal(site.body.data.conference.name, 'Fixture Conf');
    assert.equal(site.body.data.conference.endsOn, '2030-06-11');
    assert.equal(site.body.data.pages[0].slug, 'home');
    assert.equal(site.headers.get('deprecation'), null);
    const pages = await s.call('GET', '/website/pages');
    assert.equal(pages.status, 200);
    assert.equal(pages.headers.get('deprecation'), 'true');
    assert.equal(pages.headers.get('link'), '</api/public/v1/website/site>; rel="successor-version"');
    assert.equal(pages.body.data[0].title, 'Welcome');
  });

  it('registration config: all fields with flags, active payment methods, phase', async () => {
    const c = await s.call('GET', '/registrations/config', { key: FX.keys.read });
    const d = c.body.data;
    assert.deepEqual(Object.keys(d).sort(), [
      'fields',
      'open_phase',
      'payment_methods',
      'public_registration_enabled',
      'ticket_types',
    ]);
    assert.deepEqual(
      d.fields.map((f: { name: string; enabled: boolean; required: boolean }) => [f.name, f.enabled, f.required]),
      [
        ['organization', true, true],
        ['diet', true, false],
        ['fax', false, false],
      ],
    );
    assert.deepEqual(
      d.payment_methods.map((m: { id: string }) => m.id),
      [FX.bankTransfer, FX.deskCard],
    );
    // Gap decision: what each method asks for when registering.
    assert.deepEqual(
      d.payment_methods.map((m: { requiresReference: boolean; requiresProof: boolean }) => [
        m.requiresReference,
        m.requiresProof,
      ]),
      [
        [true, true],
        [false, false],
      ],
    );
    assert.equal(d.ticket_types.length, 2);
    assert.equal(d.public_registration_enabled, true);
    assert.equal(d.open_phase.id, 'ph-early');
    assert.match(d.open_phase.startsAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('400 invalid_query naming the parameter for bad paging values on every paged endpoint', async () => {
    const paged = CONTRACT.filter((e) => (e.spec.query as readonly string[]).includes('limit'));
    assert.ok(paged.length > 0);
    const bad = [
      'limit=abc',
      'limit=-1',
      'limit=0',
      `limit=${PAGING_MAX_LIMIT + 1}`,
      'limit=1.5',
      'limit=',
      'limit=1e2',
      'limit=1&limit=2',
      'offset=-3',
      'offset=x',
      'offset=+1',
      'offset=0x10',
    ];
    for (const e of paged) {
      for (const q of bad) {
        const param = q.slice(0, q.indexOf('='));
        assertFields(await s.call(e.spec.method, `${e.path}?${q}`), 400, 'invalid_query', [param], `${e.path}?${q}`);
      }
      assert.equal((await s.call(e.spec.method, `${e.path}?limit=1&offset=0`)).status, 200, e.path);
    }
  });

  it('400 invalid_query for unknown include values', async () => {
    assertFields(await s.call('GET', '/abstracts/abstracts?include=reviews'), 400, 'invalid_query', ['include']);
    assertFields(await s.call('GET', '/abstracts/abstracts/ab-1?include=authors,x'), 400, 'invalid_query', ['include']);
    // Parameters an endpoint does not take are ignored.
    assert.equal((await s.call('GET', '/health?limit=abc')).status, 200);
  });
});
