import { createHash, randomUUID } from 'node:crypto';

/**
 * A random, URL-safe id with a readable prefix (`reg_…`, `upl_…`): 60 random bits. `randomUUID`
 * draws from a cached entropy pool, far cheaper per call than `randomBytes` on the write path.
 */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/** Keys are stored only as SHA-256 hashes; the secret itself is shown once at creation. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}
