/**
 * The real API for browser tests, served same-origin by the test runner's dev server: the
 * sandbox (fixed demo conference) behind the proxy, as in production. `Prefer: code=503` style
 * scenario headers reach the sandbox, so a test can force an error on its own requests without
 * touching data other test files see.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface TestApi {
  /** Answers one request for `/api/public/v1/*`, `/uploads/*` or `/__admin/*`. */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
  /** What answers: `proxy+sandbox`, `sandbox`, or `none` when the sandbox is not there yet. */
  kind: string;
}

export const ADMIN_TOKEN = 'test-admin';
export const API_KEY = 'demo-key-all';
/** The proxy's `X-Kiosk-Token` for check-ins (`<conf-checkin>` tests). */
export const KIOSK_TOKEN = 'test-kiosk-token-0001';
/** The demo conference's first day; fixed so dates in tests never drift. */
export const STARTS_ON = '2026-06-10';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

interface SandboxLike {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void> | void;
}
type CreateSandbox = (options: Record<string, unknown>) => SandboxLike | Promise<SandboxLike>;
interface ProxyLike {
  fetch(request: Request): Promise<Response>;
  close?(): Promise<void>;
}
type CreateProxy = (options: Record<string, unknown>) => ProxyLike;

export interface TestApiOptions {
  /** The dev server's origin(s): the proxy's `publicOrigin`. */
  publicOrigin?: readonly string[];
  /** Passed to the proxy (a browser test of the write challenge turns it on). */
  writeChallenge?: boolean | { difficulty?: number };
}

export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  if (!existsSync(here('../../sandbox/index.ts'))) {
    return {
      kind: 'none',
      close: async () => {},
      fetch: async () =>
        Response.json(
          { error: { code: 'service_unavailable', message: 'The sandbox is not built yet.' } },
          { status: 503 },
        ),
    };
  }
  const { createSandbox } = (await import('../../sandbox/index.js')) as unknown as { createSandbox: CreateSandbox };
  // Idempotency off: the form safety tests prove the forms' and the proxy's own exactly-once
  // guarantees, which the sandbox replaying keyed writes would otherwise cover up.
  const sandbox = await createSandbox({ adminToken: ADMIN_TOKEN, startsOn: STARTS_ON, idempotency: false });
  const toSandbox = (url: string | URL | Request, init?: RequestInit) =>
    sandbox.fetch(url instanceof Request ? url : new Request(url, init));

  if (!existsSync(here('../../proxy/index.ts'))) {
    // Without the proxy, do its one essential job: add the key the browser never holds.
    return {
      kind: 'sandbox',
      close: async () => void (await sandbox.close()),
      fetch: (req) => {
        const headers = new Headers(req.headers);
        if (new URL(req.url).pathname.startsWith('/api/')) headers.set('x-api-key', API_KEY);
        return sandbox.fetch(new Request(req, { headers }));
      },
    };
  }
  const { createProxy } = (await import('../../proxy/index.js')) as unknown as { createProxy: CreateProxy };
  const proxy = createProxy({
    upstream: 'http://sandbox.test',
    apiKey: API_KEY,
    kioskToken: KIOSK_TOKEN,
    publicOrigin: options.publicOrigin ?? [],
    ...(options.writeChallenge ? { writeChallenge: options.writeChallenge } : {}),
    forwardScenarioHeaders: true,
    // Tests assert what the elements do with each answer; a cache would answer for the sandbox.
    cache: false,
    rateLimit: false,
    // Every test's requests share one client address here (no socket): bodies at once are not limited.
    bodyLimits: { perAddress: 1_000_000 },
    // A forced 503 must reach the element at once, not after the proxy's retries.
    retry: { retries: 0 },
    bundlePath: null,
    logger: () => {},
    fetchImpl: toSandbox as typeof fetch,
  });
  return {
    kind: 'proxy+sandbox',
    fetch: (req) => {
      // The admin routes are the sandbox's own, never the proxy's.
      if (new URL(req.url).pathname.startsWith('/__admin')) return sandbox.fetch(req);
      return proxy.fetch(req);
    },
    close: async () => {
      await proxy.close?.();
      await sandbox.close();
    },
  };
}
