/**
 * The demo site's files (`demo/`) with the caching a visitor's browser needs: pages, scripts and
 * the manifest `no-cache` (kept, but revalidated on every use, which the ETag makes a 304), so an
 * edited page or a new kiosk service worker shows at once; style sheets, images and fonts a day's
 * `max-age` (their names carry no content hash, so not longer). Text files of 1 kB or more are sent
 * br or gzip as `Accept-Encoding` asks (with `Vary: Accept-Encoding`), compressed once per file
 * version at the highest settings, each representation with its own strong ETag.
 *
 * Only plain paths are served (letters, digits, `._-`, no segment starting with a dot); anything
 * else, and any file not found, goes to the next handler (the proxy).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { etagMatches, etagOf } from '../proxy/cache/policy.js';
import { chooseRepresentation } from '../proxy/handlers/bundle.js';

type Representation = Parameters<typeof chooseRepresentation>[0][number];

interface Loaded {
  mtimeMs: number;
  size: number;
  type: string;
  representations: Representation[];
}

const PLAIN_PATH = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*(?:[A-Za-z0-9_-][A-Za-z0-9._-]*)?$/;
/** Below this, compression saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:text\/|image\/svg\+xml|application\/(?:[a-z.+-]*\+)?json)/;
/** Files kept in memory at most (the demo has about twenty). */
const MAX_FILES = 256;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `Cache-Control` for a demo file by its name. */
export function demoCacheControl(path: string): string {
  return /\.(?:css|svg|png|jpe?g|gif|webp|avif|ico|woff2?)$/i.test(path) ? 'public, max-age=86400' : 'no-cache';
}

async function load(path: string, mtimeMs: number, size: number): Promise<Loaded> {
  const identity = new Uint8Array(await readFile(path));
  const type = getMimeType(path) ?? 'application/octet-stream';
  const representations: Representation[] = [{ encoding: 'identity', body: identity, etag: await etagOf(identity) }];
  if (COMPRESSIBLE.test(type) && identity.byteLength >= COMPRESS_MIN_BYTES) {
    const copies = [
      [
        'br',
        await brotli(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        }),
      ],
      ['gzip', await gzipAsync(identity, { level: 9 })],
    ] as const;
    for (const [encoding, bytes] of copies) {
      const body = new Uint8Array(bytes);
      if (body.byteLength < identity.byteLength) representations.push({ encoding, body, etag: await etagOf(body) });
    }
  }
  return { mtimeMs, size, type, representations };
}

export function demoStatic({ root }: { root: string }): MiddlewareHandler {
  const files = new Map<string, Loaded>();

  async function find(urlPath: string): Promise<{ path: string; file: Loaded } | null> {
    if (!PLAIN_PATH.test(urlPath)) return null;
    let path = join(root, urlPath.endsWith('/') ? urlPath + 'index.html' : urlPath);
    try {
      let s = await stat(path);
      if (s.isDirectory()) s = await stat((path = join(path, 'index.html')));
      if (!s.isFile()) return null;
      let file = files.get(path);
      if (!file || file.mtimeMs !== s.mtimeMs || file.size !== s.size) {
        file = await load(path, s.mtimeMs, s.size);
        if (files.size >= MAX_FILES) files.clear();
        files.set(path, file);
      }
      return { path, file };
    } catch {
      return null; // not there (or unreadable): the next handler answers
    }
  }

  return async function demoFile(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const found = await find(c.req.path);
    if (!found) return next();
    const { path, file } = found;
    const r = chooseRepresentation(file.representations, c.req.header('accept-encoding'));
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': demoCacheControl(path),
      etag: r.etag,
      'x-content-type-options': 'nosniff',
    };
    if (file.representations.length > 1) headers.vary = 'Accept-Encoding';
    if (r.encoding !== 'identity') headers['content-encoding'] = r.encoding;
    if (etagMatches(c.req.header('if-none-match'), r.etag)) return new Response(null, { status: 304, headers });
    headers['content-length'] = String(r.body.byteLength);
    return new Response(c.req.method === 'HEAD' ? null : r.body, { status: 200, headers });
  };
}
