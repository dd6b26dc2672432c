/**
 * The proxy where the README says it runs, against the sandbox on loopback: on Node from its
 * modules behind `nodeListener` (undici upstream), and the Worker entry
 * (`proxy/worker.ts`) bundled with esbuild `--platform=neutral` and no externals, run on workerd
 * (the config template `proxy/deploy/workerd.capnp`, a recent compatibility date, no
 * `nodejs_compat`), on Bun (`Bun.serve`) and on Deno (`Deno.serve`), each from the npm package
 * that ships its binary. On each: a large read asked for with `Accept-Encoding: gzip, br`
 * decodes once to JSON (a host that compresses the proxy's bytes again fails this); a
 * registration with an `Idempotency-Key` and its replay give one record and the same answer; an
 * upload of 200 KB is stored and answered with its storage URI; the key is in no answer and in nothing the runtime printed. A runtime whose binary is missing is
 * counted as skipped.
 *
 * On workerd also the element bundle, from the template's `disk` service bound as `ASSETS` and
 * pointed at the built `dist/`: the loader and a chunk come back as JavaScript with the Node
 * proxy's cache headers, no other file of the directory is served, and a page on another origin
 * that loads the loader from workerd shows the sandbox's events in `<conf-schedule>` in Chromium.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CHUNK_FILE } from '../../proxy/handlers/bundle.js';
import { createProxy } from '../../proxy/index.js';
import { nodeListener } from '../../proxy/node.js';
import { startSandbox, type StartedSandbox } from '../../sandbox/index.js';
import { FX, fixtureConferences } from '../../sandbox/test/fixture.js';
import { chromiumPath, launchChromium, NO_CHROMIUM, waitForElements } from '../e2e/browser.js';
import { raw, type Raw } from './raw-request.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API = '/api/public/v1';
const KEY = FX.keys.all;
const ORIGIN = 'https://conf.example.org';

const BIN = {
  workerd: join(ROOT, 'node_modules/.bin/workerd'),
  bun: join(ROOT, 'node_modules/.bin/bun'),
  deno: join(ROOT, 'node_modules/.bin/deno'),
};

/** The built bundle workerd serves through its `disk` service; `npm test` builds it first. */
const DIST = join(ROOT, 'dist');
const NO_DIST = existsSync(join(DIST, 'conf-widgets.js')) ? false : 'dist/ is not built (run npm run build)';

let sandbox: StartedSandbox;
let dir: string;
/** A page on its own origin that loads the loader from `pageProxy` (set once workerd runs). */
let page: { origin: string; close(): Promise<void> };
let pageProxy = '';

before(async () => {
  sandbox = await startSandbox({
    db: ':memory:',
    seedData: fixtureConferences,
    startsOn: '2030-06-10',
    rateLimit: false,
  });
  dir = await mkdtemp(join(tmpdir(), 'conf-runtimes-'));
  // As the README builds it: neutral platform, no externals. A static `node:` import fails here.
  await build({
    entryPoints: [join(ROOT, 'proxy/worker.ts')],
    bundle: true,
    platform: 'neutral',
    format: 'esm',
    outfile: join(dir, 'worker.js'),
    logLevel: 'silent',
  });
  // Without a build, workerd still needs a directory for its disk service; the bundle tests skip.
  await mkdir(join(dir, 'no-dist'));
  const pageServer = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><body><script type="module" src="${pageProxy}/conf-widgets.js"></script>` +
        '<conf-schedule></conf-schedule></body></html>',
    );
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', () => resolve()));
  page = {
    origin: `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => pageServer.close(() => resolve())),
  };
  await copyFile(join(ROOT, 'proxy/deploy/workerd.capnp'), join(dir, 'workerd.capnp'));
  await writeFile(
    join(dir, 'bun.js'),
    `import worker from './worker.js';
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (r) => worker.fetch(r, process.env) });
console.log('listening ' + server.port);
`,
  );
  await writeFile(
    join(dir, 'deno.js'),
    `import worker from './worker.js';
const env = Deno.env.toObject();
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log('listening ' + port) }, (r) => worker.fetch(r, env));
`,
  );
});

after(async () => {
  await sandbox?.close();
  await page?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Running {
  url: string;
  /** Everything the runtime printed so far. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts a runtime and waits until it answers (or says which port it took). */
async function run(cmd: string, args: string[], fixedPort?: number): Promise<Running> {
  const child: ChildProcess = spawn(cmd, args, {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      DENO_DIR: join(dir, '.deno'),
      NO_COLOR: '1',
      CONF_BASE_URL: sandbox.url,
      CONF_API_KEY: KEY,
      CONF_ALLOWED_ORIGINS: `${ORIGIN},${page.origin}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let port = fixedPort;
  // Generous: a cold start of a runtime on a busy machine; no assertion is timed.
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    port ??= Number(/listening (\d+)/.exec(out)?.[1]) || undefined;
    if (port !== undefined) {
      const ok = await fetch(`http://127.0.0.1:${port}${API}/health`).then(
        () => true,
        () => false,
      );
      if (ok) return { url: `http://127.0.0.1:${port}`, output: () => out, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${cmd} did not start:\n${out}`);
}

/** Node: the proxy from its modules (undici upstream), behind `nodeListener`, in this process. */
async function onNode(): Promise<Running> {
  const logs: string[] = [];
  const proxy = createProxy({
    upstream: sandbox.url,
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    bundlePath: null,
    logger: (l) => void logs.push(l),
  });
  const server = createHttpServer(nodeListener(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    output: () => logs.join('\n'),
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await proxy.close();
    },
  };
}

const runtimes: Record<'node' | keyof typeof BIN, () => Promise<Running>> = {
  node: onNode,
  workerd: async () => {
    const port = await freePort();
    const assets = NO_DIST ? join(dir, 'no-dist') : DIST;
    return run(
      BIN.workerd,
      ['serve', 'workerd.capnp', '--socket-addr', `http=127.0.0.1:${port}`, '--directory-path', `assets=${assets}`],
      port,
    );
  },
  bun: () => run(BIN.bun, ['bun.js']),
  deno: () => run(BIN.deno, ['run', '--allow-net', '--allow-env', '--no-prompt', 'deno.js']),
};

for (const [name, start] of Object.entries(runtimes) as ['node' | keyof typeof BIN, () => Promise<Running>][]) {
  const missing = name === 'node' || existsSync(BIN[name]) ? false : `${BIN[name]} is not installed`;
  describe(`the proxy on ${name}`, { skip: missing }, () => {
    let proxy: Running;
    const answers: string[] = [];
    before(async () => {
      proxy = await start();
    });
    after(async () => {
      await proxy?.stop();
      for (const text of [...answers, proxy?.output() ?? ''])
        assert.ok(!text.includes(KEY), `the API key reached an output on ${name}`);
    });

    test('a large read asked for with gzip or br is encoded once: decoding it once gives the JSON', async () => {
      const res = await raw(`${proxy.url}${API}/events/events?limit=20`, {
        headers: { 'accept-encoding': 'gzip, br', origin: ORIGIN },
      });
      answers.push(res.text, JSON.stringify(res.headers));
      assert.equal(res.status, 200, res.text);
      assert.ok(
        ['gzip', 'br'].includes(String(res.headers['content-encoding'])),
        `coded: ${res.headers['content-encoding']}`,
      );
      const body = JSON.parse(res.text) as { data: unknown[] };
      assert.ok(res.text.length >= 1024 && Array.isArray(body.data) && body.data.length > 0);
    });

    test('a registration with an Idempotency-Key and its replay: one record, the same answer', async () => {
      const email = `${name}@example.org`;
      const post = () =>
        raw(`${proxy.url}${API}/registrations/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'idempotency-key': `runtime-${name}-0001` },
          body: JSON.stringify({
            firstName: 'Ada',
            lastName: 'Lovelace',
            email,
            ticketTypeId: FX.freeTicket,
            customFields: { organization: 'Engines' },
          }),
        });
      const first = await post();
      const replay = await post();
      answers.push(first.text, replay.text, JSON.stringify(first.headers), JSON.stringify(replay.headers));
      assert.equal(first.status, 201, first.text);
      assert.equal(replay.status, first.status);
      assert.deepEqual(JSON.parse(replay.text), JSON.parse(first.text));
      assert.equal(sandbox.sandbox.store.registrations.list(FX.id, email).length, 1);
    });

    test('an upload is stored and answered with its storage URI only', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200 * 1024, 0x20)]);
      const res = await new Promise<Raw>((resolve, reject) => {
        const req = request(
          `${proxy.url}/uploads/registration-evidence?filename=proof.pdf`,
          {
            method: 'PUT',
            headers: { 'content-type': 'application/pdf', 'content-length': String(pdf.byteLength), origin: ORIGIN },
            agent: false,
          },
          (r) => {
            let text = '';
            r.on('data', (c: Buffer) => (text += c.toString()));
            r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, text }));
            r.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(pdf);
      });
      answers.push(res.text, JSON.stringify(res.headers));
      assert.equal(res.status, 201, res.text);
      const body = JSON.parse(res.text) as { data: { uri: string } };
      assert.match(body.data.uri, /^storage:\/\//);
      assert.deepEqual(Object.keys(body.data), ['uri']);
    });

    if (name === 'workerd') bundleTests(() => proxy.url, answers);
  });
}

/** The element bundle from workerd's `disk` service, bound as `ASSETS`. */
function bundleTests(proxyUrl: () => string, answers: string[]): void {
  const chunk = NO_DIST ? '' : (readdirSync(join(DIST, 'conf-widgets')).find((f) => CHUNK_FILE.test(f)) ?? '');

  test(
    'the loader and a chunk come from the assets directory as JavaScript, with the cache rules of the Node proxy',
    { skip: NO_DIST },
    async () => {
      const expect = [
        ['/conf-widgets.js', 'public, max-age=300'],
        ['/conf-widgets.js?v=1', 'public, max-age=31536000, immutable'],
        [`/conf-widgets/${chunk}`, 'public, max-age=31536000, immutable'],
      ] as const;
      for (const [path, cacheControl] of expect) {
        const res = await raw(proxyUrl() + path, { headers: { origin: page.origin } });
        answers.push(res.text, JSON.stringify(res.headers));
        assert.equal(res.status, 200, `${path}: ${res.text}`);
        const file = path.replace(/\?.*$/, '');
        const expected = await readFile(join(DIST, file), 'utf8');
        assert.equal(res.text, expected, `${path} is the built file`);
        assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8', path);
        assert.equal(res.headers['cache-control'], cacheControl, path);
        assert.equal(res.headers['access-control-allow-origin'], '*', path);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', path);
      }
      const head = await raw(`${proxyUrl()}/conf-widgets/${chunk}`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.text, '');
    },
  );

  test('no other file of the assets directory is served', { skip: NO_DIST }, async () => {
    // Each of these exists in dist/ (or beside it); the raw request keeps the dot segments.
    for (const path of [
      '/conf-widgets/../package.json',
      '/conf-widgets/%2e%2e/package.json',
      '/custom-elements.json',
      '/conf-widgets.js.br',
      `/conf-widgets/${chunk}.gz`,
      '/conf-widgets/',
      '/conf-widgets',
      '/README.md',
    ]) {
      const res = await raw(proxyUrl() + path);
      answers.push(res.text);
      assert.equal(res.status, 404, `${path}: ${res.status} ${res.text.slice(0, 120)}`);
      assert.doesNotMatch(String(res.headers['content-type']), /javascript|octet-stream/, path);
      assert.equal((JSON.parse(res.text) as { error: { code: string } }).error.code, 'not_found', path);
    }
  });

  test(
    "in Chromium, a page on another origin loads the loader from workerd and <conf-schedule> shows the sandbox's events",
    { skip: NO_DIST || (chromiumPath() ? false : NO_CHROMIUM) },
    async () => {
      pageProxy = proxyUrl();
      const events = (await (
        await fetch(`${pageProxy}${API}/events/events?limit=50`, { headers: { origin: page.origin } })
      ).json()) as { data: { title: string }[] };
      const titles = events.data.map((e) => e.title);
      assert.ok(titles.length > 0, 'the sandbox has events');
      const browser = await launchChromium();
      try {
        const tab = await browser.newPage();
        const problems: string[] = [];
        tab.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
        tab.on('response', (r) => {
          if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
        });
        await tab.goto(page.origin + '/');
        const report = await waitForElements(tab, 30_000);
        assert.deepEqual(
          report.map((r) => [r.tag, r.ready]),
          [['conf-schedule', true]],
          `${JSON.stringify(report)}\n${problems.join('\n')}`,
        );
        // All the text of the element, through the shadow roots of its parts.
        // Given as source: tsx would wrap a named function in a helper the page does not have.
        const text = await tab.evaluate<string>(`(() => {
          const walk = (n) =>
            (n.shadowRoot ? walk(n.shadowRoot) : '') +
            (n.nodeType === Node.TEXT_NODE ? n.textContent : [...n.childNodes].map(walk).join(' '));
          return walk(document.querySelector('conf-schedule'));
        })()`);
        assert.ok(
          titles.some((t) => text.includes(t)),
          `none of ${JSON.stringify(titles)} shown: ${text.replace(/\s+/g, ' ').slice(0, 300)}`,
        );
        assert.deepEqual(problems, []);
      } finally {
        await browser.close();
      }
    },
  );
}
