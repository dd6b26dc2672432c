/**
 * Encoded bodies of cache entries, kept beside the entries the memory store hands out again and
 * again: encoding a schedule page once instead of per hit is a visible share of cached-read
 * throughput, and an entry made from an upstream answer starts with the bytes received.
 */
import type { CacheEntry } from '../stores/types.js';

const encoded = new WeakMap<CacheEntry, Uint8Array<ArrayBuffer>>();
const encoder = new TextEncoder();

export function bytesOf(entry: CacheEntry): Uint8Array<ArrayBuffer> {
  let bytes = encoded.get(entry);
  if (!bytes) encoded.set(entry, (bytes = encoder.encode(entry.body)));
  return bytes;
}

/** The entry's encoded body if it has been made (or kept) already. */
export function encodedBytesOf(entry: CacheEntry): Uint8Array | undefined {
  return encoded.get(entry);
}

/** Records `bytes` (which must decode to `entry.body`) as the entry's encoded body. */
export function keepBytes(entry: CacheEntry, bytes: Uint8Array): void {
  encoded.set(entry, bytes as Uint8Array<ArrayBuffer>);
}
