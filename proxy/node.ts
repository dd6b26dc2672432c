/**
 * The proxy as a `node:http` request listener, for the CLI and for existing Node servers: fresh
 * cache hits and their 304s go through the fast lane (`fast-lane.ts`) straight from precomputed
 * bytes; every other request goes to the fetch handler through @hono/node-server, unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Proxy } from './index.js';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

export function nodeListener(proxy: Pick<Proxy, 'fetch' | 'fastLane'>): NodeListener {
  const slow = getRequestListener(proxy.fetch);
  const fast = proxy.fastLane;
  return function proxyListener(req, res) {
    if (req.method === 'GET') {
      const started = performance.now();
      const h = req.headers;
      let answer;
      try {
        answer = fast.answer({
          target: req.url ?? '',
          host: h.host,
          origin: h.origin,
          ifNoneMatch: h['if-none-match'],
          prefer: h.prefer === undefined ? undefined : String(h.prefer),
        });
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
