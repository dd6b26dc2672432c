/**
 * The body guard (`middleware/body-guard.ts`) over real sockets, with small limits so each rule
 * shows in well under a second: the budget of bytes in flight (declared lengths refused at once,
 * chunked bodies as their bytes arrive, writes and uploads drawing on the same budget), the
 * per-address count, and the idle and minimum-rate rules, each releasing what it held.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { API, ORIGIN, assertNoKeyLeaks, codeOf, startStack, streamBody, type Stack } from './harness.js';

const IDLE_MS = 400;
let stack: Stack;
before(async () => {
  stack = await startStack({
    rateLimit: false,
    bodyLimits: { budgetBytes: 100_000, perAddress: 2, idleMs: IDLE_MS, minBytesPerSecond: 2000 },
  });
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

const SUBMIT = `${API}/abstracts/submissions`;

interface Held {
  /** Resolves with the answer (or the connection's end) and how long after the start it came. */
  done: Promise<{ status: number | null; body: string; ms: number }>;
  /** Writes more bytes. */
  write(bytes: string): void;
  close(): void;
}

/** A request that sends its headers (declaring `length`) and `first`, then waits to be told more. */
function hold(
  path: string,
  length: number,
  first: string,
  { localAddress = '127.0.0.1', contentType = 'application/json', on = stack } = {},
): Held {
  const started = performance.now();
  const req = request(`${on.url}${path}`, {
    method: path.startsWith('/uploads') ? 'PUT' : 'POST',
    agent: false,
    localAddress,
    headers: { origin: ORIGIN, 'content-type': contentType, 'content-length': String(length) },
  });
  const done = new Promise<{ status: number | null; body: string; ms: number }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? null, body, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: null, body: '', ms: performance.now() - started }));
  });
  req.write(first);
  return { done, write: (bytes) => void req.write(bytes), close: () => req.destroy() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('body guard', () => {
  test('a declared length that does not fit the budget: 503 with Retry-After at once, for writes and uploads alike', async () => {
    // A stack whose holder stays held long enough for the two others to meet it, however slowly a
    // loaded machine gets to them (with 400 ms the holder was once dropped before they arrived).
    const idleMs = 5000;
    const slow = await startStack({
      rateLimit: false,
      bodyLimits: { budgetBytes: 100_000, perAddress: 2, idleMs, minBytesPerSecond: 1 },
    });
    try {
      const holder = hold(SUBMIT, 80_000, '{"a":', { on: slow });
      await pause(100);
      const write = hold(SUBMIT, 30_000, '{', { on: slow });
      const upload = hold('/uploads/registration-evidence?filename=p.pdf', 30_000, '%PDF-', {
        contentType: 'application/pdf',
        localAddress: '127.0.0.2',
        on: slow,
      });
      for (const refused of [await write.done, await upload.done]) {
        assert.equal(refused.status, 503, refused.body);
        assert.equal(codeOf(JSON.parse(refused.body)), 'service_unavailable');
        assert.ok(refused.ms < idleMs, `refused after ${refused.ms} ms, not held`);
      }
      const held = await holder.done;
      assert.equal(held.status, 408, 'the stalled holder is dropped...');
      assert.equal(codeOf(JSON.parse(held.body)), 'request_timeout');
      assert.ok(held.ms >= idleMs, `...once idle for ${idleMs} ms, not before (${held.ms} ms)`);
      // Released: the same write fits now.
      const { res } = await slow.request(SUBMIT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x'.repeat(50_000) }),
      });
      assert.notEqual(res.status, 503);
    } finally {
      await slow.close();
    }
  });

  test('a chunked body that pushes the total over the budget as it arrives: 503 with Retry-After', async () => {
    // Far more than loopback's socket buffers hold (a few MB), so a server slow to answer on a
    // loaded machine cannot have taken the whole body into the kernel's buffers before refusing.
    const { status, text, sent } = await streamBody(stack.url, 'POST', SUBMIT, 40_000_000, {
      'content-type': 'application/json',
      origin: ORIGIN,
    });
    assert.equal(status, 503, text);
    assert.equal(codeOf(JSON.parse(text)), 'service_unavailable');
    assert.ok(sent < 40_000_000, 'refused before the whole body was sent');
  });

  test('more bodies at once from one address than allowed: 429 with Retry-After; another address is not affected', async () => {
    const a = hold(SUBMIT, 10, '{', { localAddress: '127.0.0.3' });
    const b = hold(SUBMIT, 10, '{', { localAddress: '127.0.0.3' });
    await pause(100);
    const c = hold(SUBMIT, 10, '{', { localAddress: '127.0.0.3' });
    const third = await c.done;
    assert.equal(third.status, 429);
    const parsed = JSON.parse(third.body) as { error: { code: string; details: { retryAfterSeconds: number } } };
    assert.equal(parsed.error.code, 'rate_limited');
    assert.ok(parsed.error.details.retryAfterSeconds >= 1);
    const other = hold(SUBMIT, 2, '{}', { localAddress: '127.0.0.4' });
    assert.notEqual((await other.done).status, 429);
    assert.equal((await a.done).status, 408);
    assert.equal((await b.done).status, 408);
  });

  test('a body that keeps sending but slower than the minimum rate is dropped (408) once the grace has passed', async () => {
    // An idle rule of 3 s that a drip every 100 ms never meets, even with a loaded machine's
    // delays (with 400 ms, one late drip once made it the idle rule that fired).
    const idleMs = 3000;
    const crawl = await startStack({
      rateLimit: false,
      bodyLimits: { budgetBytes: 100_000, perAddress: 2, idleMs, minBytesPerSecond: 2000 },
    });
    try {
      const slow = hold(SUBMIT, 100_000, '{', { localAddress: '127.0.0.5', on: crawl });
      // 5 bytes every 100 ms (50 B/s), far under 2000 B/s.
      const drip = setInterval(() => slow.write('"x":1'), 100);
      const dropped = await slow.done;
      clearInterval(drip);
      assert.equal(dropped.status, 408);
      assert.match(JSON.parse(dropped.body).error.message, /slower than 2000 bytes a second/);
      assert.ok(dropped.ms >= idleMs, `not before the grace: ${dropped.ms} ms`);
    } finally {
      await crawl.close();
    }
  });
});
