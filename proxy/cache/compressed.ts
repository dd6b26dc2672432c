/**
 * Compressed copies (br, gzip) of cached JSON answers, made once per cache entry and kept beside
 * it like its encoded body (`entry-bytes.ts`): a venue screen's poll is a cache hit, so compressing
 * per request would cost far more than the hit itself. A copy is made when a client first asks for
 * its coding (`ReadCache.copyFor`, which then has the memory store count it in its byte bound, see
 * `stores/sizes.ts`), so a miss for a client that asked for none compresses nothing; with the
 * cache off nothing is compressed.
 *
 * Only JSON answers of 200 with at least {@link COMPRESS_MIN_BYTES} are compressed: below that the
 * headers outweigh what is saved. A copy that is not smaller than the body is not kept.
 *
 * Each copy has its own ETag: the entry's with `-br` or `-gz`, weak, since the bytes depend on the
 * compressor's build and settings (two proxies of a fleet, or one after an upgrade, may send other
 * bytes for the same content); `If-None-Match` compares weakly, so 304s work the same.
 *
 * On Node the copies come from `node:zlib` (reached through `process.getBuiltinModule`, so edge
 * bundles name no `node:` module), off the event loop; elsewhere gzip only, through the web
 * `CompressionStream`, or none.
 */
import type { CacheEntry } from '../stores/types.js';
import { acceptedEncodings } from './accept-encoding.js';
import { bytesOf } from './entry-bytes.js';

export type Coding = 'br' | 'gzip';
export type Choice = Coding | 'identity';

export interface CompressedCopy {
  coding: Coding;
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** Answers smaller than this are sent as they are. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli quality 5: on the 29 KB events page, quality 4 is no smaller than gzip -6 while quality 5
 * is about 6% smaller, at roughly twice the time of 4 (still about a millisecond, once per entry).
 * Higher qualities cost several times more for a few percent.
 */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;

const CODINGS: readonly Coding[] = ['br', 'gzip'];
const SUFFIX: Record<Coding, string> = { br: '-br', gzip: '-gz' };
const JSON_TYPE = /^application\/([a-z.+-]*\+)?json\b/i;

type Compress = (bytes: Uint8Array) => Promise<Uint8Array>;

interface Zlib {
  brotliCompress(buf: Uint8Array, options: object, cb: (error: Error | null, out: Uint8Array) => void): void;
  gzip(buf: Uint8Array, options: object, cb: (error: Error | null, out: Uint8Array) => void): void;
  constants: Record<string, number>;
}

const zlib = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
  'node:zlib',
) as Zlib | undefined;

const viaZlib =
  (run: (z: Zlib, bytes: Uint8Array, cb: (error: Error | null, out: Uint8Array) => void) => void): Compress =>
  (bytes) =>
    new Promise((resolve, reject) => run(zlib!, bytes, (error, out) => (error ? reject(error) : resolve(out))));

/** gzip through the web `CompressionStream`, for hosts without `node:zlib`. */
export const webGzip: Compress = async (bytes) => {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
};

const compressors: Partial<Record<Coding, Compress>> = zlib
  ? {
      br: viaZlib((z, bytes, cb) =>
        z.brotliCompress(
          bytes,
          {
            params: {
              [z.constants.BROTLI_PARAM_QUALITY!]: BROTLI_QUALITY,
              [z.constants.BROTLI_PARAM_MODE!]: z.constants.BROTLI_MODE_TEXT!,
              [z.constants.BROTLI_PARAM_SIZE_HINT!]: bytes.byteLength,
            },
          },
          cb,
        ),
      ),
      gzip: viaZlib((z, bytes, cb) => z.gzip(bytes, { level: GZIP_LEVEL }, cb)),
    }
  : typeof CompressionStream === 'function'
    ? { gzip: webGzip }
    : {};

/** Per entry and coding: the copy, null when none is kept (not smaller than the body, or compression failed), absent when not made yet. */
const copies = new WeakMap<CacheEntry, Partial<Record<Coding, CompressedCopy | null>>>();
const pending = new WeakMap<CacheEntry, Promise<void>>();
let made = 0;

/** How many copies this process has compressed (tests prove that a hit compresses nothing). */
export function compressionsMade(): number {
  return made;
}

/** Whether answers from this entry depend on `Accept-Encoding` (they then all carry `Vary`). */
export function isCompressible(entry: CacheEntry): boolean {
  return (
    entry.status === 200 &&
    JSON_TYPE.test(entry.contentType) &&
    bytesOf(entry).byteLength >= COMPRESS_MIN_BYTES &&
    CODINGS.some((coding) => compressors[coding] !== undefined)
  );
}

/** The entry's copy in `coding`: null when not worth keeping or not possible here, undefined when not made yet. */
export function copyOf(entry: CacheEntry, coding: Coding): CompressedCopy | null | undefined {
  if (compressors[coding] === undefined) return null;
  return copies.get(entry)?.[coding];
}

/** Bytes of the copies kept for the entry, for the stores' byte bounds. */
export function compressedBytesOf(entry: CacheEntry): number {
  const kept = copies.get(entry);
  if (!kept) return 0;
  let n = 0;
  for (const coding of CODINGS) n += (kept[coding]?.body.byteLength ?? 0) + (kept[coding]?.etag.length ?? 0);
  return n;
}

/** The ETag of a copy: the entry's, weak, with the coding's suffix. */
export function codedEtag(etag: string, coding: Coding): string {
  const inner = etag.replace(/^W\//, '').replace(/^"|"$/g, '');
  return `W/"${inner}${SUFFIX[coding]}"`;
}

/**
 * Makes the entry's missing copies among `codings` (default all). Undefined when there is nothing
 * to do (already made, or the entry is not compressible), so a cache hit pays no promise.
 * Concurrent calls for one entry share the work.
 */
export function compressEntry(entry: CacheEntry, codings: readonly Coding[] = CODINGS): Promise<void> | undefined {
  const missing = codings.filter((coding) => copyOf(entry, coding) === undefined);
  if (missing.length === 0 || !isCompressible(entry)) return undefined;
  const running = pending.get(entry);
  if (running) return running.then(() => compressEntry(entry, codings));
  const identity = bytesOf(entry);
  const work = (async () => {
    const kept = copies.get(entry) ?? {};
    copies.set(entry, kept);
    for (const coding of missing) {
      let body: Uint8Array<ArrayBuffer>;
      try {
        body = new Uint8Array(await compressors[coding]!(identity));
      } catch {
        kept[coding] = null; // the body is sent as it is: compression saves bytes, it is never needed
        continue;
      }
      made++;
      kept[coding] =
        body.byteLength < identity.byteLength ? { coding, body, etag: codedEtag(entry.etag, coding) } : null;
    }
  })().finally(() => pending.delete(entry));
  pending.set(entry, work);
  return work;
}

/** Parsed `Accept-Encoding` headers: a few distinct values are sent by every browser. */
const ranked = new Map<string, readonly Choice[]>();
const RANKED_MAX = 256;
const PREFERENCE: readonly Choice[] = ['br', 'gzip', 'identity'];

/**
 * The codings a request accepts, best first (q-values as `accept-encoding.ts` reads them; br before gzip
 * before identity on a tie); identity last when the client refuses everything (RFC 9110 allows
 * sending it rather than a 406).
 */
export function rankCodings(acceptEncoding: string | null | undefined): readonly Choice[] {
  const header = acceptEncoding ?? '';
  const known = ranked.get(header);
  if (known) return known;
  const q = acceptedEncodings(acceptEncoding);
  // Stable sort: equal q-values keep the preference order.
  const order = PREFERENCE.filter((c) => (q.get(c) ?? 0) > 0).sort((a, b) => (q.get(b) ?? 0) - (q.get(a) ?? 0));
  if (!order.includes('identity')) order.push('identity');
  if (ranked.size >= RANKED_MAX) ranked.clear();
  ranked.set(header, order);
  return order;
}

/**
 * What to send of a compressible entry: the best accepted coding whose copy is kept (identity when
 * none is), or `{ missing }`: the best accepted coding whose copy is not made yet.
 */
export function chooseCopy(
  entry: CacheEntry,
  acceptEncoding: string | null | undefined,
): CompressedCopy | 'identity' | { missing: Coding } {
  for (const choice of rankCodings(acceptEncoding)) {
    if (choice === 'identity') return 'identity';
    const copy = copyOf(entry, choice);
    if (copy === undefined) return { missing: choice };
    if (copy !== null) return copy;
  }
  return 'identity';
}

/** The copy to send for a request, made first if it is missing; identity when none fits. */
export async function copyFor(
  entry: CacheEntry,
  acceptEncoding: string | null | undefined,
): Promise<CompressedCopy | 'identity'> {
  if (!isCompressible(entry)) return 'identity';
  for (;;) {
    const choice = chooseCopy(entry, acceptEncoding);
    if (choice === 'identity' || 'body' in choice) return choice;
    // Each round settles one coding (a copy or null), so this ends.
    await compressEntry(entry, [choice.missing]);
  }
}
