/**
 * node:test's suite-level `skip` hides a suite's tests: they are never registered, so a run that
 * could not start Chromium or redis-server closes with "0 skipped" although nothing ran.
 * `skippable(reason)` answers the same functions; given a reason, every test is still registered
 * and skipped one by one with that reason (hooks do nothing), so each is counted as skipped.
 */
import * as nodeTest from 'node:test';

type TestFn = typeof nodeTest.test;

export function skippable(reason: string | false): Pick<typeof nodeTest, 'after' | 'before' | 'describe' | 'test'> {
  if (!reason)
    return { after: nodeTest.after, before: nodeTest.before, describe: nodeTest.describe, test: nodeTest.test };
  const idle = () => {};
  // The overloads of `test` differ only in where the body sits; a skipped test has none to run.
  const skipped = ((name: string) => nodeTest.test(name, { skip: reason })) as unknown as TestFn;
  return { after: idle, before: idle, describe: nodeTest.describe, test: skipped };
}
