/**
 * Reads a write's JSON body within a byte cap, counted as the bytes arrive: a declared
 * `Content-Length` over the cap is refused at once, and a chunked body is cut off the moment it
 * passes the cap. Either way 413 before any upstream call. The body is not parsed here; the
 * upstream validates it and answers in the API's own words.
 */
import type { MiddlewareHandler } from 'hono';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import { requestBody } from './body-guard.js';

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** Reads `stream` fully, failing with 413 once more than `maxBytes` have arrived. */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Refuses an encoded body (`Content-Encoding: gzip`, ...): the proxy neither inflates it (a small
 * compressed body can expand past any cap) nor passes it on, since its media type would then
 * describe bytes that are not of that type.
 */
export function refuseEncodedBody(contentEncoding: string | undefined): void {
  const coding = (contentEncoding ?? '').trim().toLowerCase();
  if (coding !== '' && coding !== 'identity') {
    throw new ProxyError('unsupported_media_type', 'Send the body without a Content-Encoding.');
  }
}

/**
 * JSON is UTF-8 (RFC 8259), and the body is passed on as bytes with `application/json`: a body
 * declared in another charset would reach the upstream as something it is not. 415, as the API
 * answers the same request; `utf-8` (or no charset) is fine.
 */
export function refuseOtherCharset(contentType: string | undefined): void {
  const declared = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (declared !== undefined && declared !== 'utf-8' && declared !== 'utf8') {
    throw new ProxyError(
      'unsupported_media_type',
      `Send JSON bodies as UTF-8, not ${declared.slice(0, 40) || 'an empty charset'}.`,
    );
  }
}

export function tooLarge(maxBytes: number): ProxyError {
  return new ProxyError('payload_too_large', `The body is larger than ${maxBytes} bytes.`, {
    details: { maxBytes },
  });
}

export function jsonBody({ maxBytes }: { maxBytes: number }): MiddlewareHandler<ProxyEnv> {
  if (!(maxBytes > 0)) throw new Error('jsonBody: maxBytes must be > 0.');
  return async function jsonBodyMiddleware(c, next) {
    // Already read and checked by `formBody` (a multipart write the contract allows).
    if (c.get('bodyType') !== undefined) return next();
    const type = mediaType(c.req.header('content-type'));
    if (type !== 'application/json') {
      throw new ProxyError('unsupported_media_type', 'Send the body as application/json.');
    }
    refuseOtherCharset(c.req.header('content-type'));
    refuseEncodedBody(c.req.header('content-encoding'));
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
    c.set('body', await readCapped(requestBody(c), maxBytes));
    await next();
  };
}
