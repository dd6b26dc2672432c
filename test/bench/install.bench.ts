/**
 * What a front-end app pays to install the package: a fresh Vite-style app (vite as its dev
 * dependency) installs the packed tarball with `npm install --prefer-offline` (npm's cache answers
 * what it holds, the registry the rest). "after" is this tree's tarball; "before" is the same
 * tarball with package.json's dependency list as it was while the server's dependencies were
 * dependencies of the package (better-sqlite3, hono, @hono/node-server, ioredis, undici, altcha-lib)
 * put back, so the difference is the dependency list alone. One warm-up install fills npm's cache
 * for both; then before and after alternate, ROUNDS times each. Printed: install time (median and
 * each round), node_modules size and package count, and native files (`.node`) in it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packTree } from '../node/pack.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env.INSTALL_ROUNDS ?? 2);

/** package.json `dependencies` before the server code was bundled (commit 2cea679). */
const BEFORE_DEPENDENCIES = {
  '@hono/node-server': '^2.1.8',
  '@lit/context': '^1.1.6',
  '@lit/localize': '^0.12.2',
  '@lit/task': '^1.0.3',
  'altcha-lib': '^2.8.0',
  'barcode-detector': '^3.2.2',
  'better-sqlite3': '^12.11.1',
  hono: '^4.13.19',
  idb: '^8.0.4',
  ioredis: '^6.0.0',
  lit: '^3.3.3',
  undici: '^7.30.2',
  zod: '^4.6.7',
};

function sh(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20, timeout: 1_200_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The tarball with `dependencies` replaced by the old list (and no optional peers). */
function beforeTarball(after: string, dir: string): string {
  const work = join(dir, 'before');
  mkdirSync(work);
  sh('tar', ['-xzf', after], work); // packTree extracted it into dir/package too: this copy is edited
  const pkgFile = join(work, 'package', 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as Record<string, unknown>;
  pkg.dependencies = BEFORE_DEPENDENCIES;
  delete pkg.peerDependencies;
  delete pkg.peerDependenciesMeta;
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
  const out = join(dir, 'conf-widgets-before.tgz');
  sh('tar', ['-czf', out, 'package'], work);
  return out;
}

interface Measured {
  ms: number;
  bytes: number;
  packages: number;
  native: string[];
}

/** Size on disk of a folder's files, the number of packages in it, and its `.node` files. */
function measure(dir: string, into: Omit<Measured, 'ms'> = { bytes: 0, packages: 0, native: [] }) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir.endsWith('node_modules') && !entry.name.startsWith('.') && !entry.name.startsWith('@')) {
        into.packages += 1;
      } else if (dir.endsWith('node_modules') && entry.name.startsWith('@')) {
        into.packages += readdirSync(p).length;
      }
      measure(p, into);
    } else if (entry.isFile()) {
      into.bytes += statSync(p).size;
      if (entry.name.endsWith('.node')) into.native.push(p.slice(p.indexOf('node_modules')));
    }
  }
  return into;
}

function install(tarball: string, dir: string, name: string): Measured {
  const app = join(dir, name);
  mkdirSync(app);
  const vite = (JSON.parse(readFileSync(join(ROOT, 'node_modules/vite/package.json'), 'utf8')) as { version: string })
    .version;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'vite-app', private: true, type: 'module', devDependencies: { vite } }, null, 2),
  );
  writeFileSync(join(app, 'main.js'), "import 'conf-widgets/schedule';\n");
  const started = performance.now();
  sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], app);
  const ms = performance.now() - started;
  const sizes = measure(join(app, 'node_modules'));
  rmSync(app, { recursive: true, force: true });
  return { ms, ...sizes };
}

const dir = mkdtempSync(join(tmpdir(), 'conf-install-bench-'));
try {
  console.log('packing the working tree (npm pack, with its build)…');
  const { tarball: after } = packTree(ROOT, dir);
  const before = beforeTarball(after, dir);
  install(before, dir, 'warm-up'); // fills npm's cache with every package either install takes
  const runs: Record<'before' | 'after', Measured[]> = { before: [], after: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.before.push(install(before, dir, `before-${round}`));
    runs.after.push(install(after, dir, `after-${round}`));
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
  };
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
  console.log(`\nA fresh Vite app (vite + conf-widgets), npm install --prefer-offline, ${ROUNDS} rounds each:`);
  console.log(`${'tarball'.padEnd(8)}  ${'install (median; rounds)'.padEnd(30)}  node_modules  packages  native files`);
  for (const label of ['before', 'after'] as const) {
    const r = runs[label];
    const last = r[r.length - 1]!;
    console.log(
      `${label.padEnd(8)}  ${`${s(median(r.map((x) => x.ms)))} (${r.map((x) => s(x.ms)).join(', ')})`.padEnd(30)}  ${mb(last.bytes).padStart(12)}  ${String(last.packages).padStart(8)}  ${last.native.length ? last.native.join(', ') : 'none'}`,
    );
  }
  const b = runs.before[runs.before.length - 1]!;
  const a = runs.after[runs.after.length - 1]!;
  console.log(
    `after vs before: node_modules ${mb(b.bytes - a.bytes)} smaller (${((a.bytes / b.bytes) * 100).toFixed(0)}%), ${b.packages - a.packages} packages fewer, install ${((median(runs.after.map((x) => x.ms)) / median(runs.before.map((x) => x.ms))) * 100).toFixed(0)}% of the time`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
