// Build-time transforms of the browser bundles (`scripts/build.mjs`). Each removes bytes the
// browser never reads; none changes what the sources mean, so the browser tests, which run the
// sources, still describe the built bundle. The size report of `npm run build` shows their effect.
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
      if (table?.type !== 'ObjectExpression') this.error('ENDPOINTS is no longer an object literal; update scripts/bundle-plugins.mjs');
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

/** Every plugin of the browser bundles, in order. */
export function bundlePlugins() {
  return [templateLiterals(), browserContract()];
}
