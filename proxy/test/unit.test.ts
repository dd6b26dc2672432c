/**
 * Pure parts: retry policy, cache policy, route resolution, target guard, scrubbing, digests,
 * the fetch transport's body cap, rate-limit buckets, CLI parsing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { etagMatches, etagOf, freshness } from '../cache/policy.js';
import { parseCli } from '../cli-args.js';
import { addressBucket } from '../client-ip.js';
import { constantTimeEqual, sha256, webSha256 } from '../digest.js';
import { resolveRoute } from '../middleware/allow-list.js';
import { isSuspiciousPath } from '../middleware/target-guard.js';
import { createScrubber } from '../secrets.js';
import { memoryCacheStore } from '../stores/memory.js';
import { parseRetryAfter, retryDelay } from '../upstream/retry.js';
import { MAX_UPSTREAM_BODY_BYTES, fetchTransport } from '../upstream/transport.js';

describe('retry policy', () => {
  const policy = { retries: 3, baseDelayMs: 100, maxDelayMs: 1000, budgetMs: 3000 };
  test('full jitter within the exponential cap; bounded in count', () => {
    assert.equal(
      retryDelay(policy, 0, 0, null, () => 0.999),
      99,
    );
    assert.equal(
      retryDelay(policy, 2, 0, null, () => 0.5),
      200,
    );
    assert.equal(
      retryDelay(policy, 3, 0, null, () => 0.5),
      null,
    );
  });
  test('Retry-After is a floor; past the budget no retry', () => {
    assert.equal(
      retryDelay(policy, 0, 0, 1000, () => 0),
      1000,
    );
    assert.equal(
      retryDelay(policy, 0, 2500, 1000, () => 0),
      null,
    );
  });
  test('Retry-After as seconds or HTTP date', () => {
    assert.equal(parseRetryAfter('2'), 2000);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4000), 6000);
    assert.equal(parseRetryAfter('soon'), null);
    assert.equal(parseRetryAfter(null), null);
  });
});

describe('cache policy', () => {
  const policy = { ttlMs: 1000, staleWhileRevalidateMs: 500, staleIfErrorMs: 10_000 };
  const entry = { status: 200, body: '', contentType: 'application/json', etag: '"a"', storedAt: 0 };
  test('fresh, revalidate, stale-only, expired', () => {
    assert.equal(freshness(entry, policy, 999), 'fresh');
    assert.equal(freshness(entry, policy, 1200), 'revalidate');
    assert.equal(freshness(entry, policy, 5000), 'stale-only');
    assert.equal(freshness(entry, policy, 20_000), 'expired');
  });
  test('If-None-Match: lists, weak tags, *', () => {
    assert.ok(etagMatches('"b", W/"a"', '"a"'));
    assert.ok(etagMatches('*', '"a"'));
    assert.ok(!etagMatches('"b"', '"a"'));
    assert.ok(!etagMatches(undefined, '"a"'));
  });
  test('the memory store is bounded', async () => {
    const store = memoryCacheStore({ maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) await store.set(k, entry, 60_000);
    assert.equal(await store.get('a'), undefined);
    assert.ok(await store.get('c'));
  });
});

describe('routes and targets', () => {
  const url = (p: string): [string, string] => {
    const u = new URL('http://proxy' + p);
    return [u.pathname, u.search.slice(1)];
  };
  test('public and kiosk endpoints resolve with a canonical target; server ones do not', () => {
    assert.equal(
      resolveRoute('GET', ...url('/api/public/v1/events/events?offset=5&limit=2&x=1'))?.target,
      '/events/events?limit=2&offset=5',
    );
    assert.equal(resolveRoute('HEAD', ...url('/api/public/v1/events/venues'))?.id, 'venues');
    assert.equal(resolveRoute('POST', ...url('/api/public/v1/badges/checkin'))?.spec.audience, 'kiosk');
    assert.equal(resolveRoute('GET', ...url('/api/public/v1/health')), null);
    assert.equal(resolveRoute('POST', ...url('/api/public/v1/registrations/evidence/upload-url')), null);
    assert.equal(resolveRoute('GET', ...url('/api/public/v1/abstracts/abstracts/a.b')), null);
  });
  test('suspicious raw paths', () => {
    for (const p of ['/a/../b', '/a/./b', '/a/%2e%2e/b', '/a%2Fb', '/a/%252e', '/a\\b', '/a//b', '/a/..'])
      assert.ok(isSuspiciousPath(p), p);
    assert.ok(!isSuspiciousPath('/api/public/v1/abstracts/abstracts/abs-1.2'));
  });
});

describe('scrubber', () => {
  test('removes the key in raw, URL-encoded and JSON-escaped forms', () => {
    const s = createScrubber(['k/ey"+1 secret']);
    const text = `a k/ey"+1 secret b ${encodeURIComponent('k/ey"+1 secret')} c ${JSON.stringify('k/ey"+1 secret')}`;
    assert.ok(!s.contains(s.scrub(text)));
    assert.equal(s.scrub('nothing here'), 'nothing here');
  });

  test('also in lower-case hex, with escaped slashes, and in base64 at any offset', () => {
    const key = 'ck_live/9f+A=b';
    const s = createScrubber([key]);
    const texts = [
      encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
      JSON.stringify(key).replace(/\//g, '\\/'),
      ...['', 'a', 'ab', 'Basic user:'].flatMap((p) => [
        Buffer.from(p + key).toString('base64'),
        Buffer.from(p + key).toString('base64url'),
      ]),
    ];
    for (const text of texts) assert.match(s.scrub(`x ${text} y`), /\[redacted\]/, text);
    assert.equal(
      s.scrub(Buffer.from('unrelated text').toString('base64')),
      Buffer.from('unrelated text').toString('base64'),
    );
  });

  test('keys made of regular-expression syntax are found literally, and nothing else is', () => {
    const key = 'a.b*c+(d)[e]{2}|^$?\\-/';
    const s = createScrubber([key]);
    assert.equal(s.scrub(`x${key}y`), 'x[redacted]y');
    assert.ok(!s.contains('aXb*c+(d)[e]{2}|^$?\\-/'), 'a dot in the key is not a wildcard');
    assert.ok(!s.contains('abbbc'));
    assert.ok(!createScrubber([]).contains(key));
  });

  test('bodies: the received bytes pass on untouched when clean; any form anywhere is scrubbed', () => {
    const key = 'ck_live/9f+A=b';
    const s = createScrubber([key]);
    const clean = new TextEncoder().encode(`{"data":"${'é'.repeat(5000)} nothing"}`);
    const out = s.scrubBody(clean)!;
    assert.equal(out.bytes, clean, 'same bytes, not a copy');
    assert.equal(out.text, new TextDecoder().decode(clean));
    const tail = new TextEncoder().encode(
      `{"data":"${'x'.repeat(30_000)}","echo":"${Buffer.from('Basic u:' + key).toString('base64')}"}`,
    );
    const scrubbed = s.scrubBody(tail)!;
    assert.match(scrubbed.text, /\[redacted\]/);
    assert.equal(new TextDecoder().decode(scrubbed.bytes), scrubbed.text);
    assert.ok(!s.contains(new TextDecoder().decode(scrubbed.bytes)));
  });
});

describe('digests', () => {
  test("SHA-256 equals WebCrypto's, so ETags do not depend on the host", async () => {
    const body = new TextEncoder().encode('{"data":[1,2,3]}');
    const web = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
    assert.deepEqual(await webSha256(body), web);
    assert.deepEqual(new Uint8Array(await sha256(body)), web);
    assert.deepEqual(new Uint8Array(await sha256('{"data":[1,2,3]}')), web);
    assert.equal(await etagOf(body), await etagOf('{"data":[1,2,3]}'));
    assert.match(await etagOf(body), /^"[A-Za-z0-9_-]{22}"$/);
  });
  test('constant-time comparison: equal only for equal bytes', () => {
    const a = new Uint8Array([1, 2, 3]);
    assert.ok(constantTimeEqual(a, new Uint8Array([1, 2, 3])));
    assert.ok(!constantTimeEqual(a, new Uint8Array([1, 2, 4])));
    assert.ok(!constantTimeEqual(a, new Uint8Array([1, 2])));
  });
});

describe('fetch transport', () => {
  test('reads the body whole; refuses one past the cap and cancels its stream', async () => {
    const small = fetchTransport(
      async () => new Response('{"ok":true}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    const answer = await small.fetch('http://upstream/x', { method: 'GET', headers: {} });
    assert.equal(answer.status, 201);
    assert.equal(new TextDecoder().decode(answer.body), '{"ok":true}');
    // A view into a larger buffer (as undici hands out) is copied, so a cache entry pins no more.
    const socketBuffer = new Uint8Array(64 * 1024).fill(0x61);
    const view = fetchTransport(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(socketBuffer.subarray(100, 110)), c.close()) }),
        ),
    );
    const copied = (await view.fetch('http://upstream/x', { method: 'GET', headers: {} })).body;
    assert.equal(copied.byteLength, 10);
    assert.equal(copied.buffer.byteLength, 10);
    let cancelled = false;
    let sent = 0;
    const huge = fetchTransport(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              sent += 1024 * 1024;
              controller.enqueue(new Uint8Array(1024 * 1024));
            },
            cancel() {
              cancelled = true;
            },
          }),
        ),
    );
    await assert.rejects(huge.fetch('http://upstream/x', { method: 'GET', headers: {} }), /too large/);
    assert.ok(sent <= MAX_UPSTREAM_BODY_BYTES + 2 * 1024 * 1024, `stopped reading (${sent} bytes)`);
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(cancelled, 'the stream was cancelled');
  });
});

describe('rate-limit buckets', () => {
  test('IPv4 as it is (also mapped), IPv6 by its /64', () => {
    assert.equal(addressBucket('192.0.2.7'), '192.0.2.7');
    assert.equal(addressBucket('::ffff:192.0.2.7'), '192.0.2.7');
    assert.equal(addressBucket('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(addressBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
    assert.equal(addressBucket('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressBucket('2001:0db8:0000:0003::1%eth0'), '2001:db8:0:3::/64');
    assert.notEqual(addressBucket('2001:db8:1:2::1'), addressBucket('2001:db8:1:3::1'));
  });
});

describe('CLI parsing', () => {
  test('flags win over variables; repeatable origins; comma-separated variable', () => {
    const r = parseCli(
      ['--upstream', 'https://api.example', '--allow-origin', 'https://a', '--allow-origin', 'https://b'],
      {
        CONF_API_KEY: 'key-0000001',
        CONF_BASE_URL: 'https://ignored',
        PORT: '9000',
      },
    );
    assert.equal(r.kind, 'run');
    if (r.kind !== 'run') return;
    assert.equal(r.config.options.upstream, 'https://api.example');
    assert.deepEqual(r.config.options.allowedOrigins, ['https://a', 'https://b']);
    assert.equal(r.config.port, 9000);
    const env = parseCli([], {
      CONF_API_KEY: 'k-0000001',
      CONF_BASE_URL: 'https://x',
      CONF_ALLOWED_ORIGINS: 'https://a, https://b',
    });
    assert.deepEqual(env.kind === 'run' && env.config.options.allowedOrigins, ['https://a', 'https://b']);
  });
  test('bad numbers and unknown flags are errors that do not repeat the argument', () => {
    assert.equal(parseCli(['--port', 'x'], { CONF_API_KEY: 'k', CONF_BASE_URL: 'https://x' }).kind, 'error');
    const unknown = parseCli(['--secret-key-here'], {});
    assert.equal(unknown.kind, 'error');
    assert.ok(unknown.kind === 'error' && !unknown.message.includes('secret-key-here'));
  });
});
