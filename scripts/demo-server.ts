/**
 * The app `npm start` runs, as a function: one port where the proxy answers everywhere, the
 * sandbox is mounted under `/__sandbox` as the proxy's upstream (unless a real service is named),
 * the demo site is served at `/` and a built Storybook at `/storybook/`. The end-to-end tests start
 * exactly this, on port 0, with their own database and fault rate.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createProxy, type Proxy, type ProxyOptions } from '../proxy/index.js';
import { IDLE_TIMEOUT_MS, NODE_SERVER_OPTIONS } from '../proxy/node.js';
import { createSandbox, type Sandbox } from '../sandbox/index.js';
import { LARGE_KEY, largeSeed } from '../sandbox/seed/large.js';
import { demoStatic } from './demo-static.js';

/**
 * The package's root, the nearest folder above this file with a package.json: `scripts/`'s parent
 * in a clone, three levels up once built into `dist/node/scripts/` (the `conf-widgets` command).
 */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}
const ROOT = packageRoot();
const repo = (p: string) => join(ROOT, p);

/** Fixed for the sandbox only; a real deployment sets CONF_KIOSK_TOKEN. */
export const DEMO_KIOSK_TOKEN = 'demo-kiosk-token-0001';
export const DEMO_API_KEY = 'demo-key-all';
/** Where the sandbox is mounted on the demo's port (its API is below `${SANDBOX_MOUNT}/api/public/v1`). */
export const SANDBOX_MOUNT = '/__sandbox';
export const DEMO_ROOT = repo('demo');
export const STORYBOOK_ROOT = repo('storybook-static');
export const BUNDLE_PATH = repo('dist/conf-widgets.js');
/**
 * The demo's large conference (2,000 events, `/large.html`): its own proxy under this path
 * (`/large/api/public/v1/...`, an element's `endpoint="/large"`) over its own sandbox, both made
 * on the first request there, so a start that never shows it does not seed it.
 */
export const LARGE_MOUNT = '/large';
const LARGE_SANDBOX_MOUNT = '/__sandbox-large';

/** The request with `prefix` taken off its path, for a handler mounted below it. */
function below(prefix: string, req: Request): Request {
  const url = new URL(req.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  return new Request(url, req);
}

export interface DemoOptions {
  port?: number;
  host?: string;
  /** Sandbox database: a file path or ':memory:' (default ':memory:'). */
  db?: string;
  /** A real Public API v1 instead of the sandbox. */
  real?: { baseUrl: string; apiKey: string } | null;
  kioskToken?: string | null;
  allowedOrigins?: readonly string[];
  /** Origins besides its own addresses at which browsers reach the demo (behind a domain, say). */
  publicOrigin?: readonly string[];
  /** Fraction of sandbox API requests answered 503 (the sandbox's `--fail-rate`). */
  failRate?: number;
  /** Fraction of sandbox writes recorded, then answered 500 (the sandbox's `--lose-rate`). */
  loseRate?: number;
  /** The sandbox honours `Idempotency-Key` (default true; the sandbox's `--no-idempotency` is false). */
  sandboxIdempotency?: boolean;
  /** Enables the sandbox's `/__sandbox/__admin` routes with this token. */
  adminToken?: string | null;
  /** First day of the demo conference (`YYYY-MM-DD`); default today in its zone. */
  startsOn?: string;
  /** Overrides of the proxy's options (rate limit, logger, …). */
  proxy?: Partial<ProxyOptions>;
}

export interface StartedDemo {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** The in-process sandbox, null when a real service is the upstream. */
  sandbox: Sandbox | null;
  proxy: Proxy;
  close(): Promise<void>;
}

/** The newest modification time under `dir`, so a stale build can be told from a fresh one. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * True when `dist/conf-widgets.js` is missing or older than anything under `src/`. Never in an
 * installed package: it ships its build and no `src/`.
 */
export function bundleIsStale(): boolean {
  if (!existsSync(repo('src'))) return false;
  if (!existsSync(BUNDLE_PATH)) return true;
  return statSync(BUNDLE_PATH).mtimeMs < newestMtime(repo('src'));
}

export async function startDemo(o: DemoOptions = {}): Promise<StartedDemo> {
  const host = o.host ?? '127.0.0.1';
  const real = o.real ?? null;
  const sandbox = real
    ? null
    : createSandbox({
        db: o.db ?? ':memory:',
        ...(o.failRate !== undefined ? { failRate: o.failRate } : {}),
        ...(o.loseRate !== undefined ? { loseRate: o.loseRate } : {}),
        ...(o.sandboxIdempotency !== undefined ? { idempotency: o.sandboxIdempotency } : {}),
        ...(o.adminToken ? { adminToken: o.adminToken } : {}),
        ...(o.startsOn ? { startsOn: o.startsOn } : {}),
      });
  // The proxy's upstream is this same port; with port 0 it is known only once listening.
  let proxy: Proxy | null = null;
  let large: { sandbox: Sandbox; proxy: Proxy } | null = null;
  const largeParts = (): { sandbox: Sandbox; proxy: Proxy } =>
    (large ??= {
      sandbox: createSandbox({ db: ':memory:', seedData: largeSeed, ...(o.startsOn ? { startsOn: o.startsOn } : {}) }),
      proxy: createProxy({
        upstream: `http://127.0.0.1:${port}${LARGE_SANDBOX_MOUNT}`,
        apiKey: LARGE_KEY,
        allowedOrigins: o.allowedOrigins ?? [],
        publicOrigin: [...ownOrigins(host, port), ...(o.publicOrigin ?? [])],
        bundlePath: BUNDLE_PATH,
        forwardScenarioHeaders: true,
        ...o.proxy,
      }),
    });

  const app = new Hono();
  if (sandbox) {
    app.route(SANDBOX_MOUNT, sandbox.app);
    app.all(`${LARGE_SANDBOX_MOUNT}/*`, (c) => largeParts().sandbox.app.fetch(below(LARGE_SANDBOX_MOUNT, c.req.raw)));
    app.all(`${LARGE_MOUNT}/*`, (c) => largeParts().proxy.fetch(below(LARGE_MOUNT, c.req.raw), c.env));
  }
  if (existsSync(STORYBOOK_ROOT)) {
    app.get('/storybook', (c) => c.redirect('/storybook/'));
    app.get(
      '/storybook/*',
      serveStatic({ root: STORYBOOK_ROOT, rewriteRequestPath: (p) => p.replace(/^\/storybook/, '') }),
    );
  }
  // Pages revalidated by ETag, style sheets and images kept a day, text compressed (demo-static.ts).
  if (existsSync(DEMO_ROOT)) app.get('/*', demoStatic({ root: DEMO_ROOT }));
  app.all('*', (c) => proxy!.fetch(c.req.raw, c.env));

  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    // The proxy CLI's server timeouts (headers 20 s, request 130 s, keep-alive 5 s, checked every
    // second), and a connection idle 150 s while a request is handled is closed (proxy/node.ts).
    const server = serve(
      { fetch: app.fetch, port: o.port ?? 0, hostname: host, serverOptions: NODE_SERVER_OPTIONS },
      (info: AddressInfo) => resolve({ server, port: info.port }),
    );
    server.setTimeout(IDLE_TIMEOUT_MS);
    server.once('error', reject);
  });
  const local = `http://127.0.0.1:${port}`;
  const kioskToken = o.kioskToken === undefined ? (real ? null : DEMO_KIOSK_TOKEN) : o.kioskToken;
  proxy = createProxy({
    upstream: real ? real.baseUrl : `${local}${SANDBOX_MOUNT}`,
    apiKey: real ? real.apiKey : DEMO_API_KEY,
    allowedOrigins: o.allowedOrigins ?? [],
    // The demo's pages call the proxy on the same origin; the proxy knows it only from here.
    publicOrigin: [...ownOrigins(host, port), ...(o.publicOrigin ?? [])],
    bundlePath: BUNDLE_PATH,
    ...(kioskToken ? { kioskToken } : {}),
    // Scenario switches (`Prefer: code=503`) only make sense towards the bundled sandbox.
    forwardScenarioHeaders: !real,
    ...o.proxy,
  });
  const p = proxy;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    sandbox,
    proxy: p,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          void Promise.all([p.close(), large?.proxy.close()]).then(() => {
            sandbox?.close();
            large?.sandbox.close();
            resolve();
          });
        });
        // Keep-alive sockets (browsers, the proxy's own upstream agent) would hold close() open.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/**
 * The origins a browser may use for this server: its listening address, and for a loopback or
 * wildcard one the loopback names, for a wildcard one each interface's address too.
 */
export function ownOrigins(host: string, port: number): string[] {
  const at = (h: string) => `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
  const loopback = ['127.0.0.1', 'localhost', '::1'];
  const wildcard = host === '0.0.0.0' || host === '::';
  const hosts = new Set(wildcard || loopback.includes(host) ? loopback : []);
  if (!wildcard) hosts.add(host);
  if (wildcard) {
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? [])
        if (!a.internal && (host === '::' || a.family === 'IPv4')) hosts.add(a.address.split('%')[0]!);
    }
  }
  return [...hosts].map(at);
}
