/**
 * How the proxy talks HTTP to the upstream. On Node the default is undici's `request` over a
 * keep-alive `Agent` (reusing sockets; plain `fetch` costs about three times as much per call);
 * elsewhere (edge runtimes) the global `fetch`. Either way the answer's body is read whole, capped,
 * and handed over as bytes: wrapping it in a web `Response` only to read it back out cost about a
 * tenth of a cache miss's CPU time.
 */
import { codingsOf, FETCH_DECODED_CODINGS, MAX_UPSTREAM_BODY_BYTES } from './body.js';

export interface UpstreamInit {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array | ReadableStream<Uint8Array> | null;
  signal?: AbortSignal;
}

/** An upstream answer with its body read whole. */
export interface UpstreamResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  /**
   * The transport already undid the content codings `headers` names (`fetch` does so for the
   * ones it knows); otherwise the body is as it came off the wire.
   */
  decoded?: boolean;
}

export type UpstreamFetch = (url: string, init: UpstreamInit) => Promise<UpstreamResponse>;

export interface Transport {
  fetch: UpstreamFetch;
  close(): Promise<void>;
}

export { MAX_UPSTREAM_BODY_BYTES };

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
const EMPTY = new Uint8Array(0);

/**
 * Reads a body whole, refusing one over {@link MAX_UPSTREAM_BODY_BYTES}; leaving the loop early
 * ends the iterator, which cancels the stream (web) or destroys it (Node).
 */
async function readCapped(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > MAX_UPSTREAM_BODY_BYTES) throw new Error('Upstream answer too large');
    parts.push(chunk);
  }
  // A lone chunk is kept as it is only when it owns its memory: undici's chunks are views into
  // the socket's read buffer, and a cache entry holding one would pin all of it.
  const only = parts.length === 1 ? parts[0]! : null;
  if (only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength) return only;
  const body = new Uint8Array(size);
  let at = 0;
  for (const part of parts) body.set(part, (at += part.byteLength) - part.byteLength);
  return body;
}

/** Wraps a fetch-like function (the global `fetch` by default) so streamed bodies work. */
export function fetchTransport(fetchImpl: typeof fetch = globalThis.fetch): Transport {
  return {
    async fetch(url, init) {
      const res = await fetchImpl(url, {
        method: init.method,
        headers: init.headers,
        body: init.body ?? null,
        signal: init.signal ?? null,
        // Never follow: fetch sends custom headers (the key) on to wherever a redirect points,
        // another host included. A redirect is passed back and refused as a bad gateway.
        redirect: 'manual',
        // Required by the fetch spec for a streamed request body.
        ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
      const body = res.body ? await readCapped(chunksOf(res.body)) : EMPTY;
      // fetch decodes gzip, deflate and br by itself (and nothing when it meets a coding it does
      // not know); the cap above then counted decoded bytes.
      const codings = codingsOf(res.headers.get('content-encoding'));
      const decoded = codings.length > 0 && codings.every((c) => FETCH_DECODED_CODINGS.has(c));
      return { status: res.status, headers: res.headers, body, decoded };
    },
    close: async () => {},
  };
}

/** A web stream's chunks through its reader (not every runtime's stream is async-iterable). */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if ((done = next.done)) return;
      yield next.value;
    }
  } finally {
    if (!done) void reader.cancel().catch(() => {});
  }
}

/**
 * undici `request` over a keep-alive agent, bodies read whole.
 * `request` follows no redirects (no redirect interceptor is installed), so neither the key nor
 * an upload's body is ever sent to a host a `Location` names.
 */
export async function undiciTransport({
  connections = 128,
  keepAliveTimeoutMs = 30_000,
}: { connections?: number; keepAliveTimeoutMs?: number } = {}): Promise<Transport> {
  const { Agent, request } = await importUndici();
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
      const body = await readCapped(res.body);
      return { status: res.statusCode, headers, body: NULL_BODY_STATUSES.has(res.statusCode) ? EMPTY : body };
    },
    close: () => agent.close(),
  };
}

/**
 * undici, loaded by a specifier a bundler leaves alone: a Worker bundle built with no externals
 * must not pull in undici and the `node:` modules it needs (the host only has `fetch`).
 */
const UNDICI = 'undici';
function importUndici(): Promise<typeof import('undici')> {
  return import(/* @vite-ignore */ UNDICI) as Promise<typeof import('undici')>;
}

/**
 * The default transport for this runtime: undici wherever it can be imported (Node, Bun), the
 * global `fetch` anywhere else. The runtime is not guessed from `process.versions.node`, which
 * Workers (recent compatibility dates) and Deno also expose.
 */
export async function defaultTransport(): Promise<Transport> {
  try {
    return await undiciTransport();
  } catch {
    return fetchTransport();
  }
}
