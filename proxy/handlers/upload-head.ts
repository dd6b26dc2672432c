/**
 * The first bytes of a streamed upload, read before anything is forwarded, so the file's type can
 * be checked against its declared one (`src/api/file-signature.ts`) without holding the file:
 * only the chunks that carry those bytes are held, and the returned stream replays them and then
 * goes on pulling the rest from the client.
 */
import { EMPTY_UPLOAD_MESSAGE, SIGNATURE_HEAD_BYTES, checkFileSignature } from '../../src/api/file-signature.js';
import { ProxyError } from '../errors.js';

export interface PeekedBody {
  /** At most `headBytes` leading bytes (fewer when the body is shorter). */
  head: Uint8Array;
  /** The whole body, head included. */
  stream: ReadableStream<Uint8Array>;
}

export async function peekBody(
  body: ReadableStream<Uint8Array> | null,
  headBytes = SIGNATURE_HEAD_BYTES,
): Promise<PeekedBody> {
  if (!body) return { head: new Uint8Array(0), stream: new ReadableStream({ start: (ctl) => ctl.close() }) };
  const reader = body.getReader();
  const held: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < headBytes) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    held.push(value);
    size += value.byteLength;
  }
  const head = new Uint8Array(Math.min(size, headBytes));
  let at = 0;
  for (const chunk of held) {
    if (at >= head.length) break;
    const part = chunk.subarray(0, head.length - at);
    head.set(part, at);
    at += part.byteLength;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(ctl) {
      for (const chunk of held.splice(0)) ctl.enqueue(chunk);
      if (ended) ctl.close();
    },
    async pull(ctl) {
      const { done, value } = await reader.read();
      if (done) ctl.close();
      else ctl.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head, stream };
}

/**
 * Refuses an empty upload (400 `empty_upload`) and one whose leading bytes are not of the declared
 * type (415 naming both), before the upstream is asked for an address.
 */
export function refuseUnlikeBody(declared: string, head: Uint8Array): void {
  if (head.byteLength === 0) throw new ProxyError('empty_upload', EMPTY_UPLOAD_MESSAGE);
  const check = checkFileSignature(declared, head);
  if (!check.ok) {
    throw new ProxyError('unsupported_media_type', check.message, {
      details: { declared: check.declared, detected: check.detected },
    });
  }
}
