/**
 * Sandbox throughput under concurrent load on loopback, beside a raw `node:http` server that
 * answers the same JSON from memory in the same run: the ratio is what the sandbox's work
 * (key lookup, contract checks, SQLite, JSON) costs against the floor of HTTP itself.
 *
 * - reads: GET /events/events?limit=50 with the demo key;
 * - check-ins: POST /badges/checkin, every request a badge never scanned before (the check-in
 *   rate limit is switched off for the run).
 *
 * Env: BENCH_SECONDS (default 5 per run), BENCH_CONNECTIONS (default 50).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { API_PREFIX } from '../../src/api/contract.js';
import { startSandbox } from '../../sandbox/index.js';
import { DEMO_KEYS } from '../../sandbox/seed/demo.js';

/** A number from the environment; anything else stops the run (NaN would be an endless one). */
function setting(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`${name} must be a whole number from 1 to ${max}, got "${raw}".`);
    process.exit(2);
  }
  return value;
}

const SECONDS = setting('BENCH_SECONDS', 5, 600);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 50, 1000);
/** Never-scanned badges for the check-in run: far above any loopback rate, sized to the run. */
const BENCH_BADGES = SECONDS * 100_000;

interface Figure {
  perSecond: number;
  p99: number;
  errors: number;
}

async function load(opts: autocannon.Options): Promise<Figure> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { perSecond: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

function rawServer(status: number, body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    // Read the request body like the sandbox must, then answer from memory.
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server });
  }));
}

function row(name: string, sandbox: Figure, raw: Figure): string {
  const ratio = sandbox.perSecond / raw.perSecond;
  return `${name.padEnd(10)} sandbox ${Math.round(sandbox.perSecond).toString().padStart(7)} req/s (p99 ${sandbox.p99} ms, errors ${sandbox.errors})` +
    `   raw node:http ${Math.round(raw.perSecond).toString().padStart(7)} req/s (p99 ${raw.p99} ms)` +
    `   ratio ${(ratio * 100).toFixed(1)}%`;
}

const started = await startSandbox({ db: ':memory:', rateLimit: false });
const { store } = started.sandbox;
const conferenceId = store.keys.findBySecret(DEMO_KEYS.all)!.conferenceId;
const registrationId = store.registrations.list(conferenceId)[0]!.id;
// Enough never-scanned badges for every check-in of the run.
const insert = store.db.prepare('INSERT INTO badges (conference_id, code, registration_id) VALUES (?, ?, ?)');
store.db.transaction(() => {
  for (let i = 1; i <= BENCH_BADGES; i++) insert.run(conferenceId, `BENCH-${i}`, registrationId);
})();

const headers = { 'x-api-key': DEMO_KEYS.all, 'content-type': 'application/json' };
const readUrl = `${started.url}${API_PREFIX}/events/events?limit=50`;
const readBody = await (await fetch(readUrl, { headers })).text();
const checkinBody = await (await fetch(`${started.url}${API_PREFIX}/badges/checkin`, {
  method: 'POST', headers, body: JSON.stringify({ qr: 'BENCH-0', location: 'Bench' }),
})).text();

console.log(`${SECONDS} s per run, ${CONNECTIONS} connections, loopback; events page ${readBody.length} bytes`);
const rawRead = await rawServer(200, readBody);
const rawCheckin = await rawServer(201, checkinBody);
try {
  const sandboxReads = await load({ url: readUrl, headers });
  const rawReads = await load({ url: `${rawRead.url}/events`, headers });
  console.log(row('reads', sandboxReads, rawReads));

  let n = 0;
  const unique = { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify({ qr: `BENCH-${++n}`, location: 'Bench' }) }) };
  const sandboxCheckins = await load({ url: `${started.url}${API_PREFIX}/badges/checkin`, method: 'POST', headers, requests: [unique] });
  if (n > BENCH_BADGES) console.log(`(note: ${n - BENCH_BADGES} check-ins hit an unknown badge)`);
  const rawCheckins = await load({ url: `${rawCheckin.url}/checkin`, method: 'POST', headers, requests: [unique] });
  console.log(row('check-ins', sandboxCheckins, rawCheckins));
  const checked = store.db.prepare('SELECT COUNT(*) FROM badge_checkins').pluck().get() as number;
  console.log(`check-ins recorded: ${checked}`);
} finally {
  rawRead.server.close();
  rawCheckin.server.close();
  await started.close();
}
