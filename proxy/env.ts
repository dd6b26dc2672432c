/** Types shared by the proxy's middleware and handlers. */
import type { IncomingMessage } from 'node:http';
import type { EndpointId, EndpointSpec } from '../src/api/contract.js';
import type { CacheState } from './cache/read-cache.js';

/** Fields the handlers add to the request's log line. */
export interface RequestLog {
  endpoint?: string;
  cache?: CacheState;
  upstreamMs?: number;
  attempts?: number;
  idempotency?: 'new' | 'replayed' | 'waited';
  /** A keyed write's fate: see `middleware/idempotency.ts`. */
  outcome?: 'answered' | 'not-processed' | 'unknown';
  reason?: string;
}

/** An allow-listed API call, ready to forward. */
export interface Route {
  id: EndpointId;
  spec: EndpointSpec;
  /** Upstream path below the API prefix with the allowed query, sorted: also the cache key. */
  target: string;
}

export type ProxyEnv = {
  /** Present when served by @hono/node-server: the raw request, for its request target. */
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    log: RequestLog;
    route: Route;
    /** The JSON body of a write, read within the size cap (or a checked multipart body). */
    body: Uint8Array;
    /** Content-Type of a multipart body, with its boundary; unset for JSON. */
    bodyType?: string;
    /** What the idempotency fingerprint is taken over when not the body bytes (multipart). */
    fingerprintSource?: Uint8Array;
    /** The request body as `middleware/body-guard.ts` passes it on, and why it stopped, if it did. */
    requestBody?: { stream: ReadableStream<Uint8Array>; failure: Error | null };
    /** Set when the request carried the right kiosk token. */
    kiosk: boolean;
  };
};
