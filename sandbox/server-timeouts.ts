/**
 * The sandbox server's timeouts, stated instead of left to Node's defaults. Node waits 60 s for
 * headers and 300 s for a whole request, checks both only every 30 s, and never closes a
 * connection whose answer does not come; a client (undici, so `fetch`) waits 300 s for an answer.
 * A request that goes wrong anywhere then costs five minutes before anyone hears of it. Here:
 *
 * - headers must arrive within 20 s;
 * - the whole request within the body deadline plus 10 s (the sandbox's own 408 `request_timeout`,
 *   with the error shape, answers first; Node's bare 408 is the backstop);
 * - an idle keep-alive connection is closed after 15 s, while the answers say `Keep-Alive:
 *   timeout=5`, so clients reuse a connection for less than 5 s (undici: 5 s less its 2 s
 *   margin) and the server closes it 10 s after that. With both at 5 s, a server whose event loop
 *   stood still across the 5 s (a loaded machine) found, when it ran again, its keep-alive timer
 *   due before it read the request a client had just sent on that connection, closed it, and the
 *   client got ECONNRESET for a request it had every right to send (reproduced in
 *   `test/timeouts.test.ts`). Node 20 cannot state one figure and keep another
 *   (`keepAliveTimeoutBuffer` came later), so {@link advertiseKeepAlive} writes the header;
 * - a connection on which no byte moves either way for longer than any answer can take (body
 *   deadline + latency + the longest `Prefer: delay` + 30 s) is closed: a backstop for an answer
 *   that never comes, so the client sees a closed connection instead of waiting;
 * - the header and request timeouts are checked every second, not every 30 s.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import { MAX_DELAY_MS } from './middleware/faults.js';
import { BODY_TIMEOUT_MS } from './read-body.js';

export interface ServerTimeouts {
  /** Time for a request's headers to arrive (Node answers 408 and closes). */
  headersTimeout: number;
  /** Time for a whole request, headers and body, to arrive (Node answers 408 and closes). */
  requestTimeout: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeout: number;
  /** What the answers' `Keep-Alive: timeout=` says (at most `keepAliveTimeout`): how long clients may reuse one. */
  keepAliveAdvertised: number;
  /** A connection where no byte moves either way for this long is closed. */
  idleTimeout: number;
  /** How often Node checks the header and request timeouts. */
  connectionsCheckingInterval: number;
}

export const HEADERS_TIMEOUT_MS = 20_000;
export const KEEP_ALIVE_TIMEOUT_MS = 15_000;
export const KEEP_ALIVE_ADVERTISED_MS = 5_000;

export function sandboxServerTimeouts({
  bodyTimeoutMs = BODY_TIMEOUT_MS,
  latencyMs = 0,
}: { bodyTimeoutMs?: number; latencyMs?: number } = {}): ServerTimeouts {
  const requestTimeout = Math.max(HEADERS_TIMEOUT_MS, bodyTimeoutMs + 10_000);
  return {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    keepAliveAdvertised: KEEP_ALIVE_ADVERTISED_MS,
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

/**
 * Makes the answers say `Connection: keep-alive` and `Keep-Alive: timeout=<keepAliveAdvertised>`
 * (whole seconds), written before the app's own headers, which win: an answer that closes the
 * connection (`Connection: close`) still does. Requests that asked to close, or HTTP/1.0 ones,
 * are left to Node. With less than a second to state, Node states its own figure as before.
 */
export function advertiseKeepAlive(server: Pick<Server, 'prependListener'>, t: ServerTimeouts): void {
  const seconds = Math.floor(Math.min(t.keepAliveAdvertised, t.keepAliveTimeout) / 1000);
  if (seconds < 1) return;
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.httpVersion !== '1.1' || /\bclose\b/i.test(req.headers.connection ?? '')) return;
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('Keep-Alive', `timeout=${seconds}`);
  });
}
