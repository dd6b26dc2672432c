/**
 * Memory under load: the proxy, in its own process, in front of the sandbox (in another), under a
 * mixed load for 10 minutes, its RSS and heap sampled every 10 s and printed as a table.
 *
 * The load (SOAK_WORKERS concurrent loops, each request picked at random by weight): reads of
 * many distinct pages (every endpoint with paging, random limit and offset: far more cache keys
 * than the cache holds), hot reads and their 304s, registrations with a new Idempotency-Key and
 * replays of earlier ones, badge and attendance check-ins with the kiosk token, uploads, and bad
 * requests (unknown paths, bad queries, bodies that are not JSON, HTML sent as a PDF, check-ins
 * without the token).
 *
 * Before every sample the proxy collects its garbage in full (`--expose-gc`), so each row's heap
 * is what it really keeps. The first row is the baseline: the proxy started and idle, before any
 * load. The memory stores' entries and bytes (their own estimate) are shown beside.
 *
 * The closing lines state the bound, the baseline RSS plus the sum of the memory stores' byte
 * bounds (the cache, the idempotency records, the rate-limit windows: what the proxy may keep),
 * and whether RSS stayed under it; and the plateau of RSS and of the heap: the first sample after
 * which nothing rises more than 5% above the highest value reached so far (`plateau.ts`; none when
 * growth goes on over the last third of the run). A last row is taken after 10 s without load.
 *
 * Env: SOAK_MINUTES (default 10), SOAK_SAMPLE_SECONDS (default 10), SOAK_WORKERS (default 20),
 * SOAK_IDEMPOTENCY_ENTRIES (the idempotency store's entry bound, default the proxy's 10,000: on a
 * slow machine the store is still filling at minute 10; a smaller bound shows the heap once it is
 * full).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { DEMO_KEYS } from '../../sandbox/seed/demo.js';
import { API_PREFIX } from '../../src/api/contract.js';
import { levelAt, PLATEAU_SLACK, plateauIndex } from './plateau.js';
import { forkServer } from './sandbox-child.js';
import type { MemorySample, SoakProxyConfig } from './soak-proxy-child.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10) * 1000;
const WORKERS = Number(process.env.SOAK_WORKERS ?? 20);
const IDEMPOTENCY_ENTRIES = process.env.SOAK_IDEMPOTENCY_ENTRIES ? Number(process.env.SOAK_IDEMPOTENCY_ENTRIES) : null;
const TOTAL_MS = MINUTES * 60_000;
const KIOSK_TOKEN = 'soak-kiosk-token-0123456789';
const MB = 1024 * 1024;

async function startProxy(config: SoakProxyConfig) {
  const child = fork(fileURLToPath(new URL('./soak-proxy-child.ts', import.meta.url)), [JSON.stringify(config)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`soak proxy exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        resolve(m as T);
      });
    });
  const { url } = await next<{ url: string }>();
  return {
    url,
    sample(gc: boolean): Promise<MemorySample> {
      const answer = next<MemorySample>();
      child.send({ type: 'sample', gc });
      return answer;
    },
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

type Op = { weight: number; name: string; run: () => Promise<number> };

async function main(): Promise<void> {
  const sandbox = await forkServer({ role: 'sandbox', db: ':memory:' });
  const proxy = await startProxy({
    upstream: sandbox.url,
    apiKey: DEMO_KEYS.all,
    kioskToken: KIOSK_TOKEN,
    ...(IDEMPOTENCY_ENTRIES ? { idempotencyEntries: IDEMPOTENCY_ENTRIES } : {}),
  });
  const agent = new Agent({ connections: WORKERS * 2, pipelining: 1 });
  const api = `${proxy.url}${API_PREFIX}`;
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
    body?: string | Buffer,
  ) => {
    const res = await request(url, { method, headers, body, dispatcher: agent });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  };

  // A registration body built from the demo conference's own configuration, as the form builds it.
  const config = JSON.parse((await call('GET', `${api}/registrations/config`)).text).data;
  const ticket =
    config.ticket_types.find((t: { price: { amount: number } }) => t.price.amount === 0) ?? config.ticket_types[0];
  const customFields: Record<string, string> = {};
  for (const f of config.fields) if (f.enabled && f.required) customFields[f.name] = f.options?.[0]?.value ?? 'Soak';
  let registrations = 0;
  const registration = () => {
    const n = ++registrations;
    const body: Record<string, unknown> = {
      firstName: 'Soak',
      lastName: `Person ${n}`,
      email: `soak-${n}@example.org`,
      ticketTypeId: ticket.id,
      customFields,
    };
    if (ticket.price.amount > 0) {
      Object.assign(body, {
        paymentMethodId: config.payment_methods[0].id,
        paymentReference: `SOAK-${n}`,
        paymentProofUrl: 'https://example.org/proof.pdf',
      });
    }
    return { key: `soak-${process.pid}-${n}`, body: JSON.stringify(body) };
  };
  const sent: { key: string; body: string }[] = [];

  const json = { 'content-type': 'application/json' };
  const kiosk = { ...json, 'x-kiosk-token': KIOSK_TOKEN };
  const paged = [
    '/events/events',
    '/events/venues',
    '/events/speakers',
    '/events/workshops',
    '/exhibition/exhibits',
    '/abstracts/abstracts',
  ];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const badge = () => `DEMO-${String(1 + Math.floor(Math.random() * 500)).padStart(4, '0')}`;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(16 * 1024, 0x20)]);
  const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
  let hotEtag = '';

  const ops: Op[] = [
    {
      name: 'distinct read',
      weight: 30,
      run: async () =>
        (
          await call(
            'GET',
            `${api}${pick(paged)}?limit=${1 + Math.floor(Math.random() * 200)}&offset=${Math.floor(Math.random() * 300)}`,
          )
        ).status,
    },
    {
      name: 'hot read',
      weight: 15,
      run: async () => {
        const r = await call('GET', `${api}/events/events?limit=50`);
        hotEtag = String(r.headers.etag ?? '');
        return r.status;
      },
    },
    {
      name: '304',
      weight: 15,
      run: async () => (await call('GET', `${api}/events/events?limit=50`, { 'if-none-match': hotEtag })).status,
    },
    {
      name: 'registration',
      weight: 7,
      run: async () => {
        const r = registration();
        sent.push(r);
        if (sent.length > 500) sent.shift();
        return (await call('POST', `${api}/registrations/registrations`, { ...json, 'idempotency-key': r.key }, r.body))
          .status;
      },
    },
    {
      name: 'replay',
      weight: 5,
      run: async () => {
        const r = sent.length ? pick(sent) : registration();
        return (await call('POST', `${api}/registrations/registrations`, { ...json, 'idempotency-key': r.key }, r.body))
          .status;
      },
    },
    {
      name: 'check-in',
      weight: 8,
      run: async () =>
        Math.random() < 0.5
          ? (await call('POST', `${api}/badges/checkin`, kiosk, JSON.stringify({ qr: badge(), location: 'Foyer' })))
              .status
          : (
              await call(
                'POST',
                `${api}/attendance/checkin`,
                kiosk,
                JSON.stringify({ qr: `DAILY:${1 + Math.floor(Math.random() * 3)}/${badge()}` }),
              )
            ).status,
    },
    {
      name: 'upload',
      weight: 5,
      run: async () =>
        (
          await call(
            'PUT',
            `${proxy.url}/uploads/registration-evidence?filename=proof.pdf`,
            { 'content-type': 'application/pdf' },
            pdf,
          )
        ).status,
    },
    {
      name: 'bad request',
      weight: 15,
      run: async () => {
        switch (Math.floor(Math.random() * 7)) {
          case 0:
            return (await call('GET', `${api}/nope/${Math.random()}`)).status;
          case 1:
            return (await call('GET', `${api}/events/events?limit=abc${Math.floor(Math.random() * 1000)}`)).status;
          case 2:
            return (await call('POST', `${api}/registrations/registrations`, json, '{"firstName":')).status;
          case 3:
            return (await call('POST', `${api}/abstracts/submissions`, { 'content-type': 'text/plain' }, 'hello'))
              .status;
          case 4:
            return (
              await call(
                'PUT',
                `${proxy.url}/uploads/registration-evidence?filename=x.pdf`,
                { 'content-type': 'application/pdf' },
                html,
              )
            ).status;
          case 5:
            return (await call('POST', `${api}/badges/checkin`, json, JSON.stringify({ qr: badge() }))).status;
          default:
            return (await call('GET', `${api}/events/%2e%2e/health`)).status;
        }
      },
    },
  ];
  const totalWeight = ops.reduce((n, o) => n + o.weight, 0);
  const choose = () => {
    let r = Math.random() * totalWeight;
    for (const op of ops) if ((r -= op.weight) < 0) return op;
    return ops[0]!;
  };

  const counts = { total: 0, s2: 0, s304: 0, s4: 0, s5: 0, failed: 0 };
  let running = true;
  const worker = async () => {
    while (running) {
      try {
        const status = await choose().run();
        counts.total++;
        if (status === 304) counts.s304++;
        else if (status < 300) counts.s2++;
        else if (status < 500) counts.s4++;
        else counts.s5++;
      } catch {
        counts.failed++;
      }
    }
  };

  console.log(
    `soak: ${MINUTES} min, ${WORKERS} workers, a sample every ${SAMPLE_MS / 1000} s, each after a full GC in the proxy` +
      (IDEMPOTENCY_ENTRIES ? `; idempotency store bound ${IDEMPOTENCY_ENTRIES} entries` : ''),
  );
  const header = [
    't (s)',
    'req/s',
    '2xx',
    '304',
    '4xx',
    '5xx',
    'net err',
    'RSS MB',
    'heap MB',
    'heap total',
    'ext+buf MB',
    'cache entries/MB',
    'idem entries/MB',
    'rate entries/MB',
  ];
  const mb = (n: number) => (n / MB).toFixed(1);
  const print = (row: string[]) =>
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(7) : c.padStart(i >= 11 ? 17 : 9))).join(' '));
  print(header);

  const samples: { t: number; m: MemorySample }[] = [];
  let last = { ...counts };
  let lastAt = performance.now();
  const row = async (label: string, t: number | null) => {
    const m = await proxy.sample(true);
    const now = performance.now();
    const d = (k: keyof typeof counts) => counts[k] - last[k];
    print([
      label,
      String(Math.round((d('total') * 1000) / (now - lastAt))),
      String(d('s2')),
      String(d('s304')),
      String(d('s4')),
      String(d('s5')),
      String(d('failed')),
      mb(m.rss),
      mb(m.heapUsed),
      mb(m.heapTotal),
      mb(m.external + m.arrayBuffers),
      `${m.cache.entries}/${mb(m.cache.bytes)}`,
      `${m.idempotency.entries}/${mb(m.idempotency.bytes)}`,
      `${m.rateLimit.entries}/${mb(m.rateLimit.bytes)}`,
    ]);
    last = { ...counts };
    lastAt = now;
    if (t !== null) samples.push({ t, m });
    return m;
  };

  // The baseline: started, one read done (the registration form's configuration), no load yet.
  const baseline = await row('0', 0);
  const started = performance.now();
  lastAt = started;
  const workers = Array.from({ length: WORKERS }, worker);
  for (let t = SAMPLE_MS; t <= TOTAL_MS; t += SAMPLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + t - performance.now())));
    await row(String(t / 1000), t);
  }
  running = false;
  await Promise.all(workers);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  await row('idle+10', null);

  const held = (m: MemorySample) => m.cache.bytes + m.idempotency.bytes + m.rateLimit.bytes;
  const storesBound = baseline.cache.maxBytes + baseline.idempotency.maxBytes + baseline.rateLimit.maxBytes;
  // The load's own working set (sockets, buffers in flight, compression, V8's young generation)
  // comes on top of the idle baseline at once: the first loaded sample, less what the stores held then.
  const firstLoaded = samples[1] ?? samples[0]!;
  const first = firstLoaded.m;
  const loadedBaseline = first.rss - held(first);
  const bound = loadedBaseline + storesBound;
  const highest = samples.reduce((a, b) => (b.m.rss > a.m.rss ? b : a));
  console.log(
    `requests: ${counts.total} (${Math.round(counts.total / (TOTAL_MS / 1000))}/s), 5xx ${counts.s5}, network errors ${counts.failed}; ` +
      `registrations sent ${registrations}; check-ins recorded ${await sandbox.ask({ type: 'checkins' })}`,
  );
  console.log(
    `baseline: RSS ${mb(baseline.rss)} MB idle; ${mb(loadedBaseline)} MB under load (${mb(first.rss)} MB at ${firstLoaded.t / 1000} s less the ${mb(held(first))} MB its stores held)`,
  );
  console.log(
    `bound: RSS <= baseline under load ${mb(loadedBaseline)} MB + the stores' byte bounds ${mb(storesBound)} MB (cache ${mb(baseline.cache.maxBytes)}, ` +
      `idempotency ${mb(baseline.idempotency.maxBytes)}, rate limit ${mb(baseline.rateLimit.maxBytes)}) = ${mb(bound)} MB; ` +
      `highest RSS ${mb(highest.m.rss)} MB at ${highest.t / 1000} s: ${highest.m.rss <= bound ? 'within' : 'OVER'}; ` +
      `the stores held ${mb(held(samples.at(-1)!.m))} MB at the end`,
  );
  const plateau = (name: string, pick: (m: MemorySample) => number) => {
    const values = samples.map((s) => pick(s.m));
    const at = plateauIndex(values);
    if (at === null)
      return `${name}: no plateau (it rose more than ${PLATEAU_SLACK * 100}% over the last third of the run)`;
    const later = Math.max(...values.slice(at + 1));
    return (
      `${name} reached ${mb(levelAt(values, at))} MB at ${samples[at]!.t / 1000} s and never rose more than ${PLATEAU_SLACK * 100}% above it ` +
      `(highest later ${mb(later)} MB, ${mb(values.at(-1)!)} MB at the end)`
    );
  };
  console.log(`plateau: ${plateau('RSS', (m) => m.rss)}; ${plateau('heap after GC', (m) => m.heapUsed)}`);
  await agent.close();
  await proxy.close();
  await sandbox.close();
}

await main();
