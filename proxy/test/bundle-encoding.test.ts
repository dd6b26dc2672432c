/**
 * The loader and its chunks as the build precompressed them, over real sockets (node:http, which
 * does not decode, so the bytes on the wire are checked): the encoding follows `Accept-Encoding`
 * with its q-values, every answer varies on it, and each encoding has its own length and ETag.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startStack, wireGet, type Stack, type WireAnswer } from './harness.js';

const LOADER = `export const loader = "${'conf-'.repeat(400)}";\n`;
const CHUNK = `export const chunk = "${'schedule '.repeat(300)}";\n`;
const CHUNK_NAME = 'schedule-Ab3_x-9Z.js';

function decode(r: WireAnswer): string {
  const e = r.headers['content-encoding'];
  if (e === 'br') return brotliDecompressSync(r.body).toString('utf8');
  if (e === 'gzip') return gunzipSync(r.body).toString('utf8');
  assert.equal(e, undefined, 'no other encoding');
  return r.body.toString('utf8');
}

let base: Stack;
let built: Stack;
let dir: string;
before(async () => {
  base = await startStack();
  dir = mkdtempSync(join(tmpdir(), 'conf-encoding-'));
  mkdirSync(join(dir, 'conf-widgets'));
  for (const [file, text] of [
    ['conf-widgets.js', LOADER],
    [join('conf-widgets', CHUNK_NAME), CHUNK],
  ] as const) {
    writeFileSync(join(dir, file), text);
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(text));
  }
  built = await startStack({ bundlePath: join(dir, 'conf-widgets.js') }, {}, base.upstream);
});
after(async () => {
  await built.close();
  await base.close();
});

/** Accept-Encoding as browsers and tools send it → the encoding the proxy must pick. */
const CHOICES: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['br;q=0.5, gzip', 'gzip'],
  ['gzip;q=0.8, BR;q=0.9', 'br'],
  ['*', 'br'],
  ['gzip;q=0, *;q=0.1', 'br'],
  ['br;q=0, gzip;q=0', undefined],
  ['identity', undefined],
  ['deflate', undefined],
  // Nothing acceptable at all: identity anyway, rather than a 406 a script tag cannot show.
  ['identity;q=0, *;q=0', undefined],
];

for (const [path, text, cacheControl] of [
  ['/conf-widgets.js', LOADER, 'public, max-age=300'],
  [`/conf-widgets/${CHUNK_NAME}`, CHUNK, 'public, max-age=31536000, immutable'],
] as const) {
  describe(path, () => {
    test('the encoding follows Accept-Encoding; Vary, Content-Length and the decoded bytes are right', async () => {
      for (const [accept, expected] of CHOICES) {
        const r = await wireGet(built.url + path, accept === undefined ? {} : { 'accept-encoding': accept });
        const label = `Accept-Encoding: ${accept ?? '(none)'}`;
        assert.equal(r.status, 200, label);
        assert.equal(r.headers['content-encoding'], expected, label);
        assert.equal(r.headers.vary, 'Accept-Encoding', label);
        assert.equal(r.headers['content-length'], String(r.body.length), label);
        assert.equal(r.headers['cache-control'], cacheControl, label);
        assert.equal(decode(r), text, label);
        if (expected !== undefined)
          assert.ok(r.body.length < Buffer.byteLength(text), `${label}: smaller than the source`);
      }
    });

    test('an ETag per encoding, 304 on its own, HEAD with the same length and no body', async () => {
      const tags = new Map<string, string>();
      for (const accept of ['br', 'gzip', 'identity']) {
        const r = await wireGet(built.url + path, { 'accept-encoding': accept });
        const etag = String(r.headers.etag);
        tags.set(accept, etag);
        const again = await wireGet(built.url + path, { 'accept-encoding': accept, 'if-none-match': etag });
        assert.equal(again.status, 304, accept);
        assert.equal(again.headers.etag, etag, accept);
        assert.equal(again.body.length, 0);
        const head = await wireGet(built.url + path, { 'accept-encoding': accept }, 'HEAD');
        assert.equal(head.status, 200);
        assert.equal(head.headers['content-length'], r.headers['content-length'], `${accept}: HEAD length`);
        assert.equal(head.body.length, 0);
      }
      assert.equal(new Set(tags.values()).size, 3, `distinct: ${[...tags.values()].join(' ')}`);
      // The br copy's tag does not validate a gzip answer: a cache holding br must not serve it to a gzip client.
      const other = await wireGet(built.url + path, { 'accept-encoding': 'gzip', 'if-none-match': tags.get('br')! });
      assert.equal(other.status, 200);
      assert.equal(decode(other), text);
    });
  });
}

/** A built loader and its copies with the given modification times (seconds ago); the stack serving it. */
async function stackWith(copies: { br: string; gz: string }, ages: { file: number; br: number; gz: number }) {
  const d = mkdtempSync(join(tmpdir(), 'conf-encoding-copies-'));
  const file = join(d, 'conf-widgets.js');
  writeFileSync(file, LOADER);
  writeFileSync(`${file}.br`, brotliCompressSync(copies.br));
  writeFileSync(`${file}.gz`, gzipSync(copies.gz));
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, at(ages.file), at(ages.file));
  utimesSync(`${file}.br`, at(ages.br), at(ages.br));
  utimesSync(`${file}.gz`, at(ages.gz), at(ages.gz));
  return startStack({ bundlePath: file }, {}, base.upstream);
}

test('copies older than their file but of its content (as npm install leaves them) are sent', async () => {
  const s = await stackWith({ br: LOADER, gz: LOADER }, { file: 60, br: 120, gz: 90 });
  try {
    const br = await wireGet(s.url + '/conf-widgets.js', { 'accept-encoding': 'br, gzip' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(decode(br), LOADER);
    const gz = await wireGet(s.url + '/conf-widgets.js', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(decode(gz), LOADER);
  } finally {
    await s.close();
  }
});

test('a copy of other content (a build cut short) is not sent, however new', async () => {
  const s = await stackWith({ br: 'export const old = 1;\n', gz: LOADER }, { file: 60, br: 0, gz: 120 });
  try {
    const r = await wireGet(s.url + '/conf-widgets.js', { 'accept-encoding': 'br, gzip' });
    assert.equal(r.headers['content-encoding'], 'gzip');
    assert.equal(decode(r), LOADER);
  } finally {
    await s.close();
  }
});
