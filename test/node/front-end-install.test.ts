/**
 * A front-end app's install of the packed package, from the npm registry as a user gets it
 * (`npm install --omit=dev` of the tarball into a fresh folder; `--prefer-offline` takes what npm's
 * cache holds): it brings only what the browser runs. The server code is bundled into dist/node
 * with its dependencies; better-sqlite3 and ioredis are optional peers. From that install:
 * no better-sqlite3, hono, @hono/node-server, ioredis, undici or altcha-lib and no native file;
 * the `conf-widgets` command and its subcommands' help; the proxy as a library serving a read
 * from the sandbox; the sandbox and `--redis` each saying what to install.
 *
 * zod stays a dependency: the elements' public types (`conf-widgets/client`'s request bodies) are
 * inferred from its schemas in the shipped .d.ts. No browser bundle contains it.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type StartedSandbox } from '../../sandbox/index.js';
import { FX, fixtureConferences } from '../../sandbox/test/fixture.js';
import { packTree } from './pack.js';

const REPO = process.cwd();
/** What a browser never runs; none of it may reach a front-end install. */
const SERVER_ONLY = ['better-sqlite3', 'hono', '@hono/node-server', 'ioredis', 'undici', 'altcha-lib'];

let tmp = '';
let app = '';
let sandbox: StartedSandbox;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, {
    cwd: app,
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 64 << 20,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
}
function ok(r: SpawnSyncReturns<string>, what: string): string {
  assert.equal(r.status, 0, `${what} failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Every installed package's name, nested ones included, and every file whose name ends in `.node`. */
function walk(dir: string, packages: string[] = [], native: string[] = []): { packages: string[]; native: string[] } {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir.endsWith('node_modules') && !entry.name.startsWith('.')) {
        if (entry.name.startsWith('@')) {
          for (const scoped of readdirSync(p)) packages.push(`${entry.name}/${scoped}`);
        } else packages.push(entry.name);
      }
      walk(p, packages, native);
    } else if (entry.name.endsWith('.node')) native.push(p);
  }
  return { packages, native };
}

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'conf-widgets-install-'));
  const { tarball } = packTree(REPO, tmp);
  app = join(tmp, 'app');
  spawnSync('mkdir', [app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', private: true, type: 'module' }));
  ok(
    run('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball]),
    'npm install of the tarball',
  );
  sandbox = await startSandbox({ db: ':memory:', seedData: fixtureConferences, rateLimit: false });
});

after(async () => {
  await sandbox?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('a front-end install of the packed package', () => {
  test('installs none of the server-only packages and no native code', () => {
    const { packages, native } = walk(join(app, 'node_modules'));
    assert.ok(packages.includes('conf-widgets') && packages.includes('lit'), packages.join(', '));
    assert.deepEqual(
      SERVER_ONLY.filter((name) => packages.includes(name)),
      [],
    );
    assert.deepEqual(native, []);
  });

  test('conf-widgets and its subcommands answer --help', () => {
    const bin = join(app, 'node_modules/.bin/conf-widgets');
    assert.match(ok(run(bin, ['--help']), 'conf-widgets --help'), /^ {2}proxy /m);
    assert.match(ok(run(bin, ['proxy', '--help']), 'proxy --help'), /--upstream URL/);
    assert.match(ok(run(bin, ['sandbox', '--help']), 'sandbox --help'), /--fail-rate/);
    assert.match(ok(run(bin, ['start', '--help']), 'start --help'), /CONF_SANDBOX_DB/);
  });

  test('the sandbox without better-sqlite3 names the install line', () => {
    const bin = join(app, 'node_modules/.bin/conf-widgets');
    const r = run(bin, ['sandbox', '--port', '0', '--db', ':memory:']);
    assert.notEqual(r.status, 0);
    assert.match(r.stdout + r.stderr, /needs better-sqlite3.*Run: npm install better-sqlite3/);
  });

  test('the proxy with --redis but without ioredis names the install line', () => {
    const bin = join(app, 'node_modules/.bin/conf-widgets');
    const r = run(bin, ['proxy', '--port', '0', '--host', '127.0.0.1', '--redis', 'redis://127.0.0.1:9'], {
      CONF_BASE_URL: 'http://127.0.0.1:9',
      CONF_API_KEY: 'k'.repeat(32),
    });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /need ioredis.*Run: npm install ioredis/);
  });

  test('the proxy as a library (conf-widgets/proxy, /proxy/node) serves a read from the sandbox', async () => {
    // Its upstream client (undici), router (hono) and Node adapter (@hono/node-server) are inside
    // the bundle: none of them is installed.
    const script = `import { createServer } from 'node:http';
import { createProxy } from 'conf-widgets/proxy';
import { nodeListener } from 'conf-widgets/proxy/node';
const proxy = createProxy({ upstream: process.env.UPSTREAM, apiKey: process.env.KEY, logger: () => {} });
const server = createServer(nodeListener(proxy)).listen(0, '127.0.0.1', async () => {
  const res = await fetch('http://127.0.0.1:' + server.address().port + '/api/public/v1/events/events?limit=1');
  const body = await res.json();
  console.log(JSON.stringify({ status: res.status, events: body.data.length }));
  server.close();
  await proxy.close();
});`;
    writeFileSync(join(app, 'proxy.mjs'), script);
    const child = spawn(process.execPath, ['proxy.mjs'], {
      cwd: app,
      env: { ...process.env, UPSTREAM: sandbox.url, KEY: FX.keys.all },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 0, out);
    assert.deepEqual(JSON.parse(out.trim()), { status: 200, events: 1 });
  });

  test('the elements import as the README shows (conf-widgets/schedule), here on the server', () => {
    ok(
      run(process.execPath, [
        '--input-type=module',
        '-e',
        "await import('conf-widgets/schedule'); await import('conf-widgets/registration-form');",
      ]),
      'import of the elements',
    );
  });
});
