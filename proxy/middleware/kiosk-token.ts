/**
 * Check-ins (`kiosk` endpoints) need `X-Kiosk-Token` equal to the configured token, compared in
 * constant time on fixed-length hashes (so neither content nor length leaks through timing).
 * With no token configured, check-ins are closed. Sets `kiosk` for later middleware.
 */
import type { MiddlewareHandler } from 'hono';
import { constantTimeEqual, sha256 } from '../digest.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';

export function kioskToken({ token }: { token: string | null }): MiddlewareHandler<ProxyEnv> {
  if (token !== null && token.length < 16) throw new Error('kioskToken: at least 16 characters.');
  const expected = token === null ? null : sha256(token);
  return async function kioskTokenMiddleware(c, next) {
    const presented = c.req.header('x-kiosk-token');
    const ok = expected !== null && presented !== undefined && constantTimeEqual(await sha256(presented), await expected);
    c.set('kiosk', ok);
    if (c.get('route').spec.audience === 'kiosk' && !ok) {
      throw new ProxyError(
        'kiosk_token_required',
        expected === null
          ? 'Check-ins are not enabled on this proxy.'
          : 'Check-ins need this kiosk\'s token (X-Kiosk-Token).',
      );
    }
    await next();
  };
}
