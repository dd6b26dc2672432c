/**
 * Pure cache policy: how old an entry may be and still be served, what `Cache-Control` tells
 * browsers and CDNs, and validator matching for `If-None-Match`.
 */
import { sha256 } from '../digest.js';
import type { CacheEntry } from '../stores/types.js';

export interface CachePolicy {
  /** Fresh for this long: served without asking the upstream. 0 disables the cache. */
  ttlMs: number;
  /** After freshness, still served while one background call refreshes it. */
  staleWhileRevalidateMs: number;
  /** After freshness, still served (marked stale) when the upstream fails. */
  staleIfErrorMs: number;
}

export const DEFAULT_CACHE_POLICY: CachePolicy = {
  ttlMs: 30_000,
  staleWhileRevalidateMs: 30_000,
  staleIfErrorMs: 24 * 60 * 60 * 1000,
};

export type Freshness = 'fresh' | 'revalidate' | 'stale-only' | 'expired';

export function freshness(entry: CacheEntry, policy: CachePolicy, now: number): Freshness {
  const age = now - entry.storedAt;
  if (age < policy.ttlMs) return 'fresh';
  if (age < policy.ttlMs + policy.staleWhileRevalidateMs) return 'revalidate';
  if (age < policy.ttlMs + policy.staleIfErrorMs) return 'stale-only';
  return 'expired';
}

/** How long a store must keep an entry for every use above. */
export function keepMs(policy: CachePolicy): number {
  return policy.ttlMs + Math.max(policy.staleWhileRevalidateMs, policy.staleIfErrorMs);
}

/** `Cache-Control` for a cached read: shared caches (CDNs) may keep it as long as we do. */
export function cacheControl(policy: CachePolicy, entry: CacheEntry, now: number): string {
  const remaining = Math.max(0, Math.floor((entry.storedAt + policy.ttlMs - now) / 1000));
  const swr = Math.floor(policy.staleWhileRevalidateMs / 1000);
  const sie = Math.floor(policy.staleIfErrorMs / 1000);
  return `public, max-age=${remaining}, stale-while-revalidate=${swr}, stale-if-error=${sie}`;
}

/** A strong validator from the body (its UTF-8 bytes, when given text). */
export async function etagOf(body: Uint8Array | string): Promise<string> {
  const digest = await sha256(body);
  const b64 = btoa(String.fromCharCode(...digest.subarray(0, 16)));
  return `"${b64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}"`;
}

/** RFC 9110 13.1.2: weak comparison, a list of tags or `*`. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const trimmed = ifNoneMatch.trim();
  if (trimmed === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return trimmed.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
