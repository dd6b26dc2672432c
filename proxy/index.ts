/**
 * The key-holding proxy: a web-standard fetch handler (Hono) that browsers call instead of the
 * conference API. It holds the key, exposes only what the contract marks as browser-reachable,
 * caches reads, protects writes, streams uploads and serves the element bundle.
 *
 * The handler is host-agnostic: an edge runtime exports it as `{ fetch }`; on Node, `node.ts` wraps
 * it in a request listener (the CLI's, and the one to mount in an existing server) that answers
 * fresh cache hits through the fast lane (`fast-lane.ts`) and everything else through the handler.
 * See README.md.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { API_PREFIX } from '../src/api/contract.js';
import { ReadCache } from './cache/read-cache.js';
import { clientIp } from './client-ip.js';
import type { ProxyEnv } from './env.js';
import { notFound, onError } from './errors.js';
import { fetchThroughLane } from './fast-fetch.js';
import { createFastLane, type FastLane } from './fast-lane.js';
import { bundleHandler, chunkHandler } from './handlers/bundle.js';
import { healthHandler, readyHandler } from './handlers/health.js';
import { readHandler } from './handlers/read.js';
import { uploadHandler } from './handlers/upload.js';
import { writeHandler } from './handlers/write.js';
import { allowList } from './middleware/allow-list.js';
import { bodyGuard } from './middleware/body-guard.js';
import { cors } from './middleware/cors.js';
import { formBody } from './middleware/form-body.js';
import { idempotency } from './middleware/idempotency.js';
import { jsonBody } from './middleware/json-body.js';
import { kioskToken } from './middleware/kiosk-token.js';
import { rateLimit } from './middleware/rate-limit.js';
import { requestLog } from './middleware/request-log.js';
import { targetGuard } from './middleware/target-guard.js';
import { urlFields } from './middleware/url-fields.js';
import { CHALLENGE_PATH, writeChallenge } from './middleware/write-challenge.js';
import { resolveOptions, type ProxyOptions } from './options.js';
import { refusedOriginLog } from './refused-origins.js';
import { createScrubber } from './secrets.js';
import { memoryCacheStore, memoryIdempotencyStore, memoryRateLimitStore } from './stores/memory.js';
import { createUpstreamClient } from './upstream/client.js';
import { defaultTransport, fetchTransport, type Transport, type UpstreamFetch } from './upstream/transport.js';

export type { ProxyOptions } from './options.js';
export type { CacheEntry, CacheStore, IdempotencyStore, RateLimitStore } from './stores/types.js';
export { memoryCacheStore, memoryIdempotencyStore, memoryRateLimitStore } from './stores/memory.js';

export interface Proxy {
  /** The web-standard handler. `env` is what the host passes (@hono/node-server: the raw request). */
  fetch(request: Request, env?: unknown): Promise<Response>;
  app: Hono<ProxyEnv>;
  /** Fresh cache hits without the handler, for host adapters (`node.ts`); it never replaces `fetch`. */
  fastLane: FastLane;
  /** Closes upstream connections. Stores passed in options belong to the caller. */
  close(): Promise<void>;
}

export function createProxy(options: ProxyOptions): Proxy {
  const o = resolveOptions(options);
  // Without a configured secret the challenge's is made here, per process.
  const challengeSecret = o.writeChallenge ? (o.writeChallenge.secret ?? randomSecret()) : null;
  const scrubber = createScrubber([
    o.apiKey,
    ...(o.kioskToken ? [o.kioskToken] : []),
    ...(challengeSecret ? [challengeSecret] : []),
  ]);
  const log = (line: Record<string, unknown>) =>
    o.logger(scrubber.scrub(JSON.stringify({ time: new Date().toISOString(), ...line })));
  const report = (event: string, error: unknown) =>
    log({
      level: 'warn',
      msg: event,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });

  const transportReady: Promise<Transport> = o.fetchImpl
    ? Promise.resolve(fetchTransport(o.fetchImpl))
    : defaultTransport();
  const transport = async (): Promise<UpstreamFetch> => (await transportReady).fetch;
  const upstream = createUpstreamClient({
    base: o.upstream,
    apiKey: o.apiKey,
    transport: async (url, init) => (await transport())(url, init),
    scrubber,
    timeoutMs: o.upstreamTimeoutMs,
    retry: o.retry,
  });
  const policy = o.cache;
  const cache = new ReadCache({
    store:
      o.cache.store ?? memoryCacheStore({ maxEntries: o.cache.maxEntries, maxBytes: o.cache.maxBytes, now: o.now }),
    policy,
    now: o.now,
    report,
  });

  const app = new Hono<ProxyEnv>();
  app.use('*', requestLog({ logger: o.logger, scrubber }));
  app.onError(onError((error) => report('unhandled_error', error)));
  app.notFound(() => notFound());
  app.use('*', targetGuard());

  app.get('/healthz', healthHandler());
  app.get('/readyz', readyHandler({ upstream }));
  app.get('/conf-widgets.js', bundleHandler({ bundlePath: o.bundlePath }));
  app.get('/conf-widgets/:file', chunkHandler({ bundlePath: o.bundlePath }));

  const onRefused = refusedOriginLog({ allowedOrigins: o.configuredOrigins, log });
  app.use('/api/*', cors({ allowedOrigins: o.allowedOrigins, onRefused }));
  app.use('/uploads/*', cors({ allowedOrigins: o.allowedOrigins, onRefused }));
  app.use(CHALLENGE_PATH, cors({ allowedOrigins: o.allowedOrigins, onRefused }));

  const writeLimit: MiddlewareHandler<ProxyEnv> = o.rateLimit
    ? rateLimit({
        store: o.rateLimit.store ?? memoryRateLimitStore({ now: o.now }),
        max: o.rateLimit.max,
        windowMs: o.rateLimit.windowMs,
        limits: o.rateLimit.kinds,
        keyOf: (c) => clientIp(c, o.trustedProxyHops, o.clientAddressHeader),
        now: o.now,
        report,
      })
    : async function noWriteLimit(_c, next) {
        await next();
      };

  // Before the limits: writes without a solution must not spend a shared address's allowance.
  const challenge =
    o.writeChallenge && challengeSecret
      ? writeChallenge({
          difficulty: o.writeChallenge.difficulty,
          ttlMs: o.writeChallenge.ttlMs,
          secret: challengeSecret,
          store:
            o.writeChallenge.store ??
            memoryIdempotencyStore({ maxEntries: 100_000, maxBytes: 32 * 1024 * 1024, now: o.now }),
          now: o.now,
          report,
        })
      : null;
  if (challenge) app.get(CHALLENGE_PATH, challenge.handler);
  const challengeCheck: MiddlewareHandler<ProxyEnv> = challenge
    ? challenge.middleware
    : async function noChallenge(_c, next) {
        await next();
      };

  // One budget for every body: writes and uploads draw on the same bytes.
  const bodies = bodyGuard({ ...o.bodyLimits, keyOf: (c) => clientIp(c, o.trustedProxyHops, o.clientAddressHeader) });

  const api = `${API_PREFIX}/*`;
  app.use(
    api,
    allowList(),
    kioskToken({
      token: o.kioskToken,
      lockout: o.kioskLockout,
      store: o.kioskLockout?.store ?? memoryRateLimitStore({ now: o.now }),
      keyOf: (c) => clientIp(c, o.trustedProxyHops, o.clientAddressHeader),
      now: o.now,
      log: (line) => log(line),
      report,
    }),
  );
  app.get(api, readHandler({ cache, upstream, policy, forwardScenarioHeaders: o.forwardScenarioHeaders, now: o.now }));
  app.post(
    api,
    challengeCheck,
    writeLimit,
    bodies,
    formBody(),
    jsonBody({ maxBytes: o.maxBodyBytes }),
    urlFields(),
    idempotency({
      store: o.idempotencyStore ?? memoryIdempotencyStore({ now: o.now }),
      ttlMs: o.idempotencyTtlMs,
      pendingMs: o.upstreamTimeoutMs + 5000,
      report,
    }),
    writeHandler({
      upstream,
      forwardScenarioHeaders: o.forwardScenarioHeaders,
      uploadTimeoutMs: o.uploadTimeoutMs,
      cache,
    }),
  );
  app.put(
    '/uploads/:kind',
    challengeCheck,
    writeLimit,
    bodies,
    uploadHandler({
      upstream,
      transport,
      scrubber,
      maxBytes: o.maxUploadBytes,
      timeoutMs: o.uploadTimeoutMs,
      forwardScenarioHeaders: o.forwardScenarioHeaders,
    }),
  );

  const fastLane = createFastLane({
    cache,
    policy,
    allowedOrigins: o.allowedOrigins,
    forwardScenarioHeaders: o.forwardScenarioHeaders,
    logger: o.logger,
    scrubber,
    now: o.now,
    upstream,
    report,
  });

  const fastFetch = fetchThroughLane(fastLane, report);

  return {
    app,
    fastLane,
    fetch: async (request, env) => {
      const bindings = env as ProxyEnv['Bindings'] | undefined;
      return fastFetch(request, bindings) ?? app.fetch(request, bindings);
    },
    close: async () => {
      await (await transportReady.catch(() => null))?.close();
    },
  };
}

function randomSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
}
