/**
 * `/conf-widgets.js`: the built element bundle, so one deployment serves both the script and the
 * API it calls. Versioned requests (`?v=...`) are immutable for a year; others are short-lived so
 * a new build shows up. Until a build exists, a placeholder module says how to make one.
 *
 * `/conf-widgets/<name>-<hash>.js`: the chunks the bundle loads on demand (translations), from
 * the `conf-widgets/` directory beside the bundle file, where the build writes them.
 */
import type { Handler } from 'hono';
import { etagOf, etagMatches } from '../cache/policy.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';

export const PLACEHOLDER_BUNDLE = `// conf-widgets: the element bundle has not been built yet.
// Run \`npm run build\` to produce dist/conf-widgets.js; this proxy serves it from there.
console.info('[conf-widgets] bundle not built; run npm run build');
export {};
`;

interface Loaded {
  body: string;
  etag: string;
  mtimeMs: number;
}

export function bundleHandler({ bundlePath }: { bundlePath: string | null }): Handler<ProxyEnv> {
  let loaded: Loaded | null = null;
  let placeholderTag: string | null = null;

  async function load(): Promise<Loaded | null> {
    if (bundlePath === null) return null;
    try {
      const fs = await import('node:fs/promises');
      const stat = await fs.stat(bundlePath);
      if (loaded && loaded.mtimeMs === stat.mtimeMs) return loaded;
      const body = await fs.readFile(bundlePath, 'utf8');
      loaded = { body, etag: await etagOf(body), mtimeMs: stat.mtimeMs };
      return loaded;
    } catch {
      // No build yet, or no file system (edge runtime): the placeholder.
      return null;
    }
  }

  return async function bundle(c) {
    const file = await load();
    const body = file?.body ?? PLACEHOLDER_BUNDLE;
    const etag = file?.etag ?? (placeholderTag ??= await etagOf(PLACEHOLDER_BUNDLE));
    const versioned = c.req.query('v') !== undefined && file !== null;
    const headers = {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      etag,
      // Module scripts are fetched with CORS; the bundle is public code and carries no credentials.
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    };
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}

/**
 * The chunk names the build writes (`de-Ab3_x-9Z.js`: rollup's `[name]-[hash]`, hash of eight
 * base64url characters). Only such a name is read from disk: no dot segment or separator can get
 * through, so no request reaches outside the chunk directory.
 */
export const CHUNK_FILE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*-[A-Za-z0-9_-]{8}\.js$/;

export function chunkHandler({ bundlePath }: { bundlePath: string | null }): Handler<ProxyEnv> {
  // The chunks' directory, named as the bundle's relative import() calls expect.
  const dir = bundlePath === null ? null : bundlePath.replace(/[^/\\]*$/, '') + 'conf-widgets/';

  return async function bundleChunk(c) {
    const name = c.req.param('file') ?? '';
    let body: string | null = null;
    if (dir !== null && CHUNK_FILE.test(name)) {
      try {
        const fs = await import('node:fs/promises');
        body = await fs.readFile(dir + name, 'utf8');
      } catch {
        // Not built, or a chunk of an older build: 404 below.
      }
    }
    if (body === null) throw new ProxyError('not_found', 'No such chunk of the element bundle.');
    const etag = await etagOf(body);
    const headers = {
      'content-type': 'text/javascript; charset=utf-8',
      // The name carries the content's hash: a new build writes a new name.
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      // Loaded by the bundle with import(), a CORS request from the embedding page's origin.
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    };
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}
