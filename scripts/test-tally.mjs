// What `npm test` (scripts/run-tests.mjs) decides without running anything: which parts to install
// before the server tests, how a node:test TAP report is counted, and which skips a CI must not
// accept. Pure, so scripts/test-tally.test.ts checks it with real node:test reports.

/**
 * The parts to have before the first server test, for these test files. The end-to-end tests
 * (test/e2e) drive Chromium among the server tests, so Chromium comes before them, not only
 * before the browser stage.
 */
export function partsBeforeServerTests(files, { browserStage }) {
  const parts = [];
  if (files.some((f) => f.startsWith('proxy'))) parts.push('redis-server');
  if (files.some((f) => f.endsWith('wordpress.e2e.test.ts'))) parts.push('wordpress');
  if (browserStage || files.some((f) => f.startsWith('test/e2e'))) parts.push('chromium');
  if (files.some((f) => f.startsWith('test/node'))) parts.push('build');
  return parts;
}

/**
 * Counts a TAP report of node:test. Each `# SKIP` line is one skipped test, or a skipped suite,
 * whose tests node:test never registers: that one is counted once, so a skipped suite is never
 * silence (test/skippable.ts skips a suite's tests one by one instead). The summary's own
 * `# skipped` counts tests only, and said 0 for a run whose every e2e suite was skipped.
 */
export function tallyTap(tap) {
  const n = (k) => Number(tap.match(new RegExp(`^# ${k} (\\d+)`, 'm'))?.[1] ?? 0);
  const skipReasons = new Map();
  let skipped = 0;
  for (const m of tap.matchAll(/^\s*ok \d+ - .*? # SKIP ?(.*)$/gm)) {
    const reason = m[1].trim() || 'no reason given';
    skipped += 1;
    skipReasons.set(reason, (skipReasons.get(reason) ?? 0) + 1);
  }
  return { passed: n('pass'), failed: n('fail') + n('cancelled'), skipped, skipReasons };
}

/**
 * The failed tests of a node:test TAP report, each with its suites' names and the first lines of
 * its error, so the end of `npm test`'s output says what failed even when only its tail is kept.
 * Suites failed only because a test in them did (failureType subtestsFailed) are left out.
 */
export function failuresInTap(tap, maxErrorLines = 8) {
  const lines = tap.split('\n');
  const names = [];
  const failures = [];
  for (let i = 0; i < lines.length; i++) {
    const subtest = lines[i].match(/^(\s*)# Subtest: (.*)$/);
    if (subtest) {
      const depth = subtest[1].length / 4;
      names.length = depth;
      names[depth] = subtest[2];
      continue;
    }
    const failed = lines[i].match(/^(\s*)not ok \d+ - (.*?)(?: # (?:SKIP|TODO).*)?$/);
    if (!failed) continue;
    const depth = failed[1].length / 4;
    const yaml = [];
    if (lines[i + 1]?.trim() === '---') {
      for (i += 2; i < lines.length && lines[i].trim() !== '...'; i++) yaml.push(lines[i]);
    }
    const field = (key) => yaml.find((l) => l.trim().startsWith(`${key}:`));
    if (field('failureType')?.includes('subtestsFailed')) continue;
    const errorAt = yaml.findIndex((l) => l.trim().startsWith('error:'));
    const error = [];
    if (errorAt >= 0) {
      const first = yaml[errorAt].trim().slice('error:'.length).trim();
      if (first && first !== '|-' && first !== '|') error.push(first.replace(/^'(.*)'$/, '$1'));
      const indent = yaml[errorAt].search(/\S/);
      for (const l of yaml.slice(errorAt + 1)) {
        if (l.trim() && l.search(/\S/) <= indent) break;
        if (l.trim()) error.push(l.trim());
      }
    }
    failures.push({
      name: [...names.slice(0, depth), failed[2]].join(' › '),
      location:
        field('location')
          ?.trim()
          .slice('location:'.length)
          .trim()
          .replace(/^'(.*)'$/, '$1') ?? '',
      error: error.slice(0, maxErrorLines),
    });
  }
  return failures;
}

/**
 * Skip reasons naming a part `npm test` installs or makes itself, or one `npm ci` installs (a
 * runtime binary from node_modules: workerd, Bun, Deno).
 */
const INSTALLABLE = [
  /chromium/i,
  /redis-server/i,
  /\bnginx\b/i,
  /wordpress|mariadb|\bphp\b/i,
  /npm run build/i,
  /node_modules\//,
];

/** The skips a CI must count as failures: those for a part `npm test` could have installed. */
export function avoidableSkips(skipReasons) {
  return [...skipReasons].filter(([reason]) => INSTALLABLE.some((p) => p.test(reason)));
}
