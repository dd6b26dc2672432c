/**
 * Signed upload addresses served by the sandbox itself.
 *
 * An upload-address call creates an upload slot and answers a URL
 * `PUT {base}/uploads/<id>?expires=<unix s>&signature=<hex HMAC-SHA256>`, where `{base}` is
 * whatever came before `/api/public/v1` in the calling request (so it works under any mount
 * prefix). The PUT must carry the announced Content-Type, at most {@link UPLOAD_MAX_BYTES}; the
 * bytes are stored in SQLite. A submission then names the upload by its `storage://` URI.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES, type UploadContentType } from '../src/api/contract.js';
import {
  EMPTY_UPLOAD_MESSAGE,
  SIGNATURE_HEAD_BYTES,
  checkFileSignature,
  storedFileName,
} from '../src/api/file-signature.js';
import type { UploadAddress } from '../src/api/records.js';
import { SandboxError, fieldError } from './errors.js';
import { BODY_TIMEOUT_MS, mediaType, readLimited } from './read-body.js';
import type { Store } from './store/index.js';
import { parseStorageUri, storageUri, type UploadKind } from './store/uploads.js';

export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

export function sign(secret: string, uploadId: string, expires: number): string {
  return createHmac('sha256', secret).update(`PUT\n/uploads/${uploadId}\n${expires}`).digest('hex');
}

/**
 * Compares in constant time. Only the exact form `sign` writes is accepted: `Buffer.from(hex)`
 * silently drops an odd last digit and anything after the first non-hex character, so a
 * signature with a character appended would otherwise still match.
 */
function signatureMatches(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

export function isAllowedContentType(type: string): boolean {
  return (UPLOAD_CONTENT_TYPES as readonly string[]).includes(mediaType(type));
}

/** Creates the slot and the signed address for an upload-address call. */
export function createUploadAddress(
  store: Store,
  secret: string,
  input: {
    conferenceId: string;
    kind: UploadKind;
    filename: string;
    contentType: string;
    base: string;
    workshopRegistrationId?: string;
  },
): UploadAddress {
  const contentType = mediaType(input.contentType);
  if (!isAllowedContentType(contentType)) {
    throw fieldError(
      'unsupported_media_type',
      `Uploads must be one of: ${UPLOAD_CONTENT_TYPES.join(', ')}.`,
      { contentType: `Must be one of: ${UPLOAD_CONTENT_TYPES.join(', ')}.` },
      { allowed: UPLOAD_CONTENT_TYPES },
    );
  }
  const expiresAt = store.now() + UPLOAD_URL_TTL_MS;
  // Named with the extension of the type the PUT's bytes must then prove (`x.html` → `x.pdf`).
  const filename = storedFileName(input.filename, contentType as UploadContentType);
  const upload = store.uploads.create({ ...input, filename, contentType, expiresAt });
  const expires = Math.floor(expiresAt / 1000);
  const url = `${input.base}/uploads/${upload.id}?expires=${expires}&signature=${sign(secret, upload.id, expires)}`;
  return {
    uploadUrl: url,
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    storageUri: storageUri(upload),
    expiresAt: new Date(expires * 1000).toISOString(),
    maxBytes: UPLOAD_MAX_BYTES,
  };
}

/** The PUT target of signed addresses; the signature is its only credential. */
export function uploadRoutes({
  store,
  secret,
  bodyTimeoutMs = BODY_TIMEOUT_MS,
}: {
  store: Store;
  secret: string;
  bodyTimeoutMs?: number;
}): Hono {
  const app = new Hono();
  app.put('/uploads/:id', async (c) => {
    const id = c.req.param('id');
    const expires = Number(c.req.query('expires') ?? NaN);
    const signature = c.req.query('signature') ?? '';
    if (!Number.isInteger(expires) || !signatureMatches(sign(secret, id, expires), signature)) {
      throw new SandboxError('upload_signature_invalid', 'The upload URL is not valid: its signature does not match.');
    }
    if (expires * 1000 <= store.now()) {
      throw new SandboxError('upload_url_expired', 'The upload URL has expired; ask for a new upload address.');
    }
    const upload = store.uploads.get(id);
    if (!upload) throw new SandboxError('not_found', 'No such upload.');
    if (mediaType(c.req.header('content-type')) !== upload.contentType) {
      throw new SandboxError(
        'unsupported_media_type',
        `This upload must be sent with Content-Type: ${upload.contentType}.`,
        {
          expected: upload.contentType,
        },
      );
    }
    const bytes = await readLimited(c.req.raw.body, { maxBytes: UPLOAD_MAX_BYTES, timeoutMs: bodyTimeoutMs });
    // Refused before anything is written: a retried PUT with bad bytes keeps the earlier file.
    if (bytes.length === 0) throw new SandboxError('empty_upload', EMPTY_UPLOAD_MESSAGE);
    const content = checkFileSignature(upload.contentType, bytes.subarray(0, SIGNATURE_HEAD_BYTES));
    if (!content.ok) {
      throw new SandboxError('unsupported_media_type', content.message, {
        declared: content.declared,
        detected: content.detected,
      });
    }
    const done = store.uploads.store(id, bytes);
    return c.json({ data: { storageUri: storageUri(done), size: done.size, contentType: done.contentType } }, 200);
  });
  return app;
}

/**
 * Checks a `storage://` URI named in a submission: the upload must exist, belong to the same
 * conference, be of the expected kind (any kind when null) and have been completed by a PUT of
 * at least one byte (a database from before empty PUTs were refused may hold empty ones).
 * Throws 422 `invalid_upload` naming the field.
 */
export function requireCompletedUpload(
  store: Store,
  conferenceId: string,
  uri: string,
  kind: UploadKind | null,
  field: string,
): void {
  const parts = parseStorageUri(uri);
  const upload = parts ? store.uploads.get(parts.uploadId) : null;
  const problem =
    !parts || !upload || upload.conferenceId !== conferenceId || parts.conferenceId !== conferenceId
      ? 'Unknown upload: use the storage:// URI returned by an upload-address call of this conference.'
      : kind !== null && (upload.kind !== kind || parts.kind !== kind)
        ? `This upload is not a ${kind} upload.`
        : upload.completedAt === null
          ? 'The file was never uploaded: PUT it to the upload URL first.'
          : !upload.size
            ? 'The uploaded file is empty: upload the proof again.'
            : null;
  if (problem) throw fieldError('invalid_upload', problem, { [field]: problem });
}
