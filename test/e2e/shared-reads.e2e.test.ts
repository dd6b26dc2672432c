/**
 * "Each resource once per page": the demo site's `/` (eleven elements, several reading the same
 * lists) makes one API request per distinct URL, counted in headless Chromium's network log.
 */
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { countApiRequests } from './api-requests.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from './browser.js';

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

describe('API requests of the demo site', () => {
  let demo: StartedDemo;
  let browser: Browser;

  before(async () => {
    ensureBundle();
    demo = await startDemo({ port: 0, proxy: { logger: () => {} } });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  test('/ asks for each URL once, however many elements read it', { timeout: 120_000 }, async () => {
    const count = await countApiRequests(browser, `${demo.url}/`);
    console.log(`# / made ${count.requests.length} API requests for ${count.distinct} distinct URLs`);
    assert.ok(count.distinct >= 6, `the page reads its resources: ${count.requests.join(', ')}`);
    assert.deepEqual(count.repeated, {}, 'no URL asked twice');
    assert.equal(count.requests.length, count.distinct);
  });
});
