/**
 * POST to a public or kiosk endpoint: one attempt, never repeated by the proxy (the upstream may
 * have processed it); the browser repeats with its `Idempotency-Key` when it wants to.
 */
import type { Handler } from 'hono';
import type { EndpointId } from '../../src/api/contract.js';
import type { ReadCache } from '../cache/read-cache.js';
import type { ProxyEnv } from '../env.js';
import type { UpstreamClient } from '../upstream/client.js';
import { fromAnswer } from './answer.js';
import { writeHeaders } from './forwarded.js';

/**
 * Public reads a successful write changes: an enrollment changes the workshops' seats and waiting
 * lists, which must not be served from the read cache (fresh or stale-while-revalidate) after it.
 */
const CHANGES: Partial<Record<EndpointId, string>> = {
  workshopRegister: '/events/workshops',
};

export function writeHandler({
  upstream,
  forwardScenarioHeaders,
  uploadTimeoutMs,
  cache,
}: {
  upstream: UpstreamClient;
  /** The read cache, told which reads a successful write changed. */
  cache?: ReadCache;
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
    const changes = CHANGES[route.id];
    if (changes && answer.status >= 200 && answer.status < 300) cache?.changed(changes);
    const log = c.get('log');
    log.upstreamMs = answer.ms;
    log.attempts = answer.attempts;
    return fromAnswer(answer);
  };
}
