/**
 * The optional proof-of-work challenge on public writes (off by default). `GET /challenge` hands
 * out a challenge (ALTCHA's v2 format, `altcha-lib`, SHA-256 over WebCrypto so it runs on every
 * host): a random nonce and salt, a counter the proxy picked at random up to `difficulty`, and the
 * first half of the key that counter derives. Finding the counter takes a browser about
 * 0.75 × `difficulty` SHA-256 digests; the proxy checks an answer with one HMAC (the key's
 * signature is part of the signed challenge).
 *
 * Public writes (the contract's `public` POSTs and `PUT /uploads/*`; never kiosk check-ins) then
 * need `X-Conf-Challenge`: base64 of `{"challenge":{"parameters","signature"},"solution":{"counter","derivedKey"}}`.
 * Missing, unreadable, tampered, unsolved, expired or already used: 428 `challenge_required`
 * (`details.reason`), before the body is read or anything forwarded. Each challenge is good for
 * one write: its nonce is claimed in a store (`IdempotencyStore`, so Redis can share it across
 * instances) until it expires. The memory store is bounded; past its bound the oldest claims go
 * first, so a nonce could be used twice only after some 100,000 newer ones were solved.
 *
 * It does not stop a script that solves challenges (a native SHA-256 does 10,000 in a few ms): it
 * stops the ones that do not, and costs the ones that do. See proxy/README.md for the figures.
 */
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Handler, MiddlewareHandler } from 'hono';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import type { IdempotencyStore } from '../stores/types.js';

export const CHALLENGE_PATH = '/challenge';
export const CHALLENGE_HEADER = 'x-conf-challenge';

export interface WriteChallengeConfig {
  /** Largest counter the proxy picks; the counter is uniform in [difficulty/2, difficulty]. */
  difficulty: number;
  ttlMs: number;
  secret: string;
  store: IdempotencyStore;
}

type Reason = 'missing' | 'malformed' | 'invalid' | 'expired' | 'used';

const MESSAGES: Record<Reason, string> = {
  missing: 'This proxy asks for a solved challenge with each submission; reload the page and try again.',
  malformed: 'The challenge answer could not be read; reload the page and try again.',
  invalid: 'The challenge answer is not valid; reload the page and try again.',
  expired: 'The challenge expired; please submit again.',
  used: 'This challenge was already used; please submit again.',
};

function refuse(reason: Reason): ProxyError {
  return new ProxyError('challenge_required', MESSAGES[reason], { details: { reason, challenge: CHALLENGE_PATH } });
}

const encoder = new TextEncoder();

/** Two secrets from one: the challenge's signature and the derived key's must differ. */
async function keySecretOf(secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode('conf-widgets challenge key')));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

function randomCounter(max: number): number {
  const low = Math.max(1, Math.floor(max / 2));
  const r = crypto.getRandomValues(new Uint32Array(1))[0]! / 0x1_0000_0000;
  return low + Math.floor(r * (max - low + 1));
}

interface Payload {
  /** Checked by `readPayload` as far as this file reads it; the signature vouches for the rest. */
  challenge: Challenge & { signature: string };
  solution: { counter: number; derivedKey: string };
}

/** The header's JSON, with the shapes `verifySolution` relies on; null when it is not that. */
function readPayload(header: string): Payload | null {
  if (header.length > 4096 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(header)) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(header.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
  const p = value as {
    challenge?: { parameters?: Record<string, unknown>; signature?: unknown };
    solution?: unknown;
  } | null;
  const parameters = p?.challenge?.parameters;
  if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters)) return null;
  if (typeof p?.challenge?.signature !== 'string' || typeof p.solution !== 'object' || p.solution === null) return null;
  if (
    typeof parameters.nonce !== 'string' ||
    typeof parameters.salt !== 'string' ||
    typeof parameters.keyPrefix !== 'string'
  )
    return null;
  if (parameters.algorithm !== 'SHA-256' || typeof parameters.expiresAt !== 'number') return null;
  return p as unknown as Payload;
}

export interface WriteChallenge {
  /** `GET /challenge`. */
  handler: Handler<ProxyEnv>;
  /** Checks the header on public writes. */
  middleware: MiddlewareHandler<ProxyEnv>;
}

export function writeChallenge({
  difficulty,
  ttlMs,
  secret,
  store,
  now = Date.now,
  report = () => {},
}: WriteChallengeConfig & { now?: () => number; report?: (event: string, error: unknown) => void }): WriteChallenge {
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > 0xffff_ffff)
    throw new Error('writeChallenge: difficulty must be a whole number >= 1.');
  if (!(ttlMs >= 1000)) throw new Error('writeChallenge: ttlMs must be at least 1000.');
  if (typeof secret !== 'string' || secret.length < 32)
    throw new Error('writeChallenge: secret must be at least 32 characters.');
  const keySecret = keySecretOf(secret);

  return {
    async handler(c) {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomCounter(difficulty),
        deriveKey,
        expiresAt: Math.floor((now() + ttlMs) / 1000),
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: await keySecret,
      });
      return c.json({ data: challenge }, 200, { 'cache-control': 'no-store' });
    },

    async middleware(c, next) {
      // Kiosks (with their token) check people in; they are not the public's writes.
      if (c.req.method === 'POST' && c.get('route')?.spec.audience !== 'public') return next();
      const header = c.req.header(CHALLENGE_HEADER);
      if (!header) throw refuse('missing');
      const payload = readPayload(header.trim());
      if (!payload) throw refuse('malformed');
      // The signed expiry, on the proxy's clock (the library checks its own too).
      if (payload.challenge.parameters.expiresAt! * 1000 < now()) throw refuse('expired');
      let verified: Awaited<ReturnType<typeof verifySolution>>;
      try {
        verified = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: await keySecret,
        });
      } catch {
        throw refuse('malformed');
      }
      if (verified.expired) throw refuse('expired');
      if (!verified.verified) throw refuse('invalid');
      // One write per challenge: the nonce is claimed until the challenge could no longer be used.
      const keepMs = Math.max(1000, payload.challenge.parameters.expiresAt! * 1000 - now() + 1000);
      let earlier;
      try {
        earlier = await store.claim(`challenge:${payload.challenge.parameters.nonce}`, '', keepMs);
      } catch (error) {
        // Without the store a solution could be replayed at will: refuse until it is back.
        report('challenge_store_failed', error);
        throw new ProxyError('service_unavailable', 'Submissions are paused for a moment; please try again.', {
          headers: { 'retry-after': '1' },
        });
      }
      if (earlier) throw refuse('used');
      await next();
    },
  };
}
