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
 *   phase (what the API answers when an organizer does that), without touching shared data;
 * - `submit-hang`: reads are real, writes never answer, so a form stays in its submitting state;
 * - `submit-outage`: writes carry `Prefer: code=503`, so a form meets an outage on every attempt
 *   and shows the server's message once its automatic retries are spent;
 * - `submit-lost`: writes carry `Prefer: code=500, after=processing`: the sandbox records the
 *   submission and then loses the answer, and the proxy says `outcome_unknown`;
 * - `upload-slow`: proof uploads carry `Prefer: delay=30000`, so the proxy holds the file while
 *   the sandbox takes 30 s to give the upload address: the upload stays in progress that long;
 * - `upload-outage`: proof uploads carry `Prefer: code=503` on every attempt, so after its
 *   automatic retries the upload fails with the server's message and offers "Upload again";
 * - `exhibit-open` / `exhibit-fee` / `exhibit-registration` / `exhibit-closed`: an exhibition
 *   submission is sent to the real API with the conference's exhibition settings switched for that
 *   one request (through the sandbox's admin routes, one request at a time, put back afterwards),
 *   so what the form shows is the server's own answer to those settings.
 *
 * Only marked endpoints are touched, so several stories on one docs page stay independent.
 */
const MARK = /^(.*?)\/__story\/([^/]+)(\/.*)$/;
const seen = new Map<string, Set<string>>();

let scenarioCount = 0;
/** An endpoint for one element, unique per render so state is never shared between renders. */
export type Scenario =
  | 'loading'
  | 'empty'
  | 'error'
  | 'stale'
  | 'closed'
  | 'try-later'
  | 'submit-hang'
  | 'submit-outage'
  | 'submit-lost'
  | UploadScenario
  | ExhibitionScenario;

type UploadScenario = 'upload-slow' | 'upload-outage';
/** What each upload scenario asks of the sandbox (the proxy forwards `Prefer` on uploads). */
const UPLOAD_PREFER: Record<UploadScenario, string> = { 'upload-slow': 'delay=30000', 'upload-outage': 'code=503' };
const isUploadScenario = (name: string): name is UploadScenario => Object.hasOwn(UPLOAD_PREFER, name);

type ExhibitionScenario = 'exhibit-open' | 'exhibit-fee' | 'exhibit-registration' | 'exhibit-closed';

export function scenarioEndpoint(name: Scenario): string {
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

/** The sandbox's admin routes, as `npm run storybook` serves them (test/browser/api-server.ts). */
const ADMIN = { authorization: 'Bearer test-admin', 'content-type': 'application/json' };
const CONFERENCE = 'conf-demo';

const OPEN = { opensAt: null, closesAt: null, fee: null, requiresRegistration: false };
const EXHIBITION: Record<ExhibitionScenario, Record<string, unknown>> = {
  'exhibit-open': OPEN,
  'exhibit-fee': { ...OPEN, fee: { amount: 45000, currency: 'EUR' } },
  'exhibit-registration': { ...OPEN, requiresRegistration: true },
  'exhibit-closed': { ...OPEN, closesAt: '2026-01-01T00:00:00Z' },
};

const isExhibitionScenario = (name: string): name is ExhibitionScenario => Object.hasOwn(EXHIBITION, name);

/** Switching settings is shared state: one switched request at a time. */
let settingsQueue: Promise<unknown> = Promise.resolve();

/**
 * Sends one request with the exhibition settings of `scenario` in force, then puts the previous
 * ones back. Where the admin routes are not served (a built Storybook against `npm start`), the
 * request goes out unchanged and meets the conference's real settings.
 */
function withExhibition(realFetch: typeof fetch, scenario: ExhibitionScenario, request: Request): Promise<Response> {
  const patch = (exhibition: unknown) =>
    realFetch(`/__admin/conferences/${CONFERENCE}`, {
      method: 'PATCH',
      headers: ADMIN,
      body: JSON.stringify({ exhibition }),
    });
  const run = settingsQueue.then(async () => {
    let before: unknown;
    try {
      const res = await realFetch('/__admin/conferences', { headers: ADMIN });
      const list = res.ok ? ((await res.json()) as { data?: { id: string; exhibition?: unknown }[] }).data : undefined;
      before = list?.find((c) => c.id === CONFERENCE)?.exhibition ?? null;
      if (before) await patch(EXHIBITION[scenario]);
    } catch {
      before = null;
    }
    try {
      return await realFetch(request);
    } finally {
      if (before) await patch(before).catch(() => undefined);
    }
  });
  settingsQueue = run.catch(() => undefined);
  return run;
}

export function installScenarios(): void {
  // Proof uploads go through XMLHttpRequest (for their progress), not fetch: they reach the real
  // proxy, so a file can be uploaded in any story; the upload scenarios add their `Prefer`.
  const open = XMLHttpRequest.prototype.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
  const send = XMLHttpRequest.prototype.send;
  const prefer = new WeakMap<XMLHttpRequest, string>();
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest,
    method: string,
    target: string | URL,
    ...rest: unknown[]
  ) {
    const url = new URL(target, document.baseURI);
    const m = MARK.exec(url.pathname);
    if (m) url.pathname = `${m[1]}${m[3]}`;
    const scenario = m?.[2] ?? '';
    if (isUploadScenario(scenario)) prefer.set(this, UPLOAD_PREFER[scenario]);
    open.call(this, method, url.href, ...(rest.length ? rest : [true]));
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const value = prefer.get(this);
    if (value) this.setRequestHeader('prefer', value);
    send.call(this, body);
  };

  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const m = MARK.exec(url.pathname);
    if (!m) return realFetch(request);
    const [, before, scenario = '', rest] = m;
    url.pathname = `${before}${rest}`;
    // Rebuilt from its parts: a Request whose body is already a stream cannot be the init of another.
    const payload = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    const real = new Request(url, {
      method: request.method,
      headers: request.headers,
      body: payload,
      signal: request.signal,
    });
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
      case scenario === 'submit-hang' && real.method === 'POST':
        // A write already sent is never cancelled by the element, so this one simply never ends.
        return never(null);
      case scenario === 'submit-outage' && real.method === 'POST':
        return realFetch(withPrefer(real, 'code=503'));
      case scenario === 'submit-lost' && real.method === 'POST' && !url.pathname.includes('upload-url'):
        return realFetch(withPrefer(real, 'code=500, after=processing'));
      case isExhibitionScenario(scenario) && real.method === 'POST' && url.pathname.endsWith('/exhibition/submissions'):
        return withExhibition(realFetch, scenario as ExhibitionScenario, real);
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
