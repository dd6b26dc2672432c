/**
 * The elements typed in React 19, Preact, Vue 3 and Svelte 5, from the packed tarball (`packTree`:
 * the `prepack` build, so the typings are the ones the build generates from the manifest). One tiny
 * app per framework (frameworks-apps.ts) gets the tarball extracted into its
 * node_modules/conf-widgets, the framework's packages linked from this repository's node_modules
 * (no network), and is checked by the framework's own tool: tsc (React, Preact), vue-tsc with
 * strictTemplates (Vue), svelte-check (Svelte), with skipLibCheck on as app templates have it (a
 * broken .d.ts of ours would then read as `any`, which the wrong variant below would reveal). As
 * written it passes; with an attribute value the element does not take (`view="nope"` on
 * <conf-schedule>) and a handler reading a detail field the event does not have, it fails with a
 * type error naming each. Then the React app, bundled with esbuild, runs in Chromium and a
 * ConfRegisteredEvent from <conf-registration-form> reaches its `onconf-registered` handler.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ok, packTree, run, type Packed } from '../node/pack.js';
import { skippable } from '../skippable.js';
import { chromiumPath, launchChromium, NO_CHROMIUM, watchPage } from './browser.js';
import { APPS } from './frameworks-apps.js';

const REPO = process.cwd();
const BIN = join(REPO, 'node_modules', '.bin');

/** What each app uses besides conf-widgets, linked from this repository's node_modules. */
const FRAMEWORK_PACKAGES: Record<string, string[]> = {
  react: ['react', 'react-dom', '@types/react', '@types/react-dom'],
  preact: ['preact'],
  vue: ['vue'],
  svelte: ['svelte'],
};

let tmp = '';
let packed: Packed;

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'conf-widgets-frameworks-'));
  packed = packTree(REPO, tmp);
});

after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/**
 * tmp/<folder>: the app of framework `name`, conf-widgets extracted from the tarball into its
 * node_modules, and links to the framework's packages and to conf-widgets' own dependencies (lit, …).
 */
function makeApp(name: string, folder = name): string {
  const app = join(tmp, folder);
  for (const [file, text] of Object.entries(APPS[name]!)) {
    mkdirSync(dirname(join(app, file)), { recursive: true });
    writeFileSync(join(app, file), text);
  }
  const modules = join(app, 'node_modules');
  const own = join(modules, 'conf-widgets');
  mkdirSync(own, { recursive: true });
  ok(run('tar', ['-xzf', packed.tarball, '--strip-components=1', '-C', own], app), 'tar -x into the app');
  const dependencies = Object.keys(
    (JSON.parse(readFileSync(join(own, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
      .dependencies ?? {},
  );
  for (const dependency of [...FRAMEWORK_PACKAGES[name]!, ...dependencies]) {
    mkdirSync(dirname(join(modules, dependency)), { recursive: true });
    symlinkSync(join(REPO, 'node_modules', dependency), join(modules, dependency), 'dir');
  }
  return app;
}

/** Replaces `from` (which must be there) with `to` in the app's file. */
function edit(app: string, file: string, from: string, to: string): void {
  const path = join(app, file);
  const text = readFileSync(path, 'utf8');
  assert.ok(text.includes(from), `${file} has no ${from}`);
  writeFileSync(path, text.replace(from, to));
}

interface Checker {
  name: string;
  /** The component the wrong variant edits. */
  file: string;
  check: (app: string) => ReturnType<typeof run>;
}

const CHECKERS: Checker[] = [
  { name: 'react', file: 'src/App.tsx', check: (app) => run(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], app) },
  { name: 'preact', file: 'src/App.tsx', check: (app) => run(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], app) },
  {
    name: 'vue',
    file: 'src/App.vue',
    check: (app) => run(join(BIN, 'vue-tsc'), ['--noEmit', '-p', 'tsconfig.json'], app),
  },
  {
    name: 'svelte',
    file: 'src/App.svelte',
    check: (app) => run(join(BIN, 'svelte-check'), ['--workspace', '.', '--tsconfig', './tsconfig.json'], app),
  },
];

const output = (r: ReturnType<typeof run>) => `${r.stdout}\n${r.stderr}`;

describe('typed in every framework, from the packed tarball', () => {
  test("each framework's typings name every element of the manifest", () => {
    const manifest = JSON.parse(readFileSync(join(packed.pkgDir, 'dist/custom-elements.json'), 'utf8')) as {
      modules: Array<{ declarations?: Array<{ tagName?: string }> }>;
    };
    const tags = manifest.modules.flatMap((m) => m.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : []));
    assert.ok(tags.length >= 12, tags.join(', '));
    for (const name of Object.keys(FRAMEWORK_PACKAGES)) {
      const typings = readFileSync(join(packed.pkgDir, `dist/frameworks/${name}.d.ts`), 'utf8');
      assert.deepEqual(
        tags.filter((tag) => !typings.includes(`'${tag}': `)),
        [],
        `${name}.d.ts leaves these out`,
      );
    }
  });

  for (const { name, file, check } of CHECKERS) {
    test(`${name}: the app passes its typecheck; a wrong attribute value and a wrong detail field fail it`, () => {
      const app = makeApp(name);
      const good = check(app);
      assert.equal(good.status, 0, `${name} as written:\n${output(good)}`);

      edit(app, file, 'view="grid"', 'view="nope"');
      edit(app, file, 'e.detail.id', 'e.detail.nope');
      const wrong = check(app);
      const said = output(wrong);
      assert.notEqual(wrong.status, 0, `${name} with view="nope" passed:\n${said}`);
      // Svelte lists the union in another order than tsc.
      assert.match(said, /Type '"nope"' is not assignable to type '[^']*"screen"[^']*'/, said);
      assert.match(said, /Property 'nope' does not exist on type 'ConfRegisteredDetail'/, said);
    });
  }
});

const ORIGIN = 'http://app.test';
const PAGE = '<!doctype html><html lang="en"><div id="root"></div><script type="module" src="/app.js"></script></html>';
const chromium = skippable(chromiumPath() ? false : NO_CHROMIUM);

chromium.describe('the React app in Chromium', () => {
  let browser: Browser;
  chromium.before(async () => {
    browser = await launchChromium();
  });
  chromium.after(async () => {
    await browser?.close();
  });

  chromium.test(
    'a conf-registered event from <conf-registration-form> reaches the onconf-registered handler',
    async () => {
      const app = makeApp('react', 'react-in-chromium');
      ok(
        run(
          join(BIN, 'esbuild'),
          ['harness.tsx', '--bundle', '--format=esm', '--log-level=error', '--outfile=out/app.js'],
          app,
        ),
        'esbuild of the React app',
      );
      const page = await browser.newPage();
      const problems = watchPage(page);
      // The app from its own origin; nothing answers the elements' API reads there (they fail,
      // which this test is not about).
      const bundle = readFileSync(join(app, 'out/app.js'), 'utf8');
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url === `${ORIGIN}/`) return route.fulfill({ contentType: 'text/html', body: PAGE });
        if (url === `${ORIGIN}/app.js`) return route.fulfill({ contentType: 'text/javascript', body: bundle });
        return route.abort();
      });
      await page.goto(`${ORIGIN}/`);
      await page.waitForFunction(
        () => customElements.get('conf-registration-form') && document.querySelector('conf-registration-form'),
      );
      assert.equal(await page.locator('output').textContent(), '');
      const dispatched = await page.evaluate(() => {
        type EventClass = new (detail: { id: string; registration: unknown }) => Event;
        const { ConfRegisteredEvent } = (window as unknown as { confWidgets: { ConfRegisteredEvent: EventClass } })
          .confWidgets;
        const form = document.querySelector('conf-registration-form')!;
        return form.dispatchEvent(new ConfRegisteredEvent({ id: 'reg-42', registration: {} }));
      });
      assert.equal(dispatched, true);
      await page.locator('output', { hasText: 'reg-42' }).waitFor();
      assert.equal(await page.locator('output').textContent(), 'reg-42');
      const uncaught = problems.filter((p) => p.startsWith('uncaught'));
      assert.deepEqual(uncaught, []);
      await page.close();
    },
  );
});
