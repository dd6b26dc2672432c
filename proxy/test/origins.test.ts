/**
 * A refused origin says so in the log: once per origin, with the exact setting that allows it,
 * and within bounded memory however many forged origins arrive.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { refusedOriginLog } from '../refused-origins.js';
import { API, KEY, ORIGIN, scanForKey, startStack, type Stack } from './harness.js';

const THEIRS = 'https://their.site';

const refusals = (logs: string[]) =>
  logs.map((l) => JSON.parse(l) as Record<string, string>).filter((l) => l.msg === 'origin_not_allowed');

describe('refused origins in the log', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack.close());

  test('a refused origin is logged once, across reads, preflights and writes, with the setting to add', async () => {
    const read = await stack.request(`${API}/events/venues`, { headers: { origin: THEIRS } });
    assert.equal(read.res.status, 200);
    assert.equal(read.res.headers.get('access-control-allow-origin'), null);
    const preflight = await stack.request(`${API}/registrations/registrations`, {
      method: 'OPTIONS',
      headers: { origin: THEIRS, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.res.status, 403);
    const write = await stack.request(`${API}/registrations/registrations`, {
      method: 'POST',
      headers: { origin: THEIRS, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(write.res.status, 403);
    // Again, now a fresh cache entry exists: still refused, still one line.
    await stack.request(`${API}/events/venues`, { headers: { origin: THEIRS } });
    const lines = refusals(stack.logs);
    assert.equal(lines.length, 1, JSON.stringify(lines));
    assert.equal(lines[0]!.origin, THEIRS);
    assert.equal(lines[0]!.level, 'warn');
    assert.ok(lines[0]!.fix!.includes(`CONF_ALLOWED_ORIGINS=${ORIGIN},${THEIRS}`), lines[0]!.fix);
    assert.ok(lines[0]!.fix!.includes(`--allow-origin ${THEIRS}`), lines[0]!.fix);
  });

  test('allowed origins and requests without an origin log no refusal', async () => {
    const before = refusals(stack.logs).length;
    const allowed = await stack.request(`${API}/events/venues`, { headers: { origin: ORIGIN } });
    assert.equal(allowed.res.headers.get('access-control-allow-origin'), ORIGIN);
    await stack.request(`${API}/events/venues`);
    assert.equal(refusals(stack.logs).length, before);
  });

  test('a second refused origin gets its own line', async () => {
    await stack.request(`${API}/events/venues`, { headers: { origin: 'http://localhost:5173' } });
    const lines = refusals(stack.logs);
    assert.equal(lines.at(-1)!.origin, 'http://localhost:5173');
    assert.ok(lines.at(-1)!.fix!.includes(`CONF_ALLOWED_ORIGINS=${ORIGIN},http://localhost:5173`));
  });
});

describe('the CLI', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack.close());

  /** Runs `proxy/cli.ts`; resolves with its output once `done(out)` holds. */
  async function run(
    env: Record<string, string>,
    steps: (url: string, out: () => string) => Promise<void>,
  ): Promise<string> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'proxy/cli.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        CONF_BASE_URL: stack.upstream.url,
        CONF_API_KEY: KEY,
        PORT: '0',
        HOST: '127.0.0.1',
        ...env,
      },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => out.includes('\n') && resolve());
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const { url } = JSON.parse(out.split('\n')[0]!) as { url: string };
      await steps(url, () => out);
      return out;
    } finally {
      child.kill('SIGTERM');
    }
  }

  const waitForLine = async (out: () => string, pattern: RegExp) => {
    for (let i = 0; i < 400 && !pattern.test(out()); i++) await new Promise((r) => setTimeout(r, 25));
    assert.match(out(), pattern);
  };

  test('says at start when no origin is allowed, with the setting; logs a refused origin once with the setting to add', async () => {
    const out = await run({}, async (url, out) => {
      for (let i = 0; i < 3; i++)
        await (await fetch(`${url}${API}/events/venues`, { headers: { origin: THEIRS } })).text();
      await waitForLine(out, /origin_not_allowed/);
      // The request lines of all three are written (batched) before the test looks again.
      await waitForLine(out, /(?:"msg":"request"[^\n]*\n[^]*){3}/);
    });
    scanForKey('cli stdout', out);
    const [start, ...rest] = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(start!.origins, []);
    assert.match(String(start!.note), /CONF_ALLOWED_ORIGINS=https:\/\/your\.site/);
    const refused = rest.filter((l) => l.msg === 'origin_not_allowed');
    assert.equal(refused.length, 1);
    assert.equal(
      refused[0]!.fix,
      `CONF_ALLOWED_ORIGINS=${THEIRS} (or --allow-origin ${THEIRS}; in code, allowedOrigins: [..., '${THEIRS}'])`,
    );
  });

  test('lists the allowed origins at start, with no note', async () => {
    const out = await run({ CONF_ALLOWED_ORIGINS: `${ORIGIN},${THEIRS}` }, async () => {});
    const start = JSON.parse(out.split('\n')[0]!) as Record<string, unknown>;
    assert.deepEqual(start.origins, [ORIGIN, THEIRS]);
    assert.equal(start.note, undefined);
  });
});

describe('refusedOriginLog', () => {
  test('remembers a bounded number of origins, then says once that it stops naming them', () => {
    const lines: Record<string, unknown>[] = [];
    const refused = refusedOriginLog({ allowedOrigins: new Set(), log: (l) => lines.push(l), max: 3 });
    for (let round = 0; round < 3; round++) for (let i = 0; i < 10; i++) refused(`https://site${i}.example`);
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['origin_not_allowed', 'origin_not_allowed', 'origin_not_allowed', 'origins_not_allowed_unlisted'],
    );
    assert.equal(
      lines[0]!.fix,
      "CONF_ALLOWED_ORIGINS=https://site0.example (or --allow-origin https://site0.example; in code, allowedOrigins: [..., 'https://site0.example'])",
    );
  });

  test('explains Origin: null, which no setting allows, and cuts absurdly long origins', () => {
    const lines: Record<string, unknown>[] = [];
    const refused = refusedOriginLog({ allowedOrigins: new Set(), log: (l) => lines.push(l) });
    refused('null');
    refused(`https://${'a'.repeat(5000)}.example`);
    assert.match(String(lines[0]!.detail), /sandboxed iframe/);
    assert.ok(String(lines[1]!.origin).length < 250);
  });
});
