/**
 * Turns upstream answers and cache entries into browser responses, built from named headers only.
 */
import { isCompressible, type CompressedCopy } from '../cache/compressed.js';
import { bytesOf } from '../cache/entry-bytes.js';
import { cacheControl, etagMatches, type CachePolicy } from '../cache/policy.js';
import type { CacheState } from '../cache/read-cache.js';
import { errorResponse } from '../errors.js';
import type { CacheEntry } from '../stores/types.js';
import type { UpstreamAnswer } from '../upstream/client.js';
import { FORWARDED_RESPONSE_HEADERS, pickHeaders } from '../upstream/headers.js';

function isErrorShape(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } } | null;
    return typeof body?.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

function isJson(contentType: string): boolean {
  return /^application\/([a-z.+-]*\+)?json\b/i.test(contentType.trim());
}

/**
 * An upstream answer passed on: success bodies as they are (already scrubbed), errors in the
 * API's shape; anything else becomes a 502.
 */
export function fromAnswer(answer: UpstreamAnswer, extra: Record<string, string> = {}): Response {
  const headers = {
    ...pickHeaders(answer.headers, FORWARDED_RESPONSE_HEADERS),
    'cache-control': 'no-store',
    ...extra,
  };
  // A 3xx is not an answer to pass on: we follow no redirects and send no validators upstream,
  // and its `Location` may name anything, the key included. Errors must be in the API's shape,
  // successes JSON; anything else (an HTML error page, say) becomes a 502.
  const redirect = answer.status >= 300 && answer.status < 400;
  const wellFormed =
    answer.status >= 400 ? isErrorShape(answer.body) : answer.body === '' || isJson(answer.contentType);
  if (redirect || !wellFormed) {
    return errorResponse(502, 'bad_gateway', 'The conference service sent an unexpected answer.', undefined, headers);
  }
  return new Response(answer.status === 204 ? null : (answer.bytes as Uint8Array<ArrayBuffer>), {
    status: answer.status,
    headers: { 'content-type': answer.contentType, ...headers },
  });
}

/** An answer as its parts, for hosts that write them without a web `Response` (`fast-lane.ts`). */
export interface AnswerParts {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/**
 * A cached read: 304 when the browser already holds it, otherwise the stored body, as `copy` (a
 * compressed copy the request accepts, see `cache/compressed.ts`) or as it is. Every answer from a
 * compressible entry says `Vary: Accept-Encoding`, identity and 304 too, so a shared cache keeps
 * the representations apart.
 */
export function entryParts(
  entry: CacheEntry,
  state: CacheState,
  policy: CachePolicy,
  now: number,
  ifNoneMatch: string | undefined,
  head: boolean,
  copy: CompressedCopy | 'identity' = 'identity',
): AnswerParts {
  const coded = copy === 'identity' ? null : copy;
  const etag = coded?.etag ?? entry.etag;
  const headers: Record<string, string> = {
    ...entry.headers,
    etag,
    // A stale copy must not be kept downstream as if it were fresh.
    'cache-control': state === 'stale' || policy.ttlMs === 0 ? 'no-cache' : cacheControl(policy, entry, now),
    'x-cache': state,
  };
  // With the cache off nothing is compressed (`handlers/read.ts`): the answer does not vary.
  if (policy.ttlMs > 0 && isCompressible(entry)) headers.vary = 'Accept-Encoding';
  if (coded) headers['content-encoding'] = coded.coding;
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
  return {
    status: entry.status,
    headers: { 'content-type': entry.contentType, ...headers },
    body: head ? null : (coded?.body ?? bytesOf(entry)),
  };
}

/** {@link entryParts} as a `Response`. */
export function fromEntry(...args: Parameters<typeof entryParts>): Response {
  const { status, headers, body } = entryParts(...args);
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers });
}
