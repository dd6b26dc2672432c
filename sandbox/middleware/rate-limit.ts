/** 429 `rate_limited` with `Retry-After` on the contract's kiosk endpoints (the check-ins), per key. */
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env.js';
import { SandboxError } from '../errors.js';
import { TokenBuckets, type RateLimitOptions } from '../rate-limit.js';

export function checkinRateLimit({
  limit,
  now,
}: {
  limit: RateLimitOptions | false;
  now?: () => number;
}): MiddlewareHandler<SandboxEnv> {
  const buckets = limit ? new TokenBuckets(limit, now) : null;
  return async function rateLimitCheckins(c, next) {
    if (buckets && c.get('endpoint').spec.audience === 'kiosk') {
      const taken = buckets.take(c.get('key').id);
      if (!taken.ok) {
        throw new SandboxError(
          'rate_limited',
          `Too many check-ins with this key; retry in ${taken.retryAfterSeconds} s.`,
          { retryAfter: taken.retryAfterSeconds },
          { 'Retry-After': String(taken.retryAfterSeconds) },
        );
      }
      c.header('RateLimit-Limit', String(buckets.options.burst));
      c.header('RateLimit-Remaining', String(taken.remaining));
    }
    await next();
  };
}
