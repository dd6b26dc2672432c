/**
 * The proxy's in-memory stores hold at most their bounds, in entries and in bytes: filled past a
 * bound, what they hold stays under it and the least recently used entries are the ones dropped.
 * Directly on the stores, and over real sockets through a proxy in front of an upstream that
 * answers every query with a large page.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createProxy, type Proxy } from '../index.js';
import { nodeListener } from '../node.js';
import {
  MEMORY_STORE_DEFAULTS,
  memoryCacheStore,
  memoryIdempotencyStore,
  memoryRateLimitStore,
} from '../stores/memory.js';
import { cacheEntryBytes } from '../stores/sizes.js';
import type { CacheEntry } from '../stores/types.js';

const entryOf = (body: string): CacheEntry => ({
  status: 200,
  body,
  contentType: 'application/json',
  etag: '"e"',
  storedAt: Date.now(),
});

describe('memory cache store', () => {
  test('filled past its byte bound: bytes held stay under it, least recently used dropped first', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(100_000) });
    const one = cacheEntryBytes('k00', entryOf(body));
    const maxBytes = one * 5 + 10; // room for five entries
    const store = memoryCacheStore({ maxBytes, maxEntries: 1000 });
    for (let i = 0; i < 5; i++) await store.set(`k0${i}`, entryOf(body), 60_000);
    assert.ok(await store.get('k00'), 'k00 read: now the most recently used');
    for (let i = 5; i < 9; i++) await store.set(`k0${i}`, entryOf(body), 60_000);
    const stats = store.stats();
    assert.ok(stats.bytes <= maxBytes, `${stats.bytes} <= ${maxBytes}`);
    assert.equal(stats.entries, 5);
    assert.ok(await store.get('k00'), 'the entry read survives');
    for (const gone of ['k01', 'k02', 'k03', 'k04']) assert.equal(await store.get(gone), undefined, gone);
    for (const kept of ['k05', 'k06', 'k07', 'k08']) assert.ok(await store.get(kept), kept);
  });

  test('non-ASCII bodies count at two bytes a character; an entry over the whole bound is not kept', async () => {
    const ascii = cacheEntryBytes('k', entryOf('a'.repeat(1000)));
    const wide = cacheEntryBytes('k', entryOf('\u20ac'.repeat(1000)));
    assert.ok(wide >= ascii + 1000, `${wide} vs ${ascii}`);
    const store = memoryCacheStore({ maxBytes: 50_000 });
    await store.set('small', entryOf('{}'), 60_000);
    await store.set('huge', entryOf('x'.repeat(60_000)), 60_000);
    assert.equal(await store.get('huge'), undefined);
    assert.ok(await store.get('small'), 'an oversized entry evicts nothing');
    assert.ok(store.stats().bytes <= 50_000);
  });

  test('the entry bound still holds with small entries; a replaced key is counted once', async () => {
    const store = memoryCacheStore({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c', 'd']) await store.set(k, entryOf('{}'), 60_000);
    await store.set('d', entryOf('{"d":2}'), 60_000);
    assert.equal(store.stats().entries, 3);
    assert.equal(
      store.stats().bytes,
      ['b', 'c'].reduce((n, k) => n + cacheEntryBytes(k, entryOf('{}')), 0) + cacheEntryBytes('d', entryOf('{"d":2}')),
    );
    assert.equal(await store.get('a'), undefined);
  });

  test('defaults are bounded', () => {
    const stats = memoryCacheStore().stats();
    assert.equal(stats.maxEntries, MEMORY_STORE_DEFAULTS.cache.maxEntries);
    assert.equal(stats.maxBytes, MEMORY_STORE_DEFAULTS.cache.maxBytes);
  });
});

describe('memory idempotency and rate-limit stores', () => {
  test('stored answers past the byte bound: oldest keys forgotten, bytes under the bound', async () => {
    const maxBytes = 200_000;
    const store = memoryIdempotencyStore({ maxBytes });
    const answer = { status: 201, body: JSON.stringify({ data: 'y'.repeat(30_000) }), contentType: 'application/json' };
    for (let i = 0; i < 20; i++) {
      assert.equal(await store.claim(`key-${i}`, 'fp', 60_000), null);
      await store.complete(`key-${i}`, 'fp', answer, 60_000);
    }
    const stats = store.stats();
    assert.ok(stats.bytes <= maxBytes, `${stats.bytes} <= ${maxBytes}`);
    assert.ok(stats.entries >= 5 && stats.entries < 20, String(stats.entries));
    assert.equal(await store.get('key-0'), undefined, 'the oldest answer is forgotten');
    assert.equal((await store.get('key-19'))?.state, 'done');
  });

  test('rate-limit windows are bounded by count', async () => {
    const store = memoryRateLimitStore({ maxEntries: 100 });
    for (let i = 0; i < 250; i++) await store.hit(`203.0.113.${i}`, 60_000);
    const stats = store.stats();
    assert.equal(stats.entries, 100);
    assert.ok(stats.bytes <= stats.maxBytes);
    assert.equal((await store.hit('203.0.113.0', 60_000)).count, 1, 'the oldest window was dropped');
    assert.equal((await store.hit('203.0.113.249', 60_000)).count, 2);
  });
});

describe('over real sockets: cache.maxBytes bounds what the proxy keeps', () => {
  const PAGE_CHARS = 200_000;
  let upstream: Server;
  let server: Server;
  let proxy: Proxy;
  let base: string;
  const calls = new Map<string, number>();
  const store = memoryCacheStore({ maxBytes: 1_500_000 });
  let optionProxy: Proxy;
  let optionServer: Server;
  let optionBase: string;

  const listen = async (s: Server) => {
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  };

  before(async () => {
    // Every query is its own page of about 200 KB, as a client varying offset would make them.
    upstream = createServer((req, res) => {
      calls.set(req.url!, (calls.get(req.url!) ?? 0) + 1);
      const body = JSON.stringify({ data: [{ id: req.url, title: 'e'.repeat(PAGE_CHARS) }], meta: {} });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    const upstreamUrl = await listen(upstream);
    const options = {
      upstream: upstreamUrl,
      apiKey: 'bounds-test-key-0001',
      bundlePath: null,
      logger: () => {},
      rateLimit: false,
    } as const;
    proxy = createProxy({ ...options, cache: { store } });
    server = createServer(nodeListener(proxy));
    base = await listen(server);
    optionProxy = createProxy({ ...options, cache: { maxBytes: 1_500_000 } });
    optionServer = createServer(nodeListener(optionProxy));
    optionBase = await listen(optionServer);
  });

  after(async () => {
    for (const s of [server, optionServer, upstream]) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    await proxy.close();
    await optionProxy.close();
  });

  const read = async (at: string, offset: number) => {
    const res = await fetch(`${at}/api/public/v1/events/events?limit=1&offset=${offset}`);
    await res.arrayBuffer();
    assert.equal(res.status, 200);
    return res.headers.get('x-cache');
  };
  const upstreamCalls = (offset: number) => calls.get(`/api/public/v1/events/events?limit=1&offset=${offset}`) ?? 0;

  test('30 pages of 200 KB through a 1.5 MB cache: bytes held under the bound, the newest served from it, the oldest gone', async () => {
    for (let offset = 0; offset < 30; offset++) assert.equal(await read(base, offset), 'miss');
    const stats = store.stats();
    assert.ok(stats.bytes <= 1_500_000, `${stats.bytes} bytes held`);
    assert.ok(stats.entries >= 2 && stats.entries < 30, `${stats.entries} entries`);
    // The newest is a hit without an upstream call; the oldest was evicted and costs a new one.
    assert.equal(await read(base, 29), 'hit');
    assert.equal(upstreamCalls(29), 1);
    assert.equal(await read(base, 0), 'miss');
    assert.equal(upstreamCalls(0), 2);
  });

  test('the cache.maxBytes option bounds the default memory store the same way', async () => {
    calls.clear();
    for (let offset = 100; offset < 130; offset++) await read(optionBase, offset);
    assert.equal(await read(optionBase, 129), 'hit');
    assert.equal(await read(optionBase, 100), 'miss', 'the oldest page was evicted');
    assert.equal(calls.get('/api/public/v1/events/events?limit=1&offset=100'), 2);
  });
});
