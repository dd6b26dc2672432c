import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../cli.js';
import { assertError, start } from './helpers.js';

const CLI = ['--import', 'tsx', 'sandbox/cli.ts'];

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
    for (const word of ['keys create', 'keys revoke', 'registration open', 'registration phase', 'exhibition window', 'exhibition fee', 'workshop capacity', '--fail-rate', '--latency', '--admin-token']) {
      assert.ok(r.stdout.includes(word), word);
    }
  });

  it('creates a key on the db file that a server on the same file accepts; changes settings; revokes', async () => {
    const created = await cli('keys', 'create', '--db', db, '--conference', 'conf-demo', '--scopes', 'registrations:write,registrations:read', '--label', 'site');
    assert.equal(created.code, 0, created.stderr);
    const { secret } = JSON.parse(created.stdout) as { secret: string };
    assert.equal((await cli('registration', 'close', '--db', db)).code, 0);
    assert.equal((await cli('workshop', 'capacity', 'ws-capacity-3', '5', '--db', db)).code, 0);

    const s = await start({ db, seedData: undefined });
    try {
      const config = await s.call('GET', '/registrations/config', { key: secret });
      assert.equal(config.status, 200);
      assert.equal(config.body.data.public_registration_enabled, false);
      const w = (await s.call('GET', '/events/workshops?limit=200', { key: secret })).body.data.find((x: { id: string }) => x.id === 'ws-capacity-3');
      assert.equal(w.capacity, 5);
      // A change from the CLI reaches the running server on its next request.
      assert.equal((await cli('registration', 'open', '--db', db)).code, 0);
      assert.equal((await s.call('GET', '/registrations/config', { key: secret })).body.data.public_registration_enabled, true);
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
    const proc = spawnSync(process.execPath, [...CLI, 'keys', 'create', '--db', db, '--scopes', 'root'], { encoding: 'utf8' });
    assert.equal(proc.status, 1);
    assert.match(proc.stderr, /^sandbox: .*Unknown scope/m);
  });

  it('starts a server and prints its URL, the API base and the demo keys', async () => {
    const child = spawn(process.execPath, [...CLI, '--port', '0', '--db', ':memory:'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m && out.includes('demo-key-other')) resolve(m[1]!);
        });
        child.once('exit', () => reject(new Error(`exited: ${out}`)));
      });
      assert.ok(out.includes(`${url}/api/public/v1`));
      assert.ok(out.includes('demo-key-all'));
      const res = await fetch(`${url}/api/public/v1/health`, { headers: { 'x-api-key': 'demo-key-all' } });
      assert.equal(res.status, 200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
