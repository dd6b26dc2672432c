/**
 * Sandbox throughput under concurrent load on loopback, beside a raw `node:http` server that
 * answers the same bytes from memory in the same run: the ratio is what the sandbox's work
 * (key lookup, contract checks, SQLite, JSON) costs against the floor of HTTP itself.
 *
 * - reads: GET /events/events?limit=50 with the demo key (the 29 KB events page);
 * - check-ins: POST /badges/checkin, every request a badge never scanned before (the check-in
 *   rate limit is switched off for the run);
 *
 * each on the sandbox over ':memory:' and over a file database (WAL, the CLI's default kind; in a
 * temporary directory removed afterwards).
 *
 * Every server runs in its own child process (`sandbox-child.ts`) and autocannon stays in this
 * one, so the load generator's CPU weighs on no server, and each server's own CPU time per
 * request is measured in its process: steadier than throughput on a shared machine, as time spent
 * waiting for a core is not counted. Rounds are interleaved (each server once per round, the
 * order rotated per round so no server always runs first), after a short warm-up; the round with
 * the median throughput ratio is reported, with every round's figures.
 *
 * Env: BENCH_SECONDS (default 5 per run), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default
 * 3), BENCH_CPU_PROF (a directory: the sandbox processes write `--cpu-prof` profiles there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_PREFIX } from '../../src/api/contract.js';
import { forkServer, type BenchChild } from './sandbox-child.js';

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
const ROUNDS = setting('BENCH_ROUNDS', 3, 15);
const WARMUP_SECONDS = 1;
/** Sandbox reads against raw `node:http` in the same run (issue 12's budget), by CPU and by throughput. */
const READ_GOAL = 0.25;
/** Never-scanned badges added before each check-in run, per second of it: far above any loopback rate. */
const BADGES_PER_SECOND = 50_000;
/** The demo key (`DEMO_KEYS.all`), written out so this process loads no sandbox code. */
const KEY = 'demo-key-all';
const HEADERS = { 'x-api-key': KEY, 'content-type': 'application/json' };

interface Target {
  name: string;
  child: BenchChild;
  /** Paths of the events page and of check-in on this server. */
  read: string;
  checkin: string;
  /** Badges used so far (each check-in takes the next); the sandbox's own badge count. */
  used: number;
  sandbox: boolean;
  /** Check-ins answered 2xx, to compare with what the database recorded. */
  checkedIn: number;
}

interface Figure {
  perSecond: number;
  p99: number;
  errors: number;
  /** The server process's CPU time per request, in µs. */
  cpuUs: number;
}

type Kind = 'reads' | 'check-ins';

async function load(t: Target, kind: Kind, seconds: number): Promise<Figure> {
  const opts: autocannon.Options = {
    url: t.child.url + t.read,
    headers: HEADERS,
    connections: CONNECTIONS,
    duration: seconds,
  };
  if (kind === 'check-ins') {
    // The raw server gets the same unique bodies, so the load generator works alike for both.
    if (t.sandbox) await t.child.ask({ type: 'badges', upTo: t.used + seconds * BADGES_PER_SECOND });
    const unique = {
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        body: JSON.stringify({ qr: `BENCH-${++t.used}`, location: 'Bench' }),
      }),
    };
    Object.assign(opts, { url: t.child.url + t.checkin, method: 'POST', requests: [unique] });
  }
  const cpu = await t.child.ask({ type: 'cpu' });
  const r = await autocannon(opts);
  const used = (await t.child.ask({ type: 'cpu' })) - cpu;
  if (kind === 'check-ins') t.checkedIn += r['2xx'];
  return {
    perSecond: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuUs: used / Math.max(1, r.requests.total),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const fmt = (f: Figure) =>
  `${Math.round(f.perSecond).toString().padStart(6)} req/s, p99 ${String(f.p99).padStart(3)} ms, server ${f.cpuUs.toFixed(0).padStart(4)} µs CPU/req` +
  (f.errors ? `, ${f.errors} errors` : '');

/** Per sandbox target: the round with the median ratio beside that round's raw figure, then every round. */
function report(kind: Kind, what: string, targets: Target[], all: Figure[][]): void {
  console.log(`${kind}: ${what}, median of ${all.length} rounds`);
  const [raw, ...sandboxes] = targets;
  sandboxes.forEach((t, s) => {
    const i = s + 1;
    const ratios = all.map((round) => round[i]!.perSecond / round[0]!.perSecond);
    const cpu = all.map((round) => round[0]!.cpuUs / round[i]!.cpuUs);
    const round = all[ratios.indexOf(median(ratios))]!;
    console.log(
      [
        `  ${t.name.padEnd(20)} ${fmt(round[i]!)}`,
        `  ${raw!.name.padEnd(20)} ${fmt(round[0]!)}`,
        `    ratio ${pct(median(ratios))} of raw throughput, p99 ${round[i]!.p99 - round[0]!.p99 >= 0 ? '+' : ''}${round[i]!.p99 - round[0]!.p99} ms;` +
          ` server CPU per request raw/sandbox ${pct(median(cpu))} [every round: ${cpu.map(pct).join(' ')}]`,
        `    every round (sandbox/raw req/s, ratio): ${all.map((r, n) => `${Math.round(r[i]!.perSecond)}/${Math.round(r[0]!.perSecond)} ${pct(ratios[n]!)}`).join('  ')}`,
      ].join('\n'),
    );
    if (kind === 'reads') {
      const met = (x: number) => (x >= READ_GOAL ? 'met' : 'NOT MET');
      console.log(
        `    goal: ${t.name} reads >= ${pct(READ_GOAL)} of raw node:http: server CPU per request ${pct(median(cpu))} ${met(median(cpu))};` +
          ` throughput ${pct(median(ratios))} ${met(median(ratios))}`,
      );
    }
  });
}

const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const children: BenchChild[] = [];
// Ctrl-C: the children exit on their own when this process goes; the temp directory would not.
process.once('SIGINT', () => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(130);
});
try {
  const start = Date.now();
  const sandboxTarget = async (name: string, db: string): Promise<Target> => {
    const child = await forkServer({ role: 'sandbox', db }, profile);
    children.push(child);
    return {
      name,
      child,
      read: `${API_PREFIX}/events/events?limit=50`,
      checkin: `${API_PREFIX}/badges/checkin`,
      used: 0,
      sandbox: true,
      checkedIn: 0,
    };
  };
  const [memory, file] = await Promise.all([
    sandboxTarget('sandbox :memory:', ':memory:'),
    sandboxTarget('sandbox file (WAL)', join(dir, 'sandbox.db')),
  ]);

  // The bytes the raw server answers: the sandbox's own events page and a check-in's 201.
  const read = await fetch(memory!.child.url + memory!.read, { headers: HEADERS });
  const readBody = await read.text();
  await memory!.child.ask({ type: 'badges', upTo: 1 });
  const checkin = await fetch(memory!.child.url + memory!.checkin, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ qr: `BENCH-${++memory!.used}`, location: 'Bench' }),
  });
  const checkinBody = await checkin.text();
  memory!.checkedIn++;
  if (read.status !== 200 || checkin.status !== 201)
    throw new Error(`sandbox answered ${read.status} / ${checkin.status}`);
  const rawChild = await forkServer({
    role: 'raw',
    routes: { '/events': { status: 200, body: readBody }, '/checkin': { status: 201, body: checkinBody } },
  });
  children.push(rawChild);
  const raw: Target = {
    name: 'raw node:http',
    child: rawChild,
    read: '/events',
    checkin: '/checkin',
    used: 0,
    sandbox: false,
    checkedIn: 0,
  };
  const targets = [raw, memory!, file!];

  const estimate = 2 * targets.length * (WARMUP_SECONDS + ROUNDS * SECONDS);
  console.log(
    `${SECONDS} s per run, ${ROUNDS} rounds, ${CONNECTIONS} connections, loopback; each server in its own process, ` +
      `autocannon in the bench's; events page ${Buffer.byteLength(readBody)} bytes; about ${estimate} s of load`,
  );
  const kinds: Kind[] = ['reads', 'check-ins'];
  for (const kind of kinds) for (const t of targets) await load(t, kind, WARMUP_SECONDS);
  const figures: Record<Kind, Figure[][]> = { reads: [], 'check-ins': [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const kind of kinds) {
      const round: Figure[] = [];
      // Rotated order, results kept in target order (raw first).
      for (let k = 0; k < targets.length; k++) {
        const i = (k + r) % targets.length;
        round[i] = await load(targets[i]!, kind, SECONDS);
      }
      figures[kind].push(round);
    }
  }

  report('reads', `GET ${memory!.read}`, targets, figures.reads);
  report('check-ins', `POST ${memory!.checkin}, a new badge each`, targets, figures['check-ins']);
  // A run stops with up to CONNECTIONS check-ins in flight: recorded, their answers never read.
  const inFlight = CONNECTIONS * (ROUNDS + 1);
  const recorded = await Promise.all(
    [memory!, file!].map(async (t) => {
      const n = await t.child.ask({ type: 'checkins' });
      const ok = n >= t.checkedIn && n - t.checkedIn <= inFlight;
      return `${t.name} ${n} (answered 201: ${t.checkedIn}${ok ? '' : `; MISMATCH, more than ${inFlight} in flight`})`;
    }),
  );
  console.log(`check-ins recorded: ${recorded.join(', ')}; ${((Date.now() - start) / 1000).toFixed(0)} s in all`);
} finally {
  await Promise.all(children.map((c) => c.close()));
  rmSync(dir, { recursive: true, force: true });
}
