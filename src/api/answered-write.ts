/**
 * The kiosk's writes through an {@link ApiClient}: a JSON write whose answer the caller judges
 * itself. Only `<conf-checkin>` imports this module, so no other page downloads it.
 */
import { WRITE_TIMEOUT_MS, type ApiClient, type BodyFor, type PostId } from './client.js';

/** What {@link postForAnswer} got: any status, the body if it was JSON. */
export interface WriteAnswer {
  /** 0 when no answer came (unreachable, or the deadline ran out). */
  status: number;
  body: unknown;
  retryAfter: string | null;
  /** No answer within the deadline: unlike a refused connection, the request may have arrived. */
  timedOut?: boolean;
}

/**
 * A JSON write whose answer the caller judges itself, whatever its status (the kiosk's check-ins,
 * where a 409 or a 429 is an outcome to record, not a failure to show). Never throws: no answer
 * is status 0, with `timedOut` when `timeoutMs` ran out first (the request may have arrived).
 */
export async function postForAnswer<I extends PostId>(
  client: ApiClient,
  id: I,
  body: BodyFor<I>,
  options: { idempotencyKey: string; headers?: Record<string, string>; timeoutMs?: number },
): Promise<WriteAnswer> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs ?? WRITE_TIMEOUT_MS);
  try {
    const res = await client.fetchFn.call(globalThis, client.url(id), {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'idempotency-key': options.idempotencyKey,
        ...options.headers,
      },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
      signal: deadline.signal,
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      // Not JSON (a gateway's error page): the status alone decides.
    }
    return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
  } catch {
    return { status: 0, body: null, retryAfter: null, timedOut: deadline.signal.aborted };
  } finally {
    clearTimeout(timer);
  }
}
