/**
 * Redis stores, for several proxy instances behind a load balancer: they share the read cache
 * (one upstream call per TTL for the whole fleet, not per instance), idempotent answers (a retried
 * write landing on another instance still gets the first answer) and rate-limit counters.
 *
 * Values are JSON strings with Redis-side expiry, so Redis never needs cleaning.
 *
 * A store that cannot be reached must fail at once, never hold a command until Redis is back:
 * a claim held through an outage and granted by a Redis restarted empty would forward a write
 * whose first attempt was already forwarded. So the idempotency store refuses while the client
 * is not connected and gives up on a command after `commandTimeoutMs`, whatever the client's own
 * options; `REDIS_CLIENT_OPTIONS` makes every store's commands fail fast the same way.
 */
import type { Redis, RedisOptions } from 'ioredis';
import type { CacheEntry, CacheStore, IdempotencyRecord, IdempotencyStore, RateLimitStore } from './types.js';

export interface RedisStoreOptions {
  /** A connected (or lazily connecting) ioredis client; the caller owns its lifetime. */
  redis: Redis;
  /** Key prefix, so one Redis can serve several conferences' proxies. */
  prefix?: string;
}

/**
 * Client options for the proxy's Redis (the CLI uses them): commands fail while disconnected
 * instead of queueing (`enableOfflineQueue: false`), are not sent again after a reconnect
 * (`autoResendUnfulfilledCommands: false`), and time out after 2 s. Reconnection goes on in
 * the background as usual.
 */
export const REDIS_CLIENT_OPTIONS = {
  enableOfflineQueue: false,
  autoResendUnfulfilledCommands: false,
  commandTimeout: 2000,
  maxRetriesPerRequest: 1,
} as const satisfies RedisOptions;

/** What to run when the Redis client is not installed. */
export const IOREDIS_INSTALL_LINE = 'npm install ioredis';

/**
 * The ioredis module, for `--redis`: an optional peer dependency of the package (an app without
 * Redis never installs it). Without it, says what to install instead of a bare module-not-found.
 */
export async function importIoredis(): Promise<{ Redis: typeof Redis }> {
  try {
    const { Redis: RedisClient } = await import('ioredis');
    return { Redis: RedisClient };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes("'ioredis'")) {
      throw new Error(
        `Redis stores need ioredis, an optional peer dependency of conf-widgets that is not installed. Run: ${IOREDIS_INSTALL_LINE}`,
        { cause: err },
      );
    }
    throw err;
  }
}

/** Thrown when the idempotency store cannot answer now; the middleware answers 503. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** Runs `command` only while connected, and gives up on it after `ms`. */
async function promptly<T>(redis: Redis, ms: number, command: () => Promise<T>): Promise<T> {
  if (redis.status !== 'ready') throw new StoreUnavailableError(`Redis is not connected (${redis.status}).`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`Redis did not answer within ${ms} ms.`)), ms);
  });
  try {
    return await Promise.race([command(), timeout]);
  } finally {
    clearTimeout(timer);
  }
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
  // Failing fast lets a read fall back to the upstream instead of waiting for Redis.
  const run = <T>(command: () => Promise<T>) => promptly(redis, 2000, command);
  return {
    async get(key) {
      return parse<CacheEntry>(await run(() => redis.get(k(key))));
    },
    async set(key, entry, keepMs) {
      await run(() => redis.set(k(key), JSON.stringify(entry), 'PX', Math.max(1, Math.ceil(keepMs))));
    },
    async delete(key) {
      await run(() => redis.del(k(key)));
    },
  };
}

export function redisIdempotencyStore({
  redis,
  prefix = 'conf-proxy:',
  commandTimeoutMs = 2000,
}: RedisStoreOptions & {
  /** A command not answered within this is given up (the write is refused with 503). */
  commandTimeoutMs?: number;
}): IdempotencyStore {
  const k = (key: string) => `${prefix}idem:${key}`;
  const run = <T>(command: () => Promise<T>) => promptly(redis, commandTimeoutMs, command);
  return {
    async claim(key, fingerprint, pendingMs) {
      const pending: IdempotencyRecord = { state: 'pending', fingerprint, startedAt: Date.now() };
      // The random claim id tells this claim's value from another instance's.
      const value = JSON.stringify({ ...pending, claim: crypto.randomUUID() });
      let won: string | null;
      try {
        // SET NX is the atomic claim: exactly one instance wins a key.
        won = await run(() => redis.set(k(key), value, 'PX', Math.ceil(pendingMs), 'NX'));
      } catch (error) {
        // Given up on, the SET may still run when a paused Redis resumes: take back that claim
        // (only if it is still this one) so the browser's retry is not kept waiting for it.
        redis.eval(RELEASE_IF_SAME, 1, k(key), value).catch(() => {});
        throw error;
      }
      if (won === 'OK') return null;
      const existing = parse<IdempotencyRecord>(await run(() => redis.get(k(key))));
      // Expired between SET and GET: report as pending so the caller polls and claims again.
      return existing ?? { state: 'pending', fingerprint, startedAt: Date.now() };
    },
    async get(key) {
      return parse<IdempotencyRecord>(await run(() => redis.get(k(key))));
    },
    async complete(key, fingerprint, answer, keepMs) {
      const done: IdempotencyRecord = { state: 'done', fingerprint, answer };
      await run(() => redis.set(k(key), JSON.stringify(done), 'PX', Math.ceil(keepMs)));
    },
    async release(key) {
      await run(() => redis.del(k(key)));
    },
  };
}

// Deletes the key only while it still holds the given value.
const RELEASE_IF_SAME = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface RedisPersistence {
  /** true: append-only file on; false: records can be lost on a restart; null: cannot tell. */
  persists: boolean | null;
  detail: string;
}

/**
 * Whether this Redis keeps the proxy's records across its own restart. Only the append-only
 * file does (written every second by default); RDB snapshots lose what came after the last one,
 * and no persistence loses everything, after which a retried write finds no record of its key.
 * Reads `CONFIG GET`, or `INFO persistence` where CONFIG is disabled (managed Redis).
 */
export async function redisPersistence(redis: Redis): Promise<RedisPersistence> {
  try {
    const [, appendonly] = (await redis.config('GET', 'appendonly')) as string[];
    if (appendonly === 'yes') return { persists: true, detail: 'appendonly yes' };
    const [, save] = (await redis.config('GET', 'save')) as string[];
    return save
      ? {
          persists: false,
          detail: `appendonly no; RDB snapshots only (save "${save}"): records since the last snapshot are lost on a restart`,
        }
      : { persists: false, detail: 'appendonly no and no RDB snapshots: every record is lost on a restart' };
  } catch {
    // CONFIG renamed or refused: INFO still says whether the append-only file is on.
  }
  try {
    const aof = /^aof_enabled:(\d)/m.exec(await redis.info('persistence'))?.[1];
    if (aof === '1') return { persists: true, detail: 'aof_enabled:1 (INFO persistence)' };
    if (aof === '0')
      return {
        persists: false,
        detail: 'aof_enabled:0 (INFO persistence; CONFIG unavailable, snapshot schedule unknown)',
      };
  } catch {
    // INFO refused as well.
  }
  return { persists: null, detail: 'cannot tell: CONFIG GET and INFO persistence are not available' };
}

// INCR and set the window's expiry on its first hit, atomically; returns [count, ms left].
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

export function redisRateLimitStore({ redis, prefix = 'conf-proxy:' }: RedisStoreOptions): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const result = (await promptly(redis, 2000, () =>
        redis.eval(HIT_SCRIPT, 1, `${prefix}rate:${key}`, String(windowMs)),
      )) as [number, number];
      return { count: Number(result[0]), resetAt: Date.now() + Number(result[1]) };
    },
    async peek(key) {
      const k = `${prefix}rate:${key}`;
      const [count, ttl] = await promptly(redis, 2000, () => Promise.all([redis.get(k), redis.pttl(k)]));
      if (count === null || ttl < 0) return undefined;
      return { count: Number(count), resetAt: Date.now() + ttl };
    },
  };
}
