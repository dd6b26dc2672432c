/**
 * The fast lane against the middleware chain it stands in for: three proxies on one upstream,
 * served by `nodeListener` (the CLI's), by `proxy.fetch` under @hono/node-server (what a
 * `getRequestListener` mount or an edge runtime runs; fast lane in front of the chain), and by the
 * chain alone. Every answer must carry the same status, headers, body and log line as the chain's.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  API,
  KEY,
  ORIGIN,
  assertNoKeyLeaks,
  rawRequest,
  startStack,
  startUpstream,
  type CountingUpstream,
  type Stack,
} from './harness.js';

let upstream: CountingUpstream;
let node: Stack;
let viaFetch: Stack;
let chain: Stack;
// One still clock: `max-age` counts down by the second, and the lanes must be compared on equal terms.
const still = Date.now();
before(async () => {
  upstream = await startUpstream();
  node = await startStack({ now: () => still }, {}, upstream, 'node');
  viaFetch = await startStack({ now: () => still }, {}, upstream, 'fetch');
  chain = await startStack({ now: () => still }, {}, upstream, 'chain');
});
after(async () => {
  await node.close();
  await viaFetch.close();
  await chain.close();
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

interface Answer {
  res: Response;
  text: string;
}

/**
 * Asks all three proxies (the cache warmed on each first). `fast`: neither lane passed the
 * request to the chain.
 */
async function both(path: string, init: RequestInit = {}) {
  const lanes = [node, viaFetch];
  for (const s of [...lanes, chain]) await s.request(path);
  const before = lanes.map((s) => s.chainCalls());
  const answers: Answer[] = [];
  for (const s of lanes) answers.push(await s.request(path, init));
  const fast = lanes.map((s, i) => s.chainCalls() === before[i]);
  assert.equal(fast[0], fast[1], 'both lanes take the same requests');
  const b = await chain.request(path, init);
  return { a: answers[0]!, viaFetch: answers[1]!, b, fast: fast[0]! };
}

/** Both lanes' answers and log lines equal the chain's. */
function assertSame(r: { a: Answer; viaFetch: Answer; b: Answer }) {
  for (const [a, stack] of [
    [r.a, node],
    [r.viaFetch, viaFetch],
  ] as const) {
    assert.equal(a.res.status, r.b.res.status);
    assert.deepEqual(headersOf(a.res), headersOf(r.b.res));
    assert.equal(a.text, r.b.text);
    assert.deepEqual(lastLog(stack), lastLog(chain));
  }
}

describe('fast lane (nodeListener, proxy.fetch) beside the middleware chain', () => {
  const path = `${API}/events/events?limit=5`;

  test('a fresh hit: same status, headers, body and log line; served by the fast lane', async () => {
    const r = await both(path);
    const { a, fast } = r;
    assert.ok(fast, 'the fast lane answered');
    assert.equal(a.res.headers.get('x-cache'), 'hit');
    // Over 1 kB of JSON: compressed for fetch's `Accept-Encoding: gzip, deflate`, so it varies on that too.
    assert.equal(a.res.headers.get('vary'), 'Accept-Encoding, Origin');
    assert.equal(a.res.headers.get('content-encoding'), 'gzip');
    assertSame(r);
    assert.ok(!JSON.stringify([...a.res.headers]).includes(KEY) && !a.text.includes(KEY));
  });

  test('304 on a matching If-None-Match (also weak, also in a list)', async () => {
    const etag = (await node.request(path)).res.headers.get('etag')!;
    const weak = etag.startsWith('W/') ? etag : `W/${etag}`;
    for (const ifNoneMatch of [etag, `"x", ${weak}`, '*']) {
      const r = await both(path, { headers: { 'if-none-match': ifNoneMatch } });
      const { a, fast } = r;
      assert.ok(fast);
      assert.equal(a.res.status, 304);
      assertSame(r);
    }
  });

  test('an allowed origin gets the grant; a refused one none, exactly as without the fast lane', async () => {
    const allowed = await both(path, { headers: { origin: ORIGIN } });
    assert.ok(allowed.fast);
    assert.equal(allowed.a.res.headers.get('access-control-allow-origin'), ORIGIN);
    assertSame(allowed);
    const refused = await both(path, { headers: { origin: 'https://evil.example' } });
    assert.equal(refused.fast, false, 'a refused origin goes the long way');
    assert.equal(refused.a.res.headers.get('access-control-allow-origin'), null);
    assertSame(refused);
  });

  test('an unknown path, a server endpoint and an invalid query: the handler answers, no upstream call', async () => {
    for (const p of [
      `${API}/events/nope`,
      `${API}/health`,
      `${API}/events/events?limit=5%27`,
      `${API}/events/events?limit=<x>`,
    ]) {
      const calls = upstream.total();
      const r = await both(p);
      const { a, fast } = r;
      assert.equal(fast, false, p);
      assert.ok(a.res.status === 404 || a.res.status === 400, `${p}: ${a.res.status}`);
      assertSame(r);
      assert.equal(upstream.total(), calls, p);
    }
  });

  test('the log line scrubs the key even from a query parameter value', async () => {
    const r = await both(`${API}/events/events?limit=5&include=${KEY}`);
    assert.ok(r.fast);
    assertSame(r);
    assert.ok(!node.logs.at(-1)!.includes(KEY));
  });

  test('targets the handler refuses stay refused (raw socket, dot segments, absolute form)', async () => {
    for (const line of [
      `GET ${API}/events/../events/events HTTP/1.1`,
      `GET ${API}//events/events HTTP/1.1`,
      `GET http://evil.example${API}/events/events HTTP/1.1`,
    ]) {
      const r = await rawRequest(node.url, line);
      assert.equal(r.status, 404, line);
    }
  });

  test('Prefer reaches the sandbox when scenario headers are forwarded (never answered from cache)', async () => {
    const s = await startStack({ forwardScenarioHeaders: true }, {}, upstream, 'node');
    try {
      const p = `${API}/events/venues?limit=2`;
      await s.request(p);
      const before = s.chainCalls();
      const { res } = await s.request(p, { headers: { prefer: 'code=500' } });
      assert.equal(res.status, 500);
      assert.equal(s.chainCalls(), before + 1);
    } finally {
      await s.close();
    }
  });

  test('an entry past its TTL is not answered as a fresh hit; the read path serves it stale-while-revalidate, without the chain', async () => {
    let clock = Date.now();
    const s = await startStack({ now: () => clock, cache: { ttlMs: 1000 } }, {}, upstream, 'node');
    try {
      const p = `${API}/events/speakers?limit=3`;
      const lane = { target: p, origin: undefined, ifNoneMatch: undefined, prefer: undefined };
      await s.request(p);
      assert.equal(s.proxy.fastLane.answer(lane)?.status, 200, 'a fresh hit');
      clock += 1500;
      assert.equal(s.proxy.fastLane.answer(lane), null, 'past its TTL: not a fresh hit');
      const { res } = await s.request(p);
      assert.equal(res.headers.get('x-cache'), 'hit'); // stale-while-revalidate
      assert.equal(s.chainCalls(), 0, "misses and stale copies too: nodeListener's lane read them");
    } finally {
      await s.close();
    }
  });

  test('an edge host (a Request, no Node request): the same answer as the chain, without it', async () => {
    const p = `http://proxy.example${API}/events/events?limit=4`;
    const proxy = viaFetch.proxy;
    await proxy.fetch(new Request(p));
    const calls = viaFetch.chainCalls();
    const init = { headers: { origin: ORIGIN } };
    const fast = await proxy.fetch(new Request(p, init));
    assert.equal(viaFetch.chainCalls(), calls, 'answered by the fast lane');
    const slow = await proxy.app.fetch(new Request(p, init));
    assert.equal(fast.status, slow.status);
    assert.deepEqual(Object.fromEntries(fast.headers), Object.fromEntries(slow.headers));
    assert.equal(await fast.text(), await slow.text());
    const etag = fast.headers.get('etag')!;
    const notModified = await proxy.fetch(new Request(p, { headers: { 'if-none-match': etag } }));
    assert.equal(notModified.status, 304);
    assert.equal(viaFetch.chainCalls(), calls + 1);
  });
});

describe("nodeListener's lane for other reads (misses, the cache off, upstream errors) beside the middleware chain", () => {
  /** The same read through nodeListener and the chain alone, each on its own fresh proxy. */
  async function compare(options: Parameters<typeof startStack>[0], reads: [string, RequestInit][]) {
    const lane = await startStack({ now: () => still, ...options }, {}, upstream, 'node');
    const only = await startStack({ now: () => still, ...options }, {}, upstream, 'chain');
    const seen: Answer[] = [];
    try {
      for (const [p, init] of reads) {
        const a = await lane.request(p, init);
        const b = await only.request(p, init);
        const what = `${p} ${JSON.stringify(init)} ${JSON.stringify(options)}`;
        assert.equal(a.res.status, b.res.status, what);
        assert.deepEqual(headersOf(a.res), headersOf(b.res), what);
        assert.equal(a.text, b.text, what);
        // The upstream's time differs per call; whether it is logged does not.
        const [{ upstreamMs: laneMs, ...laneLog }, { upstreamMs: onlyMs, ...onlyLog }] = [lastLog(lane), lastLog(only)];
        assert.equal(typeof laneMs, typeof onlyMs, what);
        assert.deepEqual(laneLog, onlyLog, what);
        seen.push(a);
      }
      assert.equal(lane.chainCalls(), 0, 'every read answered without the chain');
    } finally {
      await lane.close();
      await only.close();
    }
    return seen;
  }

  test('a miss, a miss with an allowed origin and a 304 on a miss, cache on and off: same status, headers, body and log line', async () => {
    const p = `${API}/events/events?limit=7`;
    const etag = (await node.request(p)).res.headers.get('etag')!;
    for (const options of [{}, { cache: false as const }]) {
      const [miss, withOrigin, notModified] = await compare(options, [
        [p, {}],
        [`${API}/events/events?limit=8`, { headers: { origin: ORIGIN } }],
        [
          `${API}/events/events?limit=9`,
          { headers: { 'if-none-match': etag.replace('W/', '').replace(/-gz"$/, '"') } },
        ],
      ]);
      assert.equal(miss!.res.headers.get('x-cache'), 'miss');
      assert.equal(withOrigin!.res.headers.get('access-control-allow-origin'), ORIGIN);
      assert.ok(notModified!.res.status === 200 || notModified!.res.status === 304);
    }
  });

  test('an upstream error passed on (404 in the error shape, with its Retry-After and a Link): the same answer and log line', async () => {
    const failing = createServer((_req, res) => {
      const body = JSON.stringify({ error: { code: 'not_found', message: 'No such page.' } });
      res.writeHead(404, { 'content-type': 'application/json', 'retry-after': '7', link: '</x>; rel="help"' });
      res.end(body);
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
      for (const options of [{ upstream: url }, { upstream: url, cache: false as const }]) {
        const [missing] = await compare(options, [[`${API}/events/events?limit=3`, { headers: { origin: ORIGIN } }]]);
        assert.equal(missing!.res.status, 404);
        assert.equal(missing!.res.headers.get('retry-after'), '7');
      }
    } finally {
      failing.closeAllConnections();
      failing.close();
    }
  });

  test('a miss on an upstream that cannot be reached: the same 502 in the error shape and log line', async () => {
    const [down] = await compare({ upstream: 'http://127.0.0.1:9', retry: { retries: 0 } }, [
      [`${API}/events/events?limit=3`, {}],
    ]);
    assert.equal(down!.res.status, 502);
    assert.equal((JSON.parse(down!.text) as { error: { code: string } }).error.code, 'bad_gateway');
  });
});
