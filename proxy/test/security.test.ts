/** Key handling, the allow-list, traversal, CORS and kiosk tokens, over real sockets. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createProxy } from '../index.js';
import {
  API,
  KEY,
  KIOSK_TOKEN,
  ORIGIN,
  assertNoKeyLeaks,
  codeOf,
  rawRequest,
  startStack,
  type Stack,
} from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('the key', () => {
  test('is injected upstream; a browser key, Authorization and Cookie are dropped', async () => {
    const { res } = await stack.request(`${API}/events/venues`, {
      headers: { 'x-api-key': 'browser-supplied-key', authorization: 'Bearer browser-token', cookie: 'sid=abc' },
    });
    assert.equal(res.status, 200);
    const seen = stack.upstream.lastHeaders.get(`GET ${API}/events/venues`);
    assert.ok(seen);
    assert.equal(seen['x-api-key'], KEY);
    assert.equal(seen.authorization, undefined);
    assert.equal(seen.cookie, undefined);
    assert.equal(seen['x-forwarded-for'], undefined);
  });

  test('an upstream echoing the key is scrubbed from body and headers; Set-Cookie dropped', async () => {
    stack.upstream.echo = true;
    try {
      const { res, text } = await stack.request(`${API}/events/speakers`);
      assert.equal(res.status, 200);
      assert.ok(!text.includes(KEY));
      assert.match(text, /\[redacted\]/);
      assert.equal(res.headers.get('set-cookie'), null);
      assert.equal(res.headers.get('x-echo-key'), null);
      for (const [, value] of res.headers) assert.ok(!value.includes(KEY));
    } finally {
      stack.upstream.echo = false;
    }
  });

  test('bad configuration throws at creation without echoing the key', () => {
    const secret = 'very-secret-key-0001';
    const attempts = [
      () => createProxy({ upstream: '', apiKey: secret }),
      () => createProxy({ upstream: 'ftp://example.org', apiKey: secret }),
      () => createProxy({ upstream: 'https://user:pw@example.org', apiKey: secret }),
      () => createProxy({ upstream: 'https://example.org', apiKey: '' }),
      () => createProxy({ upstream: 'https://example.org', apiKey: secret, allowedOrigins: ['*'] }),
      () => createProxy({ upstream: 'https://example.org', apiKey: secret, allowedOrigins: ['https://a.org/path'] }),
      () => createProxy({ upstream: 'https://example.org', apiKey: secret, kioskToken: 'short' }),
      () => createProxy({ upstream: 'https://example.org', apiKey: secret, cache: { ttlMs: -1 } }),
    ];
    for (const attempt of attempts) {
      assert.throws(attempt, (error: Error) => {
        assert.match(error.message, /^conf-widgets proxy: /);
        assert.ok(!error.message.includes(secret));
        return true;
      });
    }
  });
});

describe('the allow-list', () => {
  test('server endpoints, other versions, other methods and unknown paths: 404, no upstream call', async () => {
    const before = stack.upstream.total();
    const cases: [string, string][] = [
      ['GET', `${API}/health`],
      ['POST', `${API}/registrations/evidence/upload-url`],
      ['POST', `${API}/exhibition/submissions/payment-proof/upload-url`],
      ['POST', `${API}/events/workshops/payment-proof/upload-url`],
      ['GET', '/api/public/v2/events/events'],
      ['GET', '/api/public/events/events'],
      ['DELETE', `${API}/events/events`],
      ['PUT', `${API}/events/events`],
      ['PATCH', `${API}/registrations/registrations`],
      ['GET', `${API}/registrations/registrations`],
      ['POST', `${API}/events/events`],
      ['GET', `${API}/nope`],
      ['GET', `${API}/abstracts/abstracts/a/b`],
      ['GET', '/uploads/registration-evidence'],
      ['GET', '/'],
    ];
    for (const [method, path] of cases) {
      const { res, json } = await stack.request(path, {
        method,
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: '{}' }),
      });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(codeOf(json), 'not_found', `${method} ${path}`);
    }
    assert.equal(stack.upstream.total(), before);
  });

  test('traversal, encoded separators, double encoding and absolute-form targets: 404 over a raw socket', async () => {
    const before = stack.upstream.total();
    const { port } = new URL(stack.upstream.url);
    const targets = [
      `${API}/events/../health`,
      `${API}/events/events/../../v1/health`,
      `${API}/../v2/events/events`,
      `${API}/events/%2e%2e/health`,
      `${API}/events/%2E%2E/%2E%2E/v1/health`,
      `${API}/events/.%2e/health`,
      `${API}/events%2fevents`,
      `${API}/abstracts/abstracts/..%2f..%2fhealth`,
      `${API}/abstracts/abstracts/%252e%252e%252fhealth`,
      `${API}/events/%252e%252e/health`,
      `${API}/events\\..\\health`,
      `${API}/./events/events`,
      `${API}//events/events`,
      `${API}/abstracts/abstracts/%00`,
      `http://evil.example${API}/events/events`,
      `http://127.0.0.1:${port}${API}/health`,
      `https://evil.example/`,
    ];
    for (const target of targets) {
      const { status, text } = await rawRequest(stack.url, `GET ${target} HTTP/1.1`);
      assert.ok(status === 404 || status === 400, `${target} → ${status}`);
      if (status === 404) assert.match(text, /"code":"not_found"/, target);
    }
    assert.equal(stack.upstream.total(), before);
  });

  test('only the contract query parameters travel; bad values are 400', async () => {
    const { res } = await stack.request(`${API}/events/events?offset=0&limit=5&x-api-key=steal&url=http://evil`);
    assert.equal(res.status, 200);
    const bad = await stack.request(`${API}/events/events?limit=${encodeURIComponent('5&x=1')}`);
    assert.equal(bad.res.status, 400);
    assert.equal(codeOf(bad.json), 'invalid_query');
  });
});

describe('CORS', () => {
  test('an allowed origin is granted, with Vary: Origin', async () => {
    const { res } = await stack.request(`${API}/events/events`, { headers: { origin: ORIGIN } });
    assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
    assert.match(res.headers.get('vary') ?? '', /Origin/);
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
    assert.match(res.headers.get('access-control-expose-headers') ?? '', /X-Cache/);
  });

  test('another origin gets no grant', async () => {
    const { res } = await stack.request(`${API}/events/events`, { headers: { origin: 'https://evil.example' } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    assert.match(res.headers.get('vary') ?? '', /Origin/);
  });

  test('preflight: allowed origin 204 with methods and headers; other origin 403', async () => {
    const ok = await stack.request(`${API}/registrations/registrations`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    assert.equal(ok.res.status, 204);
    assert.equal(ok.res.headers.get('access-control-allow-origin'), ORIGIN);
    assert.match(ok.res.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(ok.res.headers.get('access-control-allow-headers') ?? '', /Idempotency-Key/);
    assert.match(ok.res.headers.get('vary') ?? '', /Origin/);
    const refused = await stack.request(`${API}/registrations/registrations`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(refused.res.status, 403);
    assert.equal(codeOf(refused.json), 'origin_not_allowed');
    assert.equal(refused.res.headers.get('access-control-allow-origin'), null);
  });

  test('a write from another origin is refused before the upstream', async () => {
    const before = stack.upstream.total();
    const { res, json } = await stack.request(
      `${API}/abstracts/submissions`,
      post({ title: 'x' }, { origin: 'https://evil.example' }),
    );
    assert.equal(res.status, 403);
    assert.equal(codeOf(json), 'origin_not_allowed');
    assert.equal(stack.upstream.total(), before);
  });

  test("the proxy's own origin is not inferred from Host: a write from it needs publicOrigin (write-abuse.test.ts)", async () => {
    const { res, json } = await stack.request(
      `${API}/abstracts/submissions`,
      post({ title: 'x' }, { origin: stack.url }),
    );
    assert.equal(res.status, 403);
    assert.equal(codeOf(json), 'origin_not_allowed');
  });
});

describe('kiosk token', () => {
  const checkin = `${API}/badges/checkin`;
  const body = { qr: 'DEMO-0001', location: 'Hall A' };

  test('missing or wrong token: 401 kiosk_token_required, no upstream call', async () => {
    const before = stack.upstream.count('POST', checkin);
    for (const headers of [
      {} as Record<string, string>,
      { 'x-kiosk-token': 'wrong' },
      { 'x-kiosk-token': KIOSK_TOKEN + 'x' },
      { 'x-kiosk-token': '' },
    ]) {
      const { res, json } = await stack.request(checkin, post(body, headers));
      assert.equal(res.status, 401);
      assert.equal(codeOf(json), 'kiosk_token_required');
    }
    const attendance = await stack.request(
      `${API}/attendance/checkin`,
      post({ qr: 'DAILY:1/DEMO-0001', location: 'x' }),
    );
    assert.equal(attendance.res.status, 401);
    assert.equal(stack.upstream.count('POST', checkin), before);
  });

  test('the right token reaches the upstream', async () => {
    const { res } = await stack.request(checkin, post(body, { 'x-kiosk-token': KIOSK_TOKEN }));
    assert.ok(res.status === 201 || res.status === 200 || res.status === 409, String(res.status));
    assert.equal(stack.upstream.count('POST', checkin), 1);
    assert.equal(stack.upstream.lastHeaders.get(`POST ${checkin}`)?.['x-kiosk-token'], undefined);
  });

  test('without a configured token check-ins are closed', async () => {
    const closed = await startStack({ kioskToken: null }, {}, stack.upstream);
    try {
      const { res, json } = await closed.request(checkin, post(body, { 'x-kiosk-token': KIOSK_TOKEN }));
      assert.equal(res.status, 401);
      assert.equal(codeOf(json), 'kiosk_token_required');
    } finally {
      await closed.close();
    }
  });
});
