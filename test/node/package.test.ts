/**
 * The package as npm publishes it (`packTree` in pack.ts: a copy of the working tree packed, so
 * its `prepack` build is what ships). Then, on the tarball: what it holds and what it leaves out,
 * publint and arethetypeswrong with no error, the `conf-widgets` command and its subcommands from
 * the extracted files, every browser entry point imported in Node without a DOM, and the
 * manifest's events.
 *
 * The extracted package runs with this repository's node_modules linked in, not installed from
 * the registry: an install would compile better-sqlite3 (minutes), which is for a later change of
 * the dependencies. About 80 s, nearly all of it the build.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ok, packTree, run } from './pack.js';
import { browserExports, definedTags, importOnServer } from './server-import.js';

const REPO = process.cwd();
const BIN = join(REPO, 'node_modules', '.bin');

interface PackageJson {
  name: string;
  version: string;
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; default: string }>;
  customElements: string;
  sideEffects: string[];
  repository: { url: string };
  homepage: string;
  bugs: { url: string };
  scripts: Record<string, string>;
}

interface ManifestEvent {
  name?: string;
  type?: { text: string; references?: Array<{ name: string; module: string }> };
  eventClass?: { name: string; module: string };
}
interface Manifest {
  modules: Array<{ path: string; declarations?: Array<{ name: string; tagName?: string; events?: ManifestEvent[] }> }>;
}

let tmp = '';
let tarball = '';
/** The extracted package (`package/` inside the tarball). */
let pkgDir = '';
/** Paths inside the tarball, without the `package/` prefix. */
let files: string[] = [];
let pkg: PackageJson;

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'conf-widgets-pack-'));
  ({ tarball, files, pkgDir } = packTree(REPO, tmp));
  symlinkSync(join(REPO, 'node_modules'), join(pkgDir, 'node_modules'), 'dir');
  pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as PackageJson;
});

after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the packed package', () => {
  test('prepack builds: the tarball of a tree without dist/ holds the build', () => {
    assert.equal(pkg.scripts.prepack, 'npm run build');
    for (const f of [
      'dist/conf-widgets.js',
      'dist/conf-widgets.js.br',
      'dist/conf-widgets.js.gz',
      'dist/esm/index.js',
      'dist/esm/index.d.ts',
      'dist/node/proxy/index.js',
      'dist/node/sandbox/index.js',
      'dist/custom-elements.json',
      'dist/conf-widgets-wordpress.zip',
      'LICENSE',
      'README.md',
      'package.json',
    ]) {
      assert.ok(files.includes(f), `${f} is not in the tarball`);
    }
    assert.ok(
      files.some((f) => /^dist\/conf-widgets\/.+\.wasm$/.test(f)),
      'the kiosk decoder',
    );
  });

  test('every export, its types and the bin are in the tarball', () => {
    for (const [subpath, value] of Object.entries(pkg.exports)) {
      for (const target of typeof value === 'string' ? [value] : [value.types, value.default]) {
        assert.ok(files.includes(target.replace(/^\.\//, '')), `${subpath} → ${target} is not in the tarball`);
      }
    }
    assert.deepEqual(Object.keys(pkg.bin), ['conf-widgets']);
    assert.ok(files.includes(pkg.bin['conf-widgets']!), `bin ${pkg.bin['conf-widgets']}`);
    assert.ok(files.includes(pkg.customElements), `customElements ${pkg.customElements}`);
  });

  test('no tests, fixtures or TypeScript sources ship (only .d.ts)', () => {
    const unwanted = files.filter(
      (f) =>
        /\.test\.|\.bench\./.test(f) ||
        /(^|\/)(test|tests|fixtures|__tests__)\//.test(f) ||
        /^(src|proxy|sandbox|scripts|stories|integrations)\/.*\.(ts|mjs|js)$/.test(f) ||
        (/\.ts$/.test(f) && !/\.d\.ts$/.test(f)),
    );
    assert.deepEqual(unwanted, []);
  });

  test('LICENSE, repository, homepage, bugs', () => {
    const license = readFileSync(join(pkgDir, 'LICENSE'), 'utf8');
    assert.match(license, /^MIT License/);
    assert.match(license, /Copyright \(c\) 2026 conf-widgets contributors/);
    assert.match(pkg.repository.url, /^git\+https:\/\/github\.com\/conf-widgets\/conf-widgets\.git$/);
    assert.match(pkg.homepage, /^https:\/\//);
    assert.match(pkg.bugs.url, /^https:\/\//);
  });

  test('each sideEffects pattern for dist/ names shipped files', () => {
    for (const pattern of pkg.sideEffects.filter((p) => p.startsWith('./dist/'))) {
      const re = new RegExp(`^${pattern.slice(2).replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`);
      assert.ok(
        files.some((f) => re.test(f)),
        `${pattern} matches no file in the tarball`,
      );
    }
  });

  test('publint: no error, warning or suggestion', () => {
    const out = ok(run(join(BIN, 'publint'), ['run', tarball, '--strict'], tmp), 'publint');
    assert.match(out, /All good!/, out);
  });

  test('arethetypeswrong: no problem for ESM consumers (node16 from ESM, bundlers)', () => {
    // The package is ESM only ("type": "module", no require condition): the esm-only profile
    // leaves out the CommonJS and node10 resolutions, which cannot load it by design.
    ok(run(join(BIN, 'attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped'], tmp), 'attw');
  });
});

describe('the conf-widgets command, from the extracted tarball', () => {
  const cli = (...args: string[]) => run(process.execPath, [join(pkgDir, pkg.bin['conf-widgets']!), ...args], pkgDir);

  test('conf-widgets --help lists start, proxy and sandbox', () => {
    const out = ok(cli('--help'), 'conf-widgets --help');
    for (const command of ['start', 'proxy', 'sandbox']) assert.match(out, new RegExp(`^  ${command} `, 'm'));
    assert.equal(cli('no-such-command').status, 2);
  });

  test('each subcommand has its --help', () => {
    assert.match(ok(cli('proxy', '--help'), 'proxy --help'), /--upstream URL/);
    assert.match(ok(cli('sandbox', '--help'), 'sandbox --help'), /--fail-rate/);
    assert.match(ok(cli('start', '--help'), 'start --help'), /CONF_SANDBOX_DB/);
  });

  test('conf-widgets start serves the packaged bundle, demo site and API', async () => {
    const { CONF_BASE_URL: _u, CONF_API_KEY: _k, ...env } = process.env;
    const child = spawn(process.execPath, [join(pkgDir, pkg.bin['conf-widgets']!), 'start'], {
      cwd: tmp,
      env: { ...env, PORT: '0', HOST: '127.0.0.1', CONF_SANDBOX_DB: ':memory:' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolveUrl, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /^conf-widgets on (http:\/\/\S+)$/m.exec(out);
          if (m) resolveUrl(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const bundle = await fetch(`${url}/conf-widgets.js`);
      assert.equal(bundle.status, 200);
      assert.equal(await bundle.text(), readFileSync(join(pkgDir, 'dist/conf-widgets.js'), 'utf8'));
      const page = await fetch(`${url}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /conf-widgets\.js/);
      const events = await fetch(`${url}/api/public/v1/events/events?limit=1`);
      assert.equal(events.status, 200, await events.clone().text());
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });
});

describe('the built entry points, from the extracted tarball', () => {
  test('each browser export imports in Node without a DOM, defining nothing', () => {
    const specifiers = browserExports(join(pkgDir, 'package.json')).map(({ subpath }) => pkg.name + subpath.slice(1));
    const tags = definedTags(join(pkgDir, 'dist/esm/elements'));
    assert.ok(specifiers.length >= 14 && tags.length >= 12, `${specifiers.join(', ')} / ${tags.join(', ')}`);
    // The package imports itself by name from its own folder (package.json `exports`).
    const result = importOnServer(specifiers, tags, { cwd: pkgDir });
    assert.deepEqual(result.errors, {}, 'imports that threw');
    assert.deepEqual(result.defined, [], 'elements defined on the server');
    assert.deepEqual(result.domGlobals, [], 'browser globals left behind');
  });
});

describe('the server entry points, from the extracted tarball', () => {
  test('conf-widgets/proxy, /proxy/node, /proxy/stores/redis and /sandbox import from dist/node', () => {
    const specifiers = Object.entries(pkg.exports)
      .filter(([, v]) => typeof v !== 'string' && v.default.startsWith('./dist/node/'))
      .map(([subpath]) => pkg.name + subpath.slice(1));
    assert.ok(specifiers.length >= 4, specifiers.join(', '));
    assert.deepEqual(importOnServer(specifiers, [], { cwd: pkgDir }).errors, {}, 'imports that threw');
  });

  test('conf-widgets/proxy/worker bundles for workerd (--platform=neutral, no externals), and its config template ships', () => {
    assert.ok(files.includes('proxy/deploy/workerd.capnp'));
    ok(
      run(
        join(BIN, 'esbuild'),
        [
          'dist/node/proxy/worker.js',
          '--bundle',
          '--platform=neutral',
          '--format=esm',
          '--log-level=error',
          `--outfile=${join(tmp, 'worker.js')}`,
        ],
        pkgDir,
      ),
      'esbuild of the worker entry',
    );
  });

  test('the proxy as a library, made in another working directory, serves the bundle the package ships', () => {
    const script = `import { createProxy } from ${JSON.stringify(pathToFileURL(join(pkgDir, 'dist/node/proxy/index.js')).href)};
const proxy = createProxy({ upstream: 'http://127.0.0.1:9', apiKey: 'k'.repeat(32), logger: () => {} });
const res = await proxy.fetch(new Request('http://proxy.test/conf-widgets.js', { headers: { 'accept-encoding': 'br' } }));
console.log(JSON.stringify({ status: res.status, encoding: res.headers.get('content-encoding'), length: (await res.arrayBuffer()).byteLength }));
await proxy.close();`;
    const out = JSON.parse(
      ok(run(process.execPath, ['--input-type=module', '-e', script], tmp), 'the proxy from the tarball'),
    ) as {
      status: number;
      encoding: string | null;
      length: number;
    };
    // The build's br copy, whatever the files' modification times after extraction.
    assert.deepEqual(out, {
      status: 200,
      encoding: 'br',
      length: statSync(join(pkgDir, 'dist/conf-widgets.js.br')).size,
    });
  });
});

describe('the custom elements manifest', () => {
  test('its module paths are shipped files', () => {
    const manifest = JSON.parse(readFileSync(join(pkgDir, pkg.customElements), 'utf8')) as Manifest;
    const missing = manifest.modules.map((m) => m.path).filter((p) => !files.includes(p));
    assert.deepEqual(missing, []);
  });

  test('every event has its name, its detail type (exported where it says) and its class', () => {
    const manifest = JSON.parse(readFileSync(join(pkgDir, pkg.customElements), 'utf8')) as Manifest;
    const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
    assert.ok(elements.length >= 12);
    let count = 0;
    for (const element of elements) {
      const names = (element.events ?? []).map((e) => e.name);
      assert.equal(
        new Set(names).size,
        names.length,
        `${element.tagName}: an event listed twice (${names.join(', ')})`,
      );
      for (const event of element.events ?? []) {
        count += 1;
        const where = `${element.tagName} ${event.name ?? '(no name)'}`;
        assert.match(event.name ?? '', /^conf-[a-z-]+$/, where);
        const detail = event.type?.text ?? '';
        assert.match(detail, /^Conf[A-Za-z]+Detail$/, `${where}: type is "${detail}", not a detail type`);
        const ref = event.type?.references?.[0];
        assert.equal(ref?.name, detail, where);
        const dts = readFileSync(resolve(pkgDir, ref!.module.replace(/\.js$/, '.d.ts')), 'utf8');
        assert.match(
          dts,
          new RegExp(`export interface ${detail}\\b`),
          `${where}: ${ref!.module} does not export ${detail}`,
        );
        assert.match(event.eventClass?.name ?? '', /^Conf[A-Za-z]+Event$/, where);
        assert.match(dts, new RegExp(`export declare class ${event.eventClass!.name} extends Event`), where);
        assert.match(
          dts,
          new RegExp(`static readonly type = "${event.name}"`),
          `${where}: the class fires another name`,
        );
      }
    }
    assert.ok(count >= 20, `${count} events`);
  });
});
