/**
 * The WordPress plugin's contract.json is what scripts/wordpress-contract.ts makes from
 * src/api/contract.ts now: an endpoint added, removed or changed in the contract fails here until
 * the file is written again (npm run build, or npx tsx scripts/wordpress-contract.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { WORDPRESS_CONTRACT_FILE, wordpressContract, wordpressContractText } from '../../scripts/wordpress-contract.js';
import { ENDPOINTS, ENDPOINT_IDS, UPLOAD_KINDS, matchPath } from '../../src/api/contract.js';

test('contract.json is the generator output from the current contract', () => {
  assert.equal(
    readFileSync(WORDPRESS_CONTRACT_FILE, 'utf8'),
    wordpressContractText(),
    'run: npx tsx scripts/wordpress-contract.ts',
  );
});

test('contract.json lists exactly the browser-reachable endpoints, with their method and audience', () => {
  const listed = wordpressContract()
    .endpoints.map((e) => `${e.method} ${e.path} ${e.audience}`)
    .sort();
  const reachable = ENDPOINT_IDS.map((id) => ENDPOINTS[id])
    .filter((s) => s.audience !== 'server')
    .map((s) => `${s.method} ${s.path} ${s.audience}`)
    .sort();
  assert.deepEqual(listed, reachable);
  assert.ok(
    !listed.some((l) => l.includes('/health') || l.includes('upload-url')),
    'server endpoints are never forwarded',
  );
  assert.deepEqual(Object.keys(wordpressContract().uploads.kinds).sort(), Object.keys(UPLOAD_KINDS).sort());
});

test('each PCRE pattern accepts and refuses the paths matchPath does', () => {
  const samples = [
    '/abstracts/abstracts/abc-1',
    '/abstracts/abstracts/a%2Fb',
    '/abstracts/abstracts/..',
    '/abstracts/abstracts/',
    '/abstracts/abstracts/a/b',
    '/events/events',
    '/events/events/',
    '/events/eventsx',
  ];
  for (const e of wordpressContract().endpoints) {
    // PCRE's `#...#` delimiters and `(?P<name>` written the JavaScript way.
    const js = new RegExp(e.pattern.slice(1, -1).replace(/\(\?P</g, '(?<'));
    for (const path of [...samples, e.path]) {
      assert.equal(js.test(path), matchPath(e.path, path) !== null, `${e.pattern} on ${path}`);
    }
  }
});
