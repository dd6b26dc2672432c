/**
 * `npm start`: one port (PORT, default 8787). The proxy answers everywhere; the sandbox is mounted
 * under `/__sandbox` as the proxy's upstream with `demo-key-all`, unless CONF_BASE_URL and
 * CONF_API_KEY name a real service (then no sandbox). A `demo/` folder, when present, is served
 * at `/` (the elements' demo site).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createProxy } from '../proxy/index.js';
import { DEFAULT_DB_PATH } from '../sandbox/db/open.js';
import { createSandbox } from '../sandbox/index.js';
import { API_PREFIX } from '../src/api/contract.js';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const local = `http://127.0.0.1:${port}`;
const real = Boolean(process.env.CONF_BASE_URL && process.env.CONF_API_KEY);
const DEMO_KIOSK_TOKEN = 'demo-kiosk-token-0001';

const sandbox = real ? null : createSandbox({ db: DEFAULT_DB_PATH });
const kioskToken = process.env.CONF_KIOSK_TOKEN ?? (real ? undefined : DEMO_KIOSK_TOKEN);
const proxy = createProxy({
  upstream: real ? process.env.CONF_BASE_URL! : `${local}/__sandbox`,
  apiKey: real ? process.env.CONF_API_KEY! : 'demo-key-all',
  allowedOrigins: (process.env.CONF_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
  ...(kioskToken ? { kioskToken } : {}),
  // Scenario switches (`Prefer: code=503`) only make sense towards the bundled sandbox.
  forwardScenarioHeaders: !real,
});

const app = new Hono();
if (sandbox) app.route('/__sandbox', sandbox.app);
if (existsSync('demo')) app.get('/*', serveStatic({ root: './demo' }));
app.all('*', (c) => proxy.fetch(c.req.raw, c.env));

const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;
  console.log(
    [
      `conf-widgets on ${url}`,
      `  Proxy (browsers call this): ${url}${API_PREFIX}/...   bundle: ${url}/conf-widgets.js`,
      real
        ? `  Upstream: ${new URL(process.env.CONF_BASE_URL!).origin} (CONF_BASE_URL)`
        : `  Upstream: the sandbox at ${url}/__sandbox${API_PREFIX} with demo-key-all (db ${DEFAULT_DB_PATH})`,
      kioskToken && !real ? `  Kiosk token (X-Kiosk-Token): ${DEMO_KIOSK_TOKEN}` : '',
      existsSync('demo') ? `  Demo site: ${url}/` : '',
      '  Try (no key needed: the proxy holds it):',
      `    curl -i ${url}${API_PREFIX}/events/events?limit=3`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
});

const stop = () =>
  server.close(() => {
    void proxy.close().then(() => {
      sandbox?.close();
      process.exit(0);
    });
  });
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
