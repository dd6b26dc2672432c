/**
 * The fast lane's adapters: what it reads of a Node request or a web `Request`, and its answer as
 * a web `Response` in front of the fetch handler.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastAnswer, FastLane, FastRequest } from './fast-lane.js';
import { splitUrl } from './url-parts.js';

/** What the lane reads of a Node request: the raw target from the socket and the raw headers. */
export function fromNode(url: string | undefined, h: IncomingHttpHeaders): FastRequest {
  return {
    target: url ?? '',
    origin: h.origin,
    ifNoneMatch: h['if-none-match'],
    prefer: h.prefer === undefined ? undefined : String(h.prefer),
    acceptEncoding: h['accept-encoding'],
  };
}

/** What the lane reads of a web `Request` (its URL already normalized by the host). */
export function fromRequest(request: Request): FastRequest {
  const { path, search } = splitUrl(request.url);
  const h = request.headers;
  return {
    target: search ? `${path}?${search}` : path,
    origin: h.get('origin') ?? undefined,
    ifNoneMatch: h.get('if-none-match') ?? undefined,
    prefer: h.get('prefer') ?? undefined,
    acceptEncoding: h.get('accept-encoding') ?? undefined,
  };
}

/**
 * The lane in front of the fetch handler: a `Response` for a fresh hit, null when the middleware
 * chain must answer. Under @hono/node-server the raw request rides along in `env.incoming`; its
 * target and headers are cheaper to read than the `Request`'s, and the target is the raw one.
 */
export function fetchThroughLane(
  lane: FastLane,
  report: (event: string, error: unknown) => void,
): (request: Request, env: { incoming?: IncomingMessage } | undefined) => Response | null {
  return (request, env) => {
    if (request.method !== 'GET') return null;
    const started = performance.now();
    const incoming = env?.incoming;
    let answer;
    try {
      answer = lane.answer(incoming ? fromNode(incoming.url, incoming.headers) : fromRequest(request));
    } catch (error) {
      report('fast_lane_failed', error);
      return null; // nothing answered yet: the middleware chain answers instead
    }
    if (!answer) return null;
    const response = toResponse(answer);
    lane.log(answer, performance.now() - started);
    return response;
  };
}

/** The answer as a web `Response`, for hosts that take one. */
export function toResponse(answer: FastAnswer): Response {
  // A plain record: @hono/node-server writes it without building a `Headers` object. The length
  // is the host's to set from the body, as for every other `Response` the proxy makes.
  const headers: Record<string, string> = {};
  for (let i = 0; i < answer.headers.length; i += 2) {
    const name = answer.headers[i]!;
    if (name !== 'content-length') headers[name] = answer.headers[i + 1]!;
  }
  return new Response(answer.body as Uint8Array<ArrayBuffer> | null, { status: answer.status, headers });
}
