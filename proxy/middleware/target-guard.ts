/**
 * Refuses request targets that try to reach somewhere else: absolute-form targets
 * (`GET http://evil/ HTTP/1.1`), dot segments, and encoded separators, dots or percent signs.
 * WHATWG URL parsing already resolves `..` and `%2e%2e` before a fetch handler sees the URL, so on
 * Node the raw target from the socket is checked too; what passes is matched against the contract.
 */
import type { MiddlewareHandler } from 'hono';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import { splitUrl } from '../url-parts.js';

// Dot segments, backslashes, NUL and encoded '.', '/', '\', '%' (double encoding) or control bytes.
const SUSPICIOUS = /(^|\/)\.{1,2}(\/|$)|\\|\0|%2e|%2f|%5c|%25|%00|%0a|%0d|\/\//i;

export function isSuspiciousPath(path: string): boolean {
  return SUSPICIOUS.test(path);
}

export function targetGuard(): MiddlewareHandler<ProxyEnv> {
  return async function targetGuardMiddleware(c, next) {
    const raw = c.env?.incoming?.url;
    if (typeof raw === 'string') {
      if (!raw.startsWith('/')) throw new ProxyError('not_found', 'No such endpoint on this proxy.');
      const rawPath = raw.split('?', 1)[0]!;
      if (isSuspiciousPath(rawPath)) throw new ProxyError('not_found', 'No such endpoint on this proxy.');
    }
    if (isSuspiciousPath(splitUrl(c.req.url).path)) {
      throw new ProxyError('not_found', 'No such endpoint on this proxy.');
    }
    await next();
  };
}
