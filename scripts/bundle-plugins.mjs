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
  return minifyTemplateLiterals({ include: ['**/src/**/*.ts'], failOnError: true });
}

/** Every plugin of the browser bundles, in order. */
export function bundlePlugins() {
  return [templateLiterals()];
}
