/**
 * The PIN that locks a kiosk's setup screen: kept only as a salted, slow hash (PBKDF2-SHA-256
 * through WebCrypto, a random 16-byte salt per PIN), and tried no faster than a growing delay
 * allows (1 s, 2 s, 4 s … at most 5 minutes after each wrong PIN; the delay is kept on the device,
 * so a reload does not reset it).
 *
 * WebCrypto exists only in secure contexts (https, or localhost): on a plain-http page there is
 * no PIN at all rather than a weakly kept one.
 *
 * What this protects: the setup screen from a passer-by at the kiosk. It does not keep a script
 * of the same origin out (it reads the token directly); and a 4-digit PIN is 10,000 hashes away
 * for anyone who can copy the record: the hash makes that cost minutes of CPU instead of the
 * 0.6 s an unsalted digest took, not years.
 */

/**
 * Iterations of PBKDF2-SHA-256. Measured in Chromium: ~45 ms on one server core (AMD EPYC);
 * a mid-tier phone is taken as 4× slower (Lighthouse's model of one), so ~180 ms there.
 */
export const PIN_ITERATIONS = 300_000;
/** A stored record with fewer iterations than this is not a PIN this kiosk made: refused. */
const MIN_ITERATIONS = 100_000;
export const PIN_DELAY_CAP_MS = 5 * 60_000;

export interface PinRecord {
  alg: 'PBKDF2-SHA-256';
  iterations: number;
  /** Base64 of 16 random bytes. */
  salt: string;
  /** Base64 of the 32-byte derived key. */
  hash: string;
}

/** Failed tries so far, and the earliest time of the next try (epoch ms). */
export interface PinAttempts {
  failures: number;
  notBefore: number;
}

export const NO_ATTEMPTS: PinAttempts = { failures: 0, notBefore: 0 };

/** Whether this page can keep a PIN at all (WebCrypto is there only in secure contexts). */
export function canKeepPin(): boolean {
  return typeof crypto !== 'undefined' && crypto.subtle !== undefined && globalThis.isSecureContext !== false;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function derive(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<PinRecord> {
  if (!canKeepPin()) throw new Error('No WebCrypto on this page (not a secure context): a PIN cannot be kept safely.');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return {
    alg: 'PBKDF2-SHA-256',
    iterations,
    salt: toBase64(salt),
    hash: toBase64(await derive(pin, salt, iterations)),
  };
}

export async function verifyPin(pin: string, record: PinRecord): Promise<boolean> {
  if (!canKeepPin()) return false;
  const salt = fromBase64(record.salt);
  const expected = fromBase64(record.hash);
  if (!salt || !expected) return false;
  const actual = await derive(pin, salt, record.iterations);
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ (expected[i] ?? 0);
  return diff === 0;
}

/** A stored PIN record, or null when `v` is not one this kiosk would have made. */
export function readPinRecord(v: unknown): PinRecord | null {
  const r = (v ?? {}) as Record<string, unknown>;
  if (r.alg !== 'PBKDF2-SHA-256' || typeof r.salt !== 'string' || typeof r.hash !== 'string') return null;
  if (typeof r.iterations !== 'number' || !Number.isInteger(r.iterations) || r.iterations < MIN_ITERATIONS) return null;
  if (fromBase64(r.salt)?.length !== 16 || fromBase64(r.hash)?.length !== 32) return null;
  return { alg: 'PBKDF2-SHA-256', iterations: r.iterations, salt: r.salt, hash: r.hash };
}

/** The wait after the `failures`-th wrong PIN in a row: 1 s, 2 s, 4 s … at most 5 minutes. */
export function pinDelayMs(failures: number): number {
  return failures <= 0 ? 0 : Math.min(PIN_DELAY_CAP_MS, 1000 * 2 ** Math.min(failures - 1, 30));
}

export function afterWrongPin(a: PinAttempts, now: number): PinAttempts {
  const failures = a.failures + 1;
  return { failures, notBefore: now + pinDelayMs(failures) };
}

export function readPinAttempts(v: unknown, now: number): PinAttempts {
  const r = (v ?? {}) as Record<string, unknown>;
  const failures = typeof r.failures === 'number' && Number.isInteger(r.failures) && r.failures > 0 ? r.failures : 0;
  const notBefore = typeof r.notBefore === 'number' && Number.isFinite(r.notBefore) ? r.notBefore : 0;
  // A clock set back must not turn the wait into days: never more than the cap from now.
  return { failures, notBefore: Math.min(notBefore, now + PIN_DELAY_CAP_MS) };
}
