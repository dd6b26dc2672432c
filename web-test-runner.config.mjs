// Browser tests in Debian's Chromium (no browser download), TypeScript through esbuild, and the
// real API (sandbox behind the proxy) served same-origin by the dev server.
import { register } from 'tsx/esm/api';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { resultsReporter } from './test/browser/results-reporter.mjs';
import { defaultReporter } from '@web/test-runner';

register();
const { createTestApi } = await import('./test/browser/api-server.ts');
const api = await createTestApi();

const API_PATHS = /^\/(api\/public\/v1|uploads|__admin)(\/|$)/;

/** Koa middleware: hand API paths to the fetch handler, as a Node server would. */
async function apiMiddleware(ctx, next) {
  if (!API_PATHS.test(ctx.path)) return next();
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
  const res = await api.fetch(new Request(`http://${ctx.host}${ctx.url}`, { method, headers, body }));
  ctx.status = res.status;
  res.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'content-encoding') ctx.set(key, value);
  });
  ctx.body = Buffer.from(await res.arrayBuffer());
}

const chromeArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export default {
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
