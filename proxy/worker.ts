/**
 * The proxy as a Cloudflare Worker (or any host that calls `fetch(request, env)`): bundles with
 * esbuild `--platform=neutral` and no externals, and needs no Node compatibility. A Worker has no
 * file system (`bundlePath` is null): the element bundle (`dist/conf-widgets.js` and
 * `dist/conf-widgets/`) comes from the `ASSETS` binding when there is one (Cloudflare's static
 * assets, or a workerd `disk` service), with the Node proxy's headers for it.
 *
 * Settings come from the Worker's bindings, named as the CLI's environment variables:
 * `CONF_BASE_URL`, `CONF_API_KEY` (a secret), `CONF_ALLOWED_ORIGINS` (comma-separated),
 * `CONF_KIOSK_TOKEN` (optional), `CONF_CLIENT_ADDRESS_HEADER` (optional: on Cloudflare
 * `CF-Connecting-IP`, so write limits count each visitor's address; without it every client shares
 * one bucket, since a Worker sees no socket).
 */
import { bundleHeaders, CHUNK_FILE, chunkContentType, IMMUTABLE_CACHE, loaderCacheControl } from './handlers/bundle.js';
import { createProxy, type Proxy } from './index.js';

/** What the Worker needs of an assets binding (Cloudflare's `Fetcher`, or a workerd service). */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

export interface WorkerEnv {
  CONF_BASE_URL: string;
  CONF_API_KEY: string;
  CONF_ALLOWED_ORIGINS?: string;
  CONF_KIOSK_TOKEN?: string;
  /** A header the platform sets to the client's address (Cloudflare: `CF-Connecting-IP`). */
  CONF_CLIENT_ADDRESS_HEADER?: string;
  /** The directory holding `conf-widgets.js` and `conf-widgets/` (the package's `dist/`). */
  ASSETS?: AssetsBinding;
}

/**
 * workerd compresses a body again by its `Content-Encoding` unless the Response says its bytes are
 * encoded already (`encodeBody: 'manual'`, a Workers-only init field other hosts ignore): without
 * it, a br or gzip answer arrives compressed twice. Responses without a coding pass unchanged.
 */
export function sentAsEncoded(res: Response): Response {
  if (!res.headers.has('content-encoding') || res.body === null) return res;
  return new Response(res.body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
    encodeBody: 'manual',
  } as ResponseInit);
}

/** One proxy per isolate, made on the first request (bindings arrive with it). */
let proxy: Proxy | undefined;

function proxyFor(env: WorkerEnv): Proxy {
  proxy ??= createProxy({
    upstream: env.CONF_BASE_URL,
    apiKey: env.CONF_API_KEY,
    allowedOrigins: (env.CONF_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    ...(env.CONF_KIOSK_TOKEN ? { kioskToken: env.CONF_KIOSK_TOKEN } : {}),
    ...(env.CONF_CLIENT_ADDRESS_HEADER ? { clientAddressHeader: env.CONF_CLIENT_ADDRESS_HEADER } : {}),
    bundlePath: null,
  });
  return proxy;
}

/**
 * Which file of the bundle a request asks for: the loader, a chunk under a name the build writes
 * (`CHUNK_FILE`: no dot segment, separator or escape gets through), or nothing. No other path of the
 * assets directory is ever asked of the binding.
 */
export function bundleFile(request: Request, url: URL): { name: string; chunk: boolean } | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (url.pathname === '/conf-widgets.js') return { name: 'conf-widgets.js', chunk: false };
  const name = /^\/conf-widgets\/([^/]+)$/.exec(url.pathname)?.[1];
  return name !== undefined && CHUNK_FILE.test(name) ? { name, chunk: true } : null;
}

/** Headers of the binding's answer that describe its bytes, kept as it sent them. */
const BODY_HEADERS = ['etag', 'last-modified', 'content-length', 'content-encoding'];

/**
 * One file of the bundle from the assets binding, with the proxy's type, caching and CORS for it;
 * null when the binding has no such file (the proxy answers then, as without a binding).
 */
async function fromAssets(
  assets: AssetsBinding,
  request: Request,
  url: URL,
  file: { name: string; chunk: boolean },
): Promise<Response | null> {
  // The bare path and only the headers that choose or validate a representation: no query string,
  // cookie or other header of the page's request reaches the binding.
  const headers = new Headers();
  for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since']) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const res = await assets.fetch(new Request(new URL(url.pathname, url.origin), { method: request.method, headers }));
  if (res.status !== 200 && res.status !== 304) {
    await res.body?.cancel();
    return null;
  }
  const cacheControl = file.chunk ? IMMUTABLE_CACHE : loaderCacheControl(url.searchParams.has('v'));
  const out = new Headers(bundleHeaders(cacheControl, chunkContentType(file.name)));
  for (const name of BODY_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  // Cloudflare may choose a coding by Accept-Encoding; a shared cache must keep them apart.
  if (out.has('content-encoding')) out.set('vary', 'Accept-Encoding');
  return new Response(request.method === 'HEAD' ? null : res.body, { status: res.status, headers: out });
}

export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    if (env.ASSETS) {
      const url = new URL(request.url);
      const file = bundleFile(request, url);
      const res = file ? await fromAssets(env.ASSETS, request, url, file) : null;
      if (res) return sentAsEncoded(res);
    }
    return sentAsEncoded(await proxyFor(env).fetch(request));
  },
};
