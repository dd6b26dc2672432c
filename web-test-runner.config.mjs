// Browser tests in Debian's Chromium (no browser download), TypeScript through esbuild, and the
// real API (sandbox behind the proxy) served same-origin by the dev server.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { register } from 'tsx/esm/api';
import { resultsReporter } from './test/browser/results-reporter.mjs';

register();
const { createTestApi } = await import('./test/browser/api-server.ts');

/** A free port, fixed before the dev server starts: the proxy must know its own origin. */
async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
  });
}
const port = Number(process.env.WTR_PORT) || (await freePort());
// The pages and the API share the dev server's origin; the proxy never infers it from Host.
// Only the name the pages are served under: tests use 127.0.0.1 as another origin the proxy refuses.
const origins = [`http://localhost:${port}`];
const api = await createTestApi({ publicOrigin: origins });

const API_PATHS = /^\/(api\/public\/v1|uploads|__admin|challenge)(\/|$)/;
/**
 * A second API under `/pow`, with the proxy's proof-of-work challenge on (an element's
 * `endpoint="/pow"` uses it); made on its first request, so other runs do not pay for it.
 */
const POW_PREFIX = /^\/pow(?=\/)/;
let powApi;
/**
 * The dev server also stands in for a second server, at 127.0.0.1: a proxy of its own that allows
 * only its own origin, so a page on localhost calling it meets a CORS refusal (setup-hints tests).
 */
let otherHostApi;

/** Koa middleware: hand API paths to the fetch handler, as a Node server would. */
async function apiMiddleware(ctx, next) {
  const pow = POW_PREFIX.test(ctx.path);
  const path = ctx.path.replace(POW_PREFIX, '');
  if (!API_PATHS.test(path)) return next();
  const target = pow
    ? (powApi ??= createTestApi({ publicOrigin: origins, writeChallenge: { difficulty: 20_000 } }))
    : ctx.host === `127.0.0.1:${port}`
      ? (otherHostApi ??= createTestApi({ publicOrigin: [`http://127.0.0.1:${port}`] }))
      : api;
  const method = ctx.method;
  let body;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks = [];
    for await (const c of ctx.req) chunks.push(c);
    body = Buffer.concat(chunks);
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(ctx.req.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const x of v) headers.append(k, x);
  }
  // The body is handed on as the proxy sends it, without its Content-Encoding header (the dev
  // server sets its own): ask for it uncompressed, or the browser would get br bytes as JSON.
  headers.delete('accept-encoding');
  const res = await (
    await target
  ).fetch(new Request(`http://${ctx.host}${ctx.url.replace(POW_PREFIX, '')}`, { method, headers, body }));
  ctx.status = res.status;
  res.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'content-encoding') ctx.set(key, value);
  });
  ctx.body = Buffer.from(await res.arrayBuffer());
}

const chromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export default {
  port,
  files: ['src/**/*.test.ts', 'test/browser/**/*.test.ts', '!src/**/*.node.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  concurrentBrowsers: 1,
  testsFinishTimeout: 180_000,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  middleware: [apiMiddleware],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: chromeArgs,
      },
      // A viewer zone other than the conference's (Europe/Berlin), so the "your time" label shows.
      createBrowserContext: ({ browser }) => browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' }),
    }),
  ],
  testFramework: { config: { timeout: 10_000 } },
  reporters: [defaultReporter(), resultsReporter(process.env.WTR_RESULTS_FILE ?? '.tmp/browser-results.json')],
};
