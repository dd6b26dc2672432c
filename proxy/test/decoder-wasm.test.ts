/**
 * The kiosk camera's decoder served by the proxy beside the chunks, over real sockets: the name
 * the build gives it is one the chunk route serves, as `application/wasm`, `immutable`, in the
 * encoding the build precompressed that the client accepts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { decoderWasmFile } from '../../scripts/bundle-plugins.mjs';
import { CHUNK_FILE } from '../handlers/bundle.js';
import { startStack, wireGet, type Stack } from './harness.js';

/** A WebAssembly header and enough bytes for compression to matter. */
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(20_000, 7)]);

describe('the decoder WebAssembly from the proxy', () => {
  const name = decoderWasmFile();
  let stack: Stack;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'conf-wasm-'));
    mkdirSync(join(dir, 'conf-widgets'));
    writeFileSync(join(dir, 'conf-widgets.js'), 'export {};\n');
    const file = join(dir, 'conf-widgets', name);
    writeFileSync(file, WASM);
    writeFileSync(`${file}.br`, brotliCompressSync(WASM));
    writeFileSync(`${file}.gz`, gzipSync(WASM));
    stack = await startStack({ bundlePath: join(dir, 'conf-widgets.js') });
  });
  after(async () => {
    await stack.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the build names it by content hash, in the form the chunk route serves', () => {
    assert.match(name, /^zxing-reader-[A-Za-z0-9_-]{8}\.wasm$/);
    assert.match(name, CHUNK_FILE);
  });

  test('served as application/wasm, immutable, brotli when accepted', async () => {
    const br = await wireGet(`${stack.url}/conf-widgets/${name}`, { 'accept-encoding': 'br, gzip' });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-type'], 'application/wasm');
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.ok(br.body.length < WASM.length / 10, `compressed: ${br.body.length} bytes`);
    assert.deepEqual(brotliDecompressSync(br.body), WASM);

    const plain = await wireGet(`${stack.url}/conf-widgets/${name}`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['content-type'], 'application/wasm');
    assert.deepEqual(plain.body, WASM);
  });

  test("only hashed names: the package's own file name and other paths are 404", async () => {
    for (const path of [
      '/conf-widgets/zxing_reader.wasm',
      '/conf-widgets/..%2Fconf-widgets.js',
      `/conf-widgets/${name.replace('.wasm', '.wasmx')}`,
    ]) {
      assert.equal((await wireGet(stack.url + path)).status, 404, path);
    }
  });
});
