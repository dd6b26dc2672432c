/**
 * Token buckets, one per API key: `burst` requests at once, refilled at `perSecond`. Kept in
 * memory (a restart forgives everyone), which is what a sandbox needs.
 */

export interface RateLimitOptions {
  burst: number;
  perSecond: number;
}

/** Default for check-ins: a kiosk lane scans a few people a second; 300 in a second is abuse. */
export const CHECKIN_RATE_LIMIT: RateLimitOptions = { burst: 60, perSecond: 20 };

export type Take = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    if (!(options.burst >= 1) || !(options.perSecond > 0)) {
      throw new Error('Rate limit needs burst >= 1 and perSecond > 0');
    }
  }

  take(id: string): Take {
    const { burst, perSecond } = this.options;
    const now = this.now();
    const b = this.buckets.get(id) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
    b.at = now;
    this.buckets.set(id, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true, remaining: Math.floor(b.tokens) };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / perSecond)) };
  }
}
