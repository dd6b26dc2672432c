/**
 * How the proxy talks HTTP to the upstream. On Node the default is undici's `request` over a
 * keep-alive `Agent` (reusing sockets; plain `fetch` costs about three times as much per call);
 * elsewhere (edge runtimes) the global `fetch`.
 */

export interface UpstreamInit {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array | ReadableStream<Uint8Array> | null;
  signal?: AbortSignal;
}

/** Anything that answers like `fetch`; tests and edge hosts pass their own. */
export type UpstreamFetch = (url: string, init: UpstreamInit) => Promise<Response>;

export interface Transport {
  fetch: UpstreamFetch;
  close(): Promise<void>;
}

/** Upstream bodies larger than this are refused rather than buffered (API answers are small). */
export const MAX_UPSTREAM_BODY_BYTES = 16 * 1024 * 1024;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Wraps a fetch-like function (the global `fetch` by default) so streamed bodies work. */
export function fetchTransport(fetchImpl: typeof fetch = globalThis.fetch): Transport {
  return {
    fetch: (url, init) =>
      fetchImpl(url, {
        method: init.method,
        headers: init.headers,
        body: init.body ?? null,
        signal: init.signal ?? null,
        // Never follow: fetch sends custom headers (the key) on to wherever a redirect points,
        // another host included. A redirect is passed back and refused as a bad gateway.
        redirect: 'manual',
        // Required by the fetch spec for a streamed request body.
        ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit),
    close: async () => {},
  };
}

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

/**
 * undici `request` over a keep-alive agent, answering web `Response`s with buffered bodies.
 * `request` follows no redirects (no redirect interceptor is installed), so neither the key nor
 * an upload's body is ever sent to a host a `Location` names.
 */
export async function undiciTransport({
  connections = 128,
  keepAliveTimeoutMs = 30_000,
}: { connections?: number; keepAliveTimeoutMs?: number } = {}): Promise<Transport> {
  const { Agent, request } = await import('undici');
  const agent = new Agent({ connections, keepAliveTimeout: keepAliveTimeoutMs, pipelining: 1 });
  return {
    async fetch(url, init) {
      const res = await request(url, {
        method: init.method as 'GET',
        headers: init.headers,
        // A web ReadableStream is an async iterable of chunks, which undici streams as is.
        body: (init.body ?? null) as Uint8Array | null,
        signal: init.signal,
        dispatcher: agent,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > MAX_UPSTREAM_BODY_BYTES) {
          res.body.destroy();
          throw new Error('Upstream answer too large');
        }
        chunks.push(chunk);
      }
      const body = NULL_BODY_STATUSES.has(res.statusCode) ? null : Buffer.concat(chunks);
      return new Response(body, { status: res.statusCode, headers });
    },
    close: () => agent.close(),
  };
}

/** The default transport for this runtime. */
export async function defaultTransport(): Promise<Transport> {
  return isNode() ? undiciTransport() : fetchTransport();
}
