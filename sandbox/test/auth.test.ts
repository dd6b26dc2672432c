import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MODULES, type Scope } from '../../src/api/contract.js';
import { ALL_SCOPES } from './fixture.js';
import { assertError, callEndpoint, CONTRACT, FX, start, type TestSandbox } from './helpers.js';

describe('keys, conference, route, module and scope checks', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
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
    assertError(
      await s.call('GET', '/health', { key: null, headers: { authorization: 'Basic abc' } }),
      401,
      'unauthorized',
    );
  });

  it('401 for an unknown, revoked or expired key, never echoing the key', async () => {
    const cases = [
      ['sk_guess_0123456789', 'invalid_api_key'],
      [FX.keys.revoked, 'api_key_revoked'],
      [FX.keys.expired, 'api_key_expired'],
    ] as const;
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

  it('403 insufficient_scope on every endpoint that declares a scope, for a key holding every other scope', async () => {
    const scoped = CONTRACT.filter((e) => e.spec.scope !== null);
    assert.ok(scoped.length > 0);
    const keyWithout = new Map<Scope, string>();
    for (const e of scoped) {
      const scope = e.spec.scope!;
      if (!keyWithout.has(scope)) {
        const created = await s.admin('POST', '/keys', {
          conferenceId: FX.id,
          scopes: ALL_SCOPES.filter((x) => x !== scope),
          label: `without ${scope}`,
        });
        assert.equal(created.status, 201);
        keyWithout.set(scope, created.body.data.secret);
      }
      const err = assertError(
        await callEndpoint(s, e, { key: keyWithout.get(scope)! }),
        403,
        'insufficient_scope',
        e.path,
      );
      assert.equal(err.details.requiredScope, scope, e.path);
      assert.ok(err.message.includes(scope), `${e.path}: the message names the scope`);
      // The same request with the scope gets past the check (to its body's verdict).
      const allowed = await callEndpoint(s, e);
      assert.notEqual(allowed.status, 403, `${e.path}: ${JSON.stringify(allowed.body)}`);
    }
  });

  it('endpoints without a scope answer any valid key, even one with no scopes', async () => {
    for (const e of CONTRACT.filter((x) => x.spec.scope === null)) {
      assert.equal((await callEndpoint(s, e, { key: FX.keys.none })).status, 200, e.path);
    }
  });

  it('checks the scope before the body: a scope-less key gets 403 even with a broken body', async () => {
    const a = await s.call('POST', '/badges/checkin', {
      key: FX.keys.read,
      raw: '{',
      headers: { 'content-type': 'application/json' },
    });
    assertError(a, 403, 'insufficient_scope');
  });

  it('403 module_disabled on every endpoint of each module switched off, and on no other', async () => {
    for (const module of MODULES) {
      assert.ok(
        CONTRACT.some((e) => e.spec.module === module),
        `${module} has no endpoint`,
      );
      assert.equal((await s.admin('PATCH', `/conferences/${FX.id}`, { modules: { [module]: false } })).status, 200);
      try {
        for (const e of CONTRACT) {
          const a = await callEndpoint(s, e);
          if (e.spec.module === module) {
            assert.equal(assertError(a, 403, 'module_disabled', `${module} off, ${e.path}`).details.module, module);
          } else {
            assert.notEqual(a.body?.error?.code, 'module_disabled', `${module} off, ${e.path}`);
          }
        }
      } finally {
        await s.admin('PATCH', `/conferences/${FX.id}`, { modules: { [module]: true } });
      }
    }
    assert.equal((await s.call('GET', '/exhibition/exhibits')).status, 200);
  });

  it('a key sees only its own conference', async () => {
    const a = await s.call('GET', '/health', { key: 'fx-key-other' });
    assert.equal(a.body.data.conferenceId, 'fx-other');
  });
});
