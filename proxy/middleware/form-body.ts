/**
 * `multipart/form-data` writes, only where the contract names file parts (`files`, today the
 * abstract submission's PDF attachments: v1 has no upload address for them, so they travel with
 * the submission). The body is read as a stream (`multipart/reader.ts`) and every part checked
 * as it arrives, before anything is forwarded; the first failure ends the read:
 *
 * - at most `maxParts` parts (the contract's files plus room for text fields), each header block
 *   at most {@link MAX_PART_HEADER_BYTES}, each text field at most {@link MAX_TEXT_BYTES};
 * - files only under the contract's field, at most `maxFiles`, none empty, none over
 *   `maxBytesEach`, each starting with the magic number of an allowed type (checked as soon as
 *   its first bytes are in, `file-signature.ts`); a text part under that field, or a part whose
 *   type is itself `multipart/*`, is refused;
 * - the whole body within the contract's cap (files × size each + room for the text fields).
 *
 * The field's parts may also be named in PHP's array form, `attachments[]`: the element sends that
 * form, because the WordPress plugin (PHP keeps only the last of several files under one plain
 * name) needs it. Both spellings are the one field here, counted together against `maxFiles`, with
 * error paths `attachments.N`, and go upstream under the plain name the API expects.
 *
 * What is forwarded is the form written again from the checked parts (`multipart/writer.ts`), the
 * one copy of the bytes the proxy holds: part headers written by the proxy, each file named with
 * the extension of the type its bytes were verified as (`x.html` that is a PDF goes as `x.pdf`).
 *
 * Idempotency: a browser writes a new random boundary each time it builds the same form, so the
 * body bytes of a retry differ. The fingerprint is taken over the parts instead (names, text
 * values, each file's name, type and SHA-256, hashed as the bytes pass), which a retry of the
 * same attempt repeats.
 */
import type { MiddlewareHandler } from 'hono';
import type { FileParts, UploadContentType } from '../../src/api/contract.js';
import {
  EMPTY_UPLOAD_MESSAGE,
  SIGNATURE_HEAD_BYTES,
  checkFileSignature,
  storedFileName,
} from '../../src/api/file-signature.js';
import { incrementalSha256, type IncrementalSha256 } from '../digest.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import { MultipartReader, boundaryOf, type PartHead, type PartSink } from '../multipart/reader.js';
import { FormWriter } from '../multipart/writer.js';
import { requestBody } from './body-guard.js';
import { mediaType, refuseEncodedBody, tooLarge } from './json-body.js';

/** Room for the text fields and the part headers beside the files. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
/** Largest header block of one part: a name, a file name, a type. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;
/** Largest text field (the abstract's longest, its authors as JSON, is about 13 KB at most). */
export const MAX_TEXT_BYTES = 64 * 1024;
/** Text fields a form may carry beside its files: the abstract's 4 and room for more. */
const TEXT_PARTS = 27;

export function formLimit(files: FileParts): number {
  return files.maxFiles * files.maxBytesEach + FORM_OVERHEAD_BYTES;
}

/** Parts a form may have: its files and {@link TEXT_PARTS} text fields (32 for the abstract). */
export function maxParts(files: FileParts): number {
  return files.maxFiles + TEXT_PARTS;
}

const encoder = new TextEncoder();
const utf8 = new TextDecoder();
const hex = (bytes: Uint8Array) => Array.from(bytes, (x) => x.toString(16).padStart(2, '0')).join('');

function invalid(
  message: string,
  field: string,
  detail: string,
  code: 'validation_failed' | 'empty_upload' = 'validation_failed',
): ProxyError {
  return new ProxyError(code, message, { details: { fields: { [field]: detail } } });
}

type Current =
  | { kind: 'text'; name: string; chunks: Uint8Array[]; size: number }
  | {
      kind: 'file';
      name: string;
      filename: string;
      at: string;
      size: number;
      head: Uint8Array;
      type: UploadContentType | null;
      hash: IncrementalSha256;
    };

/** Checks each part as it streams and writes the checked form; collects the fingerprint lines. */
class CheckedForm implements PartSink {
  readonly lines: (string | Promise<string>)[] = [];
  private files = 0;
  private current: Current | null = null;

  constructor(
    private readonly rules: FileParts,
    private readonly out: FormWriter,
  ) {}

  partStart({ name: sent, filename, mediaType: type }: PartHead): void {
    const field = this.rules.field;
    // `attachments[]` (PHP's array form) is the field itself: checked, reported and forwarded as it.
    const name = sent === `${field}[]` ? field : sent;
    if (type?.startsWith('multipart/')) {
      throw invalid(`${name}: a part may not hold another multipart body.`, name, 'Must not be multipart.');
    }
    if (name === field) {
      if (filename === null) throw invalid(`${field} must be files.`, name, 'Send each attachment as a file part.');
      if (++this.files > this.rules.maxFiles) {
        throw invalid(`At most ${this.rules.maxFiles} ${field}.`, field, `At most ${this.rules.maxFiles} files.`);
      }
      const at = `${field}.${this.files - 1}`;
      this.current = {
        kind: 'file',
        name,
        filename,
        at,
        size: 0,
        head: new Uint8Array(0),
        type: null,
        hash: incrementalSha256(),
      };
      return;
    }
    if (filename !== null) throw invalid(`Only ${field} may carry files.`, name, 'Must be text.');
    this.current = { kind: 'text', name, chunks: [], size: 0 };
  }

  partData(bytes: Uint8Array): void {
    const part = this.current!;
    part.size += bytes.length;
    if (part.kind === 'text') {
      if (part.size > MAX_TEXT_BYTES) {
        throw new ProxyError('payload_too_large', `${part.name} is longer than ${MAX_TEXT_BYTES} bytes.`, {
          details: { fields: { [part.name]: `At most ${MAX_TEXT_BYTES} bytes.` }, maxBytes: MAX_TEXT_BYTES },
        });
      }
      part.chunks.push(bytes.slice());
      return;
    }
    if (part.size > this.rules.maxBytesEach) throw tooLarge(this.rules.maxBytesEach);
    part.hash.update(bytes);
    if (part.type !== null) {
      this.out.data(bytes);
      return;
    }
    // Held until the signature can be read, then written behind the part's header.
    const head = new Uint8Array(part.head.length + bytes.length);
    head.set(part.head);
    head.set(bytes, part.head.length);
    part.head = head;
    if (head.length >= SIGNATURE_HEAD_BYTES) this.verify(part);
  }

  partEnd(): void {
    const part = this.current!;
    this.current = null;
    if (part.kind === 'text') {
      const bytes = new Uint8Array(part.size);
      let at = 0;
      for (const chunk of part.chunks) bytes.set(chunk, (at += chunk.length) - chunk.length);
      this.lines.push(`${JSON.stringify(part.name)}=${JSON.stringify(utf8.decode(bytes))}`);
      this.out.textHeader(part.name);
      this.out.data(bytes);
      this.out.partEnd();
      return;
    }
    if (part.size === 0)
      throw invalid(`${part.filename}: ${EMPTY_UPLOAD_MESSAGE}`, part.at, 'The file is empty.', 'empty_upload');
    if (part.type === null) this.verify(part);
    const stored = storedFileName(part.filename, part.type!);
    this.lines.push(
      part.hash
        .digest()
        .then((sha) => `${JSON.stringify(part.name)}=file:${JSON.stringify(stored)}:${part.type}:${hex(sha)}`),
    );
    this.out.partEnd();
  }

  /** Checks the file's first bytes; writes its header (verified name and type) and those bytes. */
  private verify(part: Extract<Current, { kind: 'file' }>): void {
    const head = part.head.subarray(0, SIGNATURE_HEAD_BYTES);
    const type = this.rules.contentTypes.find((t) => checkFileSignature(t, head).ok);
    if (!type) {
      const check = checkFileSignature(this.rules.contentTypes[0]!, head);
      throw new ProxyError('unsupported_media_type', `${part.filename}: ${check.ok ? '' : check.message}`, {
        details: {
          fields: { [part.at]: `Must be ${this.rules.contentTypes.join(' or ')}.` },
          allowed: this.rules.contentTypes,
        },
      });
    }
    part.type = type;
    this.out.fileHeader(part.name, storedFileName(part.filename, type), type);
    this.out.data(part.head);
    part.head = new Uint8Array(0);
  }
}

/**
 * Reads a multipart write where the route's contract entry names file parts; any other write
 * passes on to `jsonBody`. Sets `body` (the checked form written again), `bodyType` (with its
 * boundary) and `fingerprintSource`.
 */
export function formBody(): MiddlewareHandler<ProxyEnv> {
  return async function formBodyMiddleware(c, next) {
    const files = c.get('route').spec.files;
    const header = c.req.header('content-type');
    if (!files || mediaType(header) !== 'multipart/form-data') return next();
    refuseEncodedBody(c.req.header('content-encoding'));
    const max = formLimit(files);
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
    const boundary = boundaryOf(header!);
    if (!boundary) throw new ProxyError('validation_failed', 'The multipart/form-data body has no usable boundary.');

    const out = new FormWriter(boundary, Number.isSafeInteger(declared) && declared >= 0 ? declared : null);
    const form = new CheckedForm(files, out);
    const reader = new MultipartReader(boundary, form, {
      maxHeaderBytes: MAX_PART_HEADER_BYTES,
      maxParts: maxParts(files),
    });
    const body = requestBody(c);
    if (!body) throw new ProxyError('validation_failed', 'The multipart/form-data body is empty.');
    const source = body.getReader();
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await source.read();
        if (done) break;
        size += value.byteLength;
        if (size > max) throw tooLarge(max);
        reader.write(value);
      }
      reader.end();
    } catch (error) {
      await source.cancel().catch(() => {});
      throw error;
    }
    c.set('fingerprintSource', encoder.encode((await Promise.all(form.lines)).join('\n')));
    c.set('body', out.finish());
    c.set('bodyType', out.contentType);
    await next();
  };
}
