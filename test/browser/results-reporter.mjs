// A web-test-runner reporter that writes the run's totals as JSON, so `npm test` can add the
// browser tests to its one closing "N passed, N failed" line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function count(suite, totals) {
  if (!suite) return;
  for (const t of suite.tests ?? []) {
    if (t.skipped) totals.skipped++;
    else if (t.passed) totals.passed++;
    else totals.failed++;
  }
  for (const s of suite.suites ?? []) count(s, totals);
}

export function resultsReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, files: 0, fileErrors: 0 };
      for (const session of sessions) {
        totals.files++;
        count(session.testResults, totals);
        // A file that failed to load or run has errors but no failing test: count it as one.
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          totals.fileErrors++;
          totals.failed++;
        }
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(totals, null, 2));
    },
  };
}
