/**
 * `Accept-Encoding` read as RFC 9110 12.5.3 reads it: the q-value a client gives each encoding the
 * proxy can send. The bundle handler (precompressed files) and the read cache's compressed copies
 * both choose by it.
 */

/** An encoding the proxy sends: the two it compresses with, and the bytes as they are. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Preferred first when the client accepts several equally: br is the smallest. */
export const ENCODING_PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

/**
 * The q-value the client gives each encoding: listed ones their own, the others `*`'s, identity
 * acceptable (below any listed encoding) unless refused. No header: identity only.
 */
export function acceptedEncodings(header: string | null | undefined): Map<Encoding, number> {
  const q = new Map<Encoding, number>();
  if (header === null || header === undefined) {
    q.set('identity', 1);
    return q;
  }
  const listed = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) value = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    listed.set(name === 'x-gzip' ? 'gzip' : name, value);
  }
  const star = listed.get('*');
  for (const e of ENCODING_PREFERENCE) {
    // Identity not named is acceptable, but last: `gzip;q=0.8` still means gzip is wanted.
    const value = listed.get(e) ?? (e === 'identity' ? (star === 0 ? 0 : 0.001) : (star ?? 0));
    q.set(e, value);
  }
  return q;
}
