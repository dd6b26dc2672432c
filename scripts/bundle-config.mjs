// Vite settings of the browser bundles, shared by `scripts/build.mjs` and `vite.config.ts`, so
// `npx vite build` and the full build give the same bundle (which `npm run bench` then measures).
import { bundlePlugins, CATALOG_MODULE, decoderWasm } from './bundle-plugins.mjs';

/** Where the bundle's lazily loaded chunks go, beside it; the proxy serves them under `/conf-widgets/`. */
export const CHUNK_DIR = 'conf-widgets';

/** An element's entry module; group 1 is the element's directory name (`schedule`). */
const ELEMENT_ENTRY = /[\\/]src[\\/]elements[\\/]([^\\/]+)[\\/]define\.ts$/;
/** Marks, among a module's users in `loaderChunks`, a module loaded on demand (`import()`) that reaches it. */
const ON_DEMAND = 'on-demand:';
/** The base class of the form elements: what a module imports (transitively) to be a form. */
const FORM_BASE = /[\\/]src[\\/]core[\\/]conf-form-element\.ts$/;

/**
 * The loader's chunking (`split`), decided per module from which elements import it statically:
 * - translations: one chunk per locale (`de`, `fr`, `es`), fetched when an element speaks it;
 * - one element only: that element's chunk (`schedule`), unless a module another element (or
 *   core) loads on demand also reaches it: then a chunk of its own (`checkin-shared`: idb, for the
 *   kiosk and saved answers);
 * - `<conf-provider>`, and anything two or more elements share: the `core` chunk, one for every
 *   page, except what only form elements share: the `forms` chunk (what more than half the forms
 *   use; what fewer share, a chunk per set of users, e.g. `forms-abstract-exhibit`), so a page
 *   without a form never downloads the form machinery, and what at most one form uses: the `lists`
 *   chunk (the detail dialogs, deep links, card styles; what the schedule shares with the lists is
 *   `lists-schedule`, as its dialog code comes on demand) and the `site` chunk (the site document and
 *   header, for `<conf-page>` and `<conf-site-nav>`), which a form-only page never downloads
 *   either;
 * - anything else (the loader, what is imported only on demand, like the barcode ponyfill): left
 *   to rollup.
 */
function loaderChunks() {
  /** Module id → names of the elements that reach it through static imports; built on first call. */
  let reach = null;
  let forms = null;
  /** Module loaded on demand → the element that alone imports it, else null. */
  let owner = null;
  /** Module loaded on demand → the elements whose static code imports it. */
  let loadedBy = null;
  function walk(getModuleInfo, getModuleIds) {
    reach = new Map();
    forms = new Set();
    owner = new Map();
    loadedBy = new Map();
    for (const id of getModuleIds()) {
      const element = ELEMENT_ENTRY.exec(id)?.[1];
      if (!element) continue;
      const stack = [id];
      const seen = new Set();
      while (stack.length > 0) {
        const m = stack.pop();
        if (seen.has(m)) continue;
        seen.add(m);
        if (FORM_BASE.test(m)) forms.add(element);
        if (!reach.has(m)) reach.set(m, new Set());
        reach.get(m).add(element);
        stack.push(...(getModuleInfo(m)?.importedIds ?? []));
      }
    }
    // What modules loaded on demand (not the elements, which the loader imports so) reach
    // statically, under a pseudo-user per such module; `owner` is the one element importing it,
    // when only one does (the schedule's dialog), whose chunk is already there when it loads.
    for (const id of getModuleIds()) {
      const importers = getModuleInfo(id)?.dynamicImporters ?? [];
      if (ELEMENT_ENTRY.test(id) || !importers.length) continue;
      const by = new Set(importers.flatMap((i) => [...(reach.get(i) ?? [])].filter((u) => !u.startsWith(ON_DEMAND))));
      owner.set(id, by.size === 1 && !by.has('provider') ? [...by][0] : null);
      loadedBy.set(id, by);
      const stack = [id];
      const seen = new Set();
      while (stack.length > 0) {
        const m = stack.pop();
        if (seen.has(m)) continue;
        seen.add(m);
        if (!reach.has(m)) reach.set(m, new Set());
        reach.get(m).add(`${ON_DEMAND}${id}`);
        stack.push(...(getModuleInfo(m)?.importedIds ?? []));
      }
    }
  }
  return function manualChunk(id, { getModuleInfo, getModuleIds }) {
    const locale = CATALOG_MODULE.exec(id)?.[1] ?? /^\0catalog-str-tag:([a-z]+):/.exec(id)?.[1];
    if (locale) return locale;
    if (reach === null) walk(getModuleInfo, getModuleIds);
    const reached = reach.get(id);
    if (!reached) return undefined;
    if (reached.has('provider')) return 'core';
    const users = new Set([...reached].filter((u) => !u.startsWith(ON_DEMAND)));
    // Also reached by a module loaded on demand by others: not in one element's chunk, which
    // every page loading that module would then download whole (idb, shared by the check-in
    // element and the saved answers every data element loads, pulled the kiosk's chunk into
    // every page). A chunk of its own, named after the element: left to rollup, it would follow
    // the element's chunk, which imports it. A module the element's own on-demand views share
    // with it (its texts, its card) stays in its chunk, which those views' pages have already.
    const foreign = [...reached].filter(
      (u) => u.startsWith(ON_DEMAND) && owner.get(u.slice(ON_DEMAND.length)) !== [...users][0],
    );
    if (users.size === 1 && foreign.length > 0) return `${[...users][0]}-shared`;
    // Reached only on demand: rollup's chunks for it.
    if (users.size === 0) return undefined;
    if (users.size === 1) return [...users][0];
    // The forms chunk holds what most forms use (more than half: a chunk per set of forms would
    // cost each form page more requests and more bytes, small chunks compressing worse). What
    // fewer share (the proxy check of the forms that read nothing first, and what it imports) goes
    // to a chunk per set of users, modules loaded on demand counted among them, so the other form
    // pages never download it (left to rollup, such a module joined one of its users' chunks,
    // which the others then imported whole).
    if ([...users].every((e) => forms.has(e))) {
      // A module loaded on demand by these forms only (the registration form's summary, which
      // renders with the form's field templates; the submission's code, which reads the draft's
      // slot) adds no page: those forms' pages have the forms chunk already.
      const extra = [...reached].filter((u) => {
        const by = u.startsWith(ON_DEMAND) ? loadedBy.get(u.slice(ON_DEMAND.length)) : undefined;
        return by !== undefined && (by.size === 0 || [...by].some((e) => !users.has(e)));
      });
      if (users.size * 2 > forms.size && extra.length === 0) return 'forms';
      const names = [...reached].map((u) =>
        u.startsWith(ON_DEMAND) ? u.replace(/^.*[\\/]|\.[jt]s$/g, '') : u.replace(/-form$/, ''),
      );
      return `forms-${names.sort().join('-')}`;
    }
    // What at most one form element uses (detail dialogs, deep links, card styles, which only
    // <conf-workshops> among the forms shares with the lists) stays out of core, so a page with only
    // a form never downloads it. The site document and header: only <conf-page> and
    // <conf-site-nav> import them statically (the schedule's venue screen on demand).
    if ([...users].filter((e) => forms.has(e)).length >= 2) return 'core';
    if ([...users].every((e) => e === 'page' || e === 'site-nav')) return 'site';
    // What the schedule shares with the record lists (lit's repeat): a chunk of its own, so the
    // schedule's first download holds none of the lists' dialogs and windowing, which its event
    // dialog fetches on demand.
    return users.has('schedule') ? 'lists-schedule' : 'lists';
  };
}

/** Where {@link compositionReport} writes, beside the loader (not copied into the WordPress plugin). */
export const COMPOSITION_FILE = 'conf-widgets.modules.json';

/**
 * What each chunk of the loader build is made of: per chunk file, its modules (paths relative to
 * the repository, or `npm:package/path`) with the bytes rollup rendered for each before
 * minification, largest first. `npm run bench -- delivery` prints them beside each page's
 * download, so the next cut is visible. Written as `dist/conf-widgets.modules.json`.
 */
function compositionReport() {
  const root = process.cwd().replace(/\\/g, '/') + '/';
  const name = (id) => {
    const path = id.replace(/\\/g, '/').replace(/^\0/, '');
    const npm = /\/node_modules\/(.*)$/.exec(path);
    return npm ? `npm:${npm[1]}` : path.startsWith(root) ? path.slice(root.length) : path;
  };
  return {
    name: 'composition-report',
    generateBundle(_options, bundle) {
      const chunks = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunks[chunk.fileName] = Object.entries(chunk.modules)
          .map(([id, m]) => [name(id), m.renderedLength])
          .filter(([, bytes]) => bytes > 0)
          .sort((a, b) => b[1] - a[1]);
      }
      this.emitFile({ type: 'asset', fileName: COMPOSITION_FILE, source: JSON.stringify({ chunks }) + '\n' });
    },
  };
}

/**
 * Drops the `/* @__PURE__ *\/` annotations from the minified chunks. Vite lowers the chunks to
 * `build.target` with esbuild after terser has minified them, and esbuild prints the annotations
 * back (about 90 bytes br in the core chunk); nothing reads them after this build.
 */
function dropPureAnnotations() {
  return {
    name: 'drop-pure-annotations',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') chunk.code = chunk.code.replace(/\/\* @__PURE__ \*\/(?=[\w$(])/g, '');
      }
    },
  };
}

/** `conf-widgets/<name>-<hash>.js`; rollup's name for a chunk nobody named is its first module's file name. */
function chunkFileName(chunk) {
  const element = chunk.facadeModuleId ? ELEMENT_ENTRY.exec(chunk.facadeModuleId)?.[1] : undefined;
  const name =
    (element ?? chunk.name)
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'chunk';
  return `${CHUNK_DIR}/${/^[a-z]/.test(name) ? name : `c-${name}`}-[hash].js`;
}

/**
 * One ES module, minified, with its exports kept. `split`: the loader (`src/loader.ts`) with its
 * chunks in `conf-widgets/` (see {@link loaderChunks}), loaded relative to the loader's own URL;
 * otherwise everything in the one file (the per-element entries).
 */
export function bundleConfig({ entry, file, outDir = 'dist', split = false, write = true }) {
  return {
    configFile: false,
    logLevel: 'warn',
    // The decoder's WebAssembly goes where the code that loads it is: the chunks' directory, or
    // beside the single file.
    plugins: [
      ...bundlePlugins(),
      decoderWasm(split ? `${CHUNK_DIR}/` : file.replace(/[^/]*$/, '')),
      ...(split ? [compositionReport()] : []),
      dropPureAnnotations(),
    ],
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
          ? { format: 'es', entryFileNames: file, chunkFileNames: chunkFileName, manualChunks: loaderChunks() }
          : { format: 'es', entryFileNames: file, inlineDynamicImports: true },
      },
    },
  };
}
