/**
 * Calls to the upstream API: the key injected last, the answer (body and header values) scrubbed
 * of it, redirects never followed (see `transport.ts`), a timeout on every
 * call, and retries for reads only (429, 503, network errors). Writes get one attempt: a write
 * that may have reached the upstream is never repeated by the proxy; the browser repeats it with
 * the same `Idempotency-Key` if it wants to.
 */
import { API_PREFIX } from '../../src/api/contract.js';
import { ProxyError } from '../errors.js';
import type { Scrubber } from '../secrets.js';
import { readableBody } from './body.js';
import { isRetryableStatus, parseRetryAfter, retryDelay, sleep, type RetryPolicy } from './retry.js';
import type { UpstreamFetch, UpstreamResponse } from './transport.js';

export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  /** Body text (decoded to UTF-8, see `body.ts`) with the key scrubbed out. */
  body: string;
  /** The same body as UTF-8 bytes: those received when they were UTF-8 and held no key (no copy). */
  bytes: Uint8Array;
  /** The upstream's media type with `; charset=utf-8`, its other parameters dropped. */
  contentType: string;
  /** Wall time spent on the upstream, retries and waits included. */
  ms: number;
  attempts: number;
}

export interface UpstreamCall {
  method: 'GET' | 'POST';
  /** Path below the API prefix, with its query string. */
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** Media type of `body`; JSON unless said (a checked multipart write carries its boundary). */
  contentType?: string;
  /** Reads only: repeat on 429, 503 and network errors. */
  retry: boolean;
  timeoutMs?: number;
}

export interface UpstreamClientOptions {
  base: string;
  apiKey: string;
  transport: UpstreamFetch;
  scrubber: Scrubber;
  timeoutMs: number;
  retry: RetryPolicy;
  random?: () => number;
}

export interface UpstreamClient {
  call(call: UpstreamCall): Promise<UpstreamAnswer>;
  /** Absolute URL of an API path (for logs, never shown to browsers). */
  url(path: string): string;
}

function describe(error: unknown): string {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}

/**
 * The upstream's headers with the key scrubbed from every value: answers pass on only named
 * headers, but those (`Link`, `Content-Type`, ...) may still carry an echo of it.
 */
function scrubbedHeaders(headers: Headers, scrubber: Scrubber): Headers {
  let out: Headers | null = null;
  for (const [name, value] of headers) {
    const clean = scrubber.scrubHeader(value);
    if (clean === null) (out ??= new Headers(headers)).delete(name);
    else if (clean !== value) (out ??= new Headers(headers)).set(name, clean);
  }
  return out ?? headers;
}

export function createUpstreamClient(o: UpstreamClientOptions): UpstreamClient {
  const random = o.random ?? Math.random;
  const url = (path: string) => o.base + API_PREFIX + path;

  async function once(call: UpstreamCall): Promise<UpstreamResponse> {
    const timeout = AbortSignal.timeout(call.timeoutMs ?? o.timeoutMs);
    // Uncompressed, so the answer can be scanned as it comes (one still compressed is decoded).
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-encoding': 'identity',
      ...call.headers,
    };
    if (call.body) headers['content-type'] = call.contentType ?? 'application/json';
    // Last, so nothing above can supply or override it.
    headers['x-api-key'] = o.apiKey;
    try {
      return await o.transport(url(call.path), {
        method: call.method,
        headers,
        body: call.body ?? null,
        signal: timeout,
      });
    } catch (error) {
      if (timeout.aborted) {
        throw new ProxyError('gateway_timeout', 'The conference service did not answer in time.', {
          cause: error,
        });
      }
      throw new ProxyError('bad_gateway', 'The conference service could not be reached.', {
        details: { reason: describe(error) },
        cause: error,
      });
    }
  }

  return {
    url,
    async call(call) {
      const started = performance.now();
      let attempt = 0;
      for (;;) {
        let response: UpstreamResponse | null = null;
        let failure: ProxyError | null = null;
        try {
          response = await once(call);
        } catch (error) {
          failure = error as ProxyError;
        }
        const elapsed = performance.now() - started;
        const retryable = call.retry && (failure !== null || isRetryableStatus(response!.status));
        if (retryable) {
          const after = response ? parseRetryAfter(response.headers.get('retry-after')) : null;
          const delay = retryDelay(o.retry, attempt, elapsed, after, random);
          if (delay !== null) {
            attempt++;
            await sleep(delay);
            continue;
          }
        }
        if (failure) throw failure;
        const res = response!;
        const headers = scrubbedHeaders(res.headers, o.scrubber);
        // Decoded to UTF-8 text first: the key is searched for in what a browser would read.
        const readable = await readableBody(res.headers, res.body, res.decoded);
        const scrubbed = o.scrubber.scrubBody(readable.bytes, readable.text);
        if (!scrubbed) {
          throw new ProxyError('bad_gateway', 'The conference service sent an answer the proxy cannot pass on.', {
            details: { reason: 'secret_in_answer' },
          });
        }
        return {
          status: res.status,
          headers,
          body: scrubbed.text,
          bytes: scrubbed.bytes,
          contentType: readable.contentType,
          ms: Math.round(performance.now() - started),
          attempts: attempt + 1,
        };
      }
    },
  };
}
