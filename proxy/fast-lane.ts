/**
 * The fast lane: a fresh cache hit (or its 304) answered from precomputed parts, without web
 * `Request`/`Response` objects or the middleware chain. Venue screens poll the same few reads all
 * day, so this is most of the proxy's traffic, and its cost was almost all fixed per request.
 *
 * It applies every duty that applies to such a read, in the same words as the slow path: the
 * target guard and the allow-list decide (same functions), CORS for allowed origins with
 * `Vary: Origin`, the compressed copy the request accepts with its own `ETag` and
 * `Vary: Accept-Encoding` (copies are made when entries are stored; one not made yet is left to
 * the chain), `ETag`/304, `Cache-Control`, `X-Cache: hit`, the key never present (entries are
 * scrubbed when stored), one log line whose client-chosen parts passed the scrubber. Whatever it
 * is not sure about gets `null`, and the host passes the request to the fetch handler, which stays
 * the reference: other methods, stale or missing entries, `Prefer` towards the sandbox, origins
 * that are neither absent nor allowed (the proxy's own origin is allowed only when configured as
 * `publicOrigin`, never read from `Host`), any unusual character in the target. Host-agnostic: `node.ts` runs it before building a web
 * `Request` at all, and `fast-fetch.ts` before the Hono middleware chain for hosts that hand over
 * a `Request` (edge runtimes, `getRequestListener` mounts).
 */
import { chooseCopy, isCompressible, type Coding } from './cache/compressed.js';
import { bytesOf } from './cache/entry-bytes.js';
import { cacheControl, etagMatches, type CachePolicy } from './cache/policy.js';
import type { ReadCache } from './cache/read-cache.js';
import { errorAnswer, ProxyError } from './errors.js';
import { entryParts, fromAnswer, type AnswerParts } from './handlers/answer.js';
import { resolveRoute } from './middleware/allow-list.js';
import { EXPOSE_HEADERS } from './middleware/cors.js';
import { loggedQuery } from './middleware/request-log.js';
import { isSuspiciousPath } from './middleware/target-guard.js';
import type { Scrubber } from './secrets.js';
import type { CacheEntry } from './stores/types.js';
import type { UpstreamClient } from './upstream/client.js';

/** A web `Response` as its parts (the lane's error answers and passed-on upstream answers). */
async function partsOf(response: Response): Promise<AnswerParts> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  return { status: response.status, headers, body };
}

/** What the lane needs of a GET, as the host received it (header values as sent). */
export interface FastRequest {
  /** The raw request target, e.g. `/api/public/v1/events/events?limit=50`. */
  target: string;
  origin: string | undefined;
  ifNoneMatch: string | undefined;
  prefer: string | undefined;
  /** Absent: the answer as it is (identity). */
  acceptEncoding?: string | undefined;
}

export interface FastAnswer {
  /** 200 or 304 from `answer`; any status from `read`. */
  status: number;
  /** `[name, value, name, value, ...]`, the form node:http's `writeHead` takes without copying. */
  headers: string[];
  body: Uint8Array | null;
  route: FastRoute;
  /** The log line's fields after `endpoint`, as the read handler sets them (absent: a fresh hit). */
  logFields?: string;
}

export interface FastLane {
  /** A precomputed answer, or null: then the fetch handler must answer. */
  answer(request: FastRequest): FastAnswer | null;
  /**
   * Any other answer to a read the lane can decide (the same checks as `answer`): through the read
   * cache and the upstream, as the read handler gives it; null: the fetch handler must answer.
   * For hosts that write answers themselves (`node.ts`): a cache miss then costs no web `Request`,
   * `Response` or middleware chain. It settles with an answer, never rejects.
   */
  read(request: FastRequest): Promise<FastAnswer> | null;
  /** Writes the request's log line once the answer is sent. */
  log(answer: FastAnswer, ms: number): void;
}

export interface FastRoute {
  /** Cache key (the canonical upstream target). */
  key: string;
  /** The log line around level, status and time, built once per target. */
  logHead: string;
  logTail: string;
}

interface Prepared {
  body: Uint8Array;
  etag: string;
  /** 200 headers; the slot at `ccAt` is filled per request (max-age counts down). */
  ok: string[];
  notModified: string[];
  ccAt: number;
}

/** An entry's answers: as it is, and per compressed copy (made when first asked for). */
interface PreparedEntry {
  compressible: boolean;
  identity: Prepared;
  br?: Prepared;
  gzip?: Prepared;
}

/**
 * Only targets made of these characters are taken: for them the WHATWG URL the slow path sees is
 * the target itself, so both lanes decide on the same string. Anything else (percent signs,
 * fragments, non-ASCII) goes the long way.
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9._~/-]*(\?[A-Za-z0-9._~,=&-]*)?$/;
const ROUTES_MAX = 1000;

export function createFastLane({
  cache,
  policy,
  allowedOrigins,
  forwardScenarioHeaders,
  logger,
  scrubber,
  now,
  upstream,
  report,
}: {
  cache: ReadCache;
  policy: CachePolicy;
  allowedOrigins: ReadonlySet<string>;
  forwardScenarioHeaders: boolean;
  logger: (line: string) => void;
  scrubber: Scrubber;
  now: () => number;
  upstream: UpstreamClient;
  /** As the app's `onError` reports an unexpected failure. */
  report: (event: string, error: unknown) => void;
}): FastLane {
  const routes = new Map<string, FastRoute>();
  const prepared = new WeakMap<CacheEntry, PreparedEntry>();

  function routeOf(target: string): FastRoute | null {
    const known = routes.get(target);
    if (known) return known;
    if (!PLAIN_TARGET.test(target)) return null;
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    const search = q === -1 ? '' : target.slice(q + 1);
    if (isSuspiciousPath(path)) return null;
    let route;
    try {
      route = resolveRoute('GET', path, search);
    } catch {
      return null; // an invalid query value: the slow path answers 400
    }
    if (!route || route.spec.audience !== 'public') return null;
    const query = loggedQuery(search);
    const fast: FastRoute = {
      key: route.target,
      // Scrubbed here, once: the parts added per request (time, status, ms) cannot hold a secret.
      logHead: scrubber.scrub(
        `","msg":"request","method":"GET","path":${JSON.stringify(path.slice(0, 200))}` +
          `${Object.keys(query).length ? `,"query":${JSON.stringify(query)}` : ''},"status":`,
      ),
      logTail: `,"endpoint":${JSON.stringify(route.id)}`,
    };
    // Targets are whatever clients send; the map is bounded, oldest first out.
    routes.set(target, fast);
    if (routes.size > ROUTES_MAX) routes.delete(routes.keys().next().value as string);
    return fast;
  }

  /** The headers `fromEntry` sets, in its order; Vary as the CORS layer completes it. */
  function build(
    entry: CacheEntry,
    body: Uint8Array,
    etag: string,
    coding: Coding | null,
    compressible: boolean,
  ): Prepared {
    const common: string[] = [];
    for (const [name, value] of Object.entries(entry.headers ?? {})) common.push(name, value);
    common.push(
      'etag',
      etag,
      'cache-control',
      '',
      'x-cache',
      'hit',
      'vary',
      compressible ? 'Accept-Encoding, Origin' : 'Origin',
    );
    if (coding) common.push('content-encoding', coding);
    const ccAt = common.indexOf('cache-control') + 1;
    return {
      body,
      etag,
      ok: ['content-type', entry.contentType, ...common, 'content-length', String(body.byteLength)],
      notModified: common,
      ccAt,
    };
  }

  function prepare(entry: CacheEntry): PreparedEntry {
    let p = prepared.get(entry);
    if (p) return p;
    const compressible = isCompressible(entry);
    p = { compressible, identity: build(entry, bytesOf(entry), entry.etag, null, compressible) };
    prepared.set(entry, p);
    return p;
  }

  /** The answer's parts for the request's `Accept-Encoding`; null when its copy is not made yet (the chain makes it). */
  function representation(entry: CacheEntry, p: PreparedEntry, acceptEncoding: string | undefined): Prepared | null {
    if (!p.compressible) return p.identity;
    const copy = chooseCopy(entry, acceptEncoding);
    if (copy === 'identity') return p.identity;
    if (!('body' in copy)) return null;
    return (p[copy.coding] ??= build(entry, copy.body, copy.etag, copy.coding, true));
  }

  /** The route of a read the lane may decide, or null. */
  function decidable(request: FastRequest): FastRoute | null {
    if (request.prefer !== undefined && forwardScenarioHeaders) return null;
    if (request.origin !== undefined && !allowedOrigins.has(request.origin)) return null;
    return routeOf(request.target);
  }

  /** What the read handler answers (`handlers/read.ts`, without `Prefer`), with its log fields. */
  async function readParts(route: FastRoute, request: FastRequest): Promise<{ parts: AnswerParts; fields: string }> {
    // Reads forward none of the browser's headers (`handlers/forwarded.ts`).
    const load = (hasFallback: boolean) =>
      upstream.call({ method: 'GET', path: route.key, headers: {}, retry: !hasFallback });
    let outcome;
    try {
      outcome = await cache.read(route.key, load);
    } catch (error) {
      return { parts: await failed(error), fields: '' };
    }
    let fields = `,"cache":"${outcome.state}"`;
    if (outcome.kind === 'answer') {
      fields += `,"upstreamMs":${outcome.answer.ms},"attempts":${outcome.answer.attempts}`;
      return { parts: await partsOf(fromAnswer(outcome.answer, { 'x-cache': outcome.state })), fields };
    }
    if (outcome.upstreamMs !== undefined) fields += `,"upstreamMs":${outcome.upstreamMs}`;
    try {
      const copy = cache.enabled ? await cache.copyFor(route.key, outcome.entry, request.acceptEncoding) : 'identity';
      const parts = entryParts(outcome.entry, outcome.state, policy, now(), request.ifNoneMatch, false, copy);
      return { parts, fields };
    } catch (error) {
      return { parts: await failed(error), fields };
    }
  }

  /** What the app's `onError` answers, for a failure on the lane. */
  function failed(error: unknown): Promise<AnswerParts> {
    if (!(error instanceof ProxyError)) report('unhandled_error', error);
    return partsOf(errorAnswer(error));
  }

  return {
    read(request) {
      const route = decidable(request);
      if (!route) return null;
      const origin = request.origin;
      return readParts(route, request)
        .catch(async (error: unknown) => ({ parts: await failed(error), fields: '' }))
        .then(({ parts, fields }) => {
          const headers: string[] = [];
          for (const name in parts.headers) headers.push(name, parts.headers[name]!);
          // As the CORS middleware completes every answer.
          const vary = headers.indexOf('vary');
          if (vary === -1) headers.push('vary', 'Origin');
          else headers[vary + 1] = `${headers[vary + 1]}, Origin`;
          if (origin !== undefined) {
            headers.push('access-control-allow-origin', origin, 'access-control-expose-headers', EXPOSE_HEADERS);
          }
          if (parts.body) headers.push('content-length', String(parts.body.byteLength));
          return { status: parts.status, headers, body: parts.body, route, logFields: fields };
        });
    },
    answer(request) {
      const route = decidable(request);
      if (!route) return null;
      const origin = request.origin;
      const entry = cache.fresh(route.key);
      if (!entry || entry.status !== 200) return null;
      const p = representation(entry, prepare(entry), request.acceptEncoding);
      if (!p) return null;
      const notModified = etagMatches(request.ifNoneMatch, p.etag);
      const headers = notModified ? p.notModified.slice() : p.ok.slice();
      headers[notModified ? p.ccAt : p.ccAt + 2] = cacheControl(policy, entry, now());
      if (origin !== undefined) {
        headers.push('access-control-allow-origin', origin, 'access-control-expose-headers', EXPOSE_HEADERS);
      }
      return { status: notModified ? 304 : 200, headers, body: notModified ? null : p.body, route };
    },
    log(answer, ms) {
      const r = answer.route;
      const level = answer.status >= 500 ? 'error' : 'info';
      const fields = answer.logFields ?? ',"cache":"hit"';
      logger(
        `{"time":"${new Date().toISOString()}","level":"${level}${r.logHead}${answer.status},"ms":${Math.round(ms)}${r.logTail}${fields}}`,
      );
    },
  };
}
