import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { runCli } from '../cli.js';
import { DEMO_KEYS } from '../seed/demo.js';
import { assertError, CONTRACT, start } from './helpers.js';

const CLI = ['--import', 'tsx', 'sandbox/cli.ts'];

/** A demo exhibition application with every required field and no payment. */
const EXHIBIT = {
  title: 'Quantum Widgets',
  exhibitType: 'startup',
  shortDescription: 'We make widgets.',
  presenter: { fullName: 'Q. Widget', email: 'q@example.org' },
};

/** Starts the CLI's server as its own process on a free port; resolves once the banner is out. */
async function serve(...args: string[]): Promise<{ url: string; out: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...CLI, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        // The banner's last key line is the other conference's.
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m && out.includes('demo-key-other')) resolve(m[1]!);
      });
      child.once('exit', () => reject(new Error(`exited: ${out}`)));
    });
    return { url, out, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Runs a command in-process (spawning tsx per command would cost a second each). */
async function cli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { log: (t) => void (stdout += t + '\n'), error: (t) => void (stderr += t + '\n') });
  return { code, stdout, stderr };
}

describe('sandbox CLI', () => {
  let dir: string;
  let db: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    db = join(dir, 'cli.db');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('--help lists the commands', async () => {
    const r = await cli('--help');
    assert.equal(r.code, 0);
    for (const word of [
      'keys create',
      'keys revoke',
      'registration open',
      'registration phase',
      'exhibition window',
      'exhibition fee',
      'workshop capacity',
      '--fail-rate',
      '--latency',
      '--admin-token',
      '--no-read-cache',
    ]) {
      assert.ok(r.stdout.includes(word), word);
    }
  });

  it('creates a key on the db file that a server on the same file accepts; changes settings; revokes', async () => {
    const created = await cli(
      'keys',
      'create',
      '--db',
      db,
      '--conference',
      'conf-demo',
      '--scopes',
      'registrations:write,registrations:read',
      '--label',
      'site',
    );
    assert.equal(created.code, 0, created.stderr);
    const { secret } = JSON.parse(created.stdout) as { secret: string };
    assert.equal((await cli('registration', 'close', '--db', db)).code, 0);
    assert.equal((await cli('workshop', 'capacity', 'ws-capacity-3', '5', '--db', db)).code, 0);

    const s = await start({ db, seedData: undefined });
    try {
      const config = await s.call('GET', '/registrations/config', { key: secret });
      assert.equal(config.status, 200);
      assert.equal(config.body.data.public_registration_enabled, false);
      const w = (await s.call('GET', '/events/workshops?limit=200', { key: secret })).body.data.find(
        (x: { id: string }) => x.id === 'ws-capacity-3',
      );
      assert.equal(w.capacity, 5);
      // A change from the CLI reaches the running server on its next request.
      assert.equal((await cli('registration', 'open', '--db', db)).code, 0);
      assert.equal(
        (await s.call('GET', '/registrations/config', { key: secret })).body.data.public_registration_enabled,
        true,
      );
      assert.equal((await cli('keys', 'revoke', '--db', db, '--conference', 'conf-demo', '--label', 'site')).code, 0);
      assertError(await s.call('GET', '/health', { key: secret }), 401, 'api_key_revoked');
    } finally {
      await s.close();
    }
  });

  it('bad input: a clear message and exit 1', async () => {
    for (const args of [
      ['keys', 'create', '--db', db, '--scopes', 'root'],
      ['keys', 'create', '--db', db],
      ['exhibition', 'fee', 'lots', '--db', db],
      ['exhibition', 'window', '--opens', 'soon', '--closes', 'none', '--db', db],
      ['workshop', 'capacity', 'ws-nope', '3', '--db', db],
      ['frobnicate', '--db', db],
      ['--port', 'abc'],
      ['--bogus'],
      ['--starts-on', 'tomorrow'],
    ]) {
      const r = await cli(...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.stderr, /^sandbox: /m, args.join(' '));
      assert.ok(!r.stderr.includes('    at '), `no stack trace: ${r.stderr}`);
    }
    // And as a process: exit status 1.
    const proc = spawnSync(process.execPath, [...CLI, 'keys', 'create', '--db', db, '--scopes', 'root'], {
      encoding: 'utf8',
    });
    assert.equal(proc.status, 1);
    assert.match(proc.stderr, /^sandbox: .*Unknown scope/m);
  });

  it('each setting command changes what a server on the same file answers', async () => {
    const file = join(dir, 'settings.db');
    const ok = async (...args: string[]) => {
      const r = await cli(...args, '--db', file);
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      return r;
    };
    // The first command seeds the file with today as day 1, so the demo's exhibition is open.
    await ok('conferences');
    const s = await start({ db: file, seedData: undefined });
    const key = DEMO_KEYS.all;
    const config = async () => (await s.call('GET', '/registrations/config', { key })).body.data;
    const submit = () => s.call('POST', '/exhibition/submissions', { key, body: EXHIBIT });
    try {
      await ok('registration', 'phase', 'off');
      assert.equal((await config()).open_phase, null);
      await ok('registration', 'phase', 'on');
      assert.notEqual((await config()).open_phase, null);

      // The demo charges a fee; without one, a plain application is accepted.
      await ok('exhibition', 'fee', 'none');
      assert.equal((await submit()).status, 201);
      await ok('exhibition', 'fee', '449.50', 'USD');
      assert.deepEqual(assertError(await submit(), 422, 'payment_required').details.fee, {
        amount: 44950,
        currency: 'USD',
      });
      await ok('exhibition', 'fee', 'none');
      await ok('exhibition', 'registration', 'required');
      assertError(await submit(), 422, 'registration_required');
      await ok('exhibition', 'registration', 'optional');
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      const yesterday = new Date(Date.now() - 86_400_000).toISOString();
      await ok('exhibition', 'window', '--opens', tomorrow, '--closes', 'none');
      assert.equal(assertError(await submit(), 422, 'exhibition_not_open').details.opensAt, tomorrow);
      await ok('exhibition', 'window', '--opens', 'none', '--closes', yesterday);
      assert.equal(assertError(await submit(), 422, 'exhibition_closed').details.closesAt, yesterday);
      await ok('exhibition', 'window', '--opens', 'none', '--closes', 'none');
      assert.equal((await submit()).status, 201);

      await ok('module', 'disable', 'exhibition');
      assert.equal(
        assertError(await s.call('GET', '/exhibition/exhibits', { key }), 403, 'module_disabled').details.module,
        'exhibition',
      );
      await ok('module', 'enable', 'exhibition');
      assert.equal((await s.call('GET', '/exhibition/exhibits', { key })).status, 200);

      await ok('conference', 'status', 'draft');
      assertError(await s.call('GET', '/health', { key }), 403, 'conference_inactive');
      await ok('conference', 'status', 'live');
      assert.equal((await s.call('GET', '/health', { key })).status, 200);
    } finally {
      await s.close();
    }
  });

  it('keys create stores only a hash; keys list shows the key without its secret, then revoked', async () => {
    const file = join(dir, 'keys.db');
    const created = await cli(
      'keys',
      'create',
      '--db',
      file,
      '--scopes',
      'badges:write',
      '--label',
      'kiosk',
      '--expires',
      '2999-01-01T00:00:00Z',
    );
    assert.equal(created.code, 0, created.stderr);
    const { secret } = JSON.parse(created.stdout) as { secret: string };
    // Anything of the secret beyond its shown prefix is plaintext: in no row, in no byte of the files.
    const beyondPrefix = secret.slice(0, 17);
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
      assert.ok(rows.length > 1);
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          assert.ok(!String(value).includes(beyondPrefix), `api_keys.${column} holds the secret`);
        }
      }
      const mine = rows.find((r) => r.label === 'kiosk')!;
      assert.equal(mine.secret_hash, createHash('sha256').update(secret).digest('hex'));
    } finally {
      db.close();
    }
    for (const f of [file, `${file}-wal`].filter((f) => existsSync(f))) {
      assert.ok(!readFileSync(f).includes(beyondPrefix), `${f} holds the secret`);
    }

    const listed = async () => {
      const r = await cli('keys', 'list', '--db', file);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stdout.includes(beyondPrefix), 'keys list shows the secret');
      return (JSON.parse(r.stdout) as { id: string; label: string; revoked: boolean }[]).find(
        (k) => k.label === 'kiosk',
      );
    };
    // Exactly these fields: nothing a secret could be rebuilt from.
    const { id, ...shown } = (await listed())!;
    assert.match(id, /\S/);
    assert.deepEqual(shown, {
      label: 'kiosk',
      prefix: secret.slice(0, 16),
      scopes: ['badges:write'],
      revoked: false,
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    const s = await start({ db: file, seedData: undefined });
    try {
      assert.equal((await s.call('GET', '/health', { key: secret })).status, 200);
      assert.equal((await cli('keys', 'revoke', '--db', file, '--prefix', secret.slice(0, 16))).code, 0);
      assert.equal((await listed())?.revoked, true);
      assertError(await s.call('GET', '/health', { key: secret }), 401, 'api_key_revoked');
    } finally {
      await s.close();
    }
  });

  it('starts a server and prints its URL, the API base and the demo keys', async () => {
    const server = await serve('--db', ':memory:');
    try {
      assert.ok(server.out.includes(`${server.url}/api/public/v1`));
      assert.ok(server.out.includes('demo-key-all'));
      const res = await fetch(`${server.url}/api/public/v1/health`, { headers: { 'x-api-key': 'demo-key-all' } });
      assert.equal(res.status, 200);
    } finally {
      await server.stop();
    }
  });

  it('--no-read-cache: the banner says so, and reads are answered (built from the database each time)', async () => {
    const server = await serve('--db', ':memory:', '--no-read-cache');
    try {
      assert.ok(server.out.includes('Read cache: off'), server.out);
      const res = await fetch(`${server.url}/api/public/v1/events/venues`, {
        headers: { 'x-api-key': 'demo-key-all' },
      });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('etag') ?? '', /^"[\w-]+"$/);
    } finally {
      await server.stop();
    }
  });

  it('--fail-rate 1: every API answer is 503 with Retry-After, before the key is looked at', async () => {
    const server = await serve('--db', ':memory:', '--fail-rate', '1');
    try {
      assert.match(server.out, /Fault injection: 100%/);
      for (const e of CONTRACT) {
        for (const key of ['demo-key-all', null]) {
          const res = await fetch(`${server.url}/api/public/v1${e.path}`, {
            method: e.spec.method,
            headers: key ? { 'x-api-key': key } : {},
            ...(e.spec.method === 'POST' ? { body: '{}' } : {}),
          });
          const a = { status: res.status, headers: res.headers, body: await res.json() };
          assertError(a, 503, 'service_unavailable', `${e.path} key ${key}`);
          assert.equal(res.headers.get('retry-after'), '1');
        }
      }
    } finally {
      await server.stop();
    }
  });

  it('--latency MS: an answer takes at least that long', async () => {
    const server = await serve('--db', ':memory:', '--latency', '300');
    try {
      for (const path of ['/health', '/events/events?limit=1']) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/public/v1${path}`, { headers: { 'x-api-key': 'demo-key-all' } });
        await res.arrayBuffer();
        assert.equal(res.status, 200);
        assert.ok(performance.now() - t0 >= 295, `${path} took ${performance.now() - t0} ms`);
      }
    } finally {
      await server.stop();
    }
  });
});
