/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` in turn, each in its own process (so one
 * benchmark's warm caches and sockets do not flatter the next), and prints their figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`=== ${file} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
