/**
 * Resolves the request to one endpoint of the contract table (404 / 405 with `Allow`), then checks
 * the endpoint's module (403 `module_disabled`) and scope (403 `insufficient_scope`).
 */
import type { MiddlewareHandler } from 'hono';
import { API_PREFIX, ENDPOINTS, findEndpoint, matchPath, type EndpointSpec } from '../../src/api/contract.js';
import type { SandboxEnv } from '../env.js';
import { SandboxError } from '../errors.js';

const SPECS: readonly EndpointSpec[] = Object.values(ENDPOINTS);

/** Sets `base` and `apiPath` from the request URL, so the app works under any mount prefix. */
export function apiPath(): MiddlewareHandler<SandboxEnv> {
  return async function splitApiPath(c, next) {
    const url = new URL(c.req.url);
    const at = url.pathname.indexOf(API_PREFIX);
    c.set('base', url.origin + url.pathname.slice(0, at));
    c.set('apiPath', url.pathname.slice(at + API_PREFIX.length));
    await next();
  };
}

export function endpoint(): MiddlewareHandler<SandboxEnv> {
  return async function resolveEndpoint(c, next) {
    const path = c.get('apiPath');
    // HTTP servers must answer HEAD wherever they answer GET (RFC 9110 9.1); the body is dropped.
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const found = findEndpoint(method, path);
    if (!found) {
      const allow = SPECS.filter((s) => matchPath(s.path, path)).flatMap((s) =>
        s.method === 'GET' ? ['GET', 'HEAD'] : [s.method],
      );
      if (allow.length > 0) {
        throw new SandboxError(
          'method_not_allowed',
          `${c.req.method} is not allowed on ${API_PREFIX}${path}; use ${allow.join(' or ')}.`,
          { allowed: allow },
          { Allow: allow.join(', ') },
        );
      }
      throw new SandboxError('not_found', `No endpoint ${API_PREFIX}${path}.`);
    }
    c.set('endpoint', found);
    await next();
  };
}

export function access(): MiddlewareHandler<SandboxEnv> {
  return async function moduleAndScope(c, next) {
    const { spec } = c.get('endpoint');
    if (spec.module && c.get('conference').disabledModules.includes(spec.module)) {
      throw new SandboxError('module_disabled', `The ${spec.module} module is disabled for this conference.`, {
        module: spec.module,
      });
    }
    if (spec.scope && !c.get('key').scopes.includes(spec.scope)) {
      throw new SandboxError('insufficient_scope', `This key lacks the scope ${spec.scope}.`, {
        requiredScope: spec.scope,
      });
    }
    await next();
  };
}
