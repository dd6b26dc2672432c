/**
 * One HTTP exchange with the proxy, read to its text. Below both the client's writes and the
 * page's shared reads, so neither calls back into the other; a fetch that fails becomes the
 * client's network error.
 */
import { ApiError } from './errors.js';

/** Code of the error raised when the proxy cannot be reached at all. */
export const NETWORK_ERROR = 'network_error';

/** An answer as the client reads it, before its JSON is parsed (each reader parses its own copy). */
export interface RawAnswer {
  status: number;
  etag: string | null;
  /** The proxy served its last good copy (`X-Cache: stale`). */
  stale: boolean;
  text: string;
  contentType: string | null;
  /** The server answered 304 to the page's revalidation and this is the answer it remembers. */
  notModified?: boolean;
}

export interface SendInit {
  method: string;
  headers: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
}

/** One fetch through `fetchFn`, read to its text. */
export async function send(fetchFn: typeof fetch, url: string, init: SendInit): Promise<RawAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetchFn.call(globalThis, url, {
      ...init,
      // The elements set no cookies and must not send the host site's.
      credentials: 'omit',
      // The proxy revalidates; the browser's HTTP cache must not answer 200 from disk for a 304.
      cache: 'no-store',
    });
    text = await res.text();
  } catch (e) {
    if (isAbort(e, init.signal)) throw e;
    throw networkError(url, e);
  }
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    // The proxy says `X-Cache: stale` when it answers from its last good copy because the
    // platform failed (cross-origin, it must list the header in Access-Control-Expose-Headers).
    stale: /stale/i.test(res.headers.get('x-cache') ?? ''),
    text,
    contentType: res.headers.get('content-type'),
  };
}

function isAbort(e: unknown, signal?: AbortSignal): boolean {
  return (signal?.aborted ?? false) || (e instanceof DOMException && e.name === 'AbortError');
}

function networkError(url: string, cause: unknown): ApiError {
  const origin = new URL(url).origin;
  return new ApiError(
    0,
    NETWORK_ERROR,
    `Could not reach the conference proxy at ${origin}. It may be down, or this page's origin is not ` +
      `allowed by the proxy (CORS), or the page's Content-Security-Policy does not allow connect-src ${origin}.`,
    { url, cause: cause instanceof Error ? cause.message : String(cause) },
  );
}
