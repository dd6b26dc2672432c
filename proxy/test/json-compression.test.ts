/**
 * JSON answers compressed by the proxy: br, gzip or identity as `Accept-Encoding` asks (q-values
 * included), the bytes on the wire decoded and compared with the answer as it is, `Content-Length`
 * of the bytes sent, an ETag per representation and a 304 for each, `Vary: Accept-Encoding` on
 * every answer that could be compressed, the copies made once per cache entry (not per request),
 * and the key scan done on the decoded body before anything is compressed. Raw `node:http`
 * requests, so the client undoes nothing by itself. The three hosts (nodeListener's fast lane,
 * `proxy.fetch`, the middleware chain alone) must answer alike.
 */
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  compressEntry,
  compressionsMade,
  COMPRESS_MIN_BYTES,
  copyOf,
  rankCodings,
  webGzip,
} from '../cache/compressed.js';
import { bytesOf } from '../cache/entry-bytes.js';
import { memoryCacheStore } from '../stores/memory.js';
import { cacheEntryBytes } from '../stores/sizes.js';
import type { CacheEntry, CacheStore } from '../stores/types.js';
import {
  API,
  KEY,
  assertNoKeyLeaks,
  scanForKey,
  startStack,
  startUpstream,
  type CountingUpstream,
  type Stack,
} from './harness.js';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the socket. */
  wire: Buffer;
  /** Those bytes with their `Content-Encoding` undone. */
  decoded: Buffer;
}

/** A GET over a fresh socket, nothing decoded by the client; the key scan sees the decoded body. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const decoded =
          wire.byteLength === 0
            ? wire
            : coding === 'br'
              ? brotliDecompressSync(wire)
              : coding === 'gzip'
                ? gunzipSync(wire)
                : wire;
        scanForKey(`GET ${path} headers`, JSON.stringify(res.headers));
        scanForKey(`GET ${path} body`, decoded.toString('utf8'));
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, decoded });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const hosts = ['node', 'fetch', 'chain'] as const;
let upstream: CountingUpstream;
const stacks = new Map<(typeof hosts)[number], Stack>();
// A page of well over 1 kB from the sandbox; limit=1 for one well under it.
const BIG = `${API}/events/events?limit=20`;
const SMALL = `${API}/events/events?limit=1&offset=999999`;

before(async () => {
  upstream = await startUpstream();
  for (const host of hosts) stacks.set(host, await startStack({}, {}, upstream, host));
});
after(async () => {
  for (const s of stacks.values()) await s.close();
  await upstream.close();
  assertNoKeyLeaks();
});

describe('JSON answers by Accept-Encoding', () => {
  test('br, gzip and identity chosen by Accept-Encoding and q-values; each decodes to the same bytes, with its own length and ETag', async () => {
    for (const host of hosts) {
      const { url } = stacks.get(host)!;
      const identity = await get(url, BIG);
      assert.equal(identity.status, 200, host);
      assert.ok(
        identity.wire.byteLength > COMPRESS_MIN_BYTES,
        `${host}: the page is ${identity.wire.byteLength} bytes`,
      );
      assert.equal(identity.headers['content-encoding'], undefined, `${host}: no Accept-Encoding, identity`);
      assert.equal(identity.headers.vary, 'Accept-Encoding, Origin', host);
      const cases: [string, string | undefined][] = [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0.5, gzip', 'gzip'],
        ['br;q=0, gzip;q=0', undefined],
        ['identity', undefined],
        ['deflate, zstd', undefined],
        ['*', 'br'],
        ['*;q=0.1, gzip;q=0.2, identity;q=0', 'gzip'],
        ['x-gzip', 'gzip'],
      ];
      const etags = new Map<string | undefined, string>([[undefined, identity.headers.etag!]]);
      for (const [acceptEncoding, expected] of cases) {
        const r = await get(url, BIG, { 'accept-encoding': acceptEncoding });
        const what = `${host}, Accept-Encoding: ${acceptEncoding}`;
        assert.equal(r.status, 200, what);
        assert.equal(r.headers['content-encoding'], expected, what);
        assert.equal(r.headers.vary, 'Accept-Encoding, Origin', what);
        assert.equal(
          Number(r.headers['content-length']),
          r.wire.byteLength,
          `${what}: Content-Length is the bytes sent`,
        );
        assert.ok(r.decoded.equals(identity.wire), `${what}: decodes to the answer as it is`);
        if (expected)
          assert.ok(r.wire.byteLength < identity.wire.byteLength / 2, `${what}: ${r.wire.byteLength} bytes`);
        const known = etags.get(expected);
        if (known) assert.equal(r.headers.etag, known, `${what}: one ETag per representation`);
        else etags.set(expected, r.headers.etag!);
      }
      // Three representations, three tags; the compressed ones weak (their bytes depend on the compressor).
      assert.equal(new Set(etags.values()).size, 3, host);
      assert.match(etags.get(undefined)!, /^"[\w-]+"$/);
      assert.equal(etags.get('br'), `W/${etags.get(undefined)!.slice(0, -1)}-br"`);
      assert.equal(etags.get('gzip'), `W/${etags.get(undefined)!.slice(0, -1)}-gz"`);
    }
  });

  test("304 for each representation on its own ETag, not on another one's; the 304 names its representation (ETag, Vary, Content-Encoding) and has no body", async () => {
    for (const host of hosts) {
      const { url } = stacks.get(host)!;
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const first = await get(url, BIG, { 'accept-encoding': acceptEncoding });
        const etag = first.headers.etag!;
        const again = await get(url, BIG, { 'accept-encoding': acceptEncoding, 'if-none-match': etag });
        const what = `${host}, ${acceptEncoding}`;
        assert.equal(again.status, 304, what);
        assert.equal(again.wire.byteLength, 0, what);
        assert.equal(again.headers.etag, etag, what);
        assert.equal(again.headers.vary, 'Accept-Encoding, Origin', what);
        assert.equal(
          again.headers['content-encoding'],
          acceptEncoding === 'identity' ? undefined : acceptEncoding,
          what,
        );
        // The tag of another representation is no match: the browser does not hold these bytes.
        const other = acceptEncoding === 'br' ? 'gzip' : 'br';
        const crossed = await get(url, BIG, { 'accept-encoding': other, 'if-none-match': etag });
        assert.equal(crossed.status, 200, `${what} tag, ${other} asked`);
        assert.equal(crossed.headers['content-encoding'], other);
      }
    }
  });

  test('a small answer, an error and a write stay identity', async () => {
    const { url } = stacks.get('node')!;
    const small = await get(url, SMALL, { 'accept-encoding': 'br, gzip' });
    assert.equal(small.status, 200);
    assert.ok(small.wire.byteLength < COMPRESS_MIN_BYTES, `${small.wire.byteLength} bytes`);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.doesNotMatch(String(small.headers.vary), /Accept-Encoding/);
    const missing = await get(url, `${API}/events/events?limit=500`, { 'accept-encoding': 'br, gzip' });
    assert.equal(missing.status, 400);
    assert.equal(missing.headers['content-encoding'], undefined);
    assert.ok(JSON.parse(missing.decoded.toString()).error.code);
  });
});

describe('compressed once per cache entry', () => {
  test('a miss makes only the copy its client asked for; each other coding once, for its first client; hits then compress nothing and send the same bytes', async () => {
    const path = `${API}/events/events?limit=30`;
    for (const host of hosts) {
      const { url } = stacks.get(host)!;
      const before = compressionsMade();
      const first = await get(url, path, { 'accept-encoding': 'br' });
      assert.equal(first.headers['x-cache'], 'miss', host);
      assert.equal(compressionsMade(), before + 1, `${host}: the br copy only`);
      const firstGzip = await get(url, path, { 'accept-encoding': 'gzip' });
      assert.equal(firstGzip.headers['content-encoding'], 'gzip', host);
      assert.equal(compressionsMade(), before + 2, `${host}: the gzip copy, for its first client`);
      for (let i = 0; i < 5; i++) {
        for (const coding of ['br', 'gzip']) {
          const r = await get(url, path, { 'accept-encoding': coding });
          assert.equal(r.headers['x-cache'], 'hit');
          assert.equal(r.headers['content-encoding'], coding);
          assert.ok(
            r.wire.equals(coding === 'br' ? first.wire : firstGzip.wire),
            `${host}: the stored ${coding} bytes`,
          );
        }
      }
      assert.equal(compressionsMade(), before + 2, `${host}: no compression on hits`);
    }
  });

  test('a miss for a client that asked for no coding compresses nothing', async () => {
    const path = `${API}/events/events?limit=40`;
    for (const host of hosts) {
      const { url } = stacks.get(host)!;
      const before = compressionsMade();
      const r = await get(url, path);
      assert.equal(r.headers['x-cache'], 'miss', host);
      assert.equal(r.headers['content-encoding'], undefined, host);
      assert.equal(r.headers.vary, 'Accept-Encoding, Origin', `${host}: another client may get a copy`);
      assert.equal(compressionsMade(), before, host);
    }
  });

  test('with the cache off, nothing is compressed: every answer goes as it is, varying on no Accept-Encoding', async () => {
    const stack = await startStack({ cache: false }, {}, upstream, 'node');
    try {
      const made = compressionsMade();
      for (const acceptEncoding of ['gzip', 'br', 'gzip, deflate, br, zstd']) {
        const r = await get(stack.url, BIG, { 'accept-encoding': acceptEncoding });
        assert.equal(r.status, 200);
        assert.equal(r.headers['content-encoding'], undefined, acceptEncoding);
        assert.equal(r.headers['cache-control'], 'no-cache');
        assert.doesNotMatch(String(r.headers.vary), /Accept-Encoding/);
        assert.ok(r.wire.byteLength > COMPRESS_MIN_BYTES);
      }
      assert.equal(compressionsMade(), made);
    } finally {
      await stack.close();
    }
  });

  test("a copy made after the entry was stored counts in the memory store's byte bound", async () => {
    const store = memoryCacheStore({ maxBytes: 10_000_000 });
    const stack = await startStack({ cache: { store } }, {}, upstream, 'node');
    try {
      await get(stack.url, BIG);
      const plain = store.stats().bytes;
      const br = await get(stack.url, BIG, { 'accept-encoding': 'br' });
      assert.equal(br.headers['content-encoding'], 'br');
      const withBr = store.stats().bytes;
      assert.ok(withBr >= plain + br.wire.byteLength, `${plain} -> ${withBr} bytes, br copy ${br.wire.byteLength}`);
      const gzip = await get(stack.url, BIG, { 'accept-encoding': 'gzip' });
      assert.ok(store.stats().bytes >= withBr + gzip.wire.byteLength);
      assert.equal(store.stats().entries, 1);
    } finally {
      await stack.close();
    }
  });

  test('with a store that hands out a new object per read (as Redis does), hits still compress nothing', async () => {
    const held = new Map<string, string>();
    const shared: CacheStore = {
      get: async (key) => (held.has(key) ? (JSON.parse(held.get(key)!) as CacheEntry) : undefined),
      set: async (key, entry) => void held.set(key, JSON.stringify(entry)),
      delete: async (key) => void held.delete(key),
    };
    for (const host of hosts) {
      held.clear();
      const stack = await startStack({ cache: { store: shared } }, {}, upstream, host);
      try {
        const first = await get(stack.url, BIG, { 'accept-encoding': 'br' });
        assert.equal(first.headers['x-cache'], 'miss');
        await get(stack.url, BIG, { 'accept-encoding': 'gzip' }); // the gzip copy's first client
        const made = compressionsMade();
        for (let i = 0; i < 4; i++) {
          const r = await get(stack.url, BIG, { 'accept-encoding': i % 2 ? 'gzip' : 'br' });
          assert.equal(r.headers['x-cache'], 'hit');
          assert.ok(r.decoded.equals(first.decoded));
        }
        assert.equal(compressionsMade(), made, `${host}: no compression on hits`);
      } finally {
        await stack.close();
      }
    }
  });

  test('the memory store counts the compressed copies in its byte bound', async () => {
    const body = JSON.stringify({
      data: Array.from({ length: 200 }, (_, i) => ({ id: `e${i}`, title: `Talk number ${i}` })),
    });
    const entry: CacheEntry = {
      status: 200,
      body,
      contentType: 'application/json; charset=utf-8',
      etag: '"abc"',
      storedAt: Date.now(),
    };
    bytesOf(entry); // the body as bytes, which the store counts either way
    const without = cacheEntryBytes('k', entry);
    await compressEntry(entry);
    const br = copyOf(entry, 'br')!;
    const gzip = copyOf(entry, 'gzip')!;
    assert.ok(br && gzip);
    assert.equal(
      cacheEntryBytes('k', entry),
      without + br.body.byteLength + gzip.body.byteLength + br.etag.length + gzip.etag.length,
    );
    const store = memoryCacheStore({ maxBytes: 1_000_000 });
    await store.set('k', entry, 60_000);
    assert.equal(store.stats().bytes, cacheEntryBytes('k', entry));
  });
});

describe('the key scan before compression', () => {
  let echo: Server;
  let echoUrl: string;
  const echoStacks: Stack[] = [];
  before(async () => {
    // An upstream that quotes the key it received inside a JSON page of several kilobytes.
    echo = createServer((req, res) => {
      const key = String(req.headers['x-api-key'] ?? '');
      const items = Array.from({ length: 60 }, (_, i) => ({
        id: `e${i}`,
        title: `Session ${i}`,
        debug: i % 7 === 0 ? `key=${key}` : 'none',
      }));
      // Also once as JSON escapes only (`\u0064emo…`): a browser's JSON.parse would undo them.
      const escaped = [...key].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
      const body = JSON.stringify({ data: items, meta: { youSent: key, escaped: 'ESCAPED' } }).replace(
        'ESCAPED',
        escaped,
      );
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', () => resolve()));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    for (const host of hosts) echoStacks.push(await startStack({ upstream: echoUrl }, {}, upstream, host));
  });
  after(async () => {
    for (const s of echoStacks) await s.close();
    echo.closeAllConnections();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });

  test('no representation holds the key once decoded, on a miss or a hit', async () => {
    for (const stack of echoStacks) {
      for (const acceptEncoding of ['br', 'gzip', 'identity', 'br', 'gzip']) {
        const r = await get(stack.url, BIG, { 'accept-encoding': acceptEncoding });
        assert.equal(r.status, 200);
        assert.equal(r.headers['content-encoding'], acceptEncoding === 'identity' ? undefined : acceptEncoding);
        const text = r.decoded.toString('utf8');
        assert.ok(!text.includes(KEY), text.slice(0, 200));
        assert.ok(!JSON.stringify(JSON.parse(text)).includes(KEY), 'not even once JSON escapes are undone');
        assert.ok(text.includes('[redacted]'), 'the key was replaced, not the page dropped');
        assert.ok(!r.wire.includes(KEY));
      }
    }
  });
});

describe('negotiation and copies in isolation', () => {
  test('rankCodings: q-values, ties in preference order, identity always last resort', () => {
    assert.deepEqual(rankCodings(undefined), ['identity']);
    assert.deepEqual(rankCodings('gzip, br'), ['br', 'gzip', 'identity']);
    assert.deepEqual(rankCodings('br;q=0.2, gzip;q=0.9'), ['gzip', 'br', 'identity']);
    assert.deepEqual(rankCodings('identity;q=1, gzip;q=0.5'), ['identity', 'gzip']);
    assert.deepEqual(rankCodings('gzip;q=0, identity;q=0'), ['identity']);
  });

  test('the web gzip (for hosts without node:zlib) decodes back to the body', async () => {
    const bytes = new TextEncoder().encode('{"a":"' + 'x'.repeat(5000) + '"}');
    assert.ok(gunzipSync(await webGzip(bytes)).equals(Buffer.from(bytes)));
  });
});
