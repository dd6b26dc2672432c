/**
 * `Idempotency-Key` on every POST (a gap decision: the spec is silent; a payment-grade API honours
 * it). Per API key, the first request with a key is processed and its answer kept for 24 h:
 * - the same key with the same body gets that answer again (status, body, `Idempotent-Replayed:
 *   true`) without the work being done twice;
 * - the same key with another body is 422 `idempotency_key_reused`;
 * - while the first is still in progress (its body arriving), 409 `idempotency_in_progress` with
 *   `Retry-After: 1`.
 *
 * Two steps: `idempotencyClaim` claims the key before the body is read (so a repeat arriving
 * meanwhile sees it in progress), and `idempotentDispatch` runs the endpoint's handler and keeps
 * its answer in one SQLite transaction, so a crash can never leave the work done without the
 * answer kept (or the reverse). What is not processed is not kept: requests refused before the
 * handler (body, schema, query), unexpected 500s (the transaction rolls back), and the injected
 * 503s of `--fail-rate`, which come before any of this. An answer lost after the work
 * (`--lose-rate`, `Prefer: after=processing`) was kept, and a repeat gets the real answer.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from '../../src/api/errors.js';
import type { SandboxEnv } from '../env.js';
import { SandboxError } from '../errors.js';
import type { KeptAnswer, KeyScope } from '../store/idempotency.js';
import type { Store } from '../store/index.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Answer headers a replay repeats (lower case). */
const KEPT_HEADERS = ['deprecation', 'sunset', 'link', 'retry-after'] as const;

interface HeldKey {
  scope: KeyScope;
  /** This request's claim, or null when the key already had an answer (to replay or refuse). */
  claim: string | null;
}

/** The key each request holds, from the claim to the handler (keyed by the request's context). */
const held = new WeakMap<object, HeldKey>();

function inProgress(): SandboxError {
  return new SandboxError(
    'idempotency_in_progress',
    'A request with this Idempotency-Key is still being processed; retry shortly.',
    undefined,
    { 'Retry-After': '1' },
  );
}

export function idempotencyClaim({ store }: { store: Store }): MiddlewareHandler<SandboxEnv> {
  return async function claimIdempotencyKey(c, next) {
    const key = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new SandboxError(
        'validation_failed',
        'The request is invalid: Idempotency-Key: must be 1 to 255 visible ASCII characters.',
        {
          fields: { 'Idempotency-Key': 'Must be 1 to 255 visible ASCII characters.' },
        },
      );
    }
    const scope: KeyScope = { apiKeyId: c.get('key').id, conferenceId: c.get('key').conferenceId, key };
    const result = store.idempotency.claim(scope);
    if ('held' in result && result.held.state === 'pending') throw inProgress();
    const claim = 'claim' in result ? result.claim : null;
    held.set(c, { scope, claim });
    try {
      await next();
    } finally {
      // Still pending after the chain: not processed, so the key is free again. A completed
      // claim is a 'done' row, which this leaves alone.
      if (claim) store.idempotency.release(scope, claim);
    }
  };
}

function fingerprintOf(c: Context<SandboxEnv>): string {
  const hash = createHash('sha256').update(
    `${c.req.method}\n${c.get('apiPath')}\n${JSON.stringify(c.get('body') ?? null)}`,
  );
  // A multipart body's files are part of what was asked (not its boundary, which a retry redraws).
  for (const f of c.get('files') ?? []) hash.update(`\n${f.filename}\n${f.contentType}\n`).update(f.bytes);
  return hash.digest('hex');
}

function keptHeaders(from: Headers | Record<string, string>): Record<string, string> {
  const headers = from instanceof Headers ? from : new Headers(from);
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers.get(name);
    if (value) out[name] = value;
  }
  return out;
}

function replay(answer: KeptAnswer): Response {
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true', ...answer.headers },
  });
}

/**
 * Wraps the endpoint dispatcher: a request holding a key is replayed, refused, or processed with
 * its answer kept in the same transaction as the work.
 */
export function idempotentDispatch(
  inner: (c: Context<SandboxEnv>) => Response,
  { store }: { store: Store },
): (c: Context<SandboxEnv>) => Response {
  return function dispatchIdempotently(c) {
    const mine = held.get(c);
    if (!mine) return inner(c);
    const fingerprint = fingerprintOf(c);
    let refusal: SandboxError | undefined;
    const res = store.db
      .transaction((): Response | undefined => {
        const row = store.idempotency.find(mine.scope);
        if (row?.state === 'done') {
          if (row.fingerprint !== fingerprint) {
            throw new SandboxError(
              'idempotency_key_reused',
              'This Idempotency-Key was already used for a different request.',
            );
          }
          return replay(row.answer);
        }
        // Someone took over a claim this request held too long.
        if (row?.state === 'pending' && row.claim !== mine.claim) throw inProgress();
        // The handlers answer through c.json; the text it sends is the text kept.
        const json = c.json;
        let text = '';
        c.json = ((object: unknown, ...rest: unknown[]) => {
          text = JSON.stringify(object);
          return (json as (...args: unknown[]) => Response)(object, ...rest);
        }) as typeof c.json;
        let out: Response | undefined;
        try {
          out = inner(c);
        } catch (error) {
          // A refusal by the conference's rules (4xx) is an answer; anything else rolls back.
          if (!(error instanceof SandboxError) || error.status >= 500) throw error;
          refusal = error;
        } finally {
          c.json = json;
        }
        const answer: KeptAnswer = out
          ? { status: out.status, body: text, headers: keptHeaders(out.headers) }
          : {
              status: refusal!.status,
              body: JSON.stringify(errorBody(refusal!.code, refusal!.message, refusal!.details)),
              headers: keptHeaders(refusal!.headers),
            };
        store.idempotency.complete(mine.scope, fingerprint, answer);
        return out;
      })
      .immediate();
    if (refusal) throw refusal;
    return res!;
  };
}
