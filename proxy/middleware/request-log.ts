/**
 * One structured JSON line per request: method, path, status, time, upstream time, cache state.
 * No bodies, no header values, no query values except the paging ones (a filename or an id could
 * be personal), and everything passes through the key scrubber.
 */
import type { MiddlewareHandler } from 'hono';
import type { ProxyEnv } from '../env.js';
import type { Scrubber } from '../secrets.js';
import { splitUrl } from '../url-parts.js';

/** Query parameters whose values are safe and useful in logs. */
const LOGGED_QUERY_VALUES = new Set(['limit', 'offset', 'include', 'v']);

/** The logged form of a query: parameter names, values only for the safe ones. */
export function loggedQuery(search: string): Record<string, string | null> {
  const query: Record<string, string | null> = {};
  for (const [name, value] of search ? new URLSearchParams(search) : []) {
    if (name.length > 40) continue;
    query[name] = LOGGED_QUERY_VALUES.has(name) ? value.slice(0, 40) : null;
  }
  return query;
}

export function requestLog({
  logger,
  scrubber,
}: {
  logger: (line: string) => void;
  scrubber: Scrubber;
}): MiddlewareHandler<ProxyEnv> {
  return async function requestLogMiddleware(c, next) {
    const started = performance.now();
    c.set('log', {});
    await next();
    const { path, search } = splitUrl(c.req.url);
    const query = loggedQuery(search);
    const line = {
      time: new Date().toISOString(),
      level: c.res.status >= 500 ? 'error' : 'info',
      msg: 'request',
      method: c.req.method,
      path: path.slice(0, 200),
      ...(Object.keys(query).length ? { query } : {}),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      ...c.get('log'),
    };
    logger(scrubber.scrub(JSON.stringify(line)));
  };
}
