/**
 * Per-client-IP limit on writes: a fixed window of `max` writes per `windowMs`; over it, 429 with
 * `Retry-After` and no upstream call. Check-ins from kiosks that presented their token are not
 * counted: a venue's scanners share one address and scan hundreds of badges an hour. The token
 * exempts only the check-in endpoints; any other write from a kiosk is counted like anyone's.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import type { RateLimitStore } from '../stores/types.js';

export function rateLimit({
  store,
  max = 30,
  windowMs = 60_000,
  keyOf,
  now = Date.now,
  report = () => {},
}: {
  store: RateLimitStore;
  max?: number;
  windowMs?: number;
  keyOf: (c: Context<ProxyEnv>) => string;
  now?: () => number;
  report?: (event: string, error: unknown) => void;
}): MiddlewareHandler<ProxyEnv> {
  if (!(max >= 1) || !(windowMs >= 1)) throw new Error('rateLimit: max and windowMs must be >= 1.');
  return async function rateLimitMiddleware(c, next) {
    if (c.get('kiosk') && c.get('route')?.spec.audience === 'kiosk') return next();
    let hit: { count: number; resetAt: number };
    try {
      hit = await store.hit(`write:${keyOf(c)}`, windowMs);
    } catch (error) {
      // A broken shared store must not take writes down with it.
      report('rate_limit_store_failed', error);
      return next();
    }
    if (hit.count > max) {
      const retryAfter = Math.max(1, Math.ceil((hit.resetAt - now()) / 1000));
      throw new ProxyError('rate_limited', 'Too many submissions from this address; try again shortly.', {
        details: { retryAfterSeconds: retryAfter },
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    await next();
  };
}
