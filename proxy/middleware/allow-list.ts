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
import { splitUrl } from '../url-parts.js';

const QUERY_VALUE = /^[A-Za-z0-9_.,-]{1,64}$/;

type Found = NonNullable<ReturnType<typeof findEndpoint>>;

/** Lookups of the contract by method and path, remembered (bounded) since screens repeat them. */
const known = new Map<string, Found | null>();
const KNOWN_MAX = 1000;

function lookup(method: string, path: string): Found | null {
  const key = `${method} ${path}`;
  let found = known.get(key);
  if (found === undefined) {
    found = findEndpoint(method, path);
    // Only hits are remembered: misses are whatever strangers send and must not fill memory.
    if (found && known.size < KNOWN_MAX) known.set(key, found);
  }
  return found;
}

export function resolveRoute(method: string, pathname: string, search = ''): Route | null {
  if (!pathname.startsWith(API_PREFIX + '/')) return null;
  const path = pathname.slice(API_PREFIX.length);
  // HEAD is a GET without a body; nothing else is aliased.
  const found = lookup(method === 'HEAD' ? 'GET' : method, path);
  if (!found || found.spec.audience === 'server') return null;
  if (found.spec.query.length === 0 || search === '') return { id: found.id, spec: found.spec, target: path };
  const params = new URLSearchParams(search);
  const query: [string, string][] = [];
  for (const name of found.spec.query) {
    const value = params.get(name);
    // `include=` asks for nothing extra: the same read as no include (the API accepts it too).
    if (value === null || (value === '' && name === 'include')) continue;
    if (!QUERY_VALUE.test(value)) {
      throw new ProxyError('invalid_query', `Query parameter ${name} has an invalid value.`);
    }
    query.push([name, value]);
  }
  query.sort(([a], [b]) => (a < b ? -1 : 1));
  const canonical = query.length ? '?' + new URLSearchParams(query).toString() : '';
  return { id: found.id, spec: found.spec, target: path + canonical };
}

export function allowList(): MiddlewareHandler<ProxyEnv> {
  return async function allowListMiddleware(c, next) {
    const { path, search } = splitUrl(c.req.url);
    const route = resolveRoute(c.req.method, path, search);
    if (!route) throw new ProxyError('not_found', 'No such endpoint on this proxy.');
    c.set('route', route);
    c.get('log').endpoint = route.id;
    await next();
  };
}
