/** Read cache, ETag/304, single flight, stale copies, retries and upstream failures, over real sockets. */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { API, ORIGIN, assertNoKeyLeaks, codeOf, startStack, type Stack } from './harness.js';

let clock = Date.now();
const now = () => clock;
let stack: Stack;
before(async () => {
  stack = await startStack({
    now,
    cache: { ttlMs: 30_000, staleWhileRevalidateMs: 10_000, staleIfErrorMs: 3_600_000 },
  });
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

describe('read cache', () => {
  test('miss, then hit with ETag and CDN-ready Cache-Control; 304 on If-None-Match', async () => {
    const path = `${API}/events/events?limit=10`;
    // The answer as it is (compressed copies have their own tags: json-compression.test.ts).
    const identity = { 'accept-encoding': 'identity' };
    const first = await stack.request(path, { headers: identity });
    assert.equal(first.res.status, 200);
    assert.equal(first.res.headers.get('x-cache'), 'miss');
    const etag = first.res.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    assert.match(
      first.res.headers.get('cache-control') ?? '',
      /^public, max-age=\d+, stale-while-revalidate=10, stale-if-error=3600$/,
    );
    assert.ok(Array.isArray((first.json as { data: unknown[] }).data));

    const second = await stack.request(path);
    assert.equal(second.res.headers.get('x-cache'), 'hit');
    assert.equal(second.text, first.text);
    assert.equal(stack.upstream.count('GET', `${API}/events/events`), 1);

    const conditional = await stack.request(path, { headers: { ...identity, 'if-none-match': etag! } });
    assert.equal(conditional.res.status, 304);
    assert.equal(conditional.text, '');
    assert.equal(conditional.res.headers.get('etag'), etag);
    const weak = await stack.request(path, { headers: { ...identity, 'if-none-match': `"other", W/${etag}` } });
    assert.equal(weak.res.status, 304);
    assert.equal(stack.upstream.count('GET', `${API}/events/events`), 1);
  });

  test('after an enrollment through the proxy, the workshops are read again at once, not served from the cache (issue 21)', async () => {
    const path = `${API}/events/workshops?limit=100`;
    type Workshops = { data: { id: string; seatsLeft: number }[] };
    const seats = (json: unknown) => (json as Workshops).data.find((w) => w.id === 'ws-capacity-3')!.seatsLeft;
    const first = await stack.request(path);
    const cached = await stack.request(path);
    assert.equal(cached.res.headers.get('x-cache'), 'hit');
    const calls = stack.upstream.count('GET', `${API}/events/workshops`);
    const enroll = await stack.request(`${API}/events/workshops/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ registrationId: 'reg-0002', workshopId: 'ws-capacity-3' }),
    });
    assert.equal(enroll.res.status, 201, enroll.text);
    // Fresh by the clock (no time has passed), yet read again: the seats changed.
    const after = await stack.request(path);
    assert.equal(after.res.headers.get('x-cache'), 'miss');
    assert.equal(seats(after.json), seats(first.json) - 1);
    assert.equal(stack.upstream.count('GET', `${API}/events/workshops`), calls + 1);
    // The new copy is served from the cache again; other reads were never dropped.
    assert.equal((await stack.request(path)).res.headers.get('x-cache'), 'hit');
    assert.equal(stack.upstream.count('GET', `${API}/events/workshops`), calls + 1);
    // A refused enrollment (unknown workshop) changes nothing.
    const refused = await stack.request(`${API}/events/workshops/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ registrationId: 'reg-0002', workshopId: 'ws-nope' }),
    });
    assert.ok(refused.res.status >= 400);
    assert.equal((await stack.request(path)).res.headers.get('x-cache'), 'hit');
  });

  test('the cache key ignores unknown parameters and parameter order', async () => {
    const before = stack.upstream.count('GET', `${API}/events/events`);
    await stack.request(`${API}/events/events?offset=0&limit=20`);
    await stack.request(`${API}/events/events?limit=20&offset=0&_=123`);
    assert.equal(stack.upstream.count('GET', `${API}/events/events`), before + 1);
  });

  test('200 concurrent identical reads make one upstream call', async () => {
    const path = `${API}/events/speakers?limit=7`;
    const answers = await Promise.all(Array.from({ length: 200 }, () => stack.request(path)));
    assert.ok(answers.every((a) => a.res.status === 200));
    assert.equal(new Set(answers.map((a) => a.text)).size, 1);
    assert.equal(stack.upstream.count('GET', `${API}/events/speakers`), 1);
  });

  test('stale-while-revalidate: served at once, refreshed by one background call', async () => {
    const path = `${API}/events/venues?limit=3`;
    await stack.request(path);
    const calls = () => stack.upstream.count('GET', `${API}/events/venues`);
    const before = calls();
    clock += 35_000;
    const answers = await Promise.all(Array.from({ length: 20 }, () => stack.request(path)));
    assert.ok(answers.every((a) => a.res.status === 200 && a.res.headers.get('x-cache') === 'hit'));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(calls(), before + 1);
  });

  test('upstream errors that are not cacheable pass through in the error shape, not cached', async () => {
    const missing = await stack.request(`${API}/abstracts/abstracts/does-not-exist`);
    assert.equal(missing.res.status, 404);
    assert.equal(typeof codeOf(missing.json), 'string');
    assert.equal(missing.res.headers.get('cache-control'), 'no-store');
  });

  test('the deprecated pages endpoint keeps its Deprecation header, cached or not', async () => {
    const first = await stack.request(`${API}/website/pages`);
    const second = await stack.request(`${API}/website/pages`);
    assert.ok(first.res.headers.get('deprecation'));
    assert.equal(second.res.headers.get('deprecation'), first.res.headers.get('deprecation'));
  });

  test('HEAD answers the headers without a body', async () => {
    const head = await stack.request(`${API}/events/events?limit=10`, { method: 'HEAD' });
    assert.equal(head.res.status, 200);
    assert.equal(head.text, '');
    assert.ok(head.res.headers.get('etag'));
  });
});

describe('upstream failures', () => {
  test('upstream killed: the last good copy is served, marked stale; nothing cached: 502', async () => {
    const path = `${API}/registrations/config`;
    assert.equal((await stack.request(path)).res.status, 200);
    clock += 120_000;
    await stack.upstream.kill();
    try {
      const stale = await stack.request(path);
      assert.equal(stale.res.status, 200);
      assert.equal(stale.res.headers.get('x-cache'), 'stale');
      assert.equal(stale.res.headers.get('cache-control'), 'no-cache');
      assert.ok((stale.json as { data: unknown }).data);

      const nothing = await stack.request(`${API}/exhibition/exhibits?limit=1`);
      assert.equal(nothing.res.status, 502);
      assert.equal(codeOf(nothing.json), 'bad_gateway');
      assert.equal(typeof (nothing.json as { error: { message: string } }).error.message, 'string');
    } finally {
      await stack.upstream.revive();
    }
    const fresh = await stack.request(path);
    assert.equal(fresh.res.headers.get('x-cache'), 'miss');
  });

  test('a slow upstream with nothing cached: 504 gateway_timeout', async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', () => r()));
    const slow = await startStack({
      upstream: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
      upstreamTimeoutMs: 150,
      retry: { retries: 0 },
    });
    try {
      const { res, json } = await slow.request(`${API}/events/events`);
      assert.equal(res.status, 504);
      assert.equal(codeOf(json), 'gateway_timeout');
    } finally {
      await slow.close();
      hanging.closeAllConnections();
      hanging.close();
    }
  });

  test('reads are retried after network errors', async () => {
    let seen = 0;
    const flaky = createServer((req, res) => {
      seen++;
      if (seen <= 2) return req.socket.destroy();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"data":[],"meta":{"total":0,"limit":50,"offset":0}}');
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', () => r()));
    const s = await startStack({ upstream: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}` });
    try {
      const { res } = await s.request(`${API}/events/events`);
      assert.equal(res.status, 200);
      assert.equal(seen, 3);
    } finally {
      await s.close();
      flaky.closeAllConnections();
      flaky.close();
    }
  });

  test('503 with Retry-After: retried after at least that long, bounded by the budget', async () => {
    const s = await startStack(
      { forwardScenarioHeaders: true, retry: { retries: 5, baseDelayMs: 10, budgetMs: 1500 } },
      {},
      stack.upstream,
    );
    try {
      const before = stack.upstream.count('GET', `${API}/events/workshops`);
      const started = performance.now();
      const { res, json } = await s.request(`${API}/events/workshops`, { headers: { prefer: 'code=503' } });
      const took = performance.now() - started;
      assert.equal(res.status, 503);
      assert.equal(codeOf(json), 'service_unavailable');
      assert.equal(stack.upstream.count('GET', `${API}/events/workshops`), before + 2);
      assert.ok(took >= 1000 && took < 2500, `took ${took} ms`);
    } finally {
      await s.close();
    }
  });

  test('the Prefer scenario header is stripped unless forwarding is switched on', async () => {
    const { res } = await stack.request(`${API}/events/workshops?limit=2`, { headers: { prefer: 'code=503' } });
    assert.equal(res.status, 200);
    assert.equal(stack.upstream.lastHeaders.get(`GET ${API}/events/workshops`)?.prefer, undefined);
  });

  test('upstream failing 30% of requests: at least 95% of 200 reads succeed', async () => {
    const s = await startStack({ cache: false }, { failRate: 0.3 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => s.request(`${API}/events/events?offset=${i}`)),
      );
      const ok = answers.filter((a) => a.res.status === 200).length;
      assert.ok(ok >= 190, `${ok}/200 succeeded`);
      assert.ok(s.upstream.total() > 200, 'some reads were retried');
    } finally {
      await s.close();
    }
  });
});
