/**
 * Reads a request body counting bytes as they arrive, never trusting Content-Length. Over the
 * limit it keeps draining (without storing) up to a bound, so the client can finish sending and
 * read the 413 instead of seeing a reset connection.
 */
import { SandboxError } from './errors.js';

const DRAIN_BOUND = 16 * 1024 * 1024;

export async function readLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        let drained = size;
        while (drained < maxBytes + DRAIN_BOUND) {
          const more = await reader.read();
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
  }
  return Buffer.concat(chunks, size);
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(header: string | undefined | null): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
