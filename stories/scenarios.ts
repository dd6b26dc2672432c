/**
 * Async states on demand, per element. A story gives its element an endpoint such as
 * `/__story/error`; this wrapper around `fetch` recognises the marker, strips it, and answers:
 *
 * - `loading`: never (until the element aborts), so the skeleton stays;
 * - `empty`: an empty list, as the API shapes it, for every list request;
 * - `error`: the real API, asked with the sandbox's `Prefer: code=503` scenario header, so the
 *   message shown is the server's own;
 * - `stale-<id>`: the first answer for each URL (path and query: pages differ by offset) is real,
 *   repeats are the forced 503, so a refresh fails and the element keeps its last good data,
 *   marked stale;
 * - `closed` / `try-later`: the real registration config with registration switched off / no open
 *   phase (what the API answers when an organizer does that), without touching shared data.
 *
 * Only marked endpoints are touched, so several stories on one docs page stay independent.
 */
const MARK = /^(.*?)\/__story\/([^/]+)(\/.*)$/;
const seen = new Map<string, Set<string>>();

let scenarioCount = 0;
/** An endpoint for one element, unique per render so state is never shared between renders. */
export function scenarioEndpoint(name: 'loading' | 'empty' | 'error' | 'stale' | 'closed' | 'try-later'): string {
  const id = name === 'stale' ? `stale-${++scenarioCount}-${Math.random().toString(36).slice(2, 8)}` : name;
  return `/__story/${id}`;
}

function never(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError')));
  });
}

function withPrefer(request: Request, prefer: string): Request {
  const headers = new Headers(request.headers);
  headers.set('prefer', prefer);
  return new Request(request, { headers });
}

export function installScenarios(): void {
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const m = MARK.exec(url.pathname);
    if (!m) return realFetch(request);
    const [, before, scenario = '', rest] = m;
    url.pathname = `${before}${rest}`;
    const real = new Request(url, request);
    switch (true) {
      case scenario === 'loading':
        return never(init?.signal ?? request.signal);
      case scenario === 'empty':
        return Response.json({
          data: [],
          meta: { total: 0, limit: Number(url.searchParams.get('limit') ?? 20), offset: 0 },
        });
      case scenario === 'error':
        return realFetch(withPrefer(real, 'code=503'));
      case scenario.startsWith('stale-'): {
        const paths = seen.get(scenario) ?? new Set<string>();
        seen.set(scenario, paths);
        const key = url.pathname + url.search;
        if (!paths.has(key)) {
          paths.add(key);
          return realFetch(real);
        }
        return realFetch(withPrefer(real, 'code=503'));
      }
      case scenario === 'closed' || scenario === 'try-later': {
        const res = await realFetch(real);
        if (!res.ok || !url.pathname.endsWith('/registrations/config')) return res;
        const body = (await res.json()) as { data?: Record<string, unknown> };
        const data = { ...body.data };
        if (scenario === 'closed') data['public_registration_enabled'] = false;
        else data['open_phase'] = null;
        return Response.json({ ...body, data }, { status: res.status });
      }
      default:
        return realFetch(real);
    }
  };
}
