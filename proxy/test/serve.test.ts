/** The bundle, health endpoints, log lines and the CLI. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { API, KEY, assertNoKeyLeaks, codeOf, rawRequest, scanForKey, startStack, type Stack } from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

describe('/conf-widgets.js', () => {
  test('a placeholder module until a build exists, short-lived', async () => {
    const { res, text } = await stack.request('/conf-widgets.js?v=1.0.0');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.match(text, /export \{\};/);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=300');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });

  test('the built file: immutable when versioned, short max-age otherwise, 304 on its ETag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conf-bundle-'));
    const file = join(dir, 'conf-widgets.js');
    writeFileSync(file, 'export const built = true;\n');
    const s = await startStack({ bundlePath: file }, {}, stack.upstream);
    try {
      const versioned = await s.request('/conf-widgets.js?v=abc123');
      assert.equal(versioned.text, 'export const built = true;\n');
      assert.equal(versioned.res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const plain = await s.request('/conf-widgets.js');
      assert.equal(plain.res.headers.get('cache-control'), 'public, max-age=300');
      const again = await s.request('/conf-widgets.js', {
        headers: { 'if-none-match': plain.res.headers.get('etag')! },
      });
      assert.equal(again.res.status, 304);
    } finally {
      await s.close();
    }
  });
});

describe('/conf-widgets/<chunk>', () => {
  test('chunks beside the bundle: immutable, CORS-readable, 304 on their ETag; nothing else is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conf-bundle-'));
    mkdirSync(join(dir, 'conf-widgets'));
    writeFileSync(join(dir, 'conf-widgets.js'), 'export {};\n');
    writeFileSync(join(dir, 'conf-widgets', 'de-Ab3_x-9Z.js'), 'export const t = {};\n');
    // Files a crafted name must not reach: outside the directory, and not a chunk name.
    writeFileSync(join(dir, 'secret.js'), 'secret\n');
    writeFileSync(join(dir, 'conf-widgets', 'notes.js'), 'notes\n');
    const s = await startStack({ bundlePath: join(dir, 'conf-widgets.js') }, {}, stack.upstream);
    try {
      const chunk = await s.request('/conf-widgets/de-Ab3_x-9Z.js');
      assert.equal(chunk.res.status, 200);
      assert.equal(chunk.text, 'export const t = {};\n');
      assert.match(chunk.res.headers.get('content-type') ?? '', /^text\/javascript/);
      assert.equal(chunk.res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(chunk.res.headers.get('access-control-allow-origin'), '*');
      const again = await s.request('/conf-widgets/de-Ab3_x-9Z.js', {
        headers: { 'if-none-match': chunk.res.headers.get('etag')! },
      });
      assert.equal(again.res.status, 304);
      for (const path of [
        '/conf-widgets/de-Zz9_y-8Q.js', // a chunk name that is not on disk
        '/conf-widgets/notes.js', // on disk, but not a chunk name
        '/conf-widgets/..%2Fsecret.js',
        '/conf-widgets/%2e%2e/secret.js',
        '/conf-widgets/../secret.js',
        '/conf-widgets/de-Ab3_x-9Z.js/x',
        '/conf-widgets/',
      ]) {
        const r = await s.request(path);
        assert.equal(r.res.status, 404, path);
        assert.doesNotMatch(r.text, /secret|notes/, path);
      }
      // As sent, without the client's URL normalization.
      const raw = await rawRequest(s.url, 'GET /conf-widgets/../secret.js HTTP/1.1');
      assert.equal(raw.status, 404);
      assert.doesNotMatch(raw.text, /secret\n/);
    } finally {
      await s.close();
    }
  });

  test('404 when no bundle is configured', async () => {
    const r = await stack.request('/conf-widgets/de-Ab3_x-9Z.js');
    assert.equal(r.res.status, 404);
    assert.equal(codeOf(r.json), 'not_found');
  });
});

describe('health', () => {
  test('/healthz answers; /readyz asks the upstream /health with the key', async () => {
    assert.equal((await stack.request('/healthz')).res.status, 200);
    const before = stack.upstream.count('GET', `${API}/health`);
    const ready = await stack.request('/readyz');
    assert.equal(ready.res.status, 200);
    assert.equal(stack.upstream.count('GET', `${API}/health`), before + 1);
    assert.equal(stack.upstream.lastHeaders.get(`GET ${API}/health`)?.['x-api-key'], KEY);
  });

  test('/readyz is 503 when the key is refused or the upstream is down', async () => {
    const badKey = await startStack({ apiKey: 'demo-key-revoked' }, {}, stack.upstream);
    try {
      const { res, json } = await badKey.request('/readyz');
      assert.equal(res.status, 503);
      assert.equal(codeOf(json), 'service_unavailable');
    } finally {
      await badKey.close();
    }
    await stack.upstream.kill();
    // Probes reuse an outcome for a second (so a flood of them cannot spend the key).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    try {
      assert.equal((await stack.request('/readyz')).res.status, 503);
    } finally {
      await stack.upstream.revive();
    }
  });
});

describe('logs', () => {
  test('one JSON line per request: method, path, status, times, cache; no query values or bodies', async () => {
    stack.logs.length = 0;
    await stack.request(`${API}/events/events?limit=5&email=ada@example.org`);
    await stack.request(`${API}/abstracts/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Secret title', registrationId: 'r1', authors: [{ fullName: 'Ada Private' }] }),
    });
    assert.equal(stack.logs.length, 2);
    const [read, write] = stack.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(read!.method, 'GET');
    assert.equal(read!.path, `${API}/events/events`);
    assert.deepEqual(read!.query, { limit: '5', email: null });
    assert.equal(read!.status, 200);
    assert.ok(['miss', 'hit'].includes(read!.cache as string));
    assert.equal(typeof read!.ms, 'number');
    assert.equal(write!.method, 'POST');
    assert.equal(typeof write!.upstreamMs, 'number');
    const all = stack.logs.join('\n');
    assert.ok(!all.includes('ada@example.org'));
    assert.ok(!all.includes('Secret title') && !all.includes('Ada Private'));
  });
});

describe('CLI', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'proxy/cli.ts', ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 30_000,
    });

  test('--help lists every option and its variable', () => {
    const r = cli(['--help']);
    assert.equal(r.status, 0);
    for (const word of [
      '--upstream',
      '--key',
      '--port',
      '--allow-origin',
      '--kiosk-token',
      '--cache-ttl',
      '--rate-limit',
      '--trust-proxy',
      '--timeout',
      '--bundle',
      '--redis',
      'CONF_BASE_URL',
      'CONF_API_KEY',
      'CONF_ALLOWED_ORIGINS',
      'CONF_KIOSK_TOKEN',
      'PORT',
    ]) {
      assert.ok(r.stdout.includes(word), word);
    }
  });

  test('missing key or upstream: a clear message and a non-zero exit; the key is never printed', () => {
    const noKey = cli(['--upstream', 'http://127.0.0.1:9']);
    assert.notEqual(noKey.status, 0);
    assert.match(noKey.stderr, /Missing API key/);
    const noUpstream = cli([], { CONF_API_KEY: 'a-secret-key-0001' });
    assert.notEqual(noUpstream.status, 0);
    assert.match(noUpstream.stderr, /Missing upstream/);
    assert.ok(!noUpstream.stderr.includes('a-secret-key-0001'));
    const bad = cli(['--upstream', 'ftp://x', '--key', 'a-secret-key-0001', '--bogus', 'a-secret-key-0001']);
    assert.notEqual(bad.status, 0);
    assert.ok(!(bad.stdout + bad.stderr).includes('a-secret-key-0001'));
  });

  test('serves the proxy from the environment', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'proxy/cli.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        CONF_BASE_URL: stack.upstream.url,
        CONF_API_KEY: KEY,
        PORT: '0',
        HOST: '127.0.0.1',
        CONF_ALLOWED_ORIGINS: 'https://a.example,https://b.example',
      },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const lines = async (count: number) => {
      for (let i = 0; i < 200 && out.split('\n').length <= count; i++) await new Promise((r) => setTimeout(r, 25));
      return out.split('\n').slice(0, count);
    };
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          if (out.includes('\n')) resolve(out);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      scanForKey('cli stdout', line);
      const { url, origins } = JSON.parse(line.split('\n')[0]!) as { url: string; origins: string[] };
      assert.deepEqual(origins, ['https://a.example', 'https://b.example']);
      const res = await fetch(`${url}${API}/events/venues`, { headers: { origin: 'https://b.example' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://b.example');
      scanForKey('cli answer', await res.text());
      // The second read is a fresh hit (the fast lane); both are logged, one line each.
      const hit = await fetch(`${url}${API}/events/venues`, { headers: { origin: 'https://b.example' } });
      assert.equal(hit.headers.get('x-cache'), 'hit');
      assert.equal(hit.headers.get('access-control-allow-origin'), 'https://b.example');
      scanForKey('cli answer', await hit.text());
      const logged = (await lines(3)).slice(1).map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.deepEqual(
        logged.map((l) => [l.msg, l.path, l.status, l.cache]),
        [
          ['request', `${API}/events/venues`, 200, 'miss'],
          ['request', `${API}/events/venues`, 200, 'hit'],
        ],
      );
      scanForKey('cli log', out);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
