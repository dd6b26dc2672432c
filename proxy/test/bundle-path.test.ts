/**
 * The bundle the proxy serves by default is its own package's build, found from the module's URL:
 * a proxy used as a library from another working directory (an app with the package in
 * node_modules) serves the package's `dist/conf-widgets.js`, not the "not built" placeholder.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createProxy } from '../index.js';
import { packageBundlePath, resolveOptions } from '../options.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('from the published layout (dist/node/proxy/options.js) the default is the package’s dist/conf-widgets.js', () => {
  const pkg = mkdtempSync(join(tmpdir(), 'conf-pkg-'));
  const moduleUrl = pathToFileURL(join(pkg, 'node_modules/conf-widgets/dist/node/proxy/options.js')).href;
  assert.equal(packageBundlePath(moduleUrl), join(pkg, 'node_modules/conf-widgets/dist/conf-widgets.js'));
});

test('from the repository the default is its dist/conf-widgets.js, whatever the working directory', () => {
  const cwd = process.cwd();
  process.chdir(tmpdir());
  try {
    assert.equal(
      resolveOptions({ upstream: 'http://127.0.0.1:9', apiKey: 'k'.repeat(32) }).bundlePath,
      join(ROOT, 'dist/conf-widgets.js'),
    );
  } finally {
    process.chdir(cwd);
  }
});

test('where modules are not files (a Worker bundle) there is no default', () => {
  assert.equal(packageBundlePath('worker.js'), null);
  assert.equal(packageBundlePath('https://example.org/worker.js'), null);
});

const built = join(ROOT, 'dist/conf-widgets.js');
test(
  'a proxy made in another working directory serves the built bundle, not the placeholder',
  { skip: existsSync(built) ? false : 'no build (npm run build)' },
  async () => {
    const cwd = process.cwd();
    process.chdir(mkdtempSync(join(tmpdir(), 'conf-app-')));
    const proxy = createProxy({ upstream: 'http://127.0.0.1:9', apiKey: 'k'.repeat(32) });
    try {
      const res = await proxy.fetch(new Request('http://proxy.test/conf-widgets.js'));
      assert.equal(res.status, 200);
      assert.equal(await res.text(), readFileSync(built, 'utf8'));
    } finally {
      process.chdir(cwd);
      await proxy.close();
    }
  },
);
