import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, FX, start } from './helpers.js';

describe('fault injection and scenario switches', () => {
  it('failRate 1: every API request is 503 with Retry-After: 1, and nothing is written', async () => {
    const s = await start({ failRate: 1 });
    try {
      const a = await s.call('POST', '/badges/checkin', { body: { qr: 'FX-0001' } });
      assertError(a, 503, 'service_unavailable');
      assert.equal(a.headers.get('retry-after'), '1');
      // Before any processing: even a request without a key.
      assertError(await s.call('GET', '/health', { key: null }), 503, 'service_unavailable');
      const checkins = await s.admin('GET', '/checkins?badge=FX-0001');
      assert.deepEqual(checkins.body.data, []);
    } finally {
      await s.close();
    }
  });

  it('loseRate 1: a write is recorded, then answered 500; reads are untouched', async () => {
    const s = await start({ loseRate: 1 });
    try {
      assertError(await s.call('POST', '/badges/checkin', { body: { qr: 'FX-0002' } }), 500, 'internal_error');
      const checkins = await s.admin('GET', '/checkins?badge=FX-0002');
      assert.equal(checkins.body.data.length, 1, 'the check-in was recorded before the answer was lost');
      assert.equal((await s.call('GET', '/health')).status, 200);
    } finally {
      await s.close();
    }
  });

  it('Prefer: after=processing records the write before the forced error', async () => {
    const s = await start();
    try {
      const a = await s.call('POST', '/badges/checkin', {
        body: { qr: 'FX-0003' },
        headers: { prefer: 'code=500, after=processing' },
      });
      assertError(a, 500, 'internal_error');
      assertError(await s.call('POST', '/badges/checkin', { body: { qr: 'FX-0003' } }), 409, 'already_checked_in');
    } finally {
      await s.close();
    }
  });

  it('failRate 0.5 fails about half', async () => {
    const s = await start({ failRate: 0.5 });
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => s.call('GET', '/health')));
      const failed = answers.filter((a) => a.status === 503);
      assert.ok(failed.length > 50 && failed.length < 150, String(failed.length));
      for (const a of failed) {
        assertError(a, 503, 'service_unavailable');
        assert.equal(a.headers.get('retry-after'), '1');
      }
      assert.ok(answers.every((a) => a.status === 503 || a.status === 200));
    } finally {
      await s.close();
    }
  });

  it('Prefer: code=429|500|503 forces that error; delay=MS delays; latencyMs delays every answer', async () => {
    const s = await start({ latencyMs: 60 });
    try {
      const r429 = await s.call('GET', '/events/events', { headers: { prefer: 'code=429' } });
      assertError(r429, 429, 'rate_limited');
      assert.equal(r429.headers.get('retry-after'), '1');
      assertError(await s.call('GET', '/events/events', { headers: { prefer: 'code=500' } }), 500, 'internal_error');
      const r503 = await s.call('POST', '/badges/checkin', {
        body: { qr: 'FX-0002' },
        headers: { prefer: 'code=503' },
      });
      assertError(r503, 503, 'service_unavailable');
      assert.equal(r503.headers.get('retry-after'), '1');
      assert.deepEqual((await s.admin('GET', '/checkins?badge=FX-0002')).body.data, []);
      // Unknown preferences are ignored.
      assert.equal((await s.call('GET', '/health', { headers: { prefer: 'code=418, return=minimal' } })).status, 200);
      let t = Date.now();
      assert.equal((await s.call('GET', '/health')).status, 200);
      assert.ok(Date.now() - t >= 55, 'latencyMs');
      t = Date.now();
      assert.equal((await s.call('GET', '/health', { headers: { prefer: 'delay=200' } })).status, 200);
      assert.ok(Date.now() - t >= 250, 'delay adds to latency');
    } finally {
      await s.close();
    }
  });

  it('rejects bad fault options when created', async () => {
    await assert.rejects(start({ failRate: 2 }), /failRate/);
  });
});

describe('admin routes', () => {
  it('are off without a token and refuse a wrong one', async () => {
    const off = await start({ adminToken: null });
    try {
      const res = await fetch(`${off.url}/__admin/conferences`);
      assert.equal(res.status, 404);
    } finally {
      await off.close();
    }
    const s = await start();
    try {
      const res = await fetch(`${s.url}/__admin/conferences`, { headers: { authorization: 'Bearer wrong-token' } });
      assertError({ status: res.status, headers: res.headers, body: await res.json() }, 401, 'unauthorized');
    } finally {
      await s.close();
    }
  });

  it('create a key (secret once), use it, revoke it; switch status and plan', async () => {
    const s = await start();
    try {
      const created = await s.admin('POST', '/keys', {
        conferenceId: FX.id,
        scopes: ['badges:write'],
        label: 'kiosk-1',
      });
      assert.equal(created.status, 201);
      const secret = created.body.data.secret;
      assert.match(secret, /^sk_sandbox_/);
      assert.equal((await s.call('POST', '/badges/checkin', { key: secret, body: { qr: 'FX-0010' } })).status, 201);
      assertError(await s.call('POST', '/abstracts/submissions', { key: secret, body: {} }), 403, 'insufficient_scope');
      const revoked = await s.admin('POST', '/keys/revoke', { conferenceId: FX.id, label: 'kiosk-1' });
      assert.equal(revoked.body.data.revoked.length, 1);
      assertError(await s.call('GET', '/health', { key: secret }), 401, 'api_key_revoked');
      assertError(await s.admin('POST', '/keys/revoke', { conferenceId: FX.id, label: 'kiosk-1' }), 404, 'not_found');
      assertError(await s.admin('POST', '/keys', { conferenceId: FX.id, scopes: ['root'] }), 400, 'validation_failed');
      const soon = await s.admin('POST', '/keys', {
        conferenceId: FX.id,
        scopes: [],
        expiresAt: '2001-01-01T00:00:00Z',
      });
      assertError(await s.call('GET', '/health', { key: soon.body.data.secret }), 401, 'api_key_expired');

      await s.admin('PATCH', `/conferences/${FX.id}`, { status: 'archived' });
      assertError(await s.call('GET', '/health'), 403, 'conference_inactive');
      await s.admin('PATCH', `/conferences/${FX.id}`, { status: 'live', planEndsAt: '2001-01-01T00:00:00Z' });
      assertError(await s.call('GET', '/health'), 403, 'plan_ended');
      await s.admin('PATCH', `/conferences/${FX.id}`, { planEndsAt: '2999-01-01T00:00:00Z' });
      assert.equal((await s.call('GET', '/health')).status, 200);
      assertError(await s.admin('PATCH', `/conferences/${FX.id}`, { status: 'paused' }), 400, 'validation_failed');
      assertError(await s.admin('PATCH', '/conferences/nope', { status: 'live' }), 404, 'not_found');
    } finally {
      await s.close();
    }
  });
});
