/**
 * The checks a chosen proof file passes before any request, apart from the upload itself
 * (`upload.ts`), which a form fetches only when a file is sent.
 */
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from './contract.js';

/** Why a file cannot be sent, before any request; null when it can. */
export function proofFileProblem(file: { type: string; size: number }): 'type' | 'size' | 'empty' | null {
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  return null;
}
