/**
 * WordPress below its domain's root (`http://127.0.0.1:PORT/blog/`), the plugin in key mode: the
 * elements call the site's own address (`/blog/api/public/v1/…`, `/blog/uploads/…`), which the
 * plugin writes on every conf-* tag it shows, since their default, the origin that served their
 * script, would miss the path. Debian's WordPress and MariaDB under `php -S` (test/e2e/wordpress-stack.ts),
 * a sandbox as the upstream; a visitor reads the schedule and registers with a proof upload.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_KEYS } from '../../sandbox/seed/demo.js';
import { copyBundleInto } from '../../scripts/wordpress-zip.mjs';
import { API, startCountingUpstream, type CountingUpstream } from '../conformance/proxy-conformance.js';
import { onePagePdf } from '../pdf-fixture.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';
import { startWordPress, type WordPress, withoutChallengeProbe, wordPressMissing } from './wordpress-stack.js';

const skip = !chromiumPath() ? NO_CHROMIUM : (wordPressMissing() ?? false);
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${skip}`);

const KEY = DEMO_KEYS.all;

describe('WordPress in a subdirectory (/blog/) holds the key', () => {
  let wp: WordPress;
  let upstream: CountingUpstream;
  let browser: Browser;

  before(
    async () => {
      mkdirSync('.tmp/screenshots', { recursive: true });
      ensureBundle();
      upstream = await startCountingUpstream();
      [wp, browser] = await Promise.all([
        startWordPress(async () => 'https://proxy.example.org', {
          path: '/blog',
          options: {
            conf_widgets_mode: 'key',
            conf_widgets_api_base: upstream.url,
            conf_widgets_api_key: { value: KEY },
          },
        }),
        launchChromium(),
      ]);
      copyBundleInto(join(wp.root, 'wp-content', 'plugins', 'conf-widgets'));
    },
    { timeout: 600_000 },
  );
  after(async () => {
    await browser?.close();
    await wp?.close();
    await upstream?.close();
  });

  test("the plugin answers below the site's path, and not at the domain's root", async () => {
    const origin = new URL(wp.url).origin;
    assert.notEqual(wp.url, origin);
    const read = await fetch(`${wp.url}${API}/events/events?limit=5`);
    assert.equal(read.status, 200, await read.clone().text());
    assert.equal(read.headers.get('x-cache'), 'miss');
    const direct = await fetch(`${upstream.url}${API}/events/events?limit=5`, { headers: { 'x-api-key': KEY } });
    assert.deepEqual(await read.json(), await direct.json());
    const root = await fetch(`${origin}${API}/events/events?limit=5`);
    assert.equal(root.headers.get('x-cache'), null, 'nothing of the plugin at the root of the domain');
  });

  test(
    "a visitor's schedule and registration (with a proof upload) go to /blog/: one registration in the sandbox",
    { timeout: 300_000 },
    async () => {
      const auth = Buffer.from(`${wp.author}:${wp.authorAppPassword}`).toString('base64');
      const res = await fetch(`${wp.url}/?rest_route=/wp/v2/posts`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Conference',
          status: 'publish',
          content: [
            '<!-- wp:conf-widgets/element {"element":"conf-schedule"} /-->',
            '<!-- wp:shortcode -->[conf_registration_form]<!-- /wp:shortcode -->',
          ].join('\n'),
        }),
      });
      const created = (await res.json()) as { link: string };
      assert.equal(res.status, 201, JSON.stringify(created));
      assert.ok(created.link.startsWith(`${wp.url}/`), created.link);

      const email = `wp-blog-${Date.now()}@example.org`;
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' });
      try {
        const page = await context.newPage();
        const problems = watchPage(page);
        const calls: string[] = [];
        page.on('request', (r) => {
          const url = new URL(r.url());
          if (url.pathname.includes(API) || url.pathname.includes('/uploads/')) calls.push(`${r.method()} ${r.url()}`);
        });
        await page.goto(created.link, { waitUntil: 'load' });
        const report = await waitForElements(page, 120_000);
        assert.deepEqual(
          report.map((e) => [e.tag, e.ready]),
          [
            ['conf-schedule', true],
            ['conf-registration-form', true],
          ],
          JSON.stringify(report),
        );
        const used = await page.evaluate(() =>
          [...document.querySelectorAll('conf-schedule, conf-registration-form')].map(
            (e) => (e as unknown as { resolvedEndpoint: { url: string } }).resolvedEndpoint.url,
          ),
        );
        assert.deepEqual(used, [wp.url, wp.url], 'every element calls the site at its path');
        assert.ok((await page.locator('conf-schedule [part~="event-title"]').count()) > 0, 'the schedule shows');

        const form = 'conf-registration-form';
        const field = (name: string) => page.locator(`${form} [name="${name}"]`);
        await field('firstName').fill('Ada');
        await field('lastName').fill('Lovelace');
        await field('email').fill(email);
        await field('ticketTypeId').selectOption('tt-student');
        await field('custom.organization').fill('Analytical Engines');
        await field('custom.tshirt_size').selectOption('m');
        await field('paymentMethodId').selectOption({ index: 1 });
        await field('paymentReference').fill('TX-BLOG-1');
        await page.locator(`${form} input[type="file"]`).setInputFiles({
          name: 'receipt.pdf',
          mimeType: 'application/pdf',
          buffer: onePagePdf(`Receipt for ${email}`),
        });
        await page.locator(`${form} [part~="upload-done"]`).waitFor({ timeout: 60_000 });
        await page.locator(`${form} [part~="submit-button"]`).click();
        await page.locator(`${form} [part~="success"]`).waitFor({ timeout: 60_000 });
        const shown = (await page.locator(`${form} [part~="record-id"]`).textContent())?.trim();
        const store = upstream.sandbox.store;
        assert.deepEqual(
          store.conferences
            .list()
            .flatMap((c) => store.registrations.list(c.id, email))
            .map((r) => r.id),
          [shown],
        );
        assert.ok(
          calls.some((c) => c.startsWith(`PUT ${wp.url}/uploads/`)),
          calls.join('\n'),
        );
        assert.ok(
          calls.some((c) => c.startsWith(`POST ${wp.url}${API}/registrations/registrations`)),
          calls.join('\n'),
        );
        assert.deepEqual(
          calls.filter((c) => !c.split(' ')[1]!.startsWith(`${wp.url}/`)),
          [],
          'no call outside the site',
        );
        assert.deepEqual(withoutChallengeProbe(problems, wp.url), []);
        await page.screenshot({ path: '.tmp/screenshots/wordpress-subdirectory.png', fullPage: true });
      } finally {
        await context.close();
      }
    },
  );

  test('no PHP warning or notice from the plugin', () => {
    assert.doesNotMatch(wp.debugLog(), /plugins\/conf-widgets\//);
  });
});
