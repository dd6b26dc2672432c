/**
 * Multipart abuse against the proxy CLI, run in a child process so its memory and event loop are
 * measured alone (`loop-probe.ts`), in front of a small upstream that drains what it is sent.
 * Clients come from many loopback addresses (127.0.x.y), so the per-address limit does not hide
 * the global budget. Reproduces issue findings 2, 3 and 8:
 *
 * - 45 bodies declared ~52 MB, sent to 45 MB and stalled, then 16 clients each sending a ~52 MB
 *   submission (5 PDFs of 10 MB) until it is accepted: the proxy's RSS grows by at most its budget
 *   (256 MB) and 128 MB of room over its idle size, `/healthz` (polled from a worker thread throughout) answers with
 *   p99 under 100 ms, the stalled bodies are dropped about 10 s after their last byte, and the
 *   event loop is never blocked 50 ms or more. Before: ~130 MB per body, no bound, 149 s stalls.
 * - a 40 MB body of 700,000 tiny parts is refused (part count) before most of it is read;
 *   before: a 3.4 s event-loop block and 201.
 * - a PDF/HTML polyglot named x.html is forwarded as x.pdf; a text part under `attachments`, a
 *   nested multipart part and a 40 MB part header are refused.
 *
 * Bounds are generous and stated: the machine running the suite is shared.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { ABSTRACT_ATTACHMENTS } from '../../src/api/contract.js';

const KEY = 'demo-key-all';
const ORIGIN = 'https://conf.example.org';
const SUBMIT = '/api/public/v1/abstracts/submissions';
const MB = 1024 * 1024;
const BUDGET = 256 * MB;
const IDLE_S = 10;
/** The proxy's memory over its idle size may exceed the budget by this much (buffers, GC lag). */
const RSS_MARGIN = 128 * MB;

// ---- the upstream: drains each write, answers 201, keeps small bodies for inspection ----

interface Upstream {
  url: string;
  accepted: number;
  lastSmallBody: string;
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  const state = { accepted: 0, lastSmallBody: '' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size < MB) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size < MB) state.lastSmallBody = Buffer.concat(chunks).toString('latin1');
      if (req.method === 'POST') state.accepted++;
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { id: `abs_${state.accepted}`, status: 'ok' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get accepted() {
      return state.accepted;
    },
    get lastSmallBody() {
      return state.lastSmallBody;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---- the proxy: the CLI in a child process ----

interface ProxyProcess {
  url: string;
  port: number;
  child: ChildProcess;
  loop(): Promise<{ maxMs: number; p99Ms: number; maxCpuMs: number }>;
  resetLoop(): void;
  rssBytes(): number;
  peakRssBytes(): number;
}

async function startProxy(upstream: string): Promise<ProxyProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './proxy/test/loop-probe.ts',
      'proxy/cli.ts',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--rate-limit',
      '0',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...process.env,
        CONF_BASE_URL: upstream,
        CONF_API_KEY: KEY,
        CONF_ALLOWED_ORIGINS: ORIGIN,
        CONF_BODY_BUDGET_MB: '256',
        CONF_BODY_IDLE: String(IDLE_S),
      },
    },
  );
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[proxy] ${d}`));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /"msg":"listening","url":"([^"]+)"/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // request log lines, not read
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`proxy exited (${code}): ${out}`)));
  });
  const status = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return Number(m?.[1] ?? 0) * 1024;
  };
  return {
    url,
    port: Number(new URL(url).port),
    child,
    resetLoop: () => child.send('reset'),
    loop: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as { maxMs: number; p99Ms: number; maxCpuMs: number }));
        child.send('read');
      }),
    rssBytes: () => status('VmRSS'),
    // The kernel's high-water mark of the process's resident memory.
    peakRssBytes: () => status('VmHWM'),
  };
}

// ---- clients ----

const BOUNDARY = '----abuse7MA4YWxkTrZu0gW';
const enc = (s: string) => Buffer.from(s, 'utf8');
/** A 10 MB PDF (its header, then zeros), shared by every body. */
const PDF = Buffer.alloc(ABSTRACT_ATTACHMENTS.maxBytesEach - 1024);
PDF.write('%PDF-1.7\n');
const SLICE = 256 * 1024;

function textPart(name: string, value: string): Buffer {
  return enc(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
}
function fileHead(name: string, filename: string, type = 'application/pdf'): Buffer {
  return enc(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
}
const CLOSE = enc(`--${BOUNDARY}--\r\n`);
const TEXT = Buffer.concat([
  textPart('registrationId', 'reg-001'),
  textPart('title', 'Widgets at scale'),
  textPart('authors', JSON.stringify([{ fullName: 'Ada Lovelace' }])),
]);

/** The pieces of a full abstract submission: three text fields and five 10 MB PDFs (~52 MB). */
function bigSubmission(): { pieces: () => Iterable<Buffer>; length: number } {
  const heads = Array.from({ length: 5 }, (_, i) => fileHead('attachments', `paper-${i}.pdf`));
  const length = TEXT.length + heads.reduce((n, h) => n + h.length + PDF.length + 2, 0) + CLOSE.length;
  return {
    length,
    *pieces() {
      yield TEXT;
      for (const head of heads) {
        yield head;
        for (let at = 0; at < PDF.length; at += SLICE) yield PDF.subarray(at, at + SLICE);
        yield enc('\r\n');
      }
      yield CLOSE;
    },
  };
}

interface Outcome {
  status: number | null;
  body: string;
  /** ms from the start to the answer (or the connection's end). */
  ms: number;
  /** ms from the last byte written to the answer (or the connection's end). */
  afterLastWriteMs: number;
  written: number;
  error?: string;
}

/**
 * POSTs `pieces` from `localAddress`, honouring backpressure; stops writing once an answer
 * arrives or the connection ends, or after `stallAfter` bytes (then waits, sending nothing).
 */
function send(
  port: number,
  o: {
    localAddress: string;
    pieces: Iterable<Buffer>;
    length: number | null;
    stallAfter?: number;
    contentType?: string;
    path?: string;
  },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    let lastWrite = started;
    let written = 0;
    let settled = false;
    let status: number | null = null;
    let body = '';
    const headers: Record<string, string> = {
      origin: ORIGIN,
      'content-type': o.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`,
    };
    if (o.length !== null) headers['content-length'] = String(o.length);
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: o.path ?? SUBMIT,
      localAddress: o.localAddress,
      headers,
      agent: false,
    });
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      const now = performance.now();
      resolve({
        status,
        body,
        ms: now - started,
        afterLastWriteMs: now - lastWrite,
        written,
        ...(error ? { error } : {}),
      });
      req.destroy();
    };
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => finish());
      res.on('error', () => finish());
    });
    req.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message));
    req.on('close', () => setTimeout(() => finish('closed'), 50));
    const iterator = o.pieces[Symbol.iterator]();
    const pump = () => {
      while (!settled && status === null) {
        if (o.stallAfter !== undefined && written >= o.stallAfter) return; // stalled: nothing more
        const next = iterator.next();
        if (next.done) {
          req.end();
          return;
        }
        written += next.value.length;
        lastWrite = performance.now();
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const codeOf = (body: string) => {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

/** Polls `/healthz` every 50 ms from its own thread (the test's loop is busy writing bodies). */
function healthPoller(url: string): { stop(): Promise<{ latencies: number[]; failures: number }> } {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const latencies = [];
    let failures = 0, stop = false;
    parentPort.on('message', () => { stop = true; });
    (async () => {
      while (!stop) {
        const t = performance.now();
        const ok = await new Promise((resolve) => {
          const r = http.get(workerData, { agent: false }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode === 200)); });
          r.on('error', () => resolve(false));
          r.setTimeout(10000, () => r.destroy());
        });
        if (ok) latencies.push(performance.now() - t); else failures++;
        await new Promise((r) => setTimeout(r, 50));
      }
      parentPort.postMessage({ latencies, failures });
    })();
    `,
    { eval: true, workerData: `${url}/healthz` },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (m: { latencies: number[]; failures: number }) => {
          void worker.terminate();
          resolve(m);
        });
        worker.postMessage('stop');
      }),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

let upstream: Upstream;
let proxy: ProxyProcess;
before(async () => {
  upstream = await startUpstream();
  proxy = await startProxy(upstream.url);
});
after(async () => {
  proxy?.child.kill('SIGKILL');
  await upstream?.close();
});

describe('multipart abuse (proxy CLI in a child process)', { timeout: 120_000 }, () => {
  test('45 stalled bodies and 16 clients × 52 MB: RSS within the budget, /healthz p99 < 100 ms, stalls dropped in ~10 s, no 50 ms block', async () => {
    // Warm up (first requests compile code paths), then take the idle size.
    const warm = await send(proxy.port, {
      localAddress: '127.0.0.1',
      ...oneSmallForm([fileHead('attachments', 'w.pdf'), enc('%PDF-1.7\nwarm\r\n')]),
    });
    assert.equal(warm.status, 201, warm.body);
    await pause(500);
    const idleRss = proxy.rssBytes();
    const loadStart = loadavg()[0]!;
    const health = healthPoller(proxy.url);
    proxy.resetLoop();
    let rssPeak = idleRss;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, proxy.rssBytes())), 100);

    // Four stalled JSON writes from one address hold its four places: a fifth is 429 at once.
    const perAddress = Array.from({ length: 4 }, () =>
      send(proxy.port, {
        localAddress: '127.0.3.1',
        pieces: [enc('{"a":')],
        length: 1024,
        stallAfter: 1,
        contentType: 'application/json',
      }),
    );
    await pause(300);
    const fifth = await send(proxy.port, {
      localAddress: '127.0.3.1',
      pieces: [enc('{}')],
      length: 2,
      contentType: 'application/json',
    });
    assert.equal(fifth.status, 429, fifth.body);

    // 45 bodies from 45 addresses, each declared ~52 MB, sent to 45 MB and stalled.
    const big = bigSubmission();
    const stalled = Array.from({ length: 45 }, (_, i) =>
      send(proxy.port, {
        localAddress: `127.0.1.${i + 1}`,
        pieces: big.pieces(),
        length: big.length,
        stallAfter: 45 * MB,
      }),
    );
    await pause(1000);
    // 16 clients, each sending its full submission until it is accepted (after a 503, again).
    const clients = Array.from({ length: 16 }, async (_, i) => {
      const tries: Outcome[] = [];
      for (;;) {
        const r = await send(proxy.port, {
          localAddress: `127.0.2.${i + 1}`,
          pieces: big.pieces(),
          length: big.length,
        });
        tries.push(r);
        if (r.status === 201 || tries.length >= 60) return tries;
        await pause(1000);
      }
    });
    const [stalledOutcomes, clientTries, perAddressOutcomes] = await Promise.all([
      Promise.all(stalled),
      Promise.all(clients),
      Promise.all(perAddress),
    ]);
    clearInterval(sampler);
    const loop = await proxy.loop();
    const { latencies, failures } = await health.stop();
    const peak = Math.max(rssPeak, proxy.peakRssBytes());

    const refused = stalledOutcomes.filter((o) => o.status === 503);
    const held = stalledOutcomes.filter((o) => o.status !== 503);
    const dropMs = held.map((o) => o.afterLastWriteMs);
    const p99 = percentile(latencies, 99);
    console.log(
      `[multipart-abuse] RSS idle ${mb(idleRss)}, peak ${mb(peak)} (budget ${mb(BUDGET)}); /healthz p99 ${p99.toFixed(1)} ms, ` +
        `max ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length} polls; event loop worst block ${loop.maxCpuMs.toFixed(1)} ms (wall-clock delay ${loop.maxMs.toFixed(1)} ms), load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; ` +
        `stalled: ${held.length} held (${held.map((o) => o.status ?? o.error).join(',')}) then dropped after ${Math.min(...dropMs).toFixed(0)}–${Math.max(...dropMs).toFixed(0)} ms, ${refused.length} refused 503; ` +
        `clients: ${clientTries.map((t) => t.length).join(',')} tries each`,
    );

    assert.ok(held.length >= 1, 'some stalled bodies were admitted (else the stall is not tested)');
    for (const o of held) {
      // 408 when the answer gets through, else the connection closed; within idle + 3 s.
      assert.ok(o.status === 408 || o.status === null, `stalled body: ${o.status} ${o.error ?? ''} ${o.body}`);
      if (o.status === 408) assert.equal(codeOf(o.body), 'request_timeout');
      assert.ok(o.afterLastWriteMs < (IDLE_S + 3) * 1000, `dropped ${o.afterLastWriteMs} ms after its last byte`);
    }
    for (const o of refused) assert.equal(codeOf(o.body), 'service_unavailable');
    for (const o of perAddressOutcomes) assert.equal(o.status, 408, o.body);
    for (const tries of clientTries) {
      assert.equal(tries.at(-1)!.status, 201, `a client was never accepted: ${tries.map((t) => t.status).join(',')}`);
      for (const t of tries.slice(0, -1))
        assert.ok(t.status === 503 || t.status === null, `client try: ${t.status} ${t.body}`);
    }
    assert.equal(failures, 0, '/healthz always answered');
    // The bound, 100 ms, holds on a machine with CPU to spare; on one whose load average
    // is over twice its cores the OS alone delays a process that long, so the bound there is 500 ms.
    const overloaded = Math.max(loadStart, loadavg()[0]!) > 2 * cpus().length;
    assert.ok(p99 < (overloaded ? 500 : 100), `/healthz p99 ${p99} ms (load ${loadavg()[0]})`);
    assert.ok(loop.maxCpuMs < 50, `event loop blocked ${loop.maxCpuMs} ms`);
    assert.ok(peak - idleRss < BUDGET + RSS_MARGIN, `RSS grew ${mb(peak - idleRss)} over idle ${mb(idleRss)}`);
  });

  test('700,000 tiny parts (40 MB), three at once: refused at the part cap, before most of the body is read, no 50 ms block', async () => {
    const part = enc(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n`);
    const block = Buffer.concat(Array.from({ length: 10_000 }, () => part));
    const length = block.length * 70 + CLOSE.length;
    assert.ok(length > 40 * 1e6, String(length));
    const pieces = function* () {
      for (let i = 0; i < 70; i++) yield block;
      yield CLOSE;
    };
    proxy.resetLoop();
    // One alone: its answer is read. Then three at once.
    const alone = await send(proxy.port, { localAddress: '127.0.4.1', pieces: pieces(), length });
    assert.equal(alone.status, 400, `${alone.error ?? ''} ${alone.body}`);
    assert.match(alone.body, /too_many_parts/);
    const outcomes = await Promise.all(
      [2, 3, 4].map((i) => send(proxy.port, { localAddress: `127.0.4.${i}`, pieces: pieces(), length })),
    );
    const loop = await proxy.loop();
    console.log(
      `[multipart-abuse] 700k parts: refused in ${[alone, ...outcomes].map((o) => o.ms.toFixed(0)).join(', ')} ms after ` +
        `${[alone, ...outcomes].map((o) => mb(o.written)).join(', ')} written; worst block ${loop.maxCpuMs.toFixed(1)} ms (wall-clock ${loop.maxMs.toFixed(1)} ms)`,
    );
    for (const o of [alone, ...outcomes]) {
      // A client still sending when the proxy stops reading may see the connection reset before
      // it reads the 400 (the host closes it after a short drain): refused either way.
      if (o.status !== null) assert.match(o.body, /too_many_parts/);
      else assert.match(String(o.error), /ECONNRESET|EPIPE|closed/);
      assert.ok(o.ms < 3000, `answered after ${o.ms} ms`);
      assert.ok(o.written < length / 2, `${o.written} of ${length} bytes sent before the answer`);
    }
    assert.ok(loop.maxCpuMs < 50, `event loop blocked ${loop.maxCpuMs} ms`);
  });

  test('a PDF/HTML polyglot named x.html is forwarded as x.pdf with its verified type', async () => {
    const polyglot = enc('%PDF-1.7\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\r\n');
    const r = await send(proxy.port, {
      localAddress: '127.0.5.1',
      ...oneSmallForm([fileHead('attachments', 'x.html', 'text/html'), polyglot]),
    });
    assert.equal(r.status, 201, r.body);
    assert.match(upstream.lastSmallBody, /name="attachments"; filename="x\.pdf"\r\nContent-Type: application\/pdf\r\n/);
    assert.doesNotMatch(upstream.lastSmallBody, /x\.html|text\/html/);
  });

  test('refused with 4xx in the error shape: a text part under attachments, a nested multipart part, a 40 MB part header', async () => {
    const before = upstream.accepted;
    const text = await send(proxy.port, {
      localAddress: '127.0.5.2',
      ...oneSmallForm([textPart('attachments', 'not a file')]),
    });
    assert.equal(text.status, 400, text.body);
    assert.deepEqual(JSON.parse(text.body).error.details.fields, {
      attachments: 'Send each attachment as a file part.',
    });

    const nested = await send(proxy.port, {
      localAddress: '127.0.5.3',
      ...oneSmallForm([
        enc(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\n\r\n%PDF-1.7\r\n--inner--\r\n`,
        ),
      ]),
    });
    assert.equal(nested.status, 400, nested.body);
    assert.deepEqual(JSON.parse(nested.body).error.details.fields, { attachments: 'Must not be multipart.' });

    const filler = Buffer.alloc(MB, 'a');
    const header = function* () {
      yield enc(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"; x="`);
      for (let i = 0; i < 40; i++) yield filler;
      yield enc(`"\r\n\r\nT\r\n`);
      yield CLOSE;
    };
    const length = 40 * MB + 200;
    const huge = await send(proxy.port, { localAddress: '127.0.5.4', pieces: header(), length: null });
    // As with the 700,000 parts, a client still sending may see the reset before the 413
    // (forms.test.ts reads that answer for a 9 KB header).
    if (huge.status !== null) assert.match(huge.body, /part_header_too_large/);
    else assert.match(String(huge.error), /ECONNRESET|EPIPE|closed/);
    assert.ok(huge.ms < 3000, `answered after ${huge.ms} ms`);
    assert.ok(huge.written < length / 2, `${huge.written} bytes sent before the answer`);
    assert.equal(upstream.accepted, before, 'nothing forwarded');
  });
});

/** A small form: the text fields, then `parts`, then the closing boundary. */
function oneSmallForm(parts: Buffer[]): { pieces: Buffer[]; length: number } {
  const pieces = [TEXT, ...parts, CLOSE];
  return { pieces, length: pieces.reduce((n, p) => n + p.length, 0) };
}
