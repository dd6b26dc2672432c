/**
 * `npm start`: one port (PORT, default 8787). The proxy answers everywhere; the sandbox is mounted
 * under `/__sandbox` as the proxy's upstream with `demo-key-all`, unless CONF_BASE_URL and
 * CONF_API_KEY name a real service (then no sandbox). The demo site is served at `/` (see
 * scripts/demo-server.ts). A new user runs only `npm install && npm start`, so the element bundle
 * is built first when it is missing or older than `src/` (CONF_SKIP_BUILD=1 serves dist/ as it is).
 * CONF_SANDBOX_DB picks the sandbox's database (default .data/sandbox.db; `:memory:` keeps none).
 */
import { spawnSync } from 'node:child_process';
import { demoKeyLines } from '../sandbox/banner.js';
import { DEFAULT_DB_PATH } from '../sandbox/db/open.js';
import { DEMO_KEYS } from '../sandbox/seed/demo.js';
import { API_PREFIX } from '../src/api/contract.js';
import { bundleIsStale, DEMO_API_KEY, DEMO_KIOSK_TOKEN, SANDBOX_MOUNT, startDemo } from './demo-server.js';

/**
 * The real service, when both variables are set. One of them alone is a mistake (a typo, a lost
 * export): running against the sandbox then would look like success, so say which one is missing.
 */
function realService(): { baseUrl: string; apiKey: string } | null {
  const baseUrl = process.env.CONF_BASE_URL ?? '';
  const apiKey = process.env.CONF_API_KEY ?? '';
  if (baseUrl && apiKey) return { baseUrl, apiKey };
  if (!baseUrl && !apiKey) return null;
  const [missing, given] = baseUrl ? ['CONF_API_KEY', 'CONF_BASE_URL'] : ['CONF_BASE_URL', 'CONF_API_KEY'];
  console.error(
    `npm start: ${given} is set but ${missing} is not. A real service needs both; unset ${given} to run against the sandbox.`,
  );
  process.exit(1);
}

const HELP = `conf-widgets start: the proxy, the sandbox as its upstream and the demo site on one port.

Usage: npm start   (from the installed package: npx conf-widgets start)

Settings, from the environment:
  PORT                  port to listen on (default 8787)
  HOST                  address to listen on (default 127.0.0.1)
  CONF_BASE_URL         a real Public API v1 instead of the sandbox (needs CONF_API_KEY too)
  CONF_API_KEY          that service's key
  CONF_KIOSK_TOKEN      the kiosk token (default with the sandbox: ${DEMO_KIOSK_TOKEN})
  CONF_ALLOWED_ORIGINS  other sites allowed to call the proxy, comma-separated
  CONF_PUBLIC_ORIGIN    origins at which browsers reach this server (a domain in front of it)
  CONF_SANDBOX_DB       the sandbox's database (default ${DEFAULT_DB_PATH}; :memory: keeps none)
  CONF_SKIP_BUILD=1     in a clone, serve dist/ as it is (by default it is built when older than src/)
`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(HELP);
  process.exit(0);
}
if (args.length > 0) {
  process.stderr.write(
    `conf-widgets start: it takes no arguments (got ${args.join(' ')}); its settings come from the environment.\n\n${HELP}`,
  );
  process.exit(2);
}

const real = realService();
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const db = process.env.CONF_SANDBOX_DB || DEFAULT_DB_PATH;

if (process.env.CONF_SKIP_BUILD !== '1' && bundleIsStale()) {
  console.log('Building the element bundle (dist/conf-widgets.js is missing or older than src/)…');
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) console.error('The build failed; /conf-widgets.js serves the last build or a placeholder.');
}

const kioskToken = process.env.CONF_KIOSK_TOKEN ?? (real ? null : DEMO_KIOSK_TOKEN);
const allowedOrigins = (process.env.CONF_ALLOWED_ORIGINS ?? '')
  .split(',')
  .map((o) => o.trim())
  .filter(Boolean);
// Where the demo is reached under another name (a domain in front of it): its own addresses are known.
const publicOrigin = (process.env.CONF_PUBLIC_ORIGIN ?? '')
  .split(',')
  .map((o) => o.trim())
  .filter(Boolean);
const demo = await startDemo({ port, host, db, real, kioskToken, allowedOrigins, publicOrigin });
const url = demo.url;
const sandboxApi = `${url}${SANDBOX_MOUNT}${API_PREFIX}`;
console.log(
  [
    `conf-widgets on ${url}`,
    `  Proxy (browsers call this, no key): ${url}${API_PREFIX}/...   bundle: ${url}/conf-widgets.js`,
    ...(real
      ? [`  Upstream: ${new URL(real.baseUrl).origin} (CONF_BASE_URL)`]
      : [`  Sandbox (the proxy's upstream, with ${DEMO_API_KEY}; db ${db}): ${sandboxApi}`, ...demoKeyLines()]),
    // A token of the integrator's own (CONF_KIOSK_TOKEN) is not printed.
    kioskToken === DEMO_KIOSK_TOKEN ? `  Kiosk token (X-Kiosk-Token): ${DEMO_KIOSK_TOKEN}` : '',
    // The first thing an organizer embedding the elements elsewhere needs: their site allowed.
    allowedOrigins.length
      ? `  Allowed origins (CONF_ALLOWED_ORIGINS): ${allowedOrigins.join(', ')}`
      : `  Allowed origins: none besides ${url} itself; a site elsewhere needs CONF_ALLOWED_ORIGINS=https://your.site`,
    `  Demo site: ${url}/   venue screen: ${url}/screen.html   hostile CSS: ${url}/hostile.html`,
    '  Try:',
    `    curl -i ${url}${API_PREFIX}/events/events?limit=3`,
    real ? '' : `    curl -i -H 'X-API-Key: ${DEMO_KEYS.read}' ${sandboxApi}/registrations/config`,
  ]
    .filter(Boolean)
    .join('\n'),
);

const stop = () => void demo.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
