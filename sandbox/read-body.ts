/**
 * Reads a request body counting bytes as they arrive, never trusting Content-Length, within a
 * deadline. Over the limit it keeps draining (without storing) up to a bound, so the client can
 * finish sending and read the 413 instead of seeing a reset connection. A body that is still
 * arriving at the deadline (a stalled or slow-loris client) is answered 408 and the connection
 * closed, instead of holding a request open until Node's own five-minute request timeout.
 */
import { SandboxError } from './errors.js';
import { refuseReservedKey, reservedKeyPath } from './reserved-keys.js';

const DRAIN_BOUND = 16 * 1024 * 1024;

/** Default time for the whole body to arrive: generous for 10 MB on a slow link, short of a hang. */
export const BODY_TIMEOUT_MS = 30_000;

export interface BodyLimits {
  maxBytes: number;
  timeoutMs?: number;
}

function timedOut(timeoutMs: number): SandboxError {
  return new SandboxError(
    'request_timeout',
    `The request body did not arrive within ${timeoutMs / 1000} s.`,
    { timeoutMs },
    // The rest of the body may still trickle in; the connection cannot be reused.
    { Connection: 'close' },
  );
}

export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  { maxBytes, timeoutMs = BODY_TIMEOUT_MS }: BodyLimits,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut(timeoutMs)), timeoutMs);
  });
  deadline.catch(() => undefined);
  const read = () => Promise.race([reader.read(), deadline]);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        let drained = size;
        while (drained < maxBytes + DRAIN_BOUND) {
          const more = await read();
          if (more.done) break;
          drained += more.value.byteLength;
        }
        throw new SandboxError('payload_too_large', `The body is larger than ${maxBytes} bytes.`, { maxBytes });
      }
      chunks.push(value);
    }
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    if (err instanceof SandboxError) throw err;
    throw new SandboxError('invalid_json', 'The request body could not be read.');
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks, size);
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(header: string | undefined | null): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The `charset` parameter of a Content-Type header, lower-cased, or null when absent. */
function charset(header: string | undefined | null): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Reads a JSON body, checking in order: media type and charset (415; JSON is UTF-8 by RFC 8259,
 * so another declared charset would be decoded wrongly), size (413), deadline (408), UTF-8 and
 * JSON syntax (400 `invalid_json`). A leading byte-order mark is ignored, as RFC 8259 allows.
 */
export async function readJson(req: Request, limits: BodyLimits): Promise<unknown> {
  const type = req.headers.get('content-type');
  if (mediaType(type) !== 'application/json') {
    throw new SandboxError(
      'unsupported_media_type',
      'The body must be JSON, sent with Content-Type: application/json.',
    );
  }
  const declared = charset(type);
  if (declared !== null && declared !== 'utf-8' && declared !== 'utf8') {
    throw new SandboxError('unsupported_media_type', `JSON bodies must be UTF-8, not ${declared}.`);
  }
  const raw = await readLimited(req.body, limits);
  if (raw.length === 0) throw new SandboxError('invalid_json', 'The request body is empty; JSON is required.');
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    throw new SandboxError('invalid_json', 'The request body is not valid UTF-8.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SandboxError('invalid_json', 'The request body is not valid JSON.');
  }
  const reserved = reservedKeyPath(parsed);
  if (reserved !== null) refuseReservedKey(reserved);
  return parsed;
}
