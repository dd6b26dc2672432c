import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_IDS, DEMO_KEYS } from '../seed/demo.js';
import { assertError, start, STARTS_ON, type TestSandbox } from './helpers.js';

describe('the default seed: demo conferences and demo keys', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start({ seedData: undefined });
  });
  after(() => s.close());

  it('each demo key behaves as documented', async () => {
    const all = await s.call('GET', '/health', { key: DEMO_KEYS.all });
    assert.equal(all.status, 200);
    const other = await s.call('GET', '/health', { key: DEMO_KEYS.other });
    assert.notEqual(other.body.data.conferenceId, all.body.data.conferenceId);
    assertError(await s.call('GET', '/health', { key: DEMO_KEYS.revoked }), 401, 'api_key_revoked');
    assertError(await s.call('GET', '/health', { key: DEMO_KEYS.expired }), 401, 'api_key_expired');
    assertError(await s.call('GET', '/health', { key: DEMO_KEYS.planEnded }), 403, 'plan_ended');
    assertError(await s.call('GET', '/health', { key: DEMO_KEYS.inactive }), 403, 'conference_inactive');
    assert.equal((await s.call('GET', '/registrations/config', { key: DEMO_KEYS.read })).status, 200);
    assertError(
      await s.call('POST', '/badges/checkin', { key: DEMO_KEYS.read, body: { qr: DEMO_IDS.firstBadge } }),
      403,
      'insufficient_scope',
    );
  });

  it('serves a full programme through paging', async () => {
    const first = await s.call('GET', '/events/events?limit=200', { key: DEMO_KEYS.all });
    assert.ok(first.body.meta.total >= 150);
    const times = first.body.data.map((e: { startsAt: string }) => Date.parse(e.startsAt));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
    assert.ok(first.body.data[0].startsAt.startsWith(STARTS_ON));
    assert.ok((await s.call('GET', '/events/venues', { key: DEMO_KEYS.all })).body.meta.total >= 8);
    assert.ok((await s.call('GET', '/events/speakers?limit=200', { key: DEMO_KEYS.all })).body.meta.total >= 80);
    const ws = (await s.call('GET', '/events/workshops?limit=200', { key: DEMO_KEYS.all })).body.data;
    assert.ok(
      ws.some((w: { id: string; capacity: number }) => w.id === DEMO_IDS.capacity3Workshop && w.capacity === 3),
    );
    assert.ok(!ws.some((w: { id: string }) => w.id === DEMO_IDS.unpublishedWorkshop));
  });

  it('demo flows: check-in, enrollment, a registration built from the config', async () => {
    const key = DEMO_KEYS.all;
    assert.equal(
      (await s.call('POST', '/badges/checkin', { key, body: { qr: DEMO_IDS.firstBadge, location: 'Foyer' } })).status,
      201,
    );
    assertError(
      await s.call('POST', '/badges/checkin', { key, body: { qr: DEMO_IDS.firstBadge } }),
      409,
      'already_checked_in',
    );
    assert.equal(
      (await s.call('POST', '/attendance/checkin', { key, body: { qr: `DAILY:3/${DEMO_IDS.lastBadge}` } })).status,
      201,
    );
    // The other conference's badges are unknown to the demo key.
    assertError(
      await s.call('POST', '/badges/checkin', { key, body: { qr: DEMO_IDS.otherFirstBadge } }),
      422,
      'unknown_reference',
    );
    const enrolled = await s.call('POST', '/events/workshops/registrations', {
      key,
      body: { registrationId: DEMO_IDS.firstRegistration, workshopId: DEMO_IDS.capacity3Workshop },
    });
    assert.equal(enrolled.status, 201);

    const config = (await s.call('GET', '/registrations/config', { key })).body.data;
    const free = config.ticket_types.find((t: { price: { amount: number } }) => t.price.amount === 0);
    const ticket = free ?? config.ticket_types[0];
    const customFields: Record<string, string> = {};
    for (const f of config.fields) {
      if (f.enabled && f.required) customFields[f.name] = f.options?.[0]?.value ?? 'Demo';
    }
    const body: Record<string, unknown> = {
      firstName: 'Demo',
      lastName: 'Person',
      email: 'demo@example.org',
      ticketTypeId: ticket.id,
      customFields,
    };
    if (ticket.price.amount > 0) {
      Object.assign(body, {
        paymentMethodId: config.payment_methods[0].id,
        paymentReference: 'DEMO-1',
        paymentProofUrl: 'https://example.org/proof.pdf',
      });
    }
    const created = await s.call('POST', '/registrations/registrations', { key, body });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    // A field that is required but disabled is never enforced.
    assert.ok(!(DEMO_IDS.requiredButDisabledField in customFields));
  });
});
