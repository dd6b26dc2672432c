// Vite settings of the browser bundles, shared by `scripts/build.mjs` and `vite.config.ts`, so
// `npx vite build` and the full build give the same bundle (which `npm run bench` then measures).
import { bundlePlugins, CATALOG_MODULE } from './bundle-plugins.mjs';

/** Where the bundle's lazily loaded chunks go, beside it; the proxy serves them under `/conf-widgets/`. */
export const CHUNK_DIR = 'conf-widgets';

/**
 * The chunk a module belongs to: translations of one locale together (`de`), everything else in
 * the entry. Only translations are split off: a page with every element needs all the rest at once.
 */
function localeChunk(id) {
  return CATALOG_MODULE.exec(id)?.[1] ?? /^\0catalog-str-tag:([a-z]+):/.exec(id)?.[1];
}

/**
 * One ES module, minified, with its exports kept. `split`: translations in chunks of their own
 * (`conf-widgets/de-<hash>.js`, loaded relative to the bundle's own URL); otherwise everything in
 * the one file (the per-element entries).
 */
export function bundleConfig({ entry, file, outDir = 'dist', split = false, write = true }) {
  return {
    configFile: false,
    logLevel: 'warn',
    plugins: bundlePlugins(),
    build: {
      outDir,
      write,
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
      // Library mode: Vite then leaves import() as it is. Its app-mode preload helper adds about
      // 1 kB and resolves chunk URLs against the page, where a bundle loaded from the proxy's
      // origin needs them resolved against its own URL, as plain import() does.
      lib: { entry, formats: ['es'], fileName: () => file },
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: entry,
        preserveEntrySignatures: 'strict',
        // @lit/localize's index re-exports its whole runtime (configureLocalization, id hashing),
        // whose module-level statements (a hex table, a resolved Deferred) survive tree-shaking
        // unless its modules are known to be free of side effects. We use msg() and str only;
        // core/localize.ts installs msg() explicitly.
        treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@lit[\\/]localize[\\/]/.test(id) },
        output: split
          ? { format: 'es', entryFileNames: file, chunkFileNames: `${CHUNK_DIR}/[name]-[hash].js`, manualChunks: localeChunk }
          : { format: 'es', entryFileNames: file, inlineDynamicImports: true },
      },
    },
  };
}
