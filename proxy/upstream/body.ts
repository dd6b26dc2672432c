/**
 * An upstream answer's body made readable before anything scans it. The scrubber can only find
 * the key in text it reads, so a body passed on in a coding or charset it did not undo would carry
 * the key straight past it (a browser gunzips, or decodes UTF-16, without being asked):
 *
 * - content codings (`gzip`, `deflate`, `br`; the proxy asks for `identity`, but a CDN in front
 *   of the upstream may compress anyway) are undone here, the decoded size capped like the
 *   received one (a few KB of gzip can inflate to gigabytes); any other coding is refused;
 * - the charset becomes UTF-8: UTF-8 (a BOM dropped) as is, UTF-16 LE or BE (by the `charset`
 *   parameter, a BOM, or the NUL bytes a JSON text in UTF-16 starts with) transcoded; anything
 *   else (UTF-32, Latin-1, bytes that are not valid in their charset, NULs) is refused.
 *
 * A refusal is a 502 in the API's error shape; the answer is then never passed on. What leaves is
 * UTF-8 labelled `charset=utf-8`, without a `Content-Encoding` (the proxy sets none).
 */
import { ProxyError } from '../errors.js';

/**
 * Upstream bodies larger than this are refused rather than buffered (API answers are small), as
 * received by the transport and as decoded here.
 */
export const MAX_UPSTREAM_BODY_BYTES = 16 * 1024 * 1024;

export interface ReadableBody {
  /** UTF-8. The bytes received when they were UTF-8 already (the usual case): no copy. */
  bytes: Uint8Array;
  text: string;
  /** The media type with `; charset=utf-8`. */
  contentType: string;
}

type Zlib = typeof import('node:zlib');
/** Node's zlib without an import, as `digest.ts` gets its hash: edge bundles name no `node:` module. */
const zlib = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
  'node:zlib',
) as Zlib | undefined;

/** Codings `fetch` undoes itself (undici, browsers, Workers, Deno): a fetch transport's body is decoded. */
export const FETCH_DECODED_CODINGS: ReadonlySet<string> = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

function unreadable(reason: string): ProxyError {
  return new ProxyError('bad_gateway', 'The conference service sent an answer the proxy cannot read.', {
    details: { reason },
  });
}

/** The codings a `Content-Encoding` lists, in the order they were applied, `identity` left out. */
export function codingsOf(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

function zlibDecode(z: Zlib, coding: string, body: Uint8Array): Promise<Uint8Array> {
  const options = { maxOutputLength: MAX_UPSTREAM_BODY_BYTES };
  const run = (
    fn: (buf: Uint8Array, o: typeof options, cb: (e: Error | null, r: Buffer) => void) => void,
    input: Uint8Array,
  ) =>
    new Promise<Uint8Array>((resolve, reject) =>
      fn(input, options, (error, out) => (error ? reject(error) : resolve(out))),
    );
  if (coding === 'gzip' || coding === 'x-gzip') return run(z.gunzip, body);
  if (coding === 'br') return run(z.brotliDecompress, body);
  // `deflate` is zlib-wrapped by the HTTP spec, but some servers send it raw: try both (not
  // after the cap was hit: that answer is final).
  return run(z.inflate, body).catch((error: unknown) => {
    if (isTooLarge(error)) throw error;
    return run(z.inflateRaw, body);
  });
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError;
}

async function undoCodings(codings: readonly string[], body: Uint8Array): Promise<Uint8Array> {
  // More than two layers is not something a real server or CDN sends.
  if (codings.length > 2) throw unreadable('content_encoding');
  let out = body;
  for (const coding of [...codings].reverse()) {
    if (!FETCH_DECODED_CODINGS.has(coding)) throw unreadable('content_encoding');
    try {
      // Off Node the transport is `fetch`, which decodes by itself; a body still encoded there
      // (a custom transport) is refused rather than passed on.
      if (!zlib) throw unreadable('content_encoding');
      out = await zlibDecode(zlib, coding, out);
    } catch (error) {
      if (error instanceof ProxyError) throw error;
      throw unreadable(isTooLarge(error) ? 'decoded_too_large' : 'content_encoding');
    }
  }
  return out;
}

type Charset = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The charset to read the bytes in: a BOM first, then NULs where JSON's first character is, then the label. */
function charsetOf(label: string | null, b: Uint8Array): { charset: Charset; bom: number } {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { charset: 'utf-8', bom: 3 };
  if (
    (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) ||
    (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff)
  ) {
    throw unreadable('charset');
  }
  if (b[0] === 0xff && b[1] === 0xfe) return { charset: 'utf-16le', bom: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { charset: 'utf-16be', bom: 2 };
  // A JSON text starts with an ASCII character: in UTF-32 three NULs beside it, in UTF-16 one.
  if (b.length >= 4 && ((b[0] === 0 && b[1] === 0) || (b[1] === 0 && b[2] === 0))) throw unreadable('charset');
  if (b.length >= 2 && b[0] === 0) return { charset: 'utf-16be', bom: 0 };
  if (b.length >= 2 && b[1] === 0) return { charset: 'utf-16le', bom: 0 };
  if (label === null || label === 'utf-8' || label === 'utf8') return { charset: 'utf-8', bom: 0 };
  if (label === 'utf-16le') return { charset: 'utf-16le', bom: 0 };
  if (label === 'utf-16be' || label === 'utf-16') return { charset: 'utf-16be', bom: 0 };
  throw unreadable('charset');
}

const decoders: Record<Charset, TextDecoder> = {
  'utf-8': new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }),
  'utf-16le': new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }),
  'utf-16be': new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true }),
};
const encoder = new TextEncoder();

/**
 * The body as UTF-8 text. `decodedByTransport`: the transport already undid the codings the
 * header names (a `fetch`), so they are not undone twice.
 */
export async function readableBody(
  headers: Headers,
  received: Uint8Array,
  decodedByTransport = false,
): Promise<ReadableBody> {
  const type = headers.get('content-type') ?? '';
  const media = type.split(';', 1)[0]!.trim().toLowerCase() || 'application/json';
  const contentType = `${media}; charset=utf-8`;
  if (received.byteLength === 0) return { bytes: received, text: '', contentType };
  const codings = codingsOf(headers.get('content-encoding'));
  const body = codings.length === 0 || decodedByTransport ? received : await undoCodings(codings, received);
  const label = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(type)?.[1]?.toLowerCase() ?? null;
  const { charset, bom } = charsetOf(label, body);
  const content = bom ? body.subarray(bom) : body;
  let text: string;
  try {
    text = decoders[charset].decode(content);
  } catch {
    throw unreadable('charset');
  }
  // No JSON text holds a raw NUL; one here is another charset's bytes hidden in this one.
  if (text.includes('\0')) throw unreadable('charset');
  const bytes = charset === 'utf-8' ? content : encoder.encode(text);
  return { bytes, text, contentType };
}
