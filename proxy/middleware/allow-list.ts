/**
 * The allow-list, derived from the contract table: only `public` and `kiosk` endpoints with their
 * own method pass; `server` endpoints (health, upload addresses), other versions, other methods
 * and unknown paths are 404 without an upstream call. Only the query parameters the contract lists
 * are forwarded (others are dropped, so `?bust=123` cannot defeat the cache), sorted into a
 * canonical target that is also the cache key.
 */
import type { MiddlewareHandler } from 'hono';
import { API_PREFIX, findEndpoint } from '../../src/api/contract.js';
import type { ProxyEnv, Route } from '../env.js';
import { ProxyError } from '../errors.js';

const QUERY_VALUE = /^[A-Za-z0-9_.,-]{1,64}$/;

export function resolveRoute(method: string, url: URL): Route | null {
  if (!url.pathname.startsWith(API_PREFIX + '/')) return null;
  const path = url.pathname.slice(API_PREFIX.length);
  // HEAD is a GET without a body; nothing else is aliased.
  const found = findEndpoint(method === 'HEAD' ? 'GET' : method, path);
  if (!found || found.spec.audience === 'server') return null;
  const query: [string, string][] = [];
  for (const name of found.spec.query) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    if (!QUERY_VALUE.test(value)) {
      throw new ProxyError('invalid_query', `Query parameter ${name} has an invalid value.`);
    }
    query.push([name, value]);
  }
  query.sort(([a], [b]) => (a < b ? -1 : 1));
  const search = query.length ? '?' + new URLSearchParams(query).toString() : '';
  return { id: found.id, spec: found.spec, target: path + search };
}

export function allowList(): MiddlewareHandler<ProxyEnv> {
  return async function allowListMiddleware(c, next) {
    const route = resolveRoute(c.req.method, new URL(c.req.url));
    if (!route) throw new ProxyError('not_found', 'No such endpoint on this proxy.');
    c.set('route', route);
    c.get('log').endpoint = route.id;
    await next();
  };
}
