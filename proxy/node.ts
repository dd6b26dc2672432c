/**
 * The proxy as a `node:http` request listener, for the CLI and for existing Node servers: fresh
 * cache hits and their 304s go through the fast lane (`fast-lane.ts`) straight from precomputed
 * bytes; every other request goes to the fetch handler through @hono/node-server, unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { fromNode } from './fast-fetch.js';
import type { Proxy } from './index.js';

/** @hono/node-server takes such a Host header as it is; others it parses (or refuses), so they go there. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

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
