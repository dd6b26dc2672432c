/**
 * POST to a public or kiosk endpoint: one attempt, never repeated by the proxy (the upstream may
 * have processed it); the browser repeats with its `Idempotency-Key` when it wants to.
 */
import type { Handler } from 'hono';
import type { ProxyEnv } from '../env.js';
import type { UpstreamClient } from '../upstream/client.js';
import { fromAnswer } from './answer.js';
import { writeHeaders } from './forwarded.js';

export function writeHandler({
  upstream,
  forwardScenarioHeaders,
}: {
  upstream: UpstreamClient;
  forwardScenarioHeaders: boolean;
}): Handler<ProxyEnv> {
  return async function write(c) {
    const route = c.get('route');
    const answer = await upstream.call({
      method: 'POST',
      path: route.target,
      headers: writeHeaders(c.req.raw.headers, forwardScenarioHeaders),
      body: c.get('body'),
      retry: false,
    });
    const log = c.get('log');
    log.upstreamMs = answer.ms;
    log.attempts = answer.attempts;
    return fromAnswer(answer);
  };
}
