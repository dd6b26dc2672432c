/**
 * The proxy as a Cloudflare Worker (or any host that calls `fetch(request, env)`): bundles with
 * esbuild `--platform=neutral` and no externals, and needs no Node compatibility. The element
 * bundle is not served from here: on Workers it is a static asset (`dist/conf-widgets.js` and
 * `dist/conf-widgets/`), so `bundlePath` is null.
 *
 * Settings come from the Worker's bindings, named as the CLI's environment variables:
 * `CONF_BASE_URL`, `CONF_API_KEY` (a secret), `CONF_ALLOWED_ORIGINS` (comma-separated),
 * `CONF_KIOSK_TOKEN` (optional).
 */
import { createProxy, type Proxy } from './index.js';

export interface WorkerEnv {
  CONF_BASE_URL: string;
  CONF_API_KEY: string;
  CONF_ALLOWED_ORIGINS?: string;
  CONF_KIOSK_TOKEN?: string;
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
    bundlePath: null,
  });
  return proxy;
}

export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    return sentAsEncoded(await proxyFor(env).fetch(request));
  },
};
