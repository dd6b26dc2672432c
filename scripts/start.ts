/**
 * `npm start`: one port (PORT, default 8787). The proxy answers everywhere; the sandbox is mounted
 * under `/__sandbox` as the proxy's upstream with `demo-key-all`, unless CONF_BASE_URL and
 * CONF_API_KEY name a real service (then no sandbox). The demo site is served at `/` (see
 * scripts/demo-server.ts). A new user runs only `npm install && npm start`, so the element bundle
 * is built first when it is missing or older than `src/`.
 */
import { spawnSync } from 'node:child_process';
import { API_PREFIX } from '../src/api/contract.js';
import { DEFAULT_DB_PATH } from '../sandbox/db/open.js';
import { bundleIsStale, DEMO_KIOSK_TOKEN, startDemo } from './demo-server.js';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const real =
  process.env.CONF_BASE_URL && process.env.CONF_API_KEY
    ? { baseUrl: process.env.CONF_BASE_URL, apiKey: process.env.CONF_API_KEY }
    : null;

if (bundleIsStale()) {
  console.log('Building the element bundle (dist/conf-widgets.js is missing or older than src/)…');
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) console.error('The build failed; /conf-widgets.js serves the last build or a placeholder.');
}

const kioskToken = process.env.CONF_KIOSK_TOKEN ?? (real ? null : DEMO_KIOSK_TOKEN);
const demo = await startDemo({
  port,
  host,
  db: DEFAULT_DB_PATH,
  real,
  kioskToken,
  allowedOrigins: (process.env.CONF_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
});
const url = demo.url;
console.log(
  [
    `conf-widgets on ${url}`,
    `  Proxy (browsers call this): ${url}${API_PREFIX}/...   bundle: ${url}/conf-widgets.js`,
    real
      ? `  Upstream: ${new URL(real.baseUrl).origin} (CONF_BASE_URL)`
      : `  Upstream: the sandbox at ${url}/__sandbox${API_PREFIX} with demo-key-all (db ${DEFAULT_DB_PATH})`,
    kioskToken && !real ? `  Kiosk token (X-Kiosk-Token): ${DEMO_KIOSK_TOKEN}` : '',
    `  Demo site: ${url}/   venue screen: ${url}/screen.html   hostile CSS: ${url}/hostile.html`,
    '  Try (no key needed: the proxy holds it):',
    `    curl -i ${url}${API_PREFIX}/events/events?limit=3`,
  ]
    .filter(Boolean)
    .join('\n'),
);

const stop = () => void demo.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
