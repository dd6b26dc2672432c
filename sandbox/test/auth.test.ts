import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, FX, start, type TestSandbox } from './helpers.js';

describe('keys, conference, route, module and scope checks', () => {
  let s: TestSandbox;
  before(async () => { s = await start(); });
  after(() => s.close());

  it('accepts the key in X-API-Key and as a Bearer token', async () => {
    const a = await s.call('GET', '/health');
    assert.equal(a.status, 200);
    assert.equal(a.body.data.status, 'ok');
    assert.equal(a.body.data.conferenceId, FX.id);
    const b = await s.call('GET', '/health', { key: null, headers: { authorization: `Bearer ${FX.keys.all}` } });
    assert.equal(b.status, 200);
  });

  it('401 unauthorized for a missing key, with a challenge', async () => {
    const a = await s.call('GET', '/health', { key: null });
    assertError(a, 401, 'unauthorized');
    assert.match(a.headers.get('www-authenticate') ?? '', /Bearer/);
    assertError(await s.call('GET', '/health', { key: null, headers: { authorization: 'Basic abc' } }), 401, 'unauthorized');
  });

  it('401 for an unknown, revoked or expired key, never echoing the key', async () => {
    const cases = [['sk_guess_0123456789', 'invalid_api_key'], [FX.keys.revoked, 'api_key_revoked'], [FX.keys.expired, 'api_key_expired']] as const;
    for (const [key, code] of cases) {
      for (const headers of [{ 'x-api-key': key }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
        const a = await s.call('GET', '/health', { key: null, headers });
        assertError(a, 401, code);
        assert.ok(!JSON.stringify(a.body).includes(key), `${code} echoes the key`);
        assert.ok(![...a.headers.values()].some((v) => v.includes(key)), `${code} echoes the key in a header`);
      }
    }
  });

  it('403 when the conference is not live or its plan has ended', async () => {
    assertError(await s.call('GET', '/events/events', { key: 'fx-key-inactive' }), 403, 'conference_inactive');
    assertError(await s.call('GET', '/events/events', { key: 'fx-key-plan-ended' }), 403, 'plan_ended');
  });

  it('checks the key before the route: an unknown path without a key is 401', async () => {
    assertError(await s.call('GET', '/nowhere', { key: null }), 401, 'unauthorized');
    assertError(await s.call('GET', '/nowhere', { key: 'fx-key-inactive' }), 403, 'conference_inactive');
  });

  it('404 not_found for unknown paths, 405 with Allow for a known path and another method', async () => {
    assertError(await s.call('GET', '/nowhere'), 404, 'not_found');
    assertError(await s.call('GET', '/events/events/'), 404, 'not_found');
    assertError(await s.call('GET', '/abstracts/abstracts/..%2Fx'), 404, 'not_found');
    const a = await s.call('DELETE', '/badges/checkin');
    assertError(a, 405, 'method_not_allowed');
    assert.equal(a.headers.get('allow'), 'POST');
    const b = await s.call('POST', '/events/events', { body: {} });
    assertError(b, 405, 'method_not_allowed');
    assert.equal(b.headers.get('allow'), 'GET, HEAD');
    // HEAD is answered wherever GET is, without a body.
    const head = await fetch(s.api('/events/events'), { method: 'HEAD', headers: { 'x-api-key': FX.keys.all } });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    const outside = await fetch(`${s.url}/not-the-api`);
    assertError({ status: outside.status, headers: outside.headers, body: await outside.json() }, 404, 'not_found');
  });

  it('403 insufficient_scope names the scope; reads with no scope need any valid key', async () => {
    const a = await s.call('POST', '/badges/checkin', { key: FX.keys.read, body: { qr: 'FX-0002' } });
    const e = assertError(a, 403, 'insufficient_scope');
    assert.match(e.message, /badges:write/);
    assert.equal(e.details.requiredScope, 'badges:write');
    for (const path of ['/events/events', '/events/venues', '/events/speakers', '/events/workshops', '/abstracts/abstracts', '/exhibition/exhibits', '/website/site', '/website/pages', '/health']) {
      assert.equal((await s.call('GET', path, { key: FX.keys.none })).status, 200, path);
    }
    assertError(await s.call('GET', '/registrations/config', { key: FX.keys.none }), 403, 'insufficient_scope');
    assert.equal((await s.call('GET', '/registrations/config', { key: FX.keys.read })).status, 200);
  });

  it('checks the scope before the body: a scope-less key gets 403 even with a broken body', async () => {
    const a = await s.call('POST', '/badges/checkin', { key: FX.keys.read, raw: '{', headers: { 'content-type': 'application/json' } });
    assertError(a, 403, 'insufficient_scope');
  });

  it('403 module_disabled when the conference switched the module off', async () => {
    assert.equal((await s.admin('PATCH', `/conferences/${FX.id}`, { modules: { exhibition: false } })).status, 200);
    const e = assertError(await s.call('GET', '/exhibition/exhibits'), 403, 'module_disabled');
    assert.equal(e.details.module, 'exhibition');
    // /health belongs to no module and keeps working.
    assert.equal((await s.call('GET', '/health')).status, 200);
    await s.admin('PATCH', `/conferences/${FX.id}`, { modules: { exhibition: true } });
    assert.equal((await s.call('GET', '/exhibition/exhibits')).status, 200);
  });

  it('a key sees only its own conference', async () => {
    const a = await s.call('GET', '/health', { key: 'fx-key-other' });
    assert.equal(a.body.data.conferenceId, 'fx-other');
  });
});
