#!/usr/bin/env node
// `npm run build`:
//   dist/conf-widgets.js           every element in one ES module, lit included (what the proxy
//                                  serves at /conf-widgets.js and what a CMS page's script tag loads)
//   dist/conf-widgets/<locale>-<hash>.js  translations, one chunk per locale, fetched by the bundle
//                                  when an element speaks that language (the proxy serves them too)
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
import { bundleConfig } from './bundle-config.mjs';

/** The bundle's budget (issue 4): what a CMS page downloads for every element. */
const BUDGET_GZIP_BYTES = 40_000;

rmSync('dist', { recursive: true, force: true });

/** Builds one bundle (see `bundle-config.mjs`); returns its output files, entry first. */
async function bundle(entry, file, split = false) {
  const result = await build(bundleConfig({ entry, file, split }));
  return (Array.isArray(result) ? result[0] : result).output.filter((o) => o.type === 'chunk');
}

const main = await bundle('src/index.ts', 'conf-widgets.js', true);
// A chunk that imported from the bundle would make a page that loaded the bundle under another URL
// (`?v=...`) run it twice; a static import would be fetched by every page.
for (const chunk of main) {
  if (chunk.isEntry ? chunk.imports.length > 0 : chunk.imports.length + chunk.dynamicImports.length > 0) {
    console.error(`build: ${chunk.fileName} imports ${[...chunk.imports, ...chunk.dynamicImports].join(', ')}; chunks must stand alone`);
    process.exit(1);
  }
}
/** Locale of each lazily loaded chunk (named after it, see `bundle-config.mjs`). */
const localeChunks = main.filter((c) => !c.isEntry).map((c) => ({ locale: c.name, file: `dist/${c.fileName}` }));
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
/** Raw and gzip size of a file (kB = 1000 bytes; gzip level 9, close to what CDNs serve). */
function sizeOf(file) {
  const code = readFileSync(file);
  return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

/**
 * Size per file, then what a page with every element downloads: the bundle in English, the bundle
 * and the locale's chunk in any other language. The English page is checked against the budget,
 * so a regression shows in every build.
 */
function sizeReport(files) {
  const kb = (n) => (n / 1000).toFixed(1).padStart(6) + ' kB';
  const rows = files.map(sizeOf);
  const width = Math.max(...rows.map((r) => r.file.length), 30);
  console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}`);
  for (const r of rows) console.log(`${r.file.padEnd(width)}  ${kb(r.raw)}  ${kb(r.gzip)}`);
  const bundle = rows[0];
  const pages = [{ locale: 'en', files: [bundle] }];
  for (const c of localeChunks) pages.push({ locale: c.locale, files: [bundle, rows.find((r) => r.file === c.file)] });
  for (const p of pages) {
    const gzip = p.files.reduce((n, f) => n + f.gzip, 0);
    const label = `page with every element, ${p.locale}`;
    console.log(`${label.padEnd(width)}  ${kb(p.files.reduce((n, f) => n + f.raw, 0))}  ${kb(gzip)}  (${p.files.map((f) => f.file.replace('dist/', '')).join(' + ')})`);
  }
  const verdict = bundle.gzip <= BUDGET_GZIP_BYTES ? 'within' : 'OVER';
  console.log(`${bundle.file} (the English page): ${kb(bundle.gzip).trim()} gzip, ${verdict} the ${kb(BUDGET_GZIP_BYTES).trim()} budget`);
}
sizeReport(['dist/conf-widgets.js', ...localeChunks.map((c) => c.file), ...elements.map((n) => `dist/elements/conf-${n}.js`)]);

console.log(`build: dist/conf-widgets.js, ${elements.map((n) => `dist/elements/conf-${n}.js`).join(', ')}, dist/esm, dist/node, dist/custom-elements.json`);
