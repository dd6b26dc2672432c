/**
 * `/conf-widgets.js`: the built loader, so one deployment serves both the script and the API it
 * calls. Versioned requests (`?v=...`) are immutable for a year; others are short-lived so a new
 * build shows up. Until a build exists, a placeholder module says how to make one.
 *
 * `/conf-widgets/<name>-<hash>.js`: the chunks the loader imports (elements, core, translations),
 * from the `conf-widgets/` directory beside the loader file, where the build writes them; immutable.
 * `/conf-widgets/<name>-<hash>.wasm` likewise (the kiosk camera's decoder), as `application/wasm`.
 *
 * Both are sent as the build precompressed them (`.br`, `.gz` beside each file), chosen by the
 * request's `Accept-Encoding`, each encoding with its own length and ETag; identity otherwise.
 */
import type { Handler } from 'hono';
import { acceptedEncodings, ENCODING_PREFERENCE as PREFERENCE, type Encoding } from '../cache/accept-encoding.js';
import { etagOf, etagMatches } from '../cache/policy.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';

export const PLACEHOLDER_BUNDLE = `// conf-widgets: the element bundle has not been built yet.
// Run \`npm run build\` to produce dist/conf-widgets.js; this proxy serves it from there.
console.info('[conf-widgets] bundle not built; run npm run build');
export {};
`;

type Fs = typeof import('node:fs/promises');
const FS = 'node:fs/promises';
/**
 * The file system, reached without a static `node:` import (as `digest.ts` gets its hash), so a
 * Worker bundle names no `node:` module; a host without one throws, and the placeholder is served.
 */
async function fsPromises(): Promise<Fs> {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return (p?.getBuiltinModule?.(FS) as Fs | undefined) ?? ((await import(/* @vite-ignore */ FS)) as Fs);
}

/** One encoding of a file, as the build wrote it. */
interface Representation {
  encoding: Encoding;
  body: Uint8Array<ArrayBuffer>;
  /** Strong, of these very bytes: a cache must not answer a gzip request with br bytes. */
  etag: string;
}
/** The file the build wrote beside the JavaScript for each encoding. */
const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

interface Loaded {
  representations: Representation[];
  mtimeMs: number;
}

type Zlib = typeof import('node:zlib');
const zlib = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
  'node:zlib',
) as Zlib | undefined;

/**
 * Whether a precompressed copy holds exactly the file's bytes. Judged by content, not by
 * modification times: an npm install gives every file its own extraction time, so a copy can be
 * older than its file and right, or newer and stale (a build that rewrote only the JavaScript).
 * Done once per file load; a host without zlib cannot check, and serves identity only.
 */
function copyMatches(encoding: 'br' | 'gzip', copy: Uint8Array, identity: Uint8Array): boolean {
  if (!zlib) return false;
  try {
    const decoded = encoding === 'br' ? zlib.brotliDecompressSync(copy) : zlib.gunzipSync(copy);
    return decoded.equals(identity);
  } catch {
    return false;
  }
}

/**
 * Reads a built file and its precompressed copies. A copy that is missing or does not decode to
 * the file (a build interrupted, or one that wrote only the JavaScript) is left out: identity
 * always works.
 */
async function readRepresentations(path: string): Promise<Loaded> {
  const fs = await fsPromises();
  const stat = await fs.stat(path);
  const identity = new Uint8Array(await fs.readFile(path));
  const representations: Representation[] = [{ encoding: 'identity', body: identity, etag: await etagOf(identity) }];
  for (const encoding of ['br', 'gzip'] as const) {
    try {
      const body = new Uint8Array(await fs.readFile(path + SUFFIX[encoding]));
      if (!copyMatches(encoding, body, identity)) continue;
      representations.push({ encoding, body, etag: await etagOf(body) });
    } catch {
      // Not precompressed: identity only.
    }
  }
  return { representations, mtimeMs: stat.mtimeMs };
}

/** The representation to send: the highest q among those built, br before gzip on a tie; identity when nothing else is acceptable. */
export function chooseRepresentation(all: Representation[], acceptEncoding: string | null | undefined): Representation {
  const q = acceptedEncodings(acceptEncoding);
  let best: Representation | undefined;
  for (const encoding of PREFERENCE) {
    const r = all.find((x) => x.encoding === encoding);
    if (!r || (q.get(encoding) ?? 0) <= 0) continue;
    if (!best || (q.get(encoding) ?? 0) > (q.get(best.encoding) ?? 0)) best = r;
  }
  // A client that refuses even identity still gets it (RFC 9110 allows it), rather than a 406 a
  // script tag cannot show anyone.
  return best ?? all.find((x) => x.encoding === 'identity')!;
}

// The header rules of every answer for the bundle, shared with the Worker entry that serves the
// same files from its assets binding (`proxy/worker.ts`).
const JS_TYPE = 'text/javascript; charset=utf-8';
/** A chunk's name, or a loader URL with `?v=`, changes with the content: cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The loader at its plain URL (and the placeholder): short-lived, so a new build shows up. */
export const SHORT_CACHE = 'public, max-age=300';

export function loaderCacheControl(versioned: boolean): string {
  return versioned ? IMMUTABLE_CACHE : SHORT_CACHE;
}

/** A chunk's type by its name: WebAssembly.instantiateStreaming accepts only this type, without parameters. */
export function chunkContentType(name: string): string {
  return name.endsWith('.wasm') ? 'application/wasm' : JS_TYPE;
}

/** Type, caching and CORS of a bundle answer, beside its validators, length and coding. */
export function bundleHeaders(cacheControl: string, contentType: string = JS_TYPE): Record<string, string> {
  return {
    'content-type': contentType,
    'cache-control': cacheControl,
    // Module scripts are fetched with CORS; the code is public and carries no credentials.
    'access-control-allow-origin': '*',
    'x-content-type-options': 'nosniff',
  };
}

/** The answer for one representation, with the validators and caching that go with it. */
function respond(
  method: string,
  ifNoneMatch: string | undefined,
  r: Representation,
  cacheControl: string,
  varies: boolean,
  contentType = JS_TYPE,
): Response {
  const headers: Record<string, string> = { ...bundleHeaders(cacheControl, contentType), etag: r.etag };
  // Every answer names the header it depends on, identity too, so a shared cache keeps them apart.
  if (varies) headers.vary = 'Accept-Encoding';
  if (r.encoding !== 'identity') headers['content-encoding'] = r.encoding;
  if (etagMatches(ifNoneMatch, r.etag)) return new Response(null, { status: 304, headers });
  headers['content-length'] = String(r.body.byteLength);
  return new Response(method === 'HEAD' ? null : r.body, { status: 200, headers });
}

export function bundleHandler({ bundlePath }: { bundlePath: string | null }): Handler<ProxyEnv> {
  let loaded: Loaded | null = null;
  let placeholder: Representation | null = null;

  async function load(): Promise<Loaded | null> {
    if (bundlePath === null) return null;
    try {
      const fs = await fsPromises();
      const stat = await fs.stat(bundlePath);
      if (loaded && loaded.mtimeMs === stat.mtimeMs) return loaded;
      loaded = await readRepresentations(bundlePath);
      return loaded;
    } catch {
      // No build yet, or no file system (edge runtime): the placeholder.
      return null;
    }
  }

  return async function bundle(c) {
    const file = await load();
    if (file === null) {
      const body = new TextEncoder().encode(PLACEHOLDER_BUNDLE);
      placeholder ??= { encoding: 'identity', body, etag: await etagOf(body) };
      return respond(c.req.method, c.req.header('if-none-match'), placeholder, SHORT_CACHE, false);
    }
    const versioned = c.req.query('v') !== undefined;
    const r = chooseRepresentation(file.representations, c.req.header('accept-encoding'));
    return respond(
      c.req.method,
      c.req.header('if-none-match'),
      r,
      loaderCacheControl(versioned),
      file.representations.length > 1,
    );
  };
}

/**
 * The chunk names the build writes (`de-Ab3_x-9Z.js`: rollup's `[name]-[hash]`, hash of eight
 * base64url characters). Only such a name is read from disk: no dot segment or separator can get
 * through, so no request reaches outside the chunk directory.
 */
export const CHUNK_FILE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*-[A-Za-z0-9_-]{8}\.(?:js|wasm)$/;

/** Chunks kept in memory at most; a chunk's name changes with its content, so an entry never goes stale. */
const MAX_CACHED_CHUNKS = 256;

export function chunkHandler({ bundlePath }: { bundlePath: string | null }): Handler<ProxyEnv> {
  // The chunks' directory, named as the loader's relative import() calls expect.
  const dir = bundlePath === null ? null : bundlePath.replace(/[^/\\]*$/, '') + 'conf-widgets/';
  const cached = new Map<string, Loaded>();

  return async function bundleChunk(c) {
    const name = c.req.param('file') ?? '';
    let file = cached.get(name) ?? null;
    if (file === null && dir !== null && CHUNK_FILE.test(name)) {
      try {
        file = await readRepresentations(dir + name);
        // Old builds' names pile up on a long-running proxy: start over rather than grow.
        if (cached.size >= MAX_CACHED_CHUNKS) cached.clear();
        cached.set(name, file);
      } catch {
        // Not built, or a chunk of an older build: 404 below.
      }
    }
    if (file === null) throw new ProxyError('not_found', 'No such chunk of the element bundle.');
    const r = chooseRepresentation(file.representations, c.req.header('accept-encoding'));
    // The name carries the content's hash: a new build writes a new name.
    return respond(
      c.req.method,
      c.req.header('if-none-match'),
      r,
      IMMUTABLE_CACHE,
      file.representations.length > 1,
      chunkContentType(name),
    );
  };
}
