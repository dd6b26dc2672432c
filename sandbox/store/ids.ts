import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe id with a readable prefix (`reg_…`, `upl_…`). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

/** Keys are stored only as SHA-256 hashes; the secret itself is shown once at creation. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}
