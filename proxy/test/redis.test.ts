/**
 * Redis stores against a real redis-server (Debian's package, started by the test on its own
 * port), and two proxy instances sharing one Redis. Skipped, with a message, where redis-server
 * is not installed (`npm test` installs it when it may).
 */
import assert from 'node:assert/strict';
import type { Redis } from 'ioredis';
import { skippable } from '../../test/skippable.js';
import { redisCacheStore, redisIdempotencyStore, redisRateLimitStore } from '../stores/redis.js';
import { API, assertNoKeyLeaks, startStack, startUpstream, type CountingUpstream } from './harness.js';
import { redisClient, redisSkip as skip, startRedisServer, type RedisServer } from './redis-server.js';
const { after, before, describe, test } = skippable(skip);

if (skip) console.log(`# ${skip}`);

let server: RedisServer | undefined;
let redis: Redis;

before(async () => {
  if (skip) return;
  server = await startRedisServer();
  redis = await redisClient(server.port);
});

after(async () => {
  if (skip) return;
  await redis.quit().catch(() => {});
  await server?.close();
  assertNoKeyLeaks();
});

describe('Redis stores', () => {
  test('cache: set, get, expiry', async () => {
    const store = redisCacheStore({ redis, prefix: 't1:' });
    const entry = {
      status: 200,
      body: '{"data":[]}',
      contentType: 'application/json',
      etag: '"x"',
      storedAt: 1,
      headers: {},
    };
    await store.set('k', entry, 80);
    assert.deepEqual(await store.get('k'), entry);
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(await store.get('k'), undefined);
  });

  test('idempotency: exactly one concurrent claim wins; complete and release', async () => {
    const store = redisIdempotencyStore({ redis, prefix: 't2:' });
    const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim('k', 'fp', 5000)));
    assert.equal(claims.filter((c) => c === null).length, 1);
    assert.ok(claims.every((c) => c === null || c.state === 'pending'));
    await store.complete('k', 'fp', { status: 201, body: '{}', contentType: 'application/json' }, 5000);
    assert.equal((await store.claim('k', 'fp', 5000))?.state, 'done');
    await store.release('k');
    assert.equal(await store.claim('k', 'fp', 5000), null);
  });

  test('rate limit: counts in a window that expires', async () => {
    const store = redisRateLimitStore({ redis, prefix: 't3:' });
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await store.hit('ip', 200));
    assert.deepEqual(
      hits.map((h) => h.count),
      [1, 2, 3],
    );
    assert.ok(hits[2]!.resetAt > Date.now() && hits[2]!.resetAt <= Date.now() + 200);
    assert.equal((await store.peek('ip'))?.count, 3, 'peek reads without counting');
    assert.equal(await store.peek('other'), undefined);
    await new Promise((r) => setTimeout(r, 250));
    assert.equal(await store.peek('ip'), undefined);
    assert.equal((await store.hit('ip', 200)).count, 1);
  });
});

describe('two proxy instances sharing Redis', () => {
  let upstream: CountingUpstream;
  before(async () => {
    if (skip) return;
    upstream = await startUpstream();
  });
  after(async () => {
    if (skip) return;
    await upstream.close();
  });

  test('one upstream read for both; an idempotent write replayed by the other; a shared rate limit', async () => {
    const shared = (prefix: string) => ({
      cache: { store: redisCacheStore({ redis, prefix }) },
      idempotencyStore: redisIdempotencyStore({ redis, prefix }),
      rateLimit: { max: 3, windowMs: 60_000, store: redisRateLimitStore({ redis, prefix }) },
    });
    const a = await startStack(shared('fleet:'), {}, upstream);
    const b = await startStack(shared('fleet:'), {}, upstream);
    try {
      assert.equal((await a.request(`${API}/events/venues`)).res.headers.get('x-cache'), 'miss');
      assert.equal((await b.request(`${API}/events/venues`)).res.headers.get('x-cache'), 'hit');
      assert.equal(upstream.count('GET', `${API}/events/venues`), 1);

      const write = {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'fleet-0001' },
        body: JSON.stringify({ registrationId: 'r1', title: 'Shared', authors: [{ fullName: 'Ada' }] }),
      };
      const first = await a.request(`${API}/abstracts/submissions`, write);
      const second = await b.request(`${API}/abstracts/submissions`, write);
      assert.equal(second.text, first.text);
      assert.equal(second.res.headers.get('idempotent-replayed'), 'true');
      assert.equal(upstream.count('POST', `${API}/abstracts/submissions`), 1);

      // Two writes above count; one more on each instance crosses the shared limit of 3.
      const post = { ...write, headers: { 'content-type': 'application/json' } };
      assert.notEqual((await a.request(`${API}/abstracts/submissions`, post)).res.status, 429);
      assert.equal((await b.request(`${API}/abstracts/submissions`, post)).res.status, 429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
