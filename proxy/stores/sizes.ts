/**
 * What a stored value keeps alive, in bytes, for the memory stores' byte bounds. An estimate that
 * errs high: V8 keeps a string of Latin-1 characters at one byte each and any other string at two;
 * a cache entry also keeps its encoded body (`cache/entry-bytes.ts`), its compressed copies
 * (`cache/compressed.ts`, counted again when one is made for a stored entry) and the fast lane's header lists; every entry
 * costs a fixed allowance for its objects and its map slot.
 */
import { compressedBytesOf } from '../cache/compressed.js';
import { encodedBytesOf } from '../cache/entry-bytes.js';
import type { CacheEntry, IdempotencyRecord } from './types.js';

/** Objects, map slot and small fields of one entry. */
const ENTRY_OVERHEAD = 512;
/** A rate-limit window: its object, two numbers and the map slot (without the key). */
export const RATE_WINDOW_BYTES = 160;

const WIDE = /[^\0-\xff]/;

/** Bytes V8 needs for the characters of `text`. */
export function stringBytes(text: string): number {
  return WIDE.test(text) ? text.length * 2 : text.length;
}

function headerBytes(headers: Record<string, string> | undefined): number {
  let n = 0;
  for (const name in headers) n += stringBytes(name) + stringBytes(headers[name]!);
  return n;
}

export function cacheEntryBytes(key: string, entry: CacheEntry): number {
  const encoded = encodedBytesOf(entry);
  // An ASCII body encodes to as many bytes as it has characters: no need to scan it.
  const text =
    encoded !== undefined && encoded.byteLength === entry.body.length ? entry.body.length : stringBytes(entry.body);
  // Without encoded bytes yet, the first hit encodes them: count them now.
  const bytes = encoded?.byteLength ?? entry.body.length * 3;
  return (
    ENTRY_OVERHEAD +
    stringBytes(key) +
    text +
    bytes +
    compressedBytesOf(entry) +
    headerBytes(entry.headers) +
    entry.etag.length +
    entry.contentType.length
  );
}

export function idempotencyRecordBytes(key: string, record: IdempotencyRecord): number {
  const answer =
    record.state === 'done'
      ? stringBytes(record.answer.body) + headerBytes(record.answer.headers) + record.answer.contentType.length
      : 0;
  return ENTRY_OVERHEAD + stringBytes(key) + record.fingerprint.length + answer;
}
