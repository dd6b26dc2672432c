#!/usr/bin/env node
// `npm test`: type-check, server and model tests (node:test over real sockets), then browser tests
// in real Chromium. Installs what a test needs before the first test that needs it: Debian's
// Chromium (the end-to-end tests among the server tests, then the browser tests), redis-server
// (the proxy's Redis store tests), nginx (the proxy behind nginx), WordPress, MariaDB and PHP (the
// WordPress plugin's end-to-end test), and the build (the manifest the plugin's attribute test
// reads), when missing and we may (root with apt-get); otherwise says exactly what to run. Ends with one line: "N passed,
// N failed, N skipped", every skipped test counted and why named. Under CI=true a test skipped
// for a part this script could have installed fails the run: a CI must never pass on tests it
// did not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { avoidableSkips, failuresInTap, partsBeforeServerTests, tallyTap } from './test-tally.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
/** Why server tests were skipped (their `skip` message) and how many each. */
const skipReasons = new Map();
let ok = true;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    ok = false;
    console.error(`=== ${label} failed (exit ${r.status ?? r.signal})`);
  }
  return r.status === 0;
}

export function chromiumPath() {
  for (const p of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && existsSync(p)) return p;
  }
  return null;
}

function ensureChromium() {
  if (chromiumPath()) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("Chromium is missing; installing Debian's chromium package.");
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
  }
  if (chromiumPath()) return true;
  console.error('Browser tests need Chromium. Run: sudo apt-get install -y chromium (or set CHROME_PATH).');
  return false;
}

/** Where the Redis tests look for the server (proxy/test/redis-server.ts). */
export function redisServerPath() {
  for (const p of [process.env.REDIS_SERVER_PATH, '/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (p && existsSync(p)) return p;
  }
  return null;
}

/** The proxy's Redis tests start their own redis-server; without one they skip, so install it. */
function ensureRedis() {
  if (redisServerPath()) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("redis-server is missing; installing Debian's redis-server package (the tests never use its service).");
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { stdio: 'inherit' });
  }
  if (redisServerPath()) return true;
  console.error(
    'The Redis store tests need redis-server and will be skipped. Run: sudo apt-get install -y redis-server (or set REDIS_SERVER_PATH).',
  );
  return false;
}

/** Where test/node/nginx.test.ts looks for nginx. */
export function nginxPath() {
  for (const p of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (p && existsSync(p)) return p;
  }
  return null;
}

/** The proxy-behind-nginx test starts its own nginx with a temp config; without one it skips, so install it. */
function ensureNginx() {
  if (nginxPath()) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("nginx is missing; installing Debian's nginx package (the tests never use its service).");
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (nginxPath()) return true;
  console.error('The nginx test will be skipped. Run: sudo apt-get install -y nginx (or set NGINX_PATH).');
  return false;
}

/** What the WordPress plugin's end-to-end test runs (test/e2e/wordpress-stack.ts checks the same). */
const WORDPRESS_PACKAGES = ['wordpress', 'wordpress-theme-twentytwentythree', 'mariadb-server', 'php-mysql', 'php-cli'];
function hasWordPressStack() {
  const php = spawnSync('php', ['-m'], { encoding: 'utf8' });
  return (
    existsSync('/usr/share/wordpress/wp-settings.php') &&
    existsSync('/usr/share/wordpress/wp-content/themes/twentytwentythree/theme.json') &&
    existsSync('/usr/sbin/mariadbd') &&
    php.status === 0 &&
    php.stdout.split('\n').includes('mysqli')
  );
}

/**
 * The WordPress test starts its own MariaDB and `php -S` in a temp dir; without Debian's packages it
 * skips, so install them (a few minutes, once). The packages' services are never used.
 */
function ensureWordPress() {
  if (hasWordPressStack()) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log(`The WordPress end-to-end test needs ${WORDPRESS_PACKAGES.join(', ')}; installing Debian's packages.`);
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...WORDPRESS_PACKAGES], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (hasWordPressStack()) return true;
  console.error(
    `The WordPress end-to-end test will be skipped. Run: sudo apt-get install -y --no-install-recommends ${WORDPRESS_PACKAGES.join(' ')}`,
  );
  return false;
}

// `npm test -- sandbox proxy` runs only the server tests under those folders;
// `--no-lint`, `--no-browser` and `--no-typecheck` skip those stages.
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const skipBrowser = args.includes('--no-browser') || (only.length > 0 && !only.includes('browser'));
const skipTypecheck = args.includes('--no-typecheck') || only.length > 0;

mkdirSync('.tmp', { recursive: true });

// Lint: ESLint (eslint.config.js: typescript-eslint, lit, wc, import order, no import circles or
// arrows back up the layers) with no warning allowed, then Prettier's check of the whole tree;
// each counts as one test passed or failed.
const skipLint = args.includes('--no-lint') || only.length > 0;
if (!skipLint) {
  for (const [label, tool] of [
    ['lint: eslint', ['eslint', '--max-warnings', '0', '.']],
    ['lint: prettier', ['prettier', '--check', '.']],
  ]) {
    if (run(label, 'npx', tool)) results.passed += 1;
    else results.failed += 1;
  }
}

if (!skipTypecheck) run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);

// Node 20's --test takes no globs: collect *.test.ts under the server folders, and the pure-model
// tests under src/ (named *.node.test.ts; the browser tests there are run by web-test-runner).
function findTests(dir, suffix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : findTests(p, suffix);
    return e.name.endsWith(suffix) ? [p] : [];
  });
}
const serverGlobs = [
  ...findTests('sandbox', '.test.ts'),
  ...findTests('proxy', '.test.ts'),
  ...findTests('scripts', '.test.ts'),
  ...findTests('test/node', '.test.ts'),
  // The demo site end to end in headless Chromium; they skip themselves, saying so, without it.
  ...findTests('test/e2e', '.test.ts'),
  ...findTests('src', '.node.test.ts'),
]
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
const ENSURE = {
  'redis-server': ensureRedis,
  wordpress: ensureWordPress,
  chromium: ensureChromium,
  build: () =>
    existsSync('dist/custom-elements.json') ||
    run('build (the custom-elements manifest the plugin test reads)', 'npm', ['run', 'build']),
};
for (const part of partsBeforeServerTests(serverGlobs, { browserStage: !skipBrowser })) ENSURE[part]();
if (serverGlobs.some((f) => f.endsWith('nginx.test.ts'))) ensureNginx();
// Per run, so a leftover file or another run in the same working tree is never counted.
const tapFile = `.tmp/server-${process.pid}.tap`;
/** The failed server tests, printed again at the very end: a CI log keeps only its tail. */
const serverFailures = [];
rmSync(tapFile, { force: true });
if (serverGlobs.length)
  run('server and model tests', process.execPath, [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...serverGlobs,
  ]);
if (existsSync(tapFile)) {
  const tap = readFileSync(tapFile, 'utf8');
  rmSync(tapFile, { force: true });
  const tally = tallyTap(tap);
  serverFailures.push(...failuresInTap(tap));
  results.passed += tally.passed;
  results.failed += tally.failed;
  results.skipped += tally.skipped;
  for (const [reason, count] of tally.skipReasons) skipReasons.set(reason, (skipReasons.get(reason) ?? 0) + count);
}

// The stories must keep building (CI runs build-storybook); about 15 s.
const skipStorybook = args.includes('--no-storybook') || only.length > 0;
if (!skipStorybook && existsSync('.storybook/main.ts')) {
  if (run('storybook build', 'npm', ['run', 'build-storybook'])) results.passed += 1;
  else results.failed += 1;
}

if (!skipBrowser && existsSync('web-test-runner.config.mjs')) {
  if (ensureChromium()) {
    // The config's results reporter writes the totals; a run that died before writing them
    // counts as one failure, never as silence.
    // Per run, so two runs in one working tree do not read each other's totals.
    const resultsFile = `.tmp/browser-results-${process.pid}.json`;
    rmSync(resultsFile, { force: true });
    const passedRun = run('browser tests', 'npx', ['wtr', '--config', 'web-test-runner.config.mjs'], {
      CHROME_PATH: chromiumPath(),
      WTR_RESULTS_FILE: resultsFile,
    });
    if (existsSync(resultsFile)) {
      const b = JSON.parse(readFileSync(resultsFile, 'utf8'));
      results.passed += b.passed ?? 0;
      results.failed += b.failed ?? 0;
      results.skipped += b.skipped ?? 0;
      console.log(
        `=== browser tests: ${b.passed} passed, ${b.failed} failed, ${b.skipped} skipped in ${b.files} files`,
      );
      rmSync(resultsFile, { force: true });
    } else if (!passedRun) {
      results.failed += 1;
    }
  } else {
    ok = false;
  }
}

// A CI must never pass on tests it did not run for want of a part this script installs.
if (process.env.CI === 'true') {
  for (const [reason, count] of avoidableSkips(skipReasons)) {
    console.error(`=== CI=true: ${count} test(s) skipped for a part npm test installs: ${reason}`);
    results.failed += count;
  }
}

if (serverFailures.length) {
  console.log(`\n=== failed server tests (${serverFailures.length}):`);
  for (const f of serverFailures.slice(0, 40)) {
    console.log(`✖ ${f.name}\n    at ${f.location}`);
    for (const line of f.error) console.log(`    ${line}`);
  }
  if (serverFailures.length > 40) console.log(`… and ${serverFailures.length - 40} more above`);
}

const why = [...skipReasons].map(([reason, count]) => `${count} × ${reason}`).join('; ');
console.log(
  `\n${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped${why ? ` (skipped: ${why})` : ''}`,
);
process.exit(ok && results.failed === 0 ? 0 : 1);
