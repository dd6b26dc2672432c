/**
 * A streaming `multipart/form-data` reader (RFC 7578) in plain web-standard code, so it runs on
 * every host the proxy does. Bytes go in chunk by chunk (`write`); the sink hears of each part as
 * its headers end (`partStart`), of its content as it arrives (`partData`, views into the chunk,
 * valid only during the call) and of its end (`partEnd`). Nothing is held beyond a part's header
 * block (at most `maxHeaderBytes`) and the few bytes that may begin the next delimiter, so the
 * sink decides what to keep, and can refuse a part (by throwing) the moment it learns enough.
 *
 * Work per chunk is linear in its size: the delimiter is found with the typed array's own
 * `indexOf` on its first byte, and every limit (header size, part count) is checked as the bytes
 * come, so a body of a million tiny parts is refused at the first part over the count.
 */
import { ProxyError } from '../errors.js';

export interface PartHead {
  /** The `name` parameter of `Content-Disposition: form-data`. */
  name: string;
  /** The `filename` parameter when present (a file part), else null. */
  filename: string | null;
  /** The part's `Content-Type`, lower-cased media type without parameters, or null. */
  mediaType: string | null;
}

export interface PartSink {
  partStart(head: PartHead): void;
  partData(bytes: Uint8Array): void;
  partEnd(): void;
}

export interface ReaderLimits {
  /** Largest header block of one part, in bytes. */
  maxHeaderBytes: number;
  /** Most parts one body may have. */
  maxParts: number;
}

const CRLF = new Uint8Array([13, 10]);
const HEADER_END = new Uint8Array([13, 10, 13, 10]);
const utf8 = new TextDecoder();
const encoder = new TextEncoder();

function malformed(message: string, reason: string): ProxyError {
  return new ProxyError('validation_failed', `The multipart/form-data body could not be read: ${message}`, {
    details: { reason },
  });
}

/** Index of `needle` in `hay` at or after `from`, or -1. */
export function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const n = needle.length;
  const last = hay.length - n;
  for (let i = from; i <= last; i++) {
    i = hay.indexOf(first, i);
    if (i === -1 || i > last) return -1;
    let j = 1;
    while (j < n && hay[i + j] === needle[j]) j++;
    if (j === n) return i;
  }
  return -1;
}

/** Where, at or after `from`, the end of `buf` begins a prefix of `needle`; `buf.length` when nowhere. */
function partialDelimiter(buf: Uint8Array, from: number, needle: Uint8Array): number {
  for (let i = buf.indexOf(needle[0]!, from); i !== -1; i = buf.indexOf(needle[0]!, i + 1)) {
    let j = 1;
    while (i + j < buf.length && buf[i + j] === needle[j]) j++;
    if (i + j === buf.length) return i;
  }
  return buf.length;
}

/** The boundary of a `multipart/form-data` Content-Type, or null when it has none usable. */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  // RFC 2046: 1 to 70 characters of a restricted set, not ending in a space.
  return boundary && /^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary) ? boundary : null;
}

/** `form-data; name="a"; filename="b"` → its parameters (lower-cased names). */
function dispositionParams(value: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semi = value.indexOf(';');
  const type = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  let rest = semi === -1 ? '' : value.slice(semi + 1);
  // Quoted values are taken up to the next quote, as browsers write them (a quote in a name is
  // sent as %22, never backslash-escaped).
  const param = /^\s*([^=;\s]+)\s*=\s*(?:"([^"]*)"|([^;]*))\s*(?:;|$)/;
  while (rest.trim() !== '') {
    const m = param.exec(rest);
    if (!m) throw malformed('a Content-Disposition parameter is malformed.', 'disposition');
    const key = m[1]!.toLowerCase();
    if (!params.has(key)) params.set(key, m[2] ?? m[3]!.trim());
    rest = rest.slice(m[0].length);
  }
  return { type, params };
}

/** RFC 8187 `filename*=UTF-8''na%C3%AFve.pdf`. */
function extendedValue(value: string): string | null {
  const m = /^utf-8'[^']*'(.*)$/i.exec(value);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

function parseHead(block: Uint8Array): PartHead {
  let disposition: string | null = null;
  let mediaType: string | null = null;
  for (const line of utf8.decode(block).split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed('a part header line has no name.', 'header');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') mediaType = value.split(';', 1)[0]!.trim().toLowerCase();
    else if (name === 'content-transfer-encoding' && !/^(7bit|8bit|binary)$/i.test(value)) {
      throw malformed(`a part is sent as ${value.slice(0, 20)}; send its bytes as they are.`, 'transfer_encoding');
    }
  }
  if (disposition === null) throw malformed('a part has no Content-Disposition.', 'disposition');
  const { type, params } = dispositionParams(disposition);
  const name = params.get('name');
  if (type !== 'form-data' || name === undefined || name === '') {
    throw malformed('every part must be form-data with a name.', 'disposition');
  }
  const star = params.get('filename*');
  const filename = params.get('filename') ?? (star === undefined ? null : (extendedValue(star) ?? ''));
  return { name, filename, mediaType };
}

type State = 'preamble' | 'delimiter' | 'header' | 'body' | 'done';

export class MultipartReader {
  /** `\r\n--boundary`: the body is read as if it began with a CRLF, so the first one is alike. */
  private readonly delimiter: Uint8Array;
  private state: State = 'preamble';
  private carry: Uint8Array = CRLF;
  private parts = 0;

  constructor(
    boundary: string,
    private readonly sink: PartSink,
    private readonly limits: ReaderLimits,
  ) {
    this.delimiter = encoder.encode(`\r\n--${boundary}`);
  }

  write(chunk: Uint8Array): void {
    let buf = chunk;
    if (this.carry.length > 0) {
      buf = new Uint8Array(this.carry.length + chunk.length);
      buf.set(this.carry);
      buf.set(chunk, this.carry.length);
    }
    this.carry = this.consume(buf);
  }

  /** The body ended: throws unless the closing delimiter was read. */
  end(): void {
    if (this.state !== 'done') throw malformed('the body ended before its closing boundary.', 'truncated');
  }

  /** Handles what it can of `buf`; answers the bytes to keep for the next chunk. */
  private consume(buf: Uint8Array): Uint8Array {
    let at = 0;
    for (;;) {
      const rest = buf.length - at;
      switch (this.state) {
        case 'done':
          return new Uint8Array(0); // the epilogue is ignored
        case 'preamble': {
          const found = indexOfBytes(buf, this.delimiter, at);
          if (found === -1) {
            if (rest > this.limits.maxHeaderBytes) throw malformed('no boundary where the body begins.', 'boundary');
            return buf.subarray(at);
          }
          at = found + this.delimiter.length;
          this.state = 'delimiter';
          break;
        }
        case 'delimiter': {
          // After a delimiter: `--` closes the body; otherwise optional white space and a CRLF.
          let i = at;
          while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
          if (buf.length - i < 2) {
            if (i - at > 64) throw malformed('white space after a boundary.', 'boundary');
            return buf.subarray(at);
          }
          if (i === at && buf[i] === 0x2d && buf[i + 1] === 0x2d) {
            this.state = 'done';
            continue;
          }
          if (buf[i] !== 13 || buf[i + 1] !== 10)
            throw malformed('a boundary line is followed by other text.', 'boundary');
          at = i + 2;
          if (++this.parts > this.limits.maxParts) {
            throw new ProxyError('validation_failed', `A form may have at most ${this.limits.maxParts} parts.`, {
              details: { reason: 'too_many_parts', maxParts: this.limits.maxParts },
            });
          }
          this.state = 'header';
          break;
        }
        case 'header': {
          // A part without headers has its blank line at once.
          const end = buf[at] === 13 && buf[at + 1] === 10 ? at - 2 : indexOfBytes(buf, HEADER_END, at);
          if (end === -1 || end - at > this.limits.maxHeaderBytes) {
            if (end !== -1 || rest > this.limits.maxHeaderBytes) {
              throw new ProxyError(
                'payload_too_large',
                `A part's headers are larger than ${this.limits.maxHeaderBytes} bytes.`,
                {
                  details: { reason: 'part_header_too_large', maxHeaderBytes: this.limits.maxHeaderBytes },
                },
              );
            }
            return buf.subarray(at);
          }
          const head = parseHead(buf.subarray(at, Math.max(at, end)));
          at = end + 4;
          this.state = 'body';
          this.sink.partStart(head);
          break;
        }
        case 'body': {
          const found = indexOfBytes(buf, this.delimiter, at);
          if (found === -1) {
            // Only bytes that may begin a delimiter the next chunk completes are held back
            // (usually none, so the next chunk is read in place, not copied behind them).
            const keep = partialDelimiter(buf, Math.max(at, buf.length - (this.delimiter.length - 1)), this.delimiter);
            if (keep > at) this.sink.partData(buf.subarray(at, keep));
            // Copied: the chunk itself is not kept alive by a few bytes of it.
            return buf.slice(Math.max(at, keep));
          }
          if (found > at) this.sink.partData(buf.subarray(at, found));
          this.sink.partEnd();
          at = found + this.delimiter.length;
          this.state = 'delimiter';
          break;
        }
      }
    }
  }
}
