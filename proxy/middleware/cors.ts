/**
 * CORS from an exact origin allow-list. Allowed origins get the grant (with `Vary: Origin`, so a
 * CDN keeps one copy per origin); other origins get no grant, their preflights a 403, and their
 * writes a 403 before anything is forwarded (a browser on an unknown site must not spend the
 * conference's key). The proxy's own origin is one of the allowed ones when it is configured
 * (`publicOrigin`): a request's `Host` header never decides it, since a DNS-rebound page sends a
 * `Host` and an `Origin` of its own choosing that match each other.
 */
import type { MiddlewareHandler } from 'hono';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, OPTIONS';
const ALLOW_HEADERS = 'Content-Type, Idempotency-Key, If-None-Match, X-Kiosk-Token, Accept-Language, X-Conf-Challenge';
export const EXPOSE_HEADERS = 'ETag, X-Cache, Retry-After, Deprecation, X-Request-Id';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function cors({
  allowedOrigins,
  maxAgeSeconds = 600,
  onRefused = () => {},
}: {
  allowedOrigins: ReadonlySet<string>;
  maxAgeSeconds?: number;
  /** Called with each request's origin that gets no grant (see `refused-origins.ts`). */
  onRefused?: (origin: string) => void;
}): MiddlewareHandler<ProxyEnv> {
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) throw new Error(`cors: "${origin}" is not an origin.`);
  }
  return async function corsMiddleware(c, next) {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && allowedOrigins.has(origin);
    if (origin !== undefined && !allowed) onRefused(origin);

    if (c.req.method === 'OPTIONS') {
      if (origin === undefined || !c.req.header('access-control-request-method')) {
        throw new ProxyError('not_found', 'No such endpoint on this proxy.');
      }
      if (!allowed) {
        throw new ProxyError('origin_not_allowed', 'This origin may not use this proxy.', {
          headers: { vary: 'Origin' },
        });
      }
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': ALLOW_METHODS,
          'access-control-allow-headers': ALLOW_HEADERS,
          'access-control-max-age': String(maxAgeSeconds),
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      });
    }

    if (origin !== undefined && !allowed && !SAFE_METHODS.has(c.req.method)) {
      throw new ProxyError('origin_not_allowed', 'This origin may not use this proxy.');
    }
    await next();
    c.res.headers.append('vary', 'Origin');
    if (allowed) {
      c.res.headers.set('access-control-allow-origin', origin);
      c.res.headers.set('access-control-expose-headers', EXPOSE_HEADERS);
    }
  };
}
