/**
 * The proxy as a `node:http` request listener, for the CLI and for existing Node servers: fresh
 * cache hits and their 304s go through the fast lane (`fast-lane.ts`) straight from precomputed
 * bytes; every other request goes to the fetch handler through @hono/node-server, unchanged.
 */
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { fromNode } from './fast-fetch.js';
import type { Proxy } from './index.js';

/** @hono/node-server takes such a Host header as it is; others it parses (or refuses), so they go there. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `node:http` server options for a server on the public internet (the CLI's; pass them to your own
 * `createServer`). Node's defaults wait 60 s for headers and 300 s for a whole request, so a
 * client dripping bytes (slow loris) holds a socket for minutes. Headers get 20 s; a whole
 * request 130 s, just over the default upload timeout, since a 10 MB upload streams in that long.
 */
export const NODE_SERVER_OPTIONS = {
  headersTimeout: 20_000,
  requestTimeout: 130_000,
  keepAliveTimeout: 5_000,
} as const satisfies ServerOptions;

export function nodeListener(proxy: Pick<Proxy, 'fetch' | 'fastLane'>): NodeListener {
  const slow = getRequestListener(proxy.fetch);
  const fast = proxy.fastLane;
  return function proxyListener(req, res) {
    if (req.method === 'GET' && req.headers.host !== undefined && PLAIN_HOST.test(req.headers.host)) {
      const started = performance.now();
      let answer;
      try {
        answer = fast.answer(fromNode(req.url, req.headers));
      } catch {
        answer = null; // nothing is written yet: the fetch handler answers (and reports) instead
      }
      if (answer) {
        res.writeHead(answer.status, answer.headers);
        if (answer.body) res.end(answer.body);
        else res.end();
        fast.log(answer, performance.now() - started);
        return;
      }
    }
    void slow(req, res);
  };
}
