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
  uploadTimeoutMs,
}: {
  upstream: UpstreamClient;
  forwardScenarioHeaders: boolean;
  /** For a multipart write: it carries files, so it gets the uploads' time. */
  uploadTimeoutMs?: number;
}): Handler<ProxyEnv> {
  return async function write(c) {
    const route = c.get('route');
    const bodyType = c.get('bodyType');
    const answer = await upstream.call({
      method: 'POST',
      path: route.target,
      headers: writeHeaders(c.req.raw.headers, forwardScenarioHeaders),
      body: c.get('body'),
      retry: false,
      ...(bodyType === undefined ? {} : { contentType: bodyType, timeoutMs: uploadTimeoutMs }),
    });
    const log = c.get('log');
    log.upstreamMs = answer.ms;
    log.attempts = answer.attempts;
    return fromAnswer(answer);
  };
}
