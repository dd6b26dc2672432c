/**
 * Every browser entry point of package.json `exports` imports on a server: in Node, with no DOM,
 * as Next.js, Nuxt, Astro or SvelteKit do when a page imports `conf-widgets/registration-form`.
 * Nothing throws, no element is defined (the tags upgrade in the browser), no browser global is
 * left behind. Here on the TypeScript sources each export is built from (no build needed); the
 * built files, from the packed tarball, in package.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { browserExports, definedTags, importOnServer } from './server-import.js';

/** The source a built export comes from: `dist/esm/x.js` ← `src/x.ts`, the loader bundle ← `src/loader.ts`. */
function sourceOf(target: string): string | null {
  if (target === './dist/conf-widgets.js') return 'src/loader.ts';
  const esm = /^\.\/dist\/esm\/(.+)\.js$/.exec(target);
  return esm ? `src/${esm[1]}.ts` : null;
}

/**
 * The framework typings (`conf-widgets/react`, `/vue`…) are types with an empty module beside
 * them, generated at build from the manifest: no source to import here; package.test.ts imports
 * them from the tarball with every other export.
 */
const typesOnly = (target: string) => target.startsWith('./dist/frameworks/');

describe('every browser entry point imports in Node without a DOM', () => {
  const entries = browserExports('package.json').filter(({ target }) => !typesOnly(target));
  const tags = definedTags('src/elements');

  test('the exports and tags are found', () => {
    assert.ok(entries.length >= 14, entries.map((e) => e.subpath).join(', '));
    assert.ok(tags.length >= 12, tags.join(', '));
    for (const { subpath, target } of entries) {
      const source = sourceOf(target);
      assert.ok(source && existsSync(source), `${subpath} → ${target}: no source found for it`);
    }
  });

  test('importing each export throws nothing, defines nothing, leaves no browser global', () => {
    const specifiers = entries.map(({ target }) => pathToFileURL(resolve(sourceOf(target)!)).href);
    const result = importOnServer(specifiers, tags, { cwd: process.cwd(), nodeArgs: ['--import', 'tsx'] });
    assert.deepEqual(result.errors, {}, 'imports that threw');
    assert.deepEqual(result.defined, [], 'elements defined on the server');
    assert.deepEqual(result.domGlobals, [], 'browser globals left behind');
  });
});
