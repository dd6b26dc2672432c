/**
 * What every request body costs the proxy, bounded before any byte is read (JSON writes,
 * multipart writes and `PUT /uploads` alike):
 *
 * - **A budget of bytes in flight across all requests** (`budgetBytes`). A body's declared
 *   Content-Length is reserved up front, and a body without one (or sending more than it said)
 *   reserves its bytes as they arrive; what does not fit is refused with 503 and `Retry-After`,
 *   at once when declared. The reservation is released when the request is answered. The proxy
 *   holds at most one copy of a body (see `form-body.ts`), so this bounds the memory bodies take.
 * - **Concurrent bodies per client address** (`perAddress`): one address cannot take the whole
 *   budget; over it, 429 with `Retry-After`. Kiosk check-ins with their token are not counted
 *   (a venue's scanners share one address), as in the write rate limit.
 * - **A body that stalls or crawls is dropped**: no byte for `idleMs`, or, once the client has
 *   been waited on for `idleMs`, fewer than `minBytesPerSecond` on average, answers 408
 *   `request_timeout` with `Connection: close` and releases its reservation. Only time spent
 *   waiting for the client counts: an upload whose storage reads slowly is not the client's fault.
 *
 * Readers take the body through {@link requestBody}, never `c.req.raw.body`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';

export interface BodyGuardOptions {
  /** Bytes of request bodies in flight at once, all requests together. */
  budgetBytes: number;
  /** Requests with a body one client address may have in flight at once. */
  perAddress: number;
  /** A body with no byte for this long is dropped. */
  idleMs: number;
  /** After `idleMs` of waiting, a body slower than this on average is dropped. */
  minBytesPerSecond: number;
  keyOf: (c: Context<ProxyEnv>) => string;
  /** How long a refused client is told to wait (503 and 429). */
  retryAfterSeconds?: number;
  now?: () => number;
}

/** The body to read: counted and timed when the guard runs, as received otherwise. */
export function requestBody(c: Context<ProxyEnv>): ReadableStream<Uint8Array> | null {
  return c.get('requestBody')?.stream ?? c.req.raw.body;
}

/** Why the guard stopped the body (timed out, over the budget), if it did. */
export function bodyFailure(c: Context<ProxyEnv>): ProxyError | null {
  return (c.get('requestBody')?.failure as ProxyError | null | undefined) ?? null;
}

export function bodyGuard({
  budgetBytes,
  perAddress,
  idleMs,
  minBytesPerSecond,
  keyOf,
  retryAfterSeconds = 5,
  now = Date.now,
}: BodyGuardOptions): MiddlewareHandler<ProxyEnv> {
  if (!(budgetBytes > 0) || !(perAddress >= 1) || !(idleMs > 0) || !(minBytesPerSecond >= 0)) {
    throw new Error('bodyGuard: budgetBytes, perAddress and idleMs must be > 0, minBytesPerSecond >= 0.');
  }
  let inFlight = 0;
  const perClient = new Map<string, number>();
  // The refused body may still be arriving: the connection is not reused.
  const retryAfter = { 'retry-after': String(retryAfterSeconds), connection: 'close' };
  const busy = () =>
    new ProxyError(
      'service_unavailable',
      'The proxy is receiving as much as it can hold right now; try again shortly.',
      {
        details: { reason: 'body_budget', retryAfterSeconds },
        headers: retryAfter,
      },
    );

  return async function bodyGuardMiddleware(c, next) {
    const counted = !(c.get('kiosk') && c.get('route')?.spec.audience === 'kiosk');
    const address = keyOf(c);
    if (counted && (perClient.get(address) ?? 0) >= perAddress) {
      throw new ProxyError(
        'rate_limited',
        `At most ${perAddress} submissions or uploads at a time from one address; try again shortly.`,
        {
          details: { reason: 'concurrent_bodies', retryAfterSeconds },
          headers: retryAfter,
        },
      );
    }
    let reserved = 0;
    let answered = false;
    const reserve = (bytes: number): boolean => {
      // Once released, bytes still read (a stream drained late) are not counted again.
      if (answered) return true;
      if (inFlight + bytes > budgetBytes) return false;
      inFlight += bytes;
      reserved += bytes;
      return true;
    };
    const declared = Number(c.req.header('content-length') ?? NaN);
    // A declared length over the whole budget is over every body cap too: its reader refuses it
    // (413) before reading, so it is not the budget's to answer.
    if (Number.isSafeInteger(declared) && declared > 0 && declared <= budgetBytes && !reserve(declared)) throw busy();
    if (counted) perClient.set(address, (perClient.get(address) ?? 0) + 1);
    // Made when a reader first asks: touching the host's body stream starts it reading, and a
    // body nobody reads (a request refused on its headers) is left to the host to drain.
    let stop = () => {};
    let timed: ReadableStream<Uint8Array> | null = null;
    const state = {
      failure: null as Error | null,
      get stream(): ReadableStream<Uint8Array> {
        if (timed) return timed;
        const source = c.req.raw.body ?? new ReadableStream<Uint8Array>({ start: (ctl) => ctl.close() });
        const body = timedBody(source, {
          idleMs,
          minBytesPerSecond,
          now,
          // Bytes past the reservation (no length declared, or more than declared) reserve more.
          onBytes: (total) => total <= reserved || reserve(total - reserved),
          fail: (error) => (state.failure = error),
          busy,
        });
        stop = body.stop;
        return (timed = body.stream);
      },
    };
    c.set('requestBody', state);
    try {
      await next();
    } finally {
      stop();
      answered = true;
      inFlight -= reserved;
      if (counted) {
        const left = (perClient.get(address) ?? 1) - 1;
        if (left > 0) perClient.set(address, left);
        else perClient.delete(address);
      }
    }
  };
}

function timedOut(message: string): ProxyError {
  // The rest of the body may still trickle in: the connection is not reused.
  return new ProxyError('request_timeout', message, { headers: { connection: 'close' } });
}

function timedBody(
  source: ReadableStream<Uint8Array>,
  o: {
    idleMs: number;
    minBytesPerSecond: number;
    now: () => number;
    onBytes: (total: number) => boolean;
    fail: (error: ProxyError) => void;
    busy: () => ProxyError;
  },
): { stream: ReadableStream<Uint8Array>; stop: () => void } {
  const reader = source.getReader();
  let received = 0;
  let waited = 0;
  let waitingSince: number | null = o.now();
  let failed = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const fail = (error: ProxyError) => {
    if (failed) return;
    failed = true;
    stop();
    o.fail(error);
    controller.error(error);
    // Frees the host's side of the body; on Node the client still reads the answer.
    reader.cancel(error).catch(() => {});
  };
  const check = () => {
    if (waitingSince === null) return;
    const t = o.now();
    const waiting = waited + (t - waitingSince);
    if (t - waitingSince >= o.idleMs) {
      fail(timedOut(`No byte of the request body arrived for ${Math.round(o.idleMs / 1000)} s.`));
    } else if (waiting >= o.idleMs && (received * 1000) / waiting < o.minBytesPerSecond) {
      fail(timedOut(`The request body arrived slower than ${o.minBytesPerSecond} bytes a second.`));
    }
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(ctl) {
        controller = ctl;
        timer = setInterval(check, Math.min(1000, Math.max(10, o.idleMs / 4)));
        (timer as { unref?: () => void }).unref?.();
      },
      async pull(ctl) {
        waitingSince ??= o.now();
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          if (!failed) {
            stop();
            ctl.error(error);
          }
          return;
        }
        if (failed) return;
        waited += o.now() - waitingSince;
        waitingSince = null;
        if (next.done) {
          stop();
          ctl.close();
          return;
        }
        received += next.value.byteLength;
        if (!o.onBytes(received)) return fail(o.busy());
        ctl.enqueue(next.value);
      },
      cancel(reason) {
        stop();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, stop };
}
