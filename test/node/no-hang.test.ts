/**
 * Requests never hang, even on a machine at a load average of 8 or more: the sandbox and the proxy
 * in front of it, both real servers on loopback, driven with a mix of reads, writes and check-in
 * bursts while CPU burners (child processes spinning for a bounded time, killed after the test)
 * keep two cores busy many times over. Every request must be answered, or its connection closed,
 * within the stated deadline; the worst latency is printed.
 *
 * The sandbox's 300-check-in burst once took 300-370 s under load (the five minutes of Node's
 * and undici's defaults). It did not recur here; this test keeps it from going unseen: a stall
 * fails within the deadline, naming the request, and the servers' own timeouts
 * (`sandbox/server-timeouts.ts`, `proxy/node.ts`) close what would otherwise wait.
 *
 * NO_HANG_BURNERS sets the number of burners (default 16 less the load average at the start, at
 * least 4; 0 runs the load alone).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { createProxy, type Proxy } from '../../proxy/index.js';
import { NODE_SERVER_OPTIONS, nodeListener } from '../../proxy/node.js';
import { startSandbox, type StartedSandbox } from '../../sandbox/index.js';
import { fixtureConferences, FX } from '../../sandbox/test/fixture.js';
import { API_PREFIX } from '../../src/api/contract.js';
import { CALL_TIMEOUT_MS, fetchWithin } from '../fetch-within.js';

/** Every request is answered or closed within this: the test clients' own timeout, far short of undici's 300 s. */
const DEADLINE_MS = CALL_TIMEOUT_MS;
const TARGET_LOAD = 8;
/**
 * Burners, fewer when other work already loads the machine (each is a process spinning on a core):
 * the load average is a one-minute mean, so on an idle machine 16 take about 40 s to lift it to 8.
 */
const BURNERS = process.env.NO_HANG_BURNERS
  ? Number(process.env.NO_HANG_BURNERS)
  : Math.min(16, Math.max(4, 16 - Math.floor(loadavg()[0]!)));
/** The longest wait for the load average to reach the target before measuring anyway. */
const RAMP_MS = 50_000;
/** The mixed load runs at least this long, and until the bursts are answered. */
const MEASURE_MS = 15_000;
/** A burner spins at most this long, even if this process dies without killing it. */
const BURNER_LIFETIME_MS = 180_000;
const KIOSK_TOKEN = 'no-hang-kiosk-token-0123456789';
const ORIGIN = 'https://conf.example.org';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { what: string; ms: number; status: number | 'closed' | 'hung'; error?: string };

describe('requests never hang under load', () => {
  const burners: ChildProcess[] = [];
  let sandbox: StartedSandbox;
  let proxy: Proxy;
  let proxyServer: Server;
  let proxyUrl: string;
  /** The proxy's first error and warning lines (a 502 or 504 says why there). */
  const proxyErrors: string[] = [];

  before(async () => {
    sandbox = await startSandbox({ db: ':memory:', seedData: fixtureConferences, startsOn: '2030-06-10', port: 0 });
    proxy = createProxy({
      upstream: sandbox.url,
      apiKey: FX.keys.all,
      allowedOrigins: [ORIGIN],
      kioskToken: KIOSK_TOKEN,
      bundlePath: null,
      logger: (line) => {
        if (/"level":"(error|warn)"/.test(line) && proxyErrors.length < 5) proxyErrors.push(line.slice(0, 400));
      },
      // One loopback address sends everything: limits that do not refuse, so writes reach the sandbox.
      rateLimit: {
        max: 1_000_000,
        kinds: { registrations: false, enrollments: false, abstracts: false, exhibits: false, uploads: false },
      },
      bodyLimits: { perAddress: 1_000 },
    });
    proxyServer = createServer(NODE_SERVER_OPTIONS, nodeListener(proxy));
    await new Promise<void>((resolve) => proxyServer.listen(0, '127.0.0.1', () => resolve()));
    proxyUrl = `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const b of burners) if (b.exitCode === null) b.kill('SIGKILL');
    proxyServer?.closeAllConnections();
    await new Promise<void>((resolve) => (proxyServer ? proxyServer.close(() => resolve()) : resolve()));
    await proxy?.close();
    await sandbox?.close();
  });

  it(
    `every request answered or closed within ${DEADLINE_MS / 1000} s, at a load average of ${TARGET_LOAD} or more`,
    { timeout: 150_000 },
    async () => {
      for (let i = 0; i < BURNERS; i++) {
        const lifetime = `const end = Date.now() + ${BURNER_LIFETIME_MS}; while (Date.now() < end) {}`;
        burners.push(spawn(process.execPath, ['-e', lifetime], { stdio: 'ignore' }));
      }
      const rampStarted = performance.now();
      while (loadavg()[0]! < TARGET_LOAD && performance.now() - rampStarted < RAMP_MS) await sleep(1000);
      const load = loadavg()[0]!;
      const ramp = `load average ${load.toFixed(1)} after ${Math.round((performance.now() - rampStarted) / 1000)} s with ${BURNERS} burners`;

      const outcomes: Outcome[] = [];
      const call = async (what: string, url: string, init: RequestInit = {}) => {
        const started = performance.now();
        let status: Outcome['status'];
        let error: string | undefined;
        try {
          status = (await fetchWithin(url, init, DEADLINE_MS)).res.status;
        } catch (e) {
          error = (e as Error).message;
          status = /no answer within/.test(error) ? 'hung' : 'closed';
        }
        outcomes.push({ what, ms: performance.now() - started, status, ...(error ? { error } : {}) });
      };

      const direct = `${sandbox.url}${API_PREFIX}`;
      const viaProxy = `${proxyUrl}${API_PREFIX}`;
      const json = { 'content-type': 'application/json' };
      const badge = (i: number) => `FX-${String((i % 30) + 1).padStart(4, '0')}`;
      let n = 0;
      const mixed: Array<() => Promise<void>> = [
        () =>
          call('read (proxy)', `${viaProxy}/events/events?limit=${1 + (n % 50)}&offset=${n % 7}`, {
            headers: { origin: ORIGIN },
          }),
        () => call('hot read (proxy)', `${viaProxy}/events/events?limit=20`, { headers: { origin: ORIGIN } }),
        () => call('health (sandbox)', `${direct}/health`, { headers: { 'x-api-key': FX.keys.all } }),
        () => {
          const i = ++n;
          const body = {
            firstName: 'Load',
            lastName: `Test ${i}`,
            email: `load-${i}@example.org`,
            ticketTypeId: FX.freeTicket,
            customFields: { organization: 'X' },
          };
          return call('registration (proxy)', `${viaProxy}/registrations/registrations`, {
            method: 'POST',
            headers: { ...json, origin: ORIGIN, 'idempotency-key': `no-hang-${i}` },
            body: JSON.stringify(body),
          });
        },
        () =>
          call('check-in (proxy)', `${viaProxy}/badges/checkin`, {
            method: 'POST',
            headers: { ...json, 'x-kiosk-token': KIOSK_TOKEN },
            body: JSON.stringify({ qr: badge(++n) }),
          }),
        () =>
          call('attendance (sandbox)', `${direct}/attendance/checkin`, {
            method: 'POST',
            headers: { ...json, 'x-api-key': FX.keys.all },
            body: JSON.stringify({ qr: `DAILY:${(n % 2) + 1}/${badge(++n)}` }),
          }),
      ];
      const burst = (what: string, count: number, url: string, headers: Record<string, string>) =>
        Promise.all(
          Array.from({ length: count }, (_, i) =>
            call(what, url, {
              method: 'POST',
              headers: { ...json, ...headers },
              body: JSON.stringify({ qr: badge(i) }),
            }),
          ),
        );

      const measureStarted = performance.now();
      let running = true;
      const worker = async () => {
        while (running) await mixed[Math.floor(Math.random() * mixed.length)]!();
      };
      const workers = Array.from({ length: 4 }, worker);
      // The burst that stalled: 300 check-ins at once straight at the sandbox, twice; and one through the proxy.
      const bursts = (async () => {
        await burst('burst check-in (sandbox)', 300, `${direct}/badges/checkin`, { 'x-api-key': FX.keys.all });
        await sleep(2_000);
        await burst('burst check-in (proxy)', 150, `${viaProxy}/badges/checkin`, { 'x-kiosk-token': KIOSK_TOKEN });
        await sleep(2_000);
        await burst('burst check-in (sandbox)', 300, `${direct}/badges/checkin`, { 'x-api-key': FX.keys.all });
      })();
      await Promise.all([bursts, sleep(MEASURE_MS)]);
      running = false;
      await Promise.all(workers);
      const measured = (performance.now() - measureStarted) / 1000;
      const loadAtEnd = loadavg()[0]!;

      const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
      const worst = outcomes.reduce((a, b) => (b.ms > a.ms ? b : a));
      const statuses: Record<string, number> = {};
      for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
      const hung = outcomes.filter((o) => o.status === 'hung');
      const closed = outcomes.filter((o) => o.status === 'closed');
      console.log(
        `no-hang: ${ramp} (${load >= TARGET_LOAD ? 'target reached' : `target ${TARGET_LOAD} NOT reached`}), ${loadAtEnd.toFixed(1)} at the end; ` +
          `${outcomes.length} requests in ${measured.toFixed(1)} s; latency p50 ${Math.round(latencies[Math.floor(latencies.length / 2)]!)} ms, ` +
          `p99 ${Math.round(latencies[Math.floor(latencies.length * 0.99)]!)} ms, max ${Math.round(worst.ms)} ms (${worst.what}); ` +
          `deadline ${DEADLINE_MS / 1000} s; statuses ${JSON.stringify(statuses)}`,
      );
      for (const line of proxyErrors) console.log(`no-hang: proxy said ${line}`);
      assert.ok(outcomes.length > 750, `only ${outcomes.length} requests sent`);
      assert.deepEqual(
        hung.map((o) => `${o.what}: ${o.error}`),
        [],
        'requests neither answered nor closed within the deadline',
      );
      assert.deepEqual(
        closed.map((o) => `${o.what}: ${o.error}`),
        [],
        'connections closed without an answer',
      );
      assert.ok(worst.ms < DEADLINE_MS);
    },
  );
});
