/**
 * The demo site's files: a cache lifetime per kind (pages, scripts and the manifest revalidated by
 * ETag; style sheets and images a day), a 304 for a held copy, text compressed as
 * `Accept-Encoding` asks, a new ETag when a file changes, and nothing outside the site's folder.
 * Over real sockets, on a folder of its own and on the demo `npm start` serves.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startDemo, type StartedDemo } from './demo-server.js';
import { demoStatic } from './demo-static.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wire: Buffer;
  decoded: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // The path as given (a URL string would have `..` resolved before sending).
    const { hostname, port } = new URL(base);
    const req = request({ hostname, port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const decoded =
          wire.byteLength === 0
            ? wire
            : coding === 'br'
              ? brotliDecompressSync(wire)
              : coding === 'gzip'
                ? gunzipSync(wire)
                : wire;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, decoded });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const CSS = `:root { --conf-color-primary: #224; }\n${Array.from({ length: 80 }, (_, i) => `.rule-${i} { margin: ${i}px; }`).join('\n')}\n`;
const HTML = `<!doctype html><title>Demo</title>${'<p>Conference</p>'.repeat(100)}`;
const PNG = Buffer.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 3000 }, (_, i) => (i * 7) % 256),
]);

describe('demo files on their own folder', () => {
  let dir: string;
  let base: string;
  let server: ReturnType<typeof serve>;
  before(async () => {
    // The site is a folder below one holding a file no request may reach.
    const outer = mkdtempSync(join(tmpdir(), 'demo-static-'));
    writeFileSync(join(outer, 'outside.txt'), 'outside the site');
    dir = join(outer, 'site');
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), HTML);
    writeFileSync(join(dir, 'site.css'), CSS);
    writeFileSync(join(dir, 'photo.png'), PNG);
    writeFileSync(join(dir, 'kiosk-sw.js'), 'self.addEventListener("fetch", () => {});\n');
    writeFileSync(join(dir, '.secret'), 'not for the web');
    const app = new Hono();
    app.get('/*', demoStatic({ root: dir }));
    app.all('*', (c) => c.text('next handler', 404));
    ({ server, base } = await new Promise<{ server: ReturnType<typeof serve>; base: string }>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({ server: s, base: `http://127.0.0.1:${info.port}` }),
      );
    }));
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  test('a page: no-cache with an ETag, 304 on it; also at /', async () => {
    for (const path of ['/', '/index.html']) {
      const page = await get(base, path);
      assert.equal(page.status, 200, path);
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(page.decoded.toString(), HTML);
      const etag = String(page.headers.etag);
      assert.match(etag, /^"[\w-]+"$/);
      const again = await get(base, path, { 'if-none-match': etag });
      assert.equal(again.status, 304);
      assert.equal(again.wire.byteLength, 0);
      assert.equal(again.headers['cache-control'], 'no-cache');
    }
  });

  test('a style sheet: kept a day; br, gzip or identity by Accept-Encoding, each with its length, ETag and 304', async () => {
    const etags = new Set<string>();
    for (const [acceptEncoding, coding] of [
      ['', undefined],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const r = await get(base, '/site.css', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      assert.equal(r.status, 200);
      assert.equal(r.headers['cache-control'], 'public, max-age=86400');
      assert.equal(r.headers['content-encoding'], coding, acceptEncoding);
      assert.equal(r.headers.vary, 'Accept-Encoding');
      assert.equal(Number(r.headers['content-length']), r.wire.byteLength);
      assert.equal(r.decoded.toString(), CSS);
      const etag = String(r.headers.etag);
      etags.add(etag);
      const held = await get(base, '/site.css', {
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        'if-none-match': etag,
      });
      assert.equal(held.status, 304, acceptEncoding);
    }
    assert.equal(etags.size, 3, 'one ETag per representation');
  });

  test('an image is kept a day and sent as it is; a script is revalidated', async () => {
    const png = await get(base, '/photo.png', { 'accept-encoding': 'br, gzip' });
    assert.equal(png.headers['cache-control'], 'public, max-age=86400');
    assert.equal(png.headers['content-encoding'], undefined);
    assert.equal(png.headers.vary, undefined);
    assert.ok(png.wire.equals(PNG));
    const sw = await get(base, '/kiosk-sw.js');
    assert.equal(sw.headers['cache-control'], 'no-cache');
    assert.equal(sw.headers['content-type'], 'text/javascript; charset=utf-8');
  });

  test('a changed file gets a new ETag; the old one no longer matches', async () => {
    const before = String((await get(base, '/site.css')).headers.etag);
    writeFileSync(join(dir, 'site.css'), CSS + '.added { color: red; }\n');
    utimesSync(join(dir, 'site.css'), new Date(), new Date(Date.now() + 5000));
    const after = await get(base, '/site.css', { 'if-none-match': before });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.etag, before);
    assert.match(after.decoded.toString(), /\.added/);
  });

  test('dot files, parent folders and missing files go to the next handler', async () => {
    for (const path of [
      '/.secret',
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/..%2foutside.txt',
      '/missing.css',
      '//site.css',
      '/site.css%00',
    ]) {
      const r = await get(base, path);
      assert.equal(r.status, 404, path);
      assert.equal(r.decoded.toString(), 'next handler', path);
    }
  });
});

describe('the demo npm start serves', () => {
  let demo: StartedDemo;
  before(async () => {
    demo = await startDemo({ port: 0, proxy: { logger: () => {} } });
  });
  after(async () => {
    await demo.close();
  });

  test('site.css kept a day and compressed, pages revalidated by ETag', async () => {
    const css = await get(demo.url, '/site.css', { 'accept-encoding': 'br' });
    assert.equal(css.status, 200);
    assert.equal(css.headers['cache-control'], 'public, max-age=86400');
    assert.equal(css.headers['content-encoding'], 'br');
    for (const page of ['/', '/register.html', '/screen.html']) {
      const r = await get(demo.url, page);
      assert.equal(r.status, 200, page);
      assert.equal(r.headers['cache-control'], 'no-cache', page);
      assert.equal((await get(demo.url, page, { 'if-none-match': String(r.headers.etag) })).status, 304, page);
    }
  });
});
