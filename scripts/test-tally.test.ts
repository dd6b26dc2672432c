/**
 * What `npm test` counts and installs (scripts/test-tally.mjs), against real node:test reports.
 * A fresh machine once closed with "821 passed, 0 failed, 0 skipped" after skipping ten end-to-end
 * suites, because Chromium was installed only after them and suite-level skips are not in the
 * summary's count.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { avoidableSkips, failuresInTap, partsBeforeServerTests, tallyTap } from './test-tally.mjs';

function tapOf(file: string): string {
  // Without the parent run's NODE_TEST_CONTEXT, the child reports as `npm test`'s own run does.
  const { NODE_TEST_CONTEXT: _parent, ...env } = process.env;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', file], {
    encoding: 'utf8',
    env,
  });
  return r.stdout;
}

describe('npm test: counting and installing', () => {
  it('counts every skipped test, and a suite skipped as a whole at least once', () => {
    const tally = tallyTap(tapOf('scripts/fixtures/skips.fixture.ts'));
    assert.equal(tally.passed, 1);
    assert.equal(tally.failed, 0);
    // The suite skipped one by one: 2; the suite skipped whole: 1 (its tests were never registered).
    assert.equal(tally.skipped, 3);
    assert.deepEqual([...tally.skipReasons.values()], [3]);
  });

  it('names each failed test with its suites and the first lines of its error; a suite failed by its tests is not listed again', () => {
    const tap = tapOf('scripts/fixtures/failures.fixture.ts');
    assert.equal(tallyTap(tap).failed, 2, 'node:test counts tests, not the suites they fail');
    const failures = failuresInTap(tap);
    assert.deepEqual(
      failures.map((f) => [f.name, f.error]),
      [
        ['outer suite › fails with a message', ['one is not two', '1 !== 2']],
        ['outer suite › inner › throws', ['boom', 'second line']],
      ],
    );
    assert.match(failures[0]!.location, /failures\.fixture\.ts:\d+:\d+$/);
  });

  it('under CI, skips for a part npm test installs are failures; other skips are not', () => {
    const reasons = new Map([
      ['Chromium not found (set CHROME_PATH)', 3],
      ['redis-server is not installed (apt-get install redis-server); Redis store tests skipped', 2],
      ['WordPress, MariaDB or PHP missing', 1],
      ['dist/custom-elements.json not built (npm run build)', 1],
      ['/repo/node_modules/.bin/workerd is not installed', 2],
      ['only on macOS', 4],
    ]);
    assert.deepEqual(
      avoidableSkips(reasons).map(([, n]) => n),
      [3, 2, 1, 1, 2],
    );
  });

  it('installs Chromium before the server tests when an end-to-end test is among them, even with --no-browser', () => {
    const files = [
      'proxy/test/reads.test.ts',
      'test/e2e/demo.e2e.test.ts',
      'test/e2e/wordpress.e2e.test.ts',
      'test/node/wordpress-plugin.test.ts',
    ];
    assert.deepEqual(partsBeforeServerTests(files, { browserStage: false }), [
      'redis-server',
      'wordpress',
      'chromium',
      'build',
    ]);
    assert.deepEqual(partsBeforeServerTests(['sandbox/test/reads.test.ts'], { browserStage: false }), []);
    assert.deepEqual(partsBeforeServerTests(['sandbox/test/reads.test.ts'], { browserStage: true }), ['chromium']);
  });
});
