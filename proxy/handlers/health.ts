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

export function readyHandler({ upstream, timeoutMs = 3000 }: { upstream: UpstreamClient; timeoutMs?: number }): Handler<ProxyEnv> {
  return async function readyz(c) {
    let status: number | string;
    try {
      const answer = await upstream.call({ method: 'GET', path: ENDPOINTS.health.path, retry: false, timeoutMs });
      c.get('log').upstreamMs = answer.ms;
      if (answer.status === 200) return c.json({ status: 'ready' }, 200, { 'cache-control': 'no-store' });
      status = answer.status;
    } catch (error) {
      status = (error as { code?: string }).code ?? 'unreachable';
    }
    return errorResponse(503, 'service_unavailable', `The conference service is not ready (${status}).`);
  };
}
