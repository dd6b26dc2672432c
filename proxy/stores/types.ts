/**
 * Where the proxy keeps state. In-memory by default (one instance); a shared implementation
 * (Redis, see `redis.ts`) lets several instances behind a load balancer share the read cache,
 * idempotent answers and rate-limit counters.
 *
 * Every value is plain JSON so any key-value store can hold it.
 */

/** A cached upstream answer to a read. */
export interface CacheEntry {
  status: number;
  /** Response body as text (the API speaks JSON). */
  body: string;
  contentType: string;
  /** Strong validator computed from the body. */
  etag: string;
  /** Epoch ms when the upstream produced it. */
  storedAt: number;
  /** Headers worth repeating from the upstream (`Deprecation`, `Sunset`, `Link`). */
  headers?: Record<string, string>;
}

export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  /**
   * The entry if this process holds it, synchronously (memory stores). The fast lane answers
   * fresh hits from it; without it the read cache keeps its own bounded index of recent entries.
   */
  peek?(key: string): CacheEntry | undefined;
  /** Keeps `entry` for `keepMs` (freshness plus the window a stale copy may still be served). */
  set(key: string, entry: CacheEntry, keepMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  close?(): Promise<void>;
}

/** A stored answer to a write, replayed for a repeat of the same `Idempotency-Key`. */
export interface StoredAnswer {
  status: number;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

export type IdempotencyRecord =
  | { state: 'pending'; fingerprint: string; startedAt: number }
  | { state: 'done'; fingerprint: string; answer: StoredAnswer };

export interface IdempotencyStore {
  /**
   * Claims `key` for the caller when nobody holds it (stores a pending record for `pendingMs`)
   * and returns null; otherwise returns the record already there. Must be atomic across
   * instances sharing the store.
   */
  claim(key: string, fingerprint: string, pendingMs: number): Promise<IdempotencyRecord | null>;
  get(key: string): Promise<IdempotencyRecord | undefined>;
  /** Replaces the pending record with the answer, kept for `keepMs`. */
  complete(key: string, fingerprint: string, answer: StoredAnswer, keepMs: number): Promise<void>;
  /** Forgets a claim whose attempt must be repeatable (network error, upstream 5xx). */
  release(key: string): Promise<void>;
  close?(): Promise<void>;
}

export interface RateLimitStore {
  /** Counts one hit in the fixed window `windowMs` for `key`; returns the count and window end. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** The current window of `key` without counting a hit (undefined when none is open). */
  peek(key: string): Promise<{ count: number; resetAt: number } | undefined>;
  close?(): Promise<void>;
}
