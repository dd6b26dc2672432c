/**
 * `/healthz`: this process answers. `/readyz`: the upstream answers `/health` with our key, so a
 * load balancer stops sending traffic to an instance whose key was revoked or whose upstream is
 * unreachable. Neither shows the upstream's own answer.
 */
import type { Handler } from 'hono';
import { ENDPOINTS } from '../../src/api/contract.js';
import type { ProxyEnv } from '../env.js';
import { errorResponse } from '../errors.js';
import type { UpstreamClient } from '../upstream/client.js';

export function healthHandler(): Handler<ProxyEnv> {
  return function healthz(c) {
    return c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' });
  };
}

type Probe = { ready: true; ms: number } | { ready: false; status: number | string; ms?: number };

/**
 * `/readyz` is public, and every probe costs an upstream call made with the key: probes share one
 * call in flight and reuse its outcome for `reuseMs`, so a flood of probes cannot spend the key's
 * upstream rate limit (load balancers probe every few seconds; a second-old answer serves them).
 */
export function readyHandler({
  upstream,
  timeoutMs = 3000,
  reuseMs = 1000,
  now = Date.now,
}: {
  upstream: UpstreamClient;
  timeoutMs?: number;
  reuseMs?: number;
  now?: () => number;
}): Handler<ProxyEnv> {
  let last: { probe: Promise<Probe>; doneAt: number } | null = null;

  async function probe(): Promise<Probe> {
    try {
      const answer = await upstream.call({ method: 'GET', path: ENDPOINTS.health.path, retry: false, timeoutMs });
      return answer.status === 200
        ? { ready: true, ms: answer.ms }
        : { ready: false, status: answer.status, ms: answer.ms };
    } catch (error) {
      return { ready: false, status: (error as { code?: string }).code ?? 'unreachable' };
    }
  }

  return async function readyz(c) {
    if (!last || now() - last.doneAt >= reuseMs) {
      const current = { probe: probe(), doneAt: Infinity };
      void current.probe.then(() => (current.doneAt = now()));
      last = current;
    }
    const result = await last.probe;
    if (result.ms !== undefined) c.get('log').upstreamMs = result.ms;
    if (result.ready) return c.json({ status: 'ready' }, 200, { 'cache-control': 'no-store' });
    return errorResponse(503, 'service_unavailable', `The conference service is not ready (${result.status}).`);
  };
}
