#!/usr/bin/env node
// `npm run build`:
//   dist/conf-widgets.js           every element in one ES module, lit included (what the proxy
//                                  serves at /conf-widgets.js and what a CMS page's script tag loads)
//   dist/elements/conf-<name>.js   one element alone, also self-contained, for a page that needs one
//   dist/esm/**                    the sources as ES modules with .d.ts, for npm users' bundlers
//                                  (lit stays a dependency, so it is shared with the host app)
//   dist/custom-elements.json      the manifest, from the elements' JSDoc
//   dist/node/{proxy,sandbox}/**   the proxy and the sandbox as JavaScript with .d.ts, so npm users
//                                  import `conf-widgets/proxy` without a TypeScript loader
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { bundlePlugins } from './bundle-plugins.mjs';

/** The bundle's budget (issue 4): what a CMS page downloads for every element. */
const BUDGET_GZIP_BYTES = 40_000;

rmSync('dist', { recursive: true, force: true });

/** One self-contained ES module (no chunks), minified, with its exports kept. */
async function bundle(entry, file) {
  await build({
    configFile: false,
    logLevel: 'warn',
    plugins: bundlePlugins(),
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      // terser over esbuild's minifier: two compress passes and module scope save about 2 kB gzip
      // (measured on the bundle), for a few seconds more build time.
      minify: 'terser',
      terserOptions: {
        ecma: 2020,
        module: true,
        compress: { passes: 2 },
        format: { comments: false },
      },
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: entry,
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: file, inlineDynamicImports: true },
      },
    },
  });
}

await bundle('src/index.ts', 'conf-widgets.js');
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
step('proxy and sandbox', 'npx', ['tsc', '-p', 'tsconfig.node.json']);
step('custom elements manifest', 'npx', ['cem', 'analyze', '--config', 'custom-elements-manifest.config.mjs']);
/**
 * Raw and gzip size per entry (kB = 1000 bytes; gzip level 9, close to what CDNs serve); the
 * bundle's row is checked against the budget, so a regression shows in every build.
 */
function sizeReport(files) {
  const kb = (n) => (n / 1000).toFixed(1).padStart(6) + ' kB';
  const rows = files.map((file) => {
    const code = readFileSync(file);
    return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  });
  const width = Math.max(...rows.map((r) => r.file.length));
  console.log(`${'entry'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`);
  for (const r of rows) console.log(`${r.file.padEnd(width)}  ${kb(r.raw)}  ${kb(r.gzip)}`);
  const bundle = rows[0];
  const verdict = bundle.gzip <= BUDGET_GZIP_BYTES ? 'within' : 'OVER';
  console.log(`${bundle.file}: ${kb(bundle.gzip).trim()} gzip, ${verdict} the ${kb(BUDGET_GZIP_BYTES).trim()} budget`);
}
sizeReport(['dist/conf-widgets.js', ...elements.map((n) => `dist/elements/conf-${n}.js`)]);

console.log(`build: dist/conf-widgets.js, ${elements.map((n) => `dist/elements/conf-${n}.js`).join(', ')}, dist/esm, dist/node, dist/custom-elements.json`);
