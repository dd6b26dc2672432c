/** GET (and HEAD) of a public endpoint: through the read cache, with retries towards the upstream. */
import type { Handler } from 'hono';
import type { CachePolicy } from '../cache/policy.js';
import type { ReadCache } from '../cache/read-cache.js';
import type { ProxyEnv } from '../env.js';
import type { UpstreamClient } from '../upstream/client.js';
import { fromAnswer, fromEntry } from './answer.js';
import { readHeaders } from './forwarded.js';

export function readHandler({
  cache,
  upstream,
  policy,
  forwardScenarioHeaders,
  now,
}: {
  cache: ReadCache;
  upstream: UpstreamClient;
  policy: CachePolicy;
  forwardScenarioHeaders: boolean;
  now: () => number;
}): Handler<ProxyEnv> {
  return async function read(c) {
    const route = c.get('route');
    const log = c.get('log');
    const headers = readHeaders(c.req.raw.headers, forwardScenarioHeaders);
    // A scenario switch must reach the sandbox, not be answered from (or stored in) the cache.
    const bypass = forwardScenarioHeaders && c.req.header('prefer') !== undefined;
    const load = (hasFallback: boolean) =>
      upstream.call({ method: 'GET', path: route.target, headers, retry: !hasFallback });
    const outcome = bypass
      ? await upstream.call({ method: 'GET', path: route.target, headers, retry: true }).then((answer) => ({
          kind: 'answer' as const,
          answer,
          state: 'miss' as const,
        }))
      : await cache.read(route.target, load);
    log.cache = outcome.state;
    if (outcome.kind === 'answer') {
      log.upstreamMs = outcome.answer.ms;
      log.attempts = outcome.answer.attempts;
      return fromAnswer(outcome.answer, { 'x-cache': outcome.state });
    }
    if (outcome.upstreamMs !== undefined) log.upstreamMs = outcome.upstreamMs;
    // A cached entry's copies are made once, for the first client that asks for each. With the
    // cache off nothing would keep a copy, and compressing every read costs more than the read
    // itself (about a millisecond for a br copy of the events page): the answer goes as it is.
    const copy = cache.enabled
      ? await cache.copyFor(route.target, outcome.entry, c.req.header('accept-encoding'))
      : 'identity';
    return fromEntry(
      outcome.entry,
      outcome.state,
      policy,
      now(),
      c.req.header('if-none-match'),
      c.req.method === 'HEAD',
      copy,
    );
  };
}
