/**
 * The proxy under load on loopback, each figure beside a baseline measured in the same run:
 *
 * - cached reads: GET /events/events?limit=50 answered from the proxy's cache, beside a raw
 *   `node:http` server answering the same bytes from memory (goal: >= 70% of its throughput,
 *   <= 5 ms added at p99);
 * - the 304 path: the same read with a matching If-None-Match, beside a raw server answering 304
 *   (goal: >= 80%);
 * - cache misses (cache off): every read forwarded to the sandbox, beside a bare `node:http` +
 *   undici forwarder to the same sandbox (goal: >= 70%);
 * - venue screens: 1,000 screens polling the schedule every 30 s, on a virtual clock (ten
 *   simulated minutes, run in-process through the proxy's fetch handler): upstream calls per
 *   minute and per TTL (goal: one per TTL).
 *
 * Load generator and servers share this process (as in the sandbox bench), so ratios compare
 * like with like. The proxy's log lines are built but discarded.
 *
 * Env: BENCH_SECONDS (default 5 per run), BENCH_CONNECTIONS (default 50).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { createProxy, type ProxyOptions } from '../../proxy/index.js';
import { createSandbox, startSandbox } from '../../sandbox/index.js';
import { API_PREFIX } from '../../src/api/contract.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const KEY = 'demo-key-all';
const PATH = `${API_PREFIX}/events/events?limit=50`;

interface Figure {
  perSecond: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}, expect = 200): Promise<Figure> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const wrong = expect === 304 ? r['2xx'] + r.non2xx - r['3xx'] : r.non2xx;
  return { perSecond: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + wrong };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function serveProxy(options: Partial<ProxyOptions> & { upstream: string }) {
  const proxy = createProxy({ apiKey: KEY, bundlePath: null, logger: () => {}, rateLimit: false, ...options });
  const server = createServer(getRequestListener(proxy.fetch));
  return { url: await listen(server), close: async () => (server.closeAllConnections(), server.close(), proxy.close()) };
}

function row(name: string, proxy: Figure, base: Figure, baseName: string): string {
  const fmt = (f: Figure) => `${Math.round(f.perSecond).toString().padStart(7)} req/s, p99 ${f.p99} ms${f.errors ? `, ${f.errors} errors` : ''}`;
  return [
    `${name}`,
    `  proxy      ${fmt(proxy)}`,
    `  ${baseName.padEnd(10)} ${fmt(base)}`,
    `  ratio ${((proxy.perSecond / base.perSecond) * 100).toFixed(1)}% of throughput, p99 ${proxy.p99 - base.p99 >= 0 ? '+' : ''}${proxy.p99 - base.p99} ms`,
  ].join('\n');
}

const sandbox = await startSandbox({ db: ':memory:', rateLimit: false });
const upstream = sandbox.url;
console.log(`${SECONDS} s per run, ${CONNECTIONS} connections, loopback, one process`);

// --- cached reads and 304, beside a raw server with the same bytes ----------------------------
{
  const proxy = await serveProxy({ upstream, cache: { ttlMs: 3_600_000 } });
  const first = await fetch(proxy.url + PATH);
  const body = await first.text();
  const etag = first.headers.get('etag')!;
  const cacheControl = first.headers.get('cache-control')!;
  const raw = createServer((req, res) => {
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag, 'cache-control': cacheControl }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', etag, 'cache-control': cacheControl, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  const rawUrl = await listen(raw);
  console.log(`events page: ${body.length} bytes`);
  const proxyHit = await load(proxy.url + PATH);
  const rawHit = await load(rawUrl + PATH);
  console.log(row('cached read (X-Cache: hit)', proxyHit, rawHit, 'raw http'));
  const proxy304 = await load(proxy.url + PATH, { 'if-none-match': etag }, 304);
  const raw304 = await load(rawUrl + PATH, { 'if-none-match': etag }, 304);
  console.log(row('304 Not Modified', proxy304, raw304, 'raw http'));
  raw.closeAllConnections();
  raw.close();
  await proxy.close();
}

// --- cache misses, beside a bare node:http + undici forwarder ----------------------------------
{
  const proxy = await serveProxy({ upstream, cache: false });
  const agent = new Agent({ connections: 128, keepAliveTimeout: 30_000 });
  const forwarder = createServer((req, res) => {
    request(upstream + req.url, { method: 'GET', headers: { 'x-api-key': KEY, accept: 'application/json' }, dispatcher: agent }).then(
      (up) => {
        res.writeHead(up.statusCode, { 'content-type': String(up.headers['content-type'] ?? 'application/json') });
        up.body.pipe(res);
      },
      () => res.writeHead(502).end(),
    );
  });
  const forwarderUrl = await listen(forwarder);
  const proxyMiss = await load(proxy.url + PATH);
  const bareMiss = await load(forwarderUrl + PATH);
  console.log(row('cache miss (cache off, every read upstream)', proxyMiss, bareMiss, 'forwarder'));
  forwarder.closeAllConnections();
  forwarder.close();
  await agent.close();
  await proxy.close();
}

// --- 1,000 venue screens polling every 30 s, virtual clock --------------------------------------
{
  const SCREENS = 1000;
  const POLL_MS = 30_000;
  const TTL_MS = 30_000;
  const MINUTES = 10;
  const app = createSandbox({ db: ':memory:', rateLimit: false });
  let calls = 0;
  let clock = Date.parse('2026-06-01T08:00:00Z');
  const proxy = createProxy({
    upstream: 'http://sandbox.internal',
    apiKey: KEY,
    bundlePath: null,
    logger: () => {},
    now: () => clock,
    cache: { ttlMs: TTL_MS, staleWhileRevalidateMs: 30_000 },
    fetchImpl: async (input, init) => {
      calls++;
      return app.fetch(new Request(input as string, init));
    },
  });
  // Each screen polls at its own phase within the 30 s period; requests are replayed in time order.
  const start = clock;
  const polls: number[] = [];
  for (let s = 0; s < SCREENS; s++) {
    const phase = Math.floor((s * POLL_MS) / SCREENS);
    for (let t = phase; t < MINUTES * 60_000; t += POLL_MS) polls.push(start + t);
  }
  polls.sort((a, b) => a - b);
  let ok = 0;
  for (const at of polls) {
    clock = at;
    const res = await proxy.fetch(new Request(`http://proxy${API_PREFIX}/events/events`));
    if (res.status === 200) ok++;
    await res.arrayBuffer();
  }
  await new Promise((r) => setTimeout(r, 50));
  const perMinute = calls / MINUTES;
  console.log(
    [
      `venue screens: ${SCREENS} screens polling every ${POLL_MS / 1000} s, ${MINUTES} simulated minutes on a virtual clock (${polls.length} polls, ${ok} answered 200)`,
      `  upstream calls: ${calls} = ${perMinute.toFixed(1)} per minute = ${(calls / ((MINUTES * 60_000) / TTL_MS)).toFixed(2)} per ${TTL_MS / 1000} s TTL` +
        ` (without the proxy: ${(SCREENS * 60_000) / POLL_MS} per minute)`,
    ].join('\n'),
  );
  await proxy.close();
  app.close();
}

await sandbox.close();
