/**
 * The proxy as a `node:http` request listener, for the CLI and for existing Node servers: fresh
 * cache hits and their 304s go through the fast lane (`fast-lane.ts`) straight from precomputed
 * bytes, and the other reads it can decide (misses, stale copies, upstream errors) through its
 * `read`, which calls the read cache and the upstream as the read handler does, without a web
 * `Request` or `Response`; every other request goes to the fetch handler through
 * @hono/node-server, unchanged.
 */
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { fromNode } from './fast-fetch.js';
import type { FastAnswer, FastLane } from './fast-lane.js';
import type { Proxy } from './index.js';

/** @hono/node-server takes such a Host header as it is; others it parses (or refuses), so they go there. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The paths the proxy answers for the browser, as mount paths: the API, uploads, the element
 * bundle and its chunks, the write challenge. Mount the listener on them in a host framework
 * (Express: `app.use(PROXY_MOUNTS, listener)`); `/healthz` and `/readyz` are left to the host's
 * own probes unless you mount them too.
 */
export const PROXY_MOUNTS: string[] = ['/api/public/v1', '/uploads', '/conf-widgets.js', '/conf-widgets', '/challenge'];

/** Express and other connect-style routers keep the whole target here when they strip a mount path. */
interface MountedRequest extends IncomingMessage {
  originalUrl?: unknown;
}

/**
 * `node:http` server options for a server on the public internet (the CLI's; pass them to your own
 * `createServer`). Node's defaults wait 60 s for headers and 300 s for a whole request, so a
 * client dripping bytes (slow loris) holds a socket for minutes. Headers get 20 s; a whole
 * request 130 s, just over the default upload timeout, since a 10 MB upload streams in that long.
 * An idle keep-alive connection is closed after 5 s. Node checks the header and request timeouts
 * every second here (its default, every 30 s, lets each run up to 30 s late).
 */
export const NODE_SERVER_OPTIONS = {
  headersTimeout: 20_000,
  requestTimeout: 130_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
} as const satisfies ServerOptions;

/**
 * A connection on which no byte moves either way for this long while a request is handled is
 * closed (`nodeListener` sets it per request): longer than any answer takes with the default
 * upstream and upload timeouts (10 s, 120 s), so it only ends an answer that would never come,
 * and the client sees a closed connection instead of waiting for its own timeout (undici: 300 s).
 */
export const IDLE_TIMEOUT_MS = 150_000;

export interface NodeListenerOptions {
  /** Raise it with `uploadTimeoutMs` or `upstreamTimeoutMs` beyond 120 s (default {@link IDLE_TIMEOUT_MS}). */
  idleTimeoutMs?: number;
}

/** Writes a lane's answer and its log line. */
function send(lane: FastLane, res: ServerResponse, answer: FastAnswer, started: number): void {
  res.writeHead(answer.status, answer.headers);
  if (answer.body) res.end(answer.body);
  else res.end();
  lane.log(answer, performance.now() - started);
}

export function nodeListener(
  proxy: Pick<Proxy, 'fetch' | 'fastLane'>,
  { idleTimeoutMs = IDLE_TIMEOUT_MS }: NodeListenerOptions = {},
): NodeListener {
  if (!(idleTimeoutMs > 0)) throw new Error(`idleTimeoutMs must be positive, got ${idleTimeoutMs}`);
  const slow = getRequestListener(proxy.fetch);
  const fast = proxy.fastLane;
  return function proxyListener(req, res) {
    // Mounted at a path, Express hands on `req.url` without it (`/events/events` for
    // `/api/public/v1/events/events`); the proxy's routes are whole paths, so it takes the target
    // the client sent.
    const original = (req as MountedRequest).originalUrl;
    if (typeof original === 'string' && original !== req.url) req.url = original;
    if (req.method === 'GET' && req.headers.host !== undefined && PLAIN_HOST.test(req.headers.host)) {
      const started = performance.now();
      let answer;
      try {
        answer = fast.answer(fromNode(req.url, req.headers));
      } catch {
        answer = null; // nothing is written yet: the fetch handler answers (and reports) instead
      }
      if (answer) {
        send(fast, res, answer, started);
        return;
      }
      // Not a fresh hit: a read the lane can decide still skips the web Request and Response.
      let reading;
      try {
        reading = fast.read(fromNode(req.url, req.headers));
      } catch {
        reading = null; // nothing started: the fetch handler answers instead
      }
      if (reading) {
        req.socket.setTimeout(idleTimeoutMs);
        void reading.then((answer) => send(fast, res, answer, started));
        return;
      }
    }
    // Node sets the socket's timeout to the server's (none by default) as each request starts and
    // to keepAliveTimeout after its answer; in between, this one. With no 'timeout' listener of
    // ours, Node destroys the socket when it fires.
    req.socket.setTimeout(idleTimeoutMs);
    void slow(req, res);
  };
}
