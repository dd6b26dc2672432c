// ESLint over every JavaScript and TypeScript file Prettier checks: typescript-eslint's recommended
// rules, eslint-plugin-lit and eslint-plugin-wc for the elements, and eslint-plugin-import-x for
// import order and import circles (`import-x/no-cycle`: no module may reach itself through its
// imports, in src/, proxy/, sandbox/ or anywhere else). `npm run lint`; `npm test` runs it with
// --max-warnings 0.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import { createNodeResolver, flatConfigs as importX } from 'eslint-plugin-import-x';
import { configs as lit } from 'eslint-plugin-lit';
import { configs as wc } from 'eslint-plugin-wc';
import { configs as typescript } from 'typescript-eslint';

/**
 * ESLint's own recommended rules, read from the rules ESLint ships (the list `@eslint/js` publishes
 * as `configs.recommended` is the same selection: the rules whose docs say `recommended`).
 */
const eslintRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
);

/** The globals of the Node that runs the linter: what a script run by that Node can use. */
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

/**
 * Browser globals for the plain JavaScript files served to a browser (the demo site, the WordPress
 * block editor script): the names TypeScript's DOM library declares.
 */
const require = createRequire(import.meta.url);
const domLib = readFileSync(require.resolve('typescript/lib/lib.dom.d.ts'), 'utf8');
const browserGlobals = Object.fromEntries(
  [...domLib.matchAll(/^declare (?:var|function) (\w+)/gm)].map(([, name]) => [name, 'readonly']),
);

/**
 * Arrows that would run back up the layers, which `no-cycle` cannot see when an import is type-only
 * (it skips those): in the browser code, `api/` stands on nothing of ours, `events/` only on `api/`,
 * `core/` on both but no element, and an element on those three, never on a sibling element's
 * folder; nothing there imports the servers or the tests. In the proxy, the cache, the upstream
 * client, the stores and the multipart code serve the handlers and middleware, never the reverse.
 */
const elementFolders = readdirSync('src/elements', { withFileTypes: true }).filter((e) => e.isDirectory());
const layerZones = [
  { target: 'src', from: ['proxy', 'sandbox', 'test', 'scripts', 'stories'] },
  { target: 'src/api', from: ['src/core', 'src/elements', 'src/events'] },
  { target: 'src/events', from: ['src/core', 'src/elements'] },
  { target: 'src/core', from: 'src/elements' },
  ...elementFolders.map(({ name }) => ({
    target: `src/elements/${name}`,
    from: 'src/elements',
    except: [`./${name}`],
    message: 'An element imports from core/, api/ and events/, never from a sibling element (src/README.md).',
  })),
  {
    target: ['proxy/cache', 'proxy/upstream', 'proxy/stores', 'proxy/multipart'],
    from: ['proxy/handlers', 'proxy/middleware'],
  },
];

export default defineConfig(
  {
    // Built, installed or generated files, as in .prettierignore.
    ignores: [
      'node_modules/',
      'dist/',
      'storybook-static/',
      'coverage/',
      '.tmp/',
      '.data/',
      'integrations/wordpress/conf-widgets/assets/*.css',
      '**/fixtures/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { rules: eslintRecommended },
  ...typescript.recommended,
  importX.recommended,
  importX.typescript,
  {
    settings: {
      // Imports name the emitted `.js` file (NodeNext); the source beside it is `.ts`.
      'import-x/resolver-next': [
        createNodeResolver({
          extensionAlias: { '.js': ['.ts', '.js'], '.mjs': ['.mts', '.mjs'] },
          conditionNames: ['types', 'import', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/order': [
        'error',
        {
          // Node's modules, packages, then ours from farthest to nearest; `import type` stays beside
          // the imports of the same module.
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    // A test may reach the test harness and put any element on its page.
    files: ['src/**/*.ts', 'proxy/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    files: ['**/*.ts', '**/*.mts'],
    rules: {
      // TypeScript (strict, `npm test`'s typecheck) already refuses an import of a name a module
      // does not export, reading the declaration files these rules misread (zod's namespace).
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      // Flags `fc.oneof`, `tseslint.configs`: the libraries' own documented use of their default
      // export, which TypeScript types exactly; the rule guards against a CommonJS interop mix-up
      // that TypeScript would report.
      'import-x/no-named-as-default-member': 'off',
      // A name starting with `_` is unused on purpose (a parameter a signature needs, a property
      // left out of a rest object).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    rules: {
      // French typography puts a narrow no-break space before `:` `;` `?` `!`: in the translations'
      // strings and templates it is text, not layout of the code.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true }],
    },
  },
  {
    files: ['src/**/*.ts', 'stories/**/*.ts', 'test/browser/**/*.ts'],
    ...lit['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'stories/**/*.ts', 'test/browser/**/*.ts'],
    ...wc['flat/recommended'],
  },
  {
    files: ['**/*.mjs', 'scripts/**/*.js'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['demo/**/*.js', 'integrations/**/*.js'],
    languageOptions: { globals: browserGlobals },
  },
);
