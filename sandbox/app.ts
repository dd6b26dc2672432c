/**
 * The sandbox as a Hono app: Public API v1 under `/api/public/v1`, the signed upload target under
 * `/uploads`, and (when a token is set) the admin routes under `/__admin`.
 *
 * API requests pass, in order: fault injection, key (401), conference (403), endpoint (404/405),
 * module and scope (403), check-in rate limit (429), Idempotency-Key claim (409), body
 * (415/413/408/400), query (400), handler (with the key's answer kept or replayed).
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { API_PREFIX } from '../src/api/contract.js';
import { errorBody } from '../src/api/errors.js';
import { adminRoutes } from './admin/routes.js';
import type { SandboxEnv } from './env.js';
import { SandboxError } from './errors.js';
import { apiKey, liveConference } from './middleware/auth.js';
import { access, apiPath, endpoint } from './middleware/endpoint.js';
import { faults } from './middleware/faults.js';
import { idempotencyClaim, idempotentDispatch } from './middleware/idempotency.js';
import { checkinRateLimit } from './middleware/rate-limit.js';
import { jsonBody, query } from './middleware/request.js';
import type { RateLimitOptions } from './rate-limit.js';
import { BODY_TIMEOUT_MS } from './read-body.js';
import type { ReadCache } from './read-cache.js';
import { dispatch } from './routes/index.js';
import type { Store } from './store/index.js';
import { uploadRoutes } from './uploads.js';

export interface AppOptions {
  store: Store;
  uploadSecret: string;
  failRate?: number;
  loseRate?: number;
  latencyMs?: number;
  /** Honour `Idempotency-Key` on POSTs (default true); off, the header is ignored, as a real upstream may. */
  idempotency?: boolean;
  rateLimit: RateLimitOptions | false;
  adminToken?: string | null;
  /** Time for a whole request body (JSON or upload) to arrive before a 408. */
  bodyTimeoutMs?: number;
  /** Where unexpected errors are reported (never with request bodies or keys). */
  logError?: (err: unknown) => void;
  /** Kept read answers (`read-cache.ts`); `null` builds every read from the database. */
  readCache?: ReadCache | null;
}

export function createApp(options: AppOptions): Hono<SandboxEnv> {
  const { store, uploadSecret, bodyTimeoutMs = BODY_TIMEOUT_MS } = options;
  const app = new Hono<SandboxEnv>();
  const api = `${API_PREFIX}/*`;

  app.use(
    api,
    faults({ failRate: options.failRate ?? 0, loseRate: options.loseRate ?? 0, latencyMs: options.latencyMs ?? 0 }),
  );
  const cache = options.readCache ?? null;
  if (cache) {
    app.use(api, async function readCounters(c, next) {
      c.set('counters', cache.counters());
      await next();
    });
  }
  app.use(api, apiPath(), apiKey({ store, cache }), liveConference({ store, cache }), endpoint(), access());
  app.use(api, checkinRateLimit({ limit: options.rateLimit, now: store.now }));
  const idempotency = options.idempotency ?? true;
  if (idempotency) app.use(api, idempotencyClaim({ store }));
  app.use(api, jsonBody({ timeoutMs: bodyTimeoutMs }), query());
  const handler = dispatch({ store, uploadSecret, readCache: cache });
  app.all(api, idempotency ? idempotentDispatch(handler, { store }) : handler);

  app.route('/', uploadRoutes({ store, secret: uploadSecret, bodyTimeoutMs }));
  if (options.adminToken) app.route('/__admin', adminRoutes({ store, token: options.adminToken, bodyTimeoutMs }));

  app.notFound((c) => c.json(errorBody('not_found', `Nothing at ${new URL(c.req.url).pathname}.`), 404));

  const logError = options.logError ?? ((err: unknown) => console.error('sandbox: unexpected error', err));
  app.onError((err, c) => {
    if (err instanceof SandboxError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return c.json(errorBody(err.code, err.message, err.details), err.status as 400);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(errorBody('invalid_json', err.message || 'The request could not be read.'), 400);
    }
    logError(err);
    return c.json(errorBody('internal_error', 'An unexpected error occurred in the sandbox.'), 500);
  });
  return app;
}
