/**
 * `Idempotency-Key` on writes. The first request with a key is forwarded and its answer kept for
 * `ttlMs`; a repeat with the same key and body gets that answer without a second upstream call,
 * and a repeat arriving while the first is in flight waits for it. The same key with a different
 * body is refused (422) and learns nothing of the first answer.
 *
 * What happens to the key depends on whether the upstream may have processed the first attempt
 * (see {@link outcomeOf}):
 * - answered (2xx, 4xx): kept and replayed;
 * - known not processed (503 or 429, the spec's "retry" answers; the connection refused; refused
 *   by the proxy itself before forwarding): forgotten, so the browser's retry is forwarded again;
 * - unknown (a timeout, a connection lost mid-answer, any other 5xx): the write may have been
 *   recorded, and the API offers no way to ask. Forwarding the repeat could register someone
 *   twice, so the attempt is kept as `outcome_unknown` (502) and replayed to every repeat; only a
 *   new key, which the form asks the person to choose knowingly, sends it again.
 *
 * The key itself is forwarded upstream: an upstream that honours it (the sandbox does) keeps
 * exactly once even when this store loses its records (Redis restarted empty, the memory store
 * on a restart). Its "still in progress" answer (409 `idempotency_in_progress`) means not
 * processed: the key is released and the browser told 503 with `Retry-After`, as for a repeat
 * waiting here too long.
 *
 * Scope: the key counts per endpoint and body (method, canonical path, body bytes), not per client:
 * a retry may come from another address (a phone changing networks), and whoever could replay an
 * answer would need both the random key and the exact body. When the store cannot be reached, a
 * keyed write is refused with 503 rather than forwarded unprotected.
 */
import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../../src/api/errors.js';
import { sha256 } from '../digest.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import type { IdempotencyRecord, IdempotencyStore, StoredAnswer } from '../stores/types.js';
import { sleep } from '../upstream/retry.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ['retry-after', 'deprecation'] as const;

const encoder = new TextEncoder();

/** Hex SHA-256 of the parts, each followed by a newline (so `a`,`bc` and `ab`,`c` differ). */
async function fingerprintOf(...parts: (string | Uint8Array)[]): Promise<string> {
  const bytes = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const joined = new Uint8Array(bytes.reduce((n, b) => n + b.length + 1, 0));
  let at = 0;
  for (const b of bytes) {
    joined.set(b, at);
    joined[at + b.length] = 0x0a;
    at += b.length + 1;
  }
  return Array.from(await sha256(joined), (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Transport failures that happen before a request is on the wire: nothing reached the upstream. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export type WriteOutcome = 'answered' | 'not-processed' | 'unknown';

/**
 * Whether the upstream may have processed a forwarded write, from what the handler chain left:
 * the error it threw (if any) and the answer's status.
 */
export function outcomeOf(error: unknown, status: number): WriteOutcome {
  if (error !== undefined && error !== null) {
    if (!(error instanceof ProxyError)) return 'unknown';
    if (error.code === 'gateway_timeout') return 'unknown';
    if (error.code === 'bad_gateway') {
      const reason = (error.options.details as { reason?: unknown } | undefined)?.reason;
      return typeof reason === 'string' && NEVER_SENT.has(reason) ? 'not-processed' : 'unknown';
    }
    // The proxy's own refusals (rate limit, body, allow-list) come before any upstream call.
    return 'not-processed';
  }
  if (status === 429 || status === 503) return 'not-processed';
  return status >= 500 ? 'unknown' : 'answered';
}

function unknownOutcome(): StoredAnswer {
  const error = new ProxyError(
    'outcome_unknown',
    'The conference service did not confirm this request, and it may have been recorded. ' +
      'Check for a confirmation before sending it again.',
  );
  return {
    status: error.status,
    body: JSON.stringify(errorBody(error.code, error.message)),
    contentType: 'application/json; charset=utf-8',
  };
}

function replay(answer: StoredAnswer): Response {
  return new Response(answer.body, {
    status: answer.status,
    headers: {
      'content-type': answer.contentType,
      'cache-control': 'no-store',
      'idempotent-replayed': 'true',
      ...answer.headers,
    },
  });
}

export function idempotency({
  store,
  ttlMs = 24 * 60 * 60 * 1000,
  pendingMs = 30_000,
  pollMs = 25,
  report = () => {},
}: {
  store: IdempotencyStore;
  ttlMs?: number;
  /** How long an attempt may stay in flight before a repeat may take over. */
  pendingMs?: number;
  pollMs?: number;
  report?: (event: string, error: unknown) => void;
}): MiddlewareHandler<ProxyEnv> {
  if (!(ttlMs > 0) || !(pendingMs > 0)) throw new Error('idempotency: ttlMs and pendingMs must be > 0.');
  return async function idempotencyMiddleware(c, next) {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new ProxyError('validation_failed', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', {
        details: { fields: { 'Idempotency-Key': 'invalid' } },
      });
    }
    const route = c.get('route');
    const storeKey = await fingerprintOf(route.target, key);
    const fingerprint = await fingerprintOf(c.req.method, route.target, c.get('fingerprintSource') ?? c.get('body'));
    const log = c.get('log');
    const deadline = Date.now() + pendingMs;

    for (;;) {
      let existing: IdempotencyRecord | null;
      try {
        existing = await store.claim(storeKey, fingerprint, pendingMs);
      } catch (error) {
        // Forwarding without the claim could submit twice; the browser retries with the same key.
        report('idempotency_store_failed', error);
        throw new ProxyError('service_unavailable', 'Submissions are paused for a moment; try again shortly.', {
          headers: { 'retry-after': '1' },
        });
      }
      if (existing && existing.fingerprint !== fingerprint) {
        throw new ProxyError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request.',
        );
      }
      if (existing?.state === 'done') {
        // A repeat that waited for the first says so; both were answered from the stored copy.
        log.idempotency = log.idempotency === 'waited' ? 'waited' : 'replayed';
        c.res = replay(existing.answer);
        return;
      }
      if (existing?.state === 'pending') {
        if (Date.now() > deadline) {
          throw new ProxyError('service_unavailable', 'The first request with this Idempotency-Key is still running.', {
            headers: { 'retry-after': '1' },
          });
        }
        log.idempotency = 'waited';
        await sleep(pollMs);
        continue;
      }
      break;
    }

    log.idempotency ??= 'new';
    let upstreamBusy = false;
    try {
      await next();
    } finally {
      try {
        upstreamBusy = c.error === undefined && (await inProgressUpstream(c.res));
        const outcome = upstreamBusy ? 'not-processed' : outcomeOf(c.error, c.res.status);
        log.outcome = outcome;
        if (outcome === 'not-processed') {
          await store.release(storeKey);
        } else {
          const answer = outcome === 'unknown' ? unknownOutcome() : await storedAnswer(c.res);
          // The browser sees exactly what a repeat will see.
          if (outcome === 'unknown') {
            c.error = undefined;
            c.res = new Response(answer.body, {
              status: answer.status,
              headers: { 'content-type': answer.contentType, 'cache-control': 'no-store' },
            });
          }
          await store.complete(storeKey, fingerprint, answer, ttlMs);
        }
      } catch (error) {
        report('idempotency_store_failed', error);
        await store.release(storeKey).catch(() => {});
      }
    }
    if (upstreamBusy) {
      throw new ProxyError('service_unavailable', 'The first request with this Idempotency-Key is still running.', {
        headers: { 'retry-after': '1' },
      });
    }
  };
}

/** The upstream's answer that another request with this key is still being processed (409). */
async function inProgressUpstream(res: Response): Promise<boolean> {
  if (res.status !== 409) return false;
  try {
    const body = JSON.parse(await res.clone().text()) as { error?: { code?: unknown } };
    return body.error?.code === 'idempotency_in_progress';
  } catch {
    return false;
  }
}

async function storedAnswer(res: Response): Promise<StoredAnswer> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = res.headers.get(name);
    if (value) headers[name] = value;
  }
  return {
    status: res.status,
    body: await res.clone().text(),
    contentType: res.headers.get('content-type') ?? 'application/json',
    headers,
  };
}
