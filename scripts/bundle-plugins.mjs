// Build-time transforms of the browser bundles (`scripts/build.mjs`). Each removes bytes the
// browser never reads; none changes what the sources mean, so the browser tests, which run the
// sources, still describe the built bundle. The size report of `npm run build` shows their effect.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifyTemplateLiterals } from 'rollup-plugin-minify-template-literals';

/**
 * Lit `html` and `css` literals without their indentation and comments (esbuild keeps template
 * text as written). html-minifier-terser keeps one space where whitespace separates inline
 * content and leaves the `${}` parts alone; the test of the built bundle renders every element.
 */
export function templateLiterals() {
  return minifyTemplateLiterals({
    include: ['**/src/**/*.ts'],
    failOnError: true,
    // Collapse runs of whitespace to one space but never drop it: a nested template such as
    // html` (${local})` lost its leading space otherwise, gluing "4:00 PM(10:00 AM" together.
    options: { minifyOptions: { conservativeCollapse: true } },
  });
}

/** What `src/api/client.ts` reads of an endpoint at run time; the other fields serve types and servers. */
const BROWSER_ENDPOINT_FIELDS = new Set(['method', 'path']);

/**
 * The browser's view of the contract table: `src/api/contract.ts` stays the one source, but the
 * bundle keeps only {@link BROWSER_ENDPOINT_FIELDS} of each `ENDPOINTS` entry (summaries, scopes,
 * modules, audiences and body schema names are read by the sandbox and the proxy alone). Works on
 * the parsed module, so formatting or quotes in the table cannot fool it; fails the build if the
 * table is not where it expects.
 */
export function browserContract() {
  return {
    name: 'browser-contract',
    transform(code, id) {
      if (!id.endsWith('/src/api/contract.ts')) return null;
      const ast = this.parse(code);
      const table = ast.body
        .flatMap((n) => (n.type === 'ExportNamedDeclaration' ? [n.declaration] : [n]))
        .filter((n) => n?.type === 'VariableDeclaration')
        .flatMap((n) => n.declarations)
        .find((d) => d.id.name === 'ENDPOINTS')?.init;
      if (table?.type !== 'ObjectExpression')
        this.error('ENDPOINTS is no longer an object literal; update scripts/bundle-plugins.mjs');
      let out = '';
      let at = 0;
      for (const entry of table.properties) {
        if (entry.value.type !== 'ObjectExpression') this.error(`ENDPOINTS.${entry.key.name} is not an object literal`);
        const kept = entry.value.properties.filter((p) => BROWSER_ENDPOINT_FIELDS.has(p.key.name ?? p.key.value));
        if (kept.length < 2) this.error(`ENDPOINTS.${entry.key.name} lost its method or path`);
        out += code.slice(at, entry.value.start) + '{' + kept.map((p) => code.slice(p.start, p.end)).join(',') + '}';
        at = entry.value.end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}

/** A translation module (`locales/<locale>.ts` or `locales/<name>.<locale>.ts` under src); group 1 is the locale. */
export const CATALOG_MODULE = /\/src\/(?:.+\/)?locales\/(?:[\w-]+\.)?([a-z]{2,3})\.ts$/;

/**
 * Self-contained translation chunks. A catalog module imports `str` from @lit/localize; bundled
 * as is, the locale chunk would import it back from `conf-widgets.js`, and a page that loaded the
 * bundle under another URL (`/conf-widgets.js?v=1.2.0`) would then run the whole bundle a second
 * time. Here the catalogs get their own copy of lit-localize's `str-tag.js` (the same source, a
 * hundred bytes), so a locale chunk imports nothing.
 */
export function selfContainedCatalogs() {
  const PREFIX = '\0catalog-str-tag:';
  return {
    name: 'self-contained-catalogs',
    // Before Vite's resolver, which would hand the catalogs the shared @lit/localize.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@lit/localize' || !importer) return null;
      const locale = CATALOG_MODULE.exec(importer)?.[1];
      if (!locale) return null;
      const real = await this.resolve('@lit/localize/internal/str-tag.js', importer, { skipSelf: true });
      if (!real) this.error('cannot resolve @lit/localize/internal/str-tag.js');
      // One copy per locale, so each locale's chunk holds its own.
      return `${PREFIX}${locale}:${real.id}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length).replace(/^[a-z]+:/, '');
      const { readFile } = await import('node:fs/promises');
      return readFile(file, 'utf8');
    },
  };
}

/** Every plugin of the browser bundles, in order. */
export function bundlePlugins() {
  return [templateLiterals(), browserContract(), selfContainedCatalogs()];
}

/**
 * The camera decoder's WebAssembly (zxing-wasm's reader, which the `barcode-detector` ponyfill
 * loads), named by its content's hash (`zxing-reader-<hash>.wasm`) so the proxy can serve it
 * `immutable` beside the chunks, like them.
 */
export const DECODER_WASM_SOURCE = fileURLToPath(
  new URL('../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm', import.meta.url),
);

export function decoderWasmFile() {
  const hash = createHash('sha256').update(readFileSync(DECODER_WASM_SOURCE)).digest('base64url').slice(0, 8);
  return `zxing-reader-${hash}.wasm`;
}

/**
 * Puts the decoder's WebAssembly beside the output that needs it (`dir`: the chunks' directory,
 * or the single file's) and tells `camera-scanner.ts` its name (`__CONF_DECODER_WASM__`), which
 * the kiosk resolves against its own chunk's URL: wherever the bundle is served from, the decoder
 * comes from there too, not from a CDN. Only a build whose code uses the name gets the file.
 */
export function decoderWasm(dir) {
  const file = decoderWasmFile();
  return {
    name: 'conf-decoder-wasm',
    config: () => ({ define: { __CONF_DECODER_WASM__: JSON.stringify(`./${file}`) } }),
    generateBundle(_options, bundle) {
      const used = Object.values(bundle).some((o) => o.type === 'chunk' && o.code.includes(file));
      if (used) this.emitFile({ type: 'asset', fileName: `${dir}${file}`, source: readFileSync(DECODER_WASM_SOURCE) });
    },
  };
}
