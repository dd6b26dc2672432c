#!/usr/bin/env node
// `npm run build`:
//   dist/conf-widgets.js           the loader (src/loader.ts): what the proxy serves at
//                                  /conf-widgets.js and a CMS page's script tag loads; it imports
//                                  the chunks of the elements on the page
//   dist/conf-widgets/<name>-<hash>.js  its chunks: one per element, the shared core and forms
//                                  chunks, one per locale (translations), the barcode ponyfill
//   dist/conf-widgets/zxing-reader-<hash>.wasm  the camera decoder's WebAssembly, which the
//                                  kiosk loads from beside its chunk (bundle-plugins.mjs)
//   *.br, *.gz beside each of those  the same bytes compressed at build time (node:zlib), which the
//                                  proxy sends by the request's Accept-Encoding
//   dist/elements/conf-<name>.js   one element alone, also self-contained, for a page that needs one
//   dist/esm/**                    the sources as ES modules with .d.ts, for npm users' bundlers
//                                  (lit stays a dependency, so it is shared with the host app)
//   dist/custom-elements.json      the manifest, from the elements' JSDoc
//   dist/frameworks/*.d.ts         the elements' typings for React, Preact, Vue and Svelte, from the
//                                  manifest (scripts/framework-types.mjs)
//   dist/node/{proxy,sandbox}/**   the proxy and the sandbox as JavaScript bundles with .d.ts, so npm
//                                  users import `conf-widgets/proxy` without a TypeScript loader and
//                                  without the server's dependencies (scripts/build-server.mjs)
//   dist/node/scripts/cli.js       the package's `conf-widgets` command (start, proxy, sandbox)
//   dist/conf-widgets-wordpress.zip  the WordPress plugin (integrations/wordpress/conf-widgets), with
//                                  the loader and chunks in its dist/ (scripts/wordpress-zip.mjs)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildServer } from './build-server.mjs';
import { bundleConfig, CHUNK_DIR } from './bundle-config.mjs';
import { writeFrameworkTypes } from './framework-types.mjs';
import { wordpressPluginZip } from './wordpress-zip.mjs';

rmSync('dist', { recursive: true, force: true });

/** Builds one bundle (see `bundle-config.mjs`); returns its output files, entry first. */
async function bundle(entry, file, split = false) {
  const result = await build(bundleConfig({ entry, file, split }));
  return (Array.isArray(result) ? result[0] : result).output.filter((o) => o.type === 'chunk');
}

const main = await bundle('src/loader.ts', 'conf-widgets.js', true);
// The loader imports nothing statically (a page pays for its code alone until it finds a tag), and
// no chunk imports the loader back: a page that loaded it under another URL (`?v=...`) would run
// that second copy. Chunks import each other by relative URL, which carries no query string.
for (const chunk of main) {
  const back = chunk.imports.filter((f) => f === 'conf-widgets.js');
  if (chunk.isEntry ? chunk.imports.length > 0 : back.length > 0) {
    console.error(`build: ${chunk.fileName} imports ${chunk.imports.join(', ')}; the loader must stand alone`);
    process.exit(1);
  }
}
/**
 * br (quality 11) and gzip (level 9) copies beside each file the page downloads, made once here so
 * the proxy never compresses per request.
 */
const wasm = readdirSync(`dist/${CHUNK_DIR}`)
  .filter((n) => n.endsWith('.wasm'))
  .map((n) => `dist/${CHUNK_DIR}/${n}`);
const served = [...main.map((c) => `dist/${c.fileName}`), ...wasm];
for (const file of served) {
  const code = readFileSync(file);
  // The 1 MB decoder at quality 11 takes ~7 s for 12 % less than quality 9 (~0.2 s).
  const quality = file.endsWith('.wasm') ? 9 : 11;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(code, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: code.length },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(code, { level: 9 }));
}
/**
 * `dist/conf-widgets.chunks.json`: for each element directory, the chunks a page with only that
 * element downloads after the loader (its own, then what it imports, transitively), from rollup's
 * module graph. `npm run bench` sums their compressed sizes.
 */
const byFile = new Map(main.map((c) => [c.fileName, c]));
const pulled = {};
for (const chunk of main) {
  // The chunk holding the element's entry: its facade, or (when the chunk also exports to chunks
  // loaded on demand, like the schedule's views) one of its modules, reached through its namespace.
  const element = [chunk.facadeModuleId, ...chunk.moduleIds]
    .map((id) => /[\\/]src[\\/]elements[\\/]([^\\/]+)[\\/]define\.ts$/.exec(id ?? '')?.[1])
    .find((e) => e !== undefined);
  if (!element) continue;
  const files = [];
  const visit = (f) => {
    if (files.includes(f)) return;
    files.push(f);
    for (const i of byFile.get(f)?.imports ?? []) visit(i);
  };
  visit(chunk.fileName);
  pulled[element] = files;
}
writeFileSync(
  'dist/conf-widgets.chunks.json',
  JSON.stringify({ loader: 'conf-widgets.js', elements: pulled }, null, 2) + '\n',
);
const elements = readdirSync('src/elements', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`src/elements/${d.name}/define.ts`))
  .map((d) => d.name)
  .sort();
for (const name of elements) await bundle(`src/elements/${name}/define.ts`, `elements/conf-${name}.js`);

function step(label, cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build: ${label} failed`);
    process.exit(r.status ?? 1);
  }
}
step('type declarations', 'npx', ['tsc', '-p', 'tsconfig.build.json']);
await buildServer(); // proxy, sandbox and the command, bundled (scripts/build-server.mjs)
step('custom elements manifest', 'npx', ['cem', 'analyze', '--config', 'custom-elements-manifest.config.mjs']);
// React, Preact, Vue and Svelte typings of every element, from the manifest (conf-widgets/react, …).
writeFrameworkTypes();
step('WordPress contract', 'npx', ['tsx', 'scripts/wordpress-contract.ts']); // contract.json, read by the plugin
// The WordPress plugin, as the archive Plugins → Add New → Upload Plugin takes.
writeFileSync('dist/conf-widgets-wordpress.zip', wordpressPluginZip());
/** Sizes of the loader and its chunks as sent (kB = 1000 bytes); `npm run bench` checks the budgets. */
const kb = (n) => (n / 1000).toFixed(1).padStart(6) + ' kB';
const width = Math.max(...served.map((f) => f.length));
console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}  ${'br'.padStart(9)}`);
for (const f of served) {
  const [raw, gz, br] = ['', '.gz', '.br'].map((x) => readFileSync(f + x).length);
  console.log(`${f.padEnd(width)}  ${kb(raw)}  ${kb(gz)}  ${kb(br)}`);
}

console.log(
  `build: dist/conf-widgets.js (loader), dist/conf-widgets/ (chunks, .br, .gz), ${elements.map((n) => `dist/elements/conf-${n}.js`).join(', ')}, dist/esm, dist/node, dist/custom-elements.json, dist/frameworks, dist/conf-widgets-wordpress.zip`,
);
