/**
 * `multipart/form-data` bodies for endpoints whose contract entry names file parts (gap decision:
 * abstract attachments travel with the submission, since v1 has no attachment upload address).
 * The text fields become the same object a JSON body would be (array and object fields as JSON
 * text), so the contract's schema validates both forms alike; the files are checked here against
 * the contract's limits and by their first bytes, never by the name or type the client claims.
 */
import type { FileParts } from '../src/api/contract.js';
import {
  EMPTY_UPLOAD_MESSAGE,
  SIGNATURE_HEAD_BYTES,
  checkFileSignature,
  storedFileName,
} from '../src/api/file-signature.js';
import { SandboxError, fieldError } from './errors.js';
import { readLimited, type BodyLimits } from './read-body.js';
import { isReservedKey, refuseReservedKey, reservedKeyPath } from './reserved-keys.js';

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Room for the text fields and the part headers beside the files. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

export function multipartLimit(files: FileParts): number {
  return files.maxFiles * files.maxBytesEach + FORM_OVERHEAD_BYTES;
}

/** Reads and checks a multipart body; answers the fields object and the files in order. */
export async function readMultipart(
  req: Request,
  files: FileParts,
  { timeoutMs }: Pick<BodyLimits, 'timeoutMs'>,
): Promise<{ fields: Record<string, unknown>; files: FilePart[] }> {
  const raw = await readLimited(req.body, { maxBytes: multipartLimit(files), timeoutMs });
  let form: FormData;
  try {
    // Buffer.concat in readLimited allocates a plain ArrayBuffer, never a shared one.
    form = await new Response(raw as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw new SandboxError('validation_failed', 'The multipart/form-data body could not be read.');
  }
  // A Map until the end: a part named __proto__ must not reach a plain object's setter.
  const fields = new Map<string, unknown>();
  const parts: FilePart[] = [];
  for (const [name, value] of form) {
    if (isReservedKey(name)) refuseReservedKey(name);
    if (name === files.field) {
      if (typeof value === 'string') {
        throw fieldError('validation_failed', `${name} must be files.`, {
          [name]: 'Send each attachment as a file part.',
        });
      }
      parts.push({
        filename: value.name || 'file',
        contentType: value.type,
        bytes: Buffer.from(await value.arrayBuffer()),
      });
    } else if (typeof value !== 'string') {
      throw fieldError('validation_failed', `Only ${files.field} may carry files.`, { [name]: 'Must be text.' });
    } else if (fields.has(name)) {
      throw fieldError('validation_failed', `${name} is given twice.`, { [name]: 'Give it once.' });
    } else {
      const parsed = textOrJson(value);
      const reserved = reservedKeyPath(parsed);
      if (reserved !== null) refuseReservedKey(`${name}.${reserved}`);
      fields.set(name, parsed);
    }
  }
  checkFiles(parts, files);
  return { fields: Object.fromEntries(fields), files: parts };
}

/** Array and object fields arrive as JSON text; anything else stays the text it is. */
function textOrJson(value: string): unknown {
  const t = value.trim();
  if (!t.startsWith('[') && !t.startsWith('{')) return value;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return value;
  }
}

function checkFiles(parts: FilePart[], rules: FileParts): void {
  const field = rules.field;
  if (parts.length > rules.maxFiles) {
    throw fieldError(
      'validation_failed',
      `At most ${rules.maxFiles} ${field}.`,
      { [field]: `At most ${rules.maxFiles} files.` },
      { maxFiles: rules.maxFiles },
    );
  }
  parts.forEach((part, i) => {
    const at = `${field}.${i}`;
    if (part.bytes.length === 0)
      throw fieldError('validation_failed', `${part.filename}: ${EMPTY_UPLOAD_MESSAGE}`, {
        [at]: 'The file is empty.',
      });
    if (part.bytes.length > rules.maxBytesEach) {
      throw fieldError(
        'payload_too_large',
        `${part.filename} is larger than ${rules.maxBytesEach} bytes.`,
        { [at]: `At most ${rules.maxBytesEach} bytes.` },
        { maxBytes: rules.maxBytesEach },
      );
    }
    const head = part.bytes.subarray(0, SIGNATURE_HEAD_BYTES);
    const type = rules.contentTypes.find((t) => checkFileSignature(t, head).ok);
    if (!type) {
      const check = checkFileSignature(rules.contentTypes[0]!, head);
      const message = check.ok ? '' : check.message;
      throw fieldError(
        'unsupported_media_type',
        `${part.filename}: ${message}`,
        { [at]: `Must be ${rules.contentTypes.join(' or ')}.` },
        { allowed: rules.contentTypes },
      );
    }
    // What the bytes are wins over what the browser guessed from the name, and names the file:
    // a PDF sent as `x.html` is kept as `x.pdf`.
    part.contentType = type;
    part.filename = storedFileName(part.filename, type);
  });
}
