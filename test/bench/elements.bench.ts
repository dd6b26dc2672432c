/**
 * Element figures, each beside a baseline measured in the same run:
 *
 * - gzip size of the loader `dist/conf-widgets.js`, of its chunks and of each element's own
 *   entry, beside Lit alone (the floor every entry carries); the budgets of what a page
 *   downloads are checked in delivery.bench.ts.
 *
 * `<conf-schedule>`'s timings at 200, 2,000 and 5,000 events are schedule.bench.ts's.
 *
 * Figures are printed, never asserted: timings depend on the machine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { BUNDLE_PATH } from '../../scripts/demo-server.js';
import { ensureBundle } from '../e2e/browser.js';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;

async function litAloneGzip(): Promise<number> {
  // Lit's own floor: the same bundler settings over a module that only imports Lit.
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      target: 'es2022',
      minify: 'esbuild',
      rollupOptions: { input: 'virtual:lit-only', output: { format: 'es', inlineDynamicImports: true } },
    },
    plugins: [
      {
        name: 'lit-only',
        resolveId: (id) => (id === 'virtual:lit-only' ? id : null),
        load: (id) =>
          id === 'virtual:lit-only'
            ? "export { LitElement, html, css, nothing } from 'lit'; export { property, state } from 'lit/decorators.js';"
            : null,
      },
    ],
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const chunk = outputs[0]?.output.find((o) => o.type === 'chunk');
  return gz(chunk?.code ?? '');
}

async function sizes(): Promise<void> {
  console.log('Bundle sizes (gzip -9):');
  const all = gz(readFileSync(BUNDLE_PATH));
  const lit = await litAloneGzip();
  console.log(`  ${'dist/conf-widgets.js (the loader)'.padEnd(40)} ${kb(all).padStart(9)}`);
  // The chunks the loader imports, beside it: elements, core, forms, translations.
  const chunkDir = BUNDLE_PATH.replace(/[^/\\]*$/, 'conf-widgets');
  const chunks = existsSync(chunkDir)
    ? readdirSync(chunkDir)
        .filter((n) => n.endsWith('.js'))
        .sort()
    : [];
  const chunkGzip = new Map(chunks.map((f) => [f, gz(readFileSync(`${chunkDir}/${f}`))]));
  for (const [f, size] of chunkGzip) console.log(`  ${`dist/conf-widgets/${f}`.padEnd(40)} ${kb(size).padStart(9)}`);
  // What a page downloads, per set of elements, against the budgets: delivery.bench.ts.
  const dir = 'dist/elements';
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.js'))
    .sort()) {
    console.log(`  ${`${dir}/${f}`.padEnd(40)} ${kb(gz(readFileSync(`${dir}/${f}`))).padStart(9)}`);
  }
  console.log(
    `  ${'baseline: Lit alone'.padEnd(40)} ${kb(lit).padStart(9)}   (every entry carries it; the bundle carries it once)`,
  );
}

ensureBundle();
await sizes();
