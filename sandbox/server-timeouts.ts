/**
 * The sandbox server's timeouts, stated instead of left to Node's defaults. Node waits 60 s for
 * headers and 300 s for a whole request, checks both only every 30 s, and never closes a
 * connection whose answer does not come; a client (undici, so `fetch`) waits 300 s for an answer.
 * A request that goes wrong anywhere then costs five minutes before anyone hears of it. Here:
 *
 * - headers must arrive within 20 s;
 * - the whole request within the body deadline plus 10 s (the sandbox's own 408 `request_timeout`,
 *   with the error shape, answers first; Node's bare 408 is the backstop);
 * - an idle keep-alive connection is closed after 5 s (clients reuse theirs for less: undici takes
 *   the `Keep-Alive: timeout=5` the server sends, less a margin);
 * - a connection on which no byte moves either way for longer than any answer can take (body
 *   deadline + latency + the longest `Prefer: delay` + 30 s) is closed: a backstop for an answer
 *   that never comes, so the client sees a closed connection instead of waiting;
 * - the header and request timeouts are checked every second, not every 30 s.
 */
import type { ServerOptions } from 'node:http';
import { MAX_DELAY_MS } from './middleware/faults.js';
import { BODY_TIMEOUT_MS } from './read-body.js';

export interface ServerTimeouts {
  /** Time for a request's headers to arrive (Node answers 408 and closes). */
  headersTimeout: number;
  /** Time for a whole request, headers and body, to arrive (Node answers 408 and closes). */
  requestTimeout: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeout: number;
  /** A connection where no byte moves either way for this long is closed. */
  idleTimeout: number;
  /** How often Node checks the header and request timeouts. */
  connectionsCheckingInterval: number;
}

export const HEADERS_TIMEOUT_MS = 20_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

export function sandboxServerTimeouts({
  bodyTimeoutMs = BODY_TIMEOUT_MS,
  latencyMs = 0,
}: { bodyTimeoutMs?: number; latencyMs?: number } = {}): ServerTimeouts {
  const requestTimeout = Math.max(HEADERS_TIMEOUT_MS, bodyTimeoutMs + 10_000);
  return {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    idleTimeout: Math.max(requestTimeout, bodyTimeoutMs + latencyMs + MAX_DELAY_MS) + 30_000,
    connectionsCheckingInterval: 1_000,
  };
}

/** The part of the timeouts `http.createServer` takes as options. */
export function serverOptions(t: ServerTimeouts): ServerOptions {
  const { headersTimeout, requestTimeout, keepAliveTimeout, connectionsCheckingInterval } = t;
  return { headersTimeout, requestTimeout, keepAliveTimeout, connectionsCheckingInterval };
}

/**
 * The idle timeout, which is no option of `createServer`: with no `timeout` listener of its own,
 * Node destroys a connection idle for that long.
 */
export function applyIdleTimeout(server: { setTimeout(msecs: number): unknown }, t: ServerTimeouts): void {
  server.setTimeout(t.idleTimeout);
}
