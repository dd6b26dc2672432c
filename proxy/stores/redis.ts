/**
 * Redis stores, for several proxy instances behind a load balancer: they share the read cache
 * (one upstream call per TTL for the whole fleet, not per instance), idempotent answers (a retried
 * write landing on another instance still gets the first answer) and rate-limit counters.
 *
 * Values are JSON strings with Redis-side expiry, so Redis never needs cleaning.
 */
import type { Redis } from 'ioredis';
import type {
  CacheEntry,
  CacheStore,
  IdempotencyRecord,
  IdempotencyStore,
  RateLimitStore,
} from './types.js';

export interface RedisStoreOptions {
  /** A connected (or lazily connecting) ioredis client; the caller owns its lifetime. */
  redis: Redis;
  /** Key prefix, so one Redis can serve several conferences' proxies. */
  prefix?: string;
}

function parse<T>(raw: string | null): T | undefined {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function redisCacheStore({ redis, prefix = 'conf-proxy:' }: RedisStoreOptions): CacheStore {
  const k = (key: string) => `${prefix}cache:${key}`;
  return {
    async get(key) {
      return parse<CacheEntry>(await redis.get(k(key)));
    },
    async set(key, entry, keepMs) {
      await redis.set(k(key), JSON.stringify(entry), 'PX', Math.max(1, Math.ceil(keepMs)));
    },
    async delete(key) {
      await redis.del(k(key));
    },
  };
}

export function redisIdempotencyStore({
  redis,
  prefix = 'conf-proxy:',
}: RedisStoreOptions): IdempotencyStore {
  const k = (key: string) => `${prefix}idem:${key}`;
  return {
    async claim(key, fingerprint, pendingMs) {
      const pending: IdempotencyRecord = { state: 'pending', fingerprint, startedAt: Date.now() };
      // SET NX is the atomic claim: exactly one instance wins a key.
      const won = await redis.set(k(key), JSON.stringify(pending), 'PX', Math.ceil(pendingMs), 'NX');
      if (won === 'OK') return null;
      const existing = parse<IdempotencyRecord>(await redis.get(k(key)));
      // Expired between SET and GET: report as pending so the caller polls and claims again.
      return existing ?? { state: 'pending', fingerprint, startedAt: Date.now() };
    },
    async get(key) {
      return parse<IdempotencyRecord>(await redis.get(k(key)));
    },
    async complete(key, fingerprint, answer, keepMs) {
      const done: IdempotencyRecord = { state: 'done', fingerprint, answer };
      await redis.set(k(key), JSON.stringify(done), 'PX', Math.ceil(keepMs));
    },
    async release(key) {
      await redis.del(k(key));
    },
  };
}

// INCR and set the window's expiry on its first hit, atomically; returns [count, ms left].
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

export function redisRateLimitStore({
  redis,
  prefix = 'conf-proxy:',
}: RedisStoreOptions): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const result = (await redis.eval(HIT_SCRIPT, 1, `${prefix}rate:${key}`, String(windowMs))) as [
        number,
        number,
      ];
      return { count: Number(result[0]), resetAt: Date.now() + Number(result[1]) };
    },
  };
}
