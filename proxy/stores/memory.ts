/**
 * In-memory stores for a single proxy instance. Bounded in entries AND in bytes: each map evicts
 * its least recently used entries as soon as either bound is passed, so neither many small
 * entries nor a few large answers can grow memory without limit. Bytes are an estimate of what
 * the entries keep alive (strings, encoded bodies, a fixed allowance per entry), see `sizes.ts`.
 */
import { cacheEntryBytes, idempotencyRecordBytes, RATE_WINDOW_BYTES } from './sizes.js';
import type {
  CacheEntry,
  CacheStore,
  IdempotencyRecord,
  IdempotencyStore,
  RateLimitStore,
  StoredAnswer,
} from './types.js';

/** Defaults, documented in proxy/README.md. */
export const MEMORY_STORE_DEFAULTS = {
  cache: { maxEntries: 1000, maxBytes: 64 * 1024 * 1024 },
  idempotency: { maxEntries: 10_000, maxBytes: 32 * 1024 * 1024 },
  rateLimit: { maxEntries: 100_000 },
} as const;

/** What a bounded store holds now, for tests and the soak bench. */
export interface StoreStats {
  entries: number;
  bytes: number;
  maxEntries: number;
  maxBytes: number;
}

interface Slot<T> {
  value: T;
  expiresAt: number;
  bytes: number;
}

/**
 * A Map in insertion order used as an LRU with per-entry expiry, bounded by entry count and by
 * the summed size of its values. A single value larger than `maxBytes` is not kept at all.
 */
export class BoundedMap<T> {
  private readonly map = new Map<string, Slot<T>>();
  private held = 0;
  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    private readonly sizeOf: (key: string, value: T) => number,
    private readonly now: () => number,
  ) {
    if (!(maxEntries >= 1) || !(maxBytes >= 1)) throw new Error('memory store: maxEntries and maxBytes must be >= 1.');
  }

  get(key: string): T | undefined {
    const slot = this.map.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= this.now()) {
      this.drop(key, slot);
      return undefined;
    }
    // Refresh recency.
    this.map.delete(key);
    this.map.set(key, slot);
    return slot.value;
  }

  set(key: string, value: T, keepMs: number): void {
    const old = this.map.get(key);
    if (old) this.drop(key, old);
    const bytes = this.sizeOf(key, value);
    if (bytes > this.maxBytes) return;
    this.map.set(key, { value, expiresAt: this.now() + keepMs, bytes });
    this.held += bytes;
    while (this.map.size > this.maxEntries || this.held > this.maxBytes) {
      const [oldest, slot] = this.map.entries().next().value as [string, Slot<T>];
      this.drop(oldest, slot);
    }
  }

  delete(key: string): void {
    const slot = this.map.get(key);
    if (slot) this.drop(key, slot);
  }

  private drop(key: string, slot: Slot<T>): void {
    this.map.delete(key);
    this.held -= slot.bytes;
  }

  stats(): StoreStats {
    return { entries: this.map.size, bytes: this.held, maxEntries: this.maxEntries, maxBytes: this.maxBytes };
  }
}

export type MemoryCacheStore = CacheStore & { peek(key: string): CacheEntry | undefined; stats(): StoreStats };

export function memoryCacheStore({
  maxEntries = MEMORY_STORE_DEFAULTS.cache.maxEntries,
  maxBytes = MEMORY_STORE_DEFAULTS.cache.maxBytes,
  now = Date.now,
}: { maxEntries?: number; maxBytes?: number; now?: () => number } = {}): MemoryCacheStore {
  const map = new BoundedMap<CacheEntry>(maxEntries, maxBytes, cacheEntryBytes, now);
  return {
    async get(key) {
      return map.get(key);
    },
    peek(key) {
      return map.get(key);
    },
    stats: () => map.stats(),
    async set(key, entry, keepMs) {
      map.set(key, entry, keepMs);
    },
    async delete(key) {
      map.delete(key);
    },
  };
}

export function memoryIdempotencyStore({
  maxEntries = MEMORY_STORE_DEFAULTS.idempotency.maxEntries,
  maxBytes = MEMORY_STORE_DEFAULTS.idempotency.maxBytes,
  now = Date.now,
}: { maxEntries?: number; maxBytes?: number; now?: () => number } = {}): IdempotencyStore & { stats(): StoreStats } {
  const map = new BoundedMap<IdempotencyRecord>(maxEntries, maxBytes, idempotencyRecordBytes, now);
  return {
    stats: () => map.stats(),
    async claim(key, fingerprint, pendingMs) {
      const existing = map.get(key);
      if (existing) return existing;
      map.set(key, { state: 'pending', fingerprint, startedAt: now() }, pendingMs);
      return null;
    },
    async get(key) {
      return map.get(key);
    },
    async complete(key, fingerprint, answer: StoredAnswer, keepMs) {
      map.set(key, { state: 'done', fingerprint, answer }, keepMs);
    },
    async release(key) {
      map.delete(key);
    },
  };
}

export function memoryRateLimitStore({
  maxEntries = MEMORY_STORE_DEFAULTS.rateLimit.maxEntries,
  now = Date.now,
}: { maxEntries?: number; now?: () => number } = {}): RateLimitStore & { stats(): StoreStats } {
  // Every window is the same small size, so the entry bound is the byte bound.
  const windows = new BoundedMap<{ count: number; resetAt: number }>(
    maxEntries,
    maxEntries * (RATE_WINDOW_BYTES + 2 * 64),
    (key) => RATE_WINDOW_BYTES + 2 * key.length,
    now,
  );
  return {
    stats: () => windows.stats(),
    async hit(key, windowMs) {
      const current = windows.get(key);
      if (current) {
        current.count++;
        return { ...current };
      }
      const fresh = { count: 1, resetAt: now() + windowMs };
      windows.set(key, fresh, windowMs);
      return { ...fresh };
    },
    async peek(key) {
      const current = windows.get(key);
      return current ? { ...current } : undefined;
    },
  };
}
