/**
 * The sandbox's programmatic API: `createSandbox` gives a fetch handler over a seeded database;
 * `startSandbox` also listens on a port. The proxy, the stories and every test use these.
 */
import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { API_PREFIX } from '../src/api/contract.js';
import { createApp } from './app.js';
import { openDatabase } from './db/open.js';
import type { SandboxEnv } from './env.js';
import { CHECKIN_RATE_LIMIT, type RateLimitOptions } from './rate-limit.js';
import { DEFAULT_READ_CACHE_LIMITS, ReadCache, type ReadCacheLimits } from './read-cache.js';
import { buildSeed, defaultSeed, type SeedFactory } from './seed/default.js';
import { loadSeed } from './seed/load.js';
import {
  advertiseKeepAlive,
  applyIdleTimeout,
  sandboxServerTimeouts,
  serverOptions,
  type ServerTimeouts,
} from './server-timeouts.js';
import { Store } from './store/index.js';

export interface SandboxOptions {
  /** A file path or ':memory:' (default ':memory:'). */
  db?: string;
  /** Seed when the database is empty (default true). */
  seed?: boolean;
  /** First day of the demo conference, `YYYY-MM-DD`; default: today in its zone. */
  startsOn?: string;
  /** Fraction (0..1) of API requests answered 503 before any processing. */
  failRate?: number;
  /** Fraction (0..1) of writes recorded, then answered 500 (an answer lost after the work). */
  loseRate?: number;
  /** Delay added to every API answer. */
  latencyMs?: number;
  /**
   * Honour `Idempotency-Key` on POSTs, kept in the database for 24 h (default true). Off, the
   * header is ignored, as by an upstream that does not honour it.
   */
  idempotency?: boolean;
  /** HMAC secret of upload URLs; default: random per process (URLs die with the process). */
  signingSecret?: string;
  /** Enables the `/__admin` routes. */
  adminToken?: string | null;
  now?: () => number;
  /** Check-in rate limit per key; `false` switches it off (benchmarks). */
  rateLimit?: RateLimitOptions | false;
  /** Datasets to seed instead of the demo (tests). */
  seedData?: SeedFactory;
  /** Time for a whole request body to arrive before a 408 (default 30 s). */
  bodyTimeoutMs?: number;
  /**
   * Keep read answers until the data they were built from changes (default true; `false` builds
   * every read from the database), or the cache's bounds.
   */
  readCache?: boolean | Partial<ReadCacheLimits>;
}

export interface Sandbox {
  app: Hono<SandboxEnv>;
  fetch(req: Request): Promise<Response>;
  store: Store;
  /** The read cache, or null when switched off. */
  readCache: ReadCache | null;
  close(): void;
}

export function createSandbox(opts: SandboxOptions = {}): Sandbox {
  const now = opts.now ?? Date.now;
  const store = new Store(openDatabase(opts.db ?? ':memory:'), now);
  if ((opts.seed ?? true) && store.conferences.count() === 0) {
    for (const seed of buildSeed(opts.seedData ?? defaultSeed, opts.startsOn, now())) loadSeed(store, seed);
  }
  const readCache =
    opts.readCache === false
      ? null
      : new ReadCache(store.db, { ...DEFAULT_READ_CACHE_LIMITS, ...(opts.readCache === true ? {} : opts.readCache) });
  const app = createApp({
    store,
    readCache,
    uploadSecret: opts.signingSecret ?? randomBytes(32).toString('hex'),
    failRate: opts.failRate ?? 0,
    loseRate: opts.loseRate ?? 0,
    latencyMs: opts.latencyMs ?? 0,
    idempotency: opts.idempotency ?? true,
    rateLimit: opts.rateLimit ?? CHECKIN_RATE_LIMIT,
    adminToken: opts.adminToken ?? null,
    bodyTimeoutMs: opts.bodyTimeoutMs,
  });
  return {
    app,
    fetch: async (req) => app.fetch(req),
    store,
    readCache,
    close: () => store.close(),
  };
}

export interface StartedSandbox {
  /** Origin the server listens on, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** The server's timeouts (`server-timeouts.ts`). */
  timeouts: ServerTimeouts;
  sandbox: Sandbox;
  close(): Promise<void>;
}

export interface ListenOptions {
  port?: number;
  hostname?: string;
  /** Replaces some of the server's timeouts (tests); the rest follow `sandboxServerTimeouts`. */
  serverTimeouts?: Partial<ServerTimeouts>;
}

export async function startSandbox(opts: SandboxOptions & ListenOptions = {}): Promise<StartedSandbox> {
  const sandbox = createSandbox(opts);
  const hostname = opts.hostname ?? '127.0.0.1';
  const timeouts = { ...sandboxServerTimeouts(opts), ...opts.serverTimeouts };
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    const server = serve(
      { fetch: sandbox.app.fetch, port: opts.port ?? 0, hostname, serverOptions: serverOptions(timeouts) },
      (info: AddressInfo) => resolve({ server, port: info.port }),
    );
    server.once('error', reject);
  });
  applyIdleTimeout(server, timeouts);
  // serve() without a createServer option makes a node:http server (its type names HTTP/2's too).
  advertiseKeepAlive(server as HttpServer, timeouts);
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  return {
    url: `http://${host}:${port}`,
    port,
    timeouts,
    sandbox,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          sandbox.close();
          resolve();
        });
        // Keep-alive sockets would hold close() open.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

export { API_PREFIX };
export type { ServerTimeouts } from './server-timeouts.js';
export type { Store } from './store/index.js';
export type { SeedFactory } from './seed/default.js';
