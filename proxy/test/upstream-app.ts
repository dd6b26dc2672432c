/**
 * The upstream the proxy tests run against. Interim stand-in speaking a slice of API v1 until
 * the sandbox is importable; replaced by `createSandbox` then.
 */
import { Hono } from 'hono';

export interface UpstreamAppOptions {
  failRate?: number;
  latencyMs?: number;
}

export interface UpstreamApp {
  fetch(req: Request): Promise<Response>;
  close?(): void;
}

export function upstreamApp(opts: UpstreamAppOptions = {}): UpstreamApp {
  const app = new Hono();
  let n = 0;
  const err = (status: number, code: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ error: { code, message: code } }), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  app.use('/api/public/v1/*', async (c, next) => {
    if (opts.latencyMs) await new Promise((r) => setTimeout(r, opts.latencyMs));
    const prefer = /code=(\d+)/.exec(c.req.header('prefer') ?? '')?.[1];
    if (prefer) return err(Number(prefer), prefer === '503' ? 'service_unavailable' : 'forced', { 'retry-after': '1' });
    if (opts.failRate && Math.random() < opts.failRate) return err(503, 'service_unavailable', { 'retry-after': '1' });
    if (c.req.header('x-api-key') !== 'demo-key-all') return err(401, 'invalid_api_key');
    await next();
  });
  const list = (items: unknown[]) => ({ data: items, meta: { total: items.length, limit: 50, offset: 0 } });
  app.get('/api/public/v1/health', (c) => c.json({ data: { ok: true } }));
  app.get('/api/public/v1/events/events', (c) => c.json(list([{ id: 'ev1', title: 'Opening' }])));
  app.get('/api/public/v1/events/venues', (c) => c.json(list([{ id: 'v1', name: 'Hall A' }])));
  app.get('/api/public/v1/events/speakers', (c) => c.json(list([{ id: 's1', name: 'Ada' }])));
  app.get('/api/public/v1/events/workshops', (c) => c.json(list([{ id: 'w1' }])));
  app.get('/api/public/v1/exhibition/exhibits', (c) => c.json(list([{ id: 'x1' }])));
  app.get('/api/public/v1/website/pages', (c) => c.json(list([]), 200, { Deprecation: 'true' }));
  app.get('/api/public/v1/registrations/config', (c) => c.json({ data: { public_registration_enabled: true } }));
  app.get('/api/public/v1/abstracts/abstracts/:id', (c) =>
    c.req.param('id').startsWith('does-not') ? err(404, 'not_found') : c.json({ data: { id: c.req.param('id') } }),
  );
  app.post('/api/public/v1/*', async (c) => {
    const body = await c.req.text();
    const path = c.req.path;
    if (path.endsWith('/upload-url')) {
      const req = JSON.parse(body) as { contentType: string };
      const id = `up${++n}`;
      const base = new URL(c.req.url).origin;
      return c.json(
        {
          data: {
            uploadUrl: `${base}/uploads/${id}?signature=SIGNED-SECRET`,
            method: 'PUT',
            headers: { 'Content-Type': req.contentType },
            storageUri: `storage://uploads/${id}`,
            expiresAt: new Date(Date.now() + 900_000).toISOString(),
            maxBytes: 10 * 1024 * 1024,
          },
        },
        201,
      );
    }
    if (path === '/api/public/v1/badges/checkin' && body.includes('DEMO-0002')) return err(409, 'already_checked_in');
    return c.json({ data: { id: `rec${++n}`, echo: body.length } }, 201);
  });
  app.put('/uploads/:id', async (c) => {
    if (c.req.query('signature') !== 'SIGNED-SECRET') return err(403, 'upload_signature_invalid');
    let size = 0;
    size = (await c.req.arrayBuffer()).byteLength;
    if (size > 10 * 1024 * 1024) return err(413, 'payload_too_large');
    return c.body(null, 200);
  });
  return { fetch: async (req) => app.fetch(req) };
}
