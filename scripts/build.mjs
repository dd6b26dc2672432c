#!/usr/bin/env node
// `npm run build`:
//   dist/conf-widgets.js           every element in one ES module, lit included (what the proxy
//                                  serves at /conf-widgets.js and what a CMS page's script tag loads)
//   dist/elements/conf-<name>.js   one element alone, also self-contained, for a page that needs one
//   dist/esm/**                    the sources as ES modules with .d.ts, for npm users' bundlers
//                                  (lit stays a dependency, so it is shared with the host app)
//   dist/custom-elements.json      the manifest, from the elements' JSDoc
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'vite';

rmSync('dist', { recursive: true, force: true });

/**
 * Minifies the text of Lit `css` literals, which esbuild leaves as written. Only literals with
 * no `${}` are touched, so no JavaScript inside an interpolation is ever rewritten.
 */
function minifyCssLiterals() {
  return {
    name: 'minify-css-literals',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      const out = code.replace(/\bcss`([^`$]*)`/g, (_, body) => {
        const min = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/;}/g, '}')
          .trim();
        return 'css`' + min + '`';
      });
      return { code: out, map: null };
    },
  };
}

/** One self-contained ES module (no chunks), minified, with its exports kept. */
async function bundle(entry, file) {
  await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [minifyCssLiterals()],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      minify: 'esbuild',
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
step('custom elements manifest', 'npx', ['cem', 'analyze', '--config', 'custom-elements-manifest.config.mjs']);
console.log(`build: dist/conf-widgets.js, ${elements.map((n) => `dist/elements/conf-${n}.js`).join(', ')}, dist/esm, dist/custom-elements.json`);
