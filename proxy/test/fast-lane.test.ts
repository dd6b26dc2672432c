/**
 * The Node fast lane against the fetch handler it stands in for: two proxies on one upstream, one
 * served by `nodeListener` (fast lane, then the handler), one by the bare handler. Every answer the
 * fast lane gives must carry the same status, headers, body and log line as the handler's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, KEY, ORIGIN, assertNoKeyLeaks, rawRequest, startStack, startUpstream, type CountingUpstream, type Stack } from './harness.js';

let upstream: CountingUpstream;
let node: Stack;
let fetchOnly: Stack;
before(async () => {
  upstream = await startUpstream();
  node = await startStack({}, {}, upstream, 'node');
  fetchOnly = await startStack({}, {}, upstream, 'fetch');
});
after(async () => {
  await node.close();
  await fetchOnly.close();
  await upstream.close();
  assertNoKeyLeaks();
});

/** Headers that differ per answer whichever lane gives it. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive']);

function headersOf(res: Response): Record<string, string> {
  return Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER.has(name)));
}

/** The log line without the fields that differ per request (time, duration). */
function lastLog(stack: Stack): Record<string, unknown> {
  const { time, ms, ...rest } = JSON.parse(stack.logs.at(-1)!) as Record<string, unknown>;
  assert.equal(typeof time, 'string');
  assert.equal(typeof ms, 'number');
  return rest;
}

/** Asks both proxies (the cache warmed on both first); returns what each answered. */
async function both(path: string, init: RequestInit = {}) {
  await node.request(path);
  await fetchOnly.request(path);
  const servedFast = node.fastAnswers();
  const a = await node.request(path, init);
  const b = await fetchOnly.request(path, init);
  return { a, b, fast: node.fastAnswers() > servedFast };
}

function assertSame(a: { res: Response; text: string }, b: { res: Response; text: string }) {
  assert.equal(a.res.status, b.res.status);
  assert.deepEqual(headersOf(a.res), headersOf(b.res));
  assert.equal(a.text, b.text);
  assert.deepEqual(lastLog(node), lastLog(fetchOnly));
}

describe('fast lane (nodeListener) beside the fetch handler', () => {
  const path = `${API}/events/events?limit=5`;

  test('a fresh hit: same status, headers, body and log line; served by the fast lane', async () => {
    const { a, b, fast } = await both(path);
    assert.ok(fast, 'the fast lane answered');
    assert.equal(a.res.headers.get('x-cache'), 'hit');
    assert.equal(a.res.headers.get('vary'), 'Origin');
    assertSame(a, b);
    assert.ok(!JSON.stringify([...a.res.headers]).includes(KEY) && !a.text.includes(KEY));
  });

  test('304 on a matching If-None-Match (also weak, also in a list)', async () => {
    const etag = (await node.request(path)).res.headers.get('etag')!;
    for (const ifNoneMatch of [etag, `"x", W/${etag}`, '*']) {
      const { a, b, fast } = await both(path, { headers: { 'if-none-match': ifNoneMatch } });
      assert.ok(fast);
      assert.equal(a.res.status, 304);
      assertSame(a, b);
    }
  });

  test('an allowed origin gets the grant; a refused one none, exactly as without the fast lane', async () => {
    const allowed = await both(path, { headers: { origin: ORIGIN } });
    assert.ok(allowed.fast);
    assert.equal(allowed.a.res.headers.get('access-control-allow-origin'), ORIGIN);
    assertSame(allowed.a, allowed.b);
    const refused = await both(path, { headers: { origin: 'https://evil.example' } });
    assert.equal(refused.fast, false, 'a refused origin goes the long way');
    assert.equal(refused.a.res.headers.get('access-control-allow-origin'), null);
    assertSame(refused.a, refused.b);
  });

  test('an unknown path, a server endpoint and an invalid query: the handler answers, no upstream call', async () => {
    for (const p of [`${API}/events/nope`, `${API}/health`, `${API}/events/events?limit=5%27`, `${API}/events/events?limit=<x>`]) {
      const calls = upstream.total();
      const { a, b, fast } = await both(p);
      assert.equal(fast, false, p);
      assert.ok(a.res.status === 404 || a.res.status === 400, `${p}: ${a.res.status}`);
      assertSame(a, b);
      assert.equal(upstream.total(), calls, p);
    }
  });

  test('the log line scrubs the key even from a query parameter value', async () => {
    const { a, b } = await both(`${API}/events/events?limit=5&include=${KEY}`);
    assertSame(a, b);
    assert.ok(!node.logs.at(-1)!.includes(KEY));
  });

  test('targets the handler refuses stay refused (raw socket, dot segments, absolute form)', async () => {
    for (const line of [`GET ${API}/events/../events/events HTTP/1.1`, `GET ${API}//events/events HTTP/1.1`, `GET http://evil.example${API}/events/events HTTP/1.1`]) {
      const r = await rawRequest(node.url, line);
      assert.equal(r.status, 404, line);
    }
  });

  test('Prefer reaches the sandbox when scenario headers are forwarded (never answered from cache)', async () => {
    const s = await startStack({ forwardScenarioHeaders: true }, {}, upstream, 'node');
    try {
      const p = `${API}/events/venues?limit=2`;
      await s.request(p);
      const before = s.fastAnswers();
      const { res } = await s.request(p, { headers: { prefer: 'code=500' } });
      assert.equal(res.status, 500);
      assert.equal(s.fastAnswers(), before);
    } finally {
      await s.close();
    }
  });

  test('an entry past its TTL is not served by the fast lane', async () => {
    let clock = Date.now();
    const s = await startStack({ now: () => clock, cache: { ttlMs: 1000 } }, {}, upstream, 'node');
    try {
      const p = `${API}/events/speakers?limit=3`;
      await s.request(p);
      await s.request(p);
      assert.equal(s.fastAnswers(), 1);
      clock += 1500;
      const { res } = await s.request(p);
      assert.equal(res.headers.get('x-cache'), 'hit'); // stale-while-revalidate, from the handler
      assert.equal(s.fastAnswers(), 1);
    } finally {
      await s.close();
    }
  });
});
