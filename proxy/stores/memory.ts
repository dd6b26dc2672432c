/**
 * In-memory stores for a single proxy instance. Bounded: the cache and idempotency maps evict the
 * least recently used entry beyond `maxEntries`, so a client cannot grow memory without limit.
 */
import type {
  CacheEntry,
  CacheStore,
  IdempotencyRecord,
  IdempotencyStore,
  RateLimitStore,
  StoredAnswer,
} from './types.js';

interface Slot<T> {
  value: T;
  expiresAt: number;
}

/** A Map in insertion order used as an LRU with per-entry expiry. */
class BoundedMap<T> {
  private readonly map = new Map<string, Slot<T>>();
  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): T | undefined {
    const slot = this.map.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    // Refresh recency.
    this.map.delete(key);
    this.map.set(key, slot);
    return slot.value;
  }

  set(key: string, value: T, keepMs: number): void {
    this.map.delete(key);
    this.map.set(key, { value, expiresAt: this.now() + keepMs });
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}

export function memoryCacheStore({
  maxEntries = 1000,
  now = Date.now,
}: { maxEntries?: number; now?: () => number } = {}): CacheStore {
  const map = new BoundedMap<CacheEntry>(maxEntries, now);
  return {
    async get(key) {
      return map.get(key);
    },
    async set(key, entry, keepMs) {
      map.set(key, entry, keepMs);
    },
    async delete(key) {
      map.delete(key);
    },
  };
}

export function memoryIdempotencyStore({
  maxEntries = 10_000,
  now = Date.now,
}: { maxEntries?: number; now?: () => number } = {}): IdempotencyStore {
  const map = new BoundedMap<IdempotencyRecord>(maxEntries, now);
  return {
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
  maxEntries = 100_000,
  now = Date.now,
}: { maxEntries?: number; now?: () => number } = {}): RateLimitStore {
  const windows = new BoundedMap<{ count: number; resetAt: number }>(maxEntries, now);
  return {
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
  };
}
