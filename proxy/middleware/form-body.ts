/**
 * `multipart/form-data` writes, only where the contract names file parts (`files`, today the
 * abstract submission's PDF attachments: v1 has no upload address for them, so they travel with
 * the submission). The body is read within the contract's cap (files × size each + room for the
 * text fields), counted as it arrives, then every part is checked before anything is forwarded:
 * files only under the named field, at most `maxFiles`, none empty, none over `maxBytesEach`, and
 * each starting with the magic number of an allowed type (`file-signature.ts`). The bytes are
 * forwarded as received.
 *
 * Idempotency: a browser writes a new random boundary each time it builds the same form, so the
 * body bytes of a retry differ. The fingerprint is taken over the parts instead (names, text
 * values, each file's name, type and SHA-256), which a retry of the same attempt repeats.
 */
import type { MiddlewareHandler } from 'hono';
import type { FileParts } from '../../src/api/contract.js';
import { EMPTY_UPLOAD_MESSAGE, SIGNATURE_HEAD_BYTES, checkFileSignature } from '../../src/api/file-signature.js';
import { sha256 } from '../digest.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import { mediaType, readCapped, refuseEncodedBody, tooLarge } from './json-body.js';

/** Room for the text fields and the part headers beside the files. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

export function formLimit(files: FileParts): number {
  return files.maxFiles * files.maxBytesEach + FORM_OVERHEAD_BYTES;
}

const encoder = new TextEncoder();
const hex = (bytes: Uint8Array) => Array.from(bytes, (x) => x.toString(16).padStart(2, '0')).join('');

function invalid(message: string, field: string, detail: string, code: 'validation_failed' | 'empty_upload' = 'validation_failed'): ProxyError {
  return new ProxyError(code, message, { details: { fields: { [field]: detail } } });
}

/** Checks the parts; answers the canonical text the idempotency fingerprint is taken over. */
async function checkParts(form: FormData, files: FileParts): Promise<string> {
  const lines: string[] = [];
  let count = 0;
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      lines.push(`${JSON.stringify(name)}=${JSON.stringify(value)}`);
      continue;
    }
    if (name !== files.field) throw invalid(`Only ${files.field} may carry files.`, name, 'Must be text.');
    const at = `${files.field}.${count}`;
    if (++count > files.maxFiles) throw invalid(`At most ${files.maxFiles} ${files.field}.`, files.field, `At most ${files.maxFiles} files.`);
    if (value.size === 0) throw invalid(`${value.name}: ${EMPTY_UPLOAD_MESSAGE}`, at, 'The file is empty.', 'empty_upload');
    if (value.size > files.maxBytesEach) throw tooLarge(files.maxBytesEach);
    const bytes = new Uint8Array(await value.arrayBuffer());
    const head = bytes.subarray(0, SIGNATURE_HEAD_BYTES);
    if (!files.contentTypes.some((t) => checkFileSignature(t, head).ok)) {
      const check = checkFileSignature(files.contentTypes[0]!, head);
      throw new ProxyError('unsupported_media_type', `${value.name}: ${check.ok ? '' : check.message}`, {
        details: { fields: { [at]: `Must be ${files.contentTypes.join(' or ')}.` }, allowed: files.contentTypes },
      });
    }
    lines.push(`${JSON.stringify(name)}=file:${JSON.stringify(value.name)}:${value.type}:${hex(await sha256(bytes))}`);
  }
  return lines.join('\n');
}

/**
 * Reads a multipart write where the route's contract entry names file parts; any other write
 * passes on to `jsonBody`. Sets `body` (the bytes as received), `bodyType` (with the boundary)
 * and `fingerprintSource`.
 */
export function formBody(): MiddlewareHandler<ProxyEnv> {
  return async function formBodyMiddleware(c, next) {
    const files = c.get('route').spec.files;
    const header = c.req.header('content-type');
    if (!files || mediaType(header) !== 'multipart/form-data') return next();
    refuseEncodedBody(c.req.header('content-encoding'));
    const max = formLimit(files);
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
    const raw = await readCapped(c.req.raw.body, max);
    let form: FormData;
    try {
      form = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { 'content-type': header! } }).formData();
    } catch {
      throw new ProxyError('validation_failed', 'The multipart/form-data body could not be read.');
    }
    c.set('fingerprintSource', encoder.encode(await checkParts(form, files)));
    c.set('body', raw);
    c.set('bodyType', header!);
    await next();
  };
}
