/**
 * The proxy's CLI behind nginx (Debian's package), with the `server` block README.md shows under
 * "Node behind nginx", read from the README itself (only its listen port and the proxy's port are
 * changed), against the sandbox on loopback. nginx runs as a child in the foreground with a temp
 * config on a free port. Checked: a read; the client address the write limits count (the one
 * nginx saw, appended to `X-Forwarded-For`, with the CLI's `--trust-proxy 1`; an address a client
 * writes into the header itself is ignored); a body not compressed twice (nginx's gzip on top of
 * the proxy's br or gzip) and `Vary: Origin` kept beside nginx's `Vary: Accept-Encoding`; an upload
 * streamed through.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox, type StartedSandbox } from '../../sandbox/index.js';
import { FX, fixtureConferences } from '../../sandbox/test/fixture.js';
import { skippable } from '../skippable.js';
import { raw, type Raw } from './raw-request.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API = '/api/public/v1';
const KEY = FX.keys.all;
const ORIGIN = 'https://conf.example.org';
const NGINX = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => p && existsSync(p));

const { before, after, describe, test } = skippable(
  NGINX ? false : "nginx is not installed (Debian's nginx package; npm test installs it as root with apt-get)",
);

/** The README's nginx `server` block: the fenced block under the "Node behind nginx" heading. */
async function readmeNginxBlock(): Promise<string> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Node behind nginx'));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md has no nginx block under "### Node behind nginx"');
  return block;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until `url` answers at all (the child is up), or the child exits. */
async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`did not start:\n${output()}`);
}

let sandbox: StartedSandbox;
let dir = '';
let proxy: ChildProcess | undefined;
let nginx: ChildProcess | undefined;
let proxyOut = '';
let nginxOut = '';
let site = '';

before(async () => {
  sandbox = await startSandbox({
    db: ':memory:',
    seedData: fixtureConferences,
    startsOn: '2030-06-10',
    rateLimit: false,
  });
  dir = await mkdtemp(join(tmpdir(), 'conf-nginx-'));
  // nginx's workers drop root's rights (user nobody): they must reach the temp folders.
  await chmod(dir, 0o755);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(join(dir, sub));
    await chmod(join(dir, sub), 0o777);
  }
  const proxyPort = await freePort();
  // As the README runs it: the CLI on loopback, one trusted hop (nginx). One registration per
  // address per 10 minutes, to see which address the limit counts.
  proxy = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'proxy/cli.ts'),
      '--host',
      '127.0.0.1',
      '--port',
      String(proxyPort),
      '--trust-proxy',
      '1',
      '--write-limit',
      'registrations=1/10m',
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        CONF_BASE_URL: sandbox.url,
        CONF_API_KEY: KEY,
        CONF_ALLOWED_ORIGINS: ORIGIN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  proxy.stdout!.on('data', (c: Buffer) => (proxyOut += c.toString()));
  proxy.stderr!.on('data', (c: Buffer) => (proxyOut += c.toString()));
  await waitFor(`http://127.0.0.1:${proxyPort}/healthz`, proxy, () => proxyOut);

  const port = await freePort();
  const block = (await readmeNginxBlock())
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/127\.0\.0\.1:8787/g, `127.0.0.1:${proxyPort}`);
  assert.ok(block.includes(`127.0.0.1:${proxyPort}`) && block.includes(`listen 127.0.0.1:${port};`), block);
  await writeFile(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${block}
}
`,
  );
  nginx = spawn(NGINX!, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stdout!.on('data', (c: Buffer) => (nginxOut += c.toString()));
  nginx.stderr!.on('data', (c: Buffer) => (nginxOut += c.toString()));
  site = `http://127.0.0.1:${port}`;
  await waitFor(`${site}${API}/health`, nginx, () => nginxOut);
});

after(async () => {
  for (const child of [nginx, proxy]) {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  await sandbox?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  assert.ok(!proxyOut.includes(KEY) && !nginxOut.includes(KEY), 'the API key reached a log');
});

/** `Vary` as a list of field names, however many header lines carried it. */
function vary(headers: Raw['headers']): string[] {
  const v = headers.vary;
  return (Array.isArray(v) ? v.join(',') : (v ?? ''))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

describe('the proxy behind nginx, with the README’s config', () => {
  test('a large read asked for with gzip and br is encoded once, and keeps Vary: Origin', async () => {
    const res = await raw(`${site}${API}/events/events?limit=20`, {
      headers: { 'accept-encoding': 'gzip, br', origin: ORIGIN },
    });
    assert.equal(res.status, 200, res.text);
    assert.ok(['gzip', 'br'].includes(String(res.headers['content-encoding'])), `${res.headers['content-encoding']}`);
    const body = JSON.parse(res.text) as { data: unknown[] };
    assert.ok(body.data.length > 0);
    assert.equal(res.headers['access-control-allow-origin'], ORIGIN);
    assert.ok(vary(res.headers).includes('origin'), `Vary: ${String(res.headers.vary)}`);
  });

  test('a small read the proxy sends as it is is gzipped by nginx, once, and keeps Vary: Origin', async () => {
    const res = await raw(`${site}${API}/events/events?limit=1`, {
      headers: { 'accept-encoding': 'gzip', origin: ORIGIN },
    });
    assert.equal(res.status, 200, res.text);
    // Under 1 kB the proxy sends it as it is; nginx's gzip compresses it (once).
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal((JSON.parse(res.text) as { data: unknown[] }).data.length, 1);
    assert.ok(vary(res.headers).includes('origin'), `Vary: ${String(res.headers.vary)}`);
  });

  test('write limits count the address nginx saw, not one the client wrote into X-Forwarded-For', async () => {
    const register = (from: string, email: string, spoof?: string) =>
      raw(`${site}${API}/registrations/registrations`, {
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          origin: ORIGIN,
          ...(spoof ? { 'x-forwarded-for': spoof } : {}),
        },
        body: JSON.stringify({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email,
          ticketTypeId: FX.freeTicket,
          customFields: { organization: 'Engines' },
        }),
      });
    // The proxy's socket peer is nginx (127.0.0.1) for all three; the limit is one per address.
    const first = await register('127.0.0.3', 'nginx-a@example.org');
    assert.equal(first.status, 201, first.text);
    const again = await register('127.0.0.3', 'nginx-b@example.org', '198.51.100.7');
    assert.equal(again.status, 429, again.text);
    const other = await register('127.0.0.4', 'nginx-c@example.org');
    assert.equal(other.status, 201, other.text);
    assert.equal(sandbox.sandbox.store.registrations.list(FX.id, 'nginx-b@example.org').length, 0);
  });

  test('an upload streams through', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const res = await raw(`${site}/uploads/registration-evidence?filename=proof.pdf`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'content-length': String(pdf.byteLength), origin: ORIGIN },
      body: pdf,
    });
    assert.equal(res.status, 201, res.text);
    assert.match((JSON.parse(res.text) as { data: { uri: string } }).data.uri, /^storage:\/\//);
  });
});
