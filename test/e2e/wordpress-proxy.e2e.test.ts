/**
 * WordPress with no other server: the plugin holds the API key and is the proxy (issue 20).
 * Debian's WordPress and MariaDB (test/e2e/wordpress-stack.ts), the plugin from its ZIP, and a
 * sandbox started here as the upstream, behind a counter of the requests it receives.
 * In Chromium an Administrator chooses "this WordPress site holds the API key" on Settings →
 * Conference widgets and pastes the key (an Author can neither open nor save them). Then the
 * shared proxy conformance suite (test/conformance/proxy-conformance.ts: reads cached with 304,
 * the allow-list, idempotency, body caps, the kiosk token, CORS, uploads, no key in any answer),
 * which the Node proxy passes too, and what is the plugin's own: its REST address space, 409 for a
 * repeat in progress, the write limit, a visitor's post and registration loading from the site
 * alone, a visitor's whole way (schedule, registration with a proof upload, a workshop enrollment)
 * on an Author's post, the kiosk page, stale-while-revalidate and stale-if-error (the post's
 * schedule still shown, marked stale, with the sandbox stopped), and the key in no page or answer.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createScrubber } from '../../proxy/secrets.js';
import { DEMO_IDS, DEMO_KEYS } from '../../sandbox/seed/demo.js';
import { copyBundleInto } from '../../scripts/wordpress-zip.mjs';
import {
  API,
  assertError,
  callTarget,
  proxyConformance,
  registrationBody,
  startCountingUpstream,
  type Answer,
  type ConformanceTarget,
  type CountingUpstream,
} from '../conformance/proxy-conformance.js';
import { onePagePdf } from '../pdf-fixture.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';
import { logIn, startWordPress, type WordPress, withoutChallengeProbe, wordPressMissing } from './wordpress-stack.js';

const skip = !chromiumPath() ? NO_CHROMIUM : (wordPressMissing() ?? false);
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${skip}`);

const KEY = DEMO_KEYS.all;
const KIOSK_TOKEN = `kiosk-${Math.random().toString(36).slice(2)}-${Date.now()}`;
/** Every form of the key and the token, as proxy/secrets.ts finds them (raw, URL, JSON, base64, hex, decoded). */
const secrets = createScrubber([KEY, KIOSK_TOKEN]);
const holdsSecret = (text: string) => secrets.contains(text) || secrets.containsDecoded(text);

describe('WordPress holds the key: the plugin is the proxy', () => {
  let wp: WordPress;
  let upstream: CountingUpstream;
  let browser: Browser;
  /** Every answer the site gave in this file, searched for the key at the end. */
  const seen: string[] = [];

  const target = (): ConformanceTarget => ({
    url: wp.url,
    allowedOrigin: wp.url,
    key: KEY,
    kioskToken: KIOSK_TOKEN,
    upstream,
    seen,
    // As its Administrator would: the box on Settings → Conference widgets.
    writeChallenge: async (on) => {
      const context = await browser.newContext();
      try {
        const page = await logIn(wp, context, wp.admin);
        await page.goto(settingsUrl());
        await page.setChecked('#conf_widgets_write_challenge', on);
        await page.fill('#conf_widgets_write_challenge-difficulty', '1000');
        await Promise.all([page.waitForURL(/options-general\.php\?page=conf-widgets/), page.click('#submit')]);
        assert.equal(await page.isChecked('#conf_widgets_write_challenge'), on);
        seen.push(`settings page, write challenge ${on ? 'on' : 'off'} (Administrator)\n${await page.content()}`);
      } finally {
        await context.close();
      }
    },
  });
  const call = (path: string, init: RequestInit = {}): Promise<Answer> => callTarget(target(), path, init);
  const upstreamCalls = (pathPart: string) => upstream.requests.filter((r) => r.target.includes(pathPart)).length;

  before(
    async () => {
      mkdirSync('.tmp/screenshots', { recursive: true });
      ensureBundle();
      upstream = await startCountingUpstream();
      // The stack stores a proxy URL (an existing install); the Administrator switches to key mode below.
      [wp, browser] = await Promise.all([startWordPress(async () => 'https://proxy.example.org'), launchChromium()]);
      // The built loader and chunks, where the plugin's ZIP carries them (npm run build puts them in its dist/).
      copyBundleInto(join(wp.root, 'wp-content', 'plugins', 'conf-widgets'));
      // The cache policy is a filter; this one reads a file the stale test writes.
      writeFileSync(
        join(wp.root, 'wp-content', 'mu-plugins', 'cfw-test-policy.php'),
        "<?php\nadd_filter('conf_widgets_cache_policy', static function ($p) { $f = __DIR__ . '/cfw-test-policy.json'; return is_file($f) ? json_decode(file_get_contents($f), true) : $p; });\n",
      );
    },
    // A bundle older than src/ is built first (ensureBundle); with WordPress's install that passed
    // 300 s on a loaded machine.
    { timeout: 600_000 },
  );
  after(async () => {
    await browser?.close();
    await wp?.close();
    await upstream?.close();
  });

  const settingsUrl = () => `${wp.url}/wp-admin/options-general.php?page=conf-widgets`;

  test(
    'an Administrator pastes the key on Settings → Conference widgets; Test connection says what is wrong in words',
    { timeout: 180_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
      try {
        const page = await logIn(wp, context, wp.admin);
        const save = async (fields: Record<string, string>) => {
          await page.goto(settingsUrl());
          for (const [id, value] of Object.entries(fields)) await page.fill(`#${id}`, value);
          await Promise.all([page.waitForURL(/options-general\.php\?page=conf-widgets/), page.click('#submit')]);
        };
        const testConnection = async () => {
          await page.goto(settingsUrl());
          await Promise.all([
            page.waitForURL(/options-general\.php\?page=conf-widgets/),
            page.click('#conf-widgets-test'),
          ]);
          return page.locator('#conf-widgets-test-result').innerText();
        };
        await page.goto(settingsUrl());
        // An install with a proxy URL stays in proxy mode until the Administrator chooses.
        assert.equal(await page.isChecked('#conf_widgets_mode-proxy'), true);
        await page.check('#conf_widgets_mode-key');
        await page.fill('#conf_widgets_api_base', upstream.url);
        await page.fill('#conf_widgets_api_key', DEMO_KEYS.planEnded);
        await page.fill('#conf_widgets_kiosk_token', KIOSK_TOKEN);
        await Promise.all([page.waitForURL(/options-general\.php\?page=conf-widgets/), page.click('#submit')]);
        assert.equal(await page.isChecked('#conf_widgets_mode-key'), true);
        assert.equal(await page.inputValue('#conf_widgets_api_key'), '', 'the key is never put back into the page');
        assert.match(await testConnection(), /plan has ended/);

        await save({ conf_widgets_api_key: DEMO_KEYS.revoked });
        assert.match(await testConnection(), /revoked/);
        await save({ conf_widgets_api_base: 'http://127.0.0.1:9' });
        assert.match(await testConnection(), /Could not reach http:\/\/127\.0\.0\.1:9/);
        await save({ conf_widgets_api_base: upstream.url });
        await save({ conf_widgets_api_key: KEY });
        assert.match(
          await page.locator('#conf_widgets_api_key-stored').innerText(),
          /…-all/,
          'the stored key shown by its last four characters',
        );
        assert.match(await testConnection(), /Connected/);
        // Saving again with the field left empty keeps the key.
        await save({});
        assert.match(await testConnection(), /Connected/);
        await page.screenshot({ path: '.tmp/screenshots/wordpress-key-settings.png', fullPage: true });
        const html = await page.content();
        seen.push(`settings page (Administrator)\n${html}`);
        assert.ok(!holdsSecret(html), 'the settings page holds no form of the key or the token');
        // WordPress's all-options screen shows the secrets as serialized data, not their text.
        await page.goto(`${wp.url}/wp-admin/options.php`);
        seen.push(`options.php (Administrator)\n${await page.content()}`);

        // An Author can neither read nor change them.
        const author = await logIn(wp, await browser.newContext(), wp.author);
        const res = await author.goto(settingsUrl());
        assert.equal(res?.status(), 403);
        seen.push(`settings page (Author)\n${await author.content()}`);
        const post = await author.request.post(`${wp.url}/wp-admin/options.php`, {
          form: {
            option_page: 'conf-widgets',
            action: 'update',
            conf_widgets_api_key: 'author-chosen-key-123',
            conf_widgets_mode: 'proxy',
          },
        });
        assert.ok(post.status() >= 400, `an Author's save is refused: ${post.status()}`);
        seen.push(`options.php POST (Author)\n${await post.text()}`);
        const rest = await fetch(`${wp.url}/?rest_route=/wp/v2/settings`, {
          headers: { authorization: `Basic ${btoa(`${wp.author}:${wp.authorAppPassword}`)}` },
        });
        assert.equal(rest.status, 403);
        seen.push(`REST settings (Author)\n${await rest.text()}`);
        await author.context().close();
      } finally {
        await context.close();
        // What the rest of the file needs, whatever step above failed: one failure here is not
        // every later case failing against a half-configured site.
        wp.setOptions({
          conf_widgets_mode: 'key',
          conf_widgets_api_base: upstream.url,
          conf_widgets_api_key: { value: KEY },
          conf_widgets_kiosk_token: { value: KIOSK_TOKEN },
        });
      }
    },
  );

  test("a read through the plugin is the sandbox's data; the second is served from the cache (no upstream call); 304 with If-None-Match", async () => {
    const direct = await fetch(`${upstream.url}${API}/events/events?limit=5`, { headers: { 'x-api-key': KEY } }).then(
      (r) => r.json(),
    );
    const before = upstreamCalls('/events/events');
    const first = await call(`${API}/events/events?limit=5`);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.json(), direct);
    assert.equal(first.headers.get('x-cache'), 'miss');
    assert.match(first.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(upstreamCalls('/events/events'), before + 1);
    assert.ok(
      upstream.requests.filter((r) => r.target.includes('/events/')).every((r) => r.key === KEY),
      'the key went upstream as X-API-Key',
    );

    // Again, with a parameter the contract does not list (dropped, so it cannot defeat the cache),
    // and through the REST address space (`/index.php/wp-json/...` on a site without pretty permalinks).
    const second = await call(`${API}/events/events?limit=5&bust=1`);
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('x-cache'), 'hit');
    assert.equal(second.text, first.text);
    const etag = second.headers.get('etag');
    assert.ok(etag && etag === first.headers.get('etag'));
    assert.match(
      second.headers.get('cache-control') ?? '',
      /^public, max-age=\d+, stale-while-revalidate=30, stale-if-error=86400$/,
    );
    const rest = await call(`/index.php/wp-json/conf-widgets${API}/events/events?limit=5`);
    assert.equal(rest.status, 200);
    assert.equal(rest.headers.get('x-cache'), 'hit');
    // Only a PUT of /uploads/<kind> is the plugin's: a GET there stays WordPress's (a page may live there).
    const page = await fetch(`${wp.url}/uploads/registration-evidence`, { redirect: 'manual' });
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const notModified = await call(`${API}/events/events?limit=5`, { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.text, '');
    assert.equal(upstreamCalls('/events/events'), before + 1, 'one upstream call for all four reads');
  });

  // The cases the Node proxy passes too (test/node/proxy-conformance.test.ts).
  proxyConformance(test, target);

  test("an abstract with two attachments (PHP's array form, attachments[]) reaches the sandbox with both, named as the Node proxy names them; a retry with a new boundary is a replay; two files under the plain name are refused, not forwarded with one missing", async () => {
    const email = `wp-abstract-${Date.now()}@example.org`;
    const registered = await call(`${API}/registrations/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await registrationBody(target(), email)),
    });
    assert.equal(registered.status, 201, registered.text);
    const registrationId = registered.json().data.id as string;
    const form = (fileField: string) => {
      const f = new FormData();
      f.set('registrationId', registrationId);
      f.set('title', 'Engines that weave algebra');
      f.set('authors', JSON.stringify([{ fullName: 'Ada Lovelace' }]));
      f.append(
        fileField,
        new Blob([Uint8Array.from(onePagePdf('Abstract, page 1'))], { type: 'application/pdf' }),
        'abstract.pdf',
      );
      // A PDF under another extension is forwarded as .pdf (its verified type), as the Node proxy does.
      f.append(fileField, new Blob([Uint8Array.from(onePagePdf('Figures'))], { type: 'text/plain' }), 'figures.txt');
      return f;
    };
    const submissions = () =>
      upstream.sandbox.store.conferences
        .list()
        .flatMap((c) => upstream.sandbox.store.abstracts.listSubmissions(c.id, registrationId));
    const idem = `wp-abstract-${email}`;
    const send = (body: FormData) =>
      call(`${API}/abstracts/submissions`, { method: 'POST', headers: { 'idempotency-key': idem }, body });

    const before = upstreamCalls('/abstracts/submissions');
    assertError(await send(form('attachments')), 400, 'validation_failed');
    assert.equal(upstreamCalls('/abstracts/submissions'), before, 'a form PHP lost a file of is not forwarded');
    assert.deepEqual(submissions(), []);

    const first = await send(form('attachments[]'));
    assert.equal(first.status, 201, first.text);
    assert.deepEqual(
      first.json().data.attachments.map((a: { name: string; url: string }) => [a.name, a.url.slice(0, 10)]),
      [
        ['abstract.pdf', 'storage://'],
        ['figures.pdf', 'storage://'],
      ],
    );
    const stored = submissions();
    assert.equal(stored.length, 1);
    assert.deepEqual(
      stored[0]!.attachments.map((a) => a.name),
      ['abstract.pdf', 'figures.pdf'],
    );
    // The same form again: the browser writes a new boundary, the parts are the same.
    const again = await send(form('attachments[]'));
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.text, first.text);
    assert.equal(upstreamCalls('/abstracts/submissions'), before + 1);
    assert.equal(submissions().length, 1);

    const html = new FormData();
    html.set('registrationId', registrationId);
    html.set('title', 'Not a PDF');
    html.set('authors', JSON.stringify([{ fullName: 'Eve' }]));
    html.append('attachments[]', new Blob(['<html><script>alert(1)</script>'], { type: 'application/pdf' }), 'x.pdf');
    assertError(
      await call(`${API}/abstracts/submissions`, { method: 'POST', body: html }),
      415,
      'unsupported_media_type',
    );
    assert.equal(upstreamCalls('/abstracts/submissions'), before + 1, 'refused before the upstream');
  });

  test(
    'a visitor submits an abstract with two PDFs through [conf_abstract_form] in Chromium: the element sends them as attachments[], and the sandbox holds one submission with both',
    { timeout: 180_000 },
    async () => {
      const email = `wp-abstract-visitor-${Date.now()}@example.org`;
      const registered = await call(`${API}/registrations/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await registrationBody(target(), email)),
      });
      assert.equal(registered.status, 201, registered.text);
      const registrationId = registered.json().data.id as string;
      const auth = Buffer.from(`${wp.author}:${wp.authorAppPassword}`).toString('base64');
      const res = await fetch(`${wp.url}/?rest_route=/wp/v2/posts`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Submit an abstract',
          status: 'publish',
          content: `<!-- wp:shortcode -->[conf_abstract_form registration-id="${registrationId}"]<!-- /wp:shortcode -->`,
        }),
      });
      const created = (await res.json()) as { link: string };
      assert.equal(res.status, 201, JSON.stringify(created));
      const submissions = () =>
        upstream.sandbox.store.conferences
          .list()
          .flatMap((c) => upstream.sandbox.store.abstracts.listSubmissions(c.id, registrationId));
      const before = upstreamCalls('/abstracts/submissions');

      const context = await browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'en-US' });
      try {
        const page = await context.newPage();
        const problems = watchPage(page);
        // The part names of each multipart body the page sends (Chromium does not hand the
        // test the post data of a body with files): fetch wrapped before the page's scripts run.
        await page.addInitScript(() => {
          const sent: string[][] = [];
          (window as unknown as { sentParts: string[][] }).sentParts = sent;
          const previous = window.fetch;
          window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
            if (init?.body instanceof FormData) sent.push([...init.body.keys()]);
            return previous(input, init);
          };
        });
        await page.goto(created.link, { waitUntil: 'load' });
        const form = 'conf-abstract-form';
        const field = (name: string) => page.locator(`${form} [name="${name}"]`);
        await field('title').waitFor({ timeout: 60_000 });
        await field('title').fill('Looms that compute');
        await field('authors.0.fullName').fill('Ada Lovelace');
        await page.locator(`${form} input[type="file"]`).setInputFiles([
          { name: 'paper.pdf', mimeType: 'application/pdf', buffer: onePagePdf('The paper') },
          { name: 'figures.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Its figures') },
        ]);
        await page.locator(`${form} [part~="attachments"] li`).nth(1).waitFor({ timeout: 30_000 });
        await page.locator(`${form} [part~="submit-button"]`).click();
        await page.locator(`${form} [part~="success"]`).waitFor({ timeout: 60_000 });
        const shown = (await page.locator(`${form} [part~="record-id"]`).textContent())?.trim();

        // PHP's array form: under the plain name PHP would have kept only figures.pdf.
        const sentParts = await page.evaluate(() => (window as unknown as { sentParts: string[][] }).sentParts);
        assert.deepEqual(sentParts, [['registrationId', 'title', 'authors', 'attachments[]', 'attachments[]']]);
        const stored = submissions();
        assert.deepEqual(
          stored.map((s) => s.id),
          [shown],
        );
        assert.deepEqual(
          stored[0]!.attachments.map((a) => a.name),
          ['paper.pdf', 'figures.pdf'],
        );
        assert.equal(upstreamCalls('/abstracts/submissions'), before + 1);
        assert.deepEqual(withoutChallengeProbe(problems, wp.url), []);
        await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-abstract.png', fullPage: true });
        seen.push(`abstract page (visitor)\n${await page.content()}`);
      } finally {
        await context.close();
      }
    },
  );

  test("/challenge stays WordPress's for a browser's navigation (a page may live there); the forms' fetch gets the API's 404 while the challenge is off", async () => {
    const navigation = await fetch(`${wp.url}/challenge`, { headers: { accept: 'text/html' } });
    assert.match(navigation.headers.get('content-type') ?? '', /^text\/html/);
    await navigation.body?.cancel();
    assertError(await call('/challenge', { headers: { accept: '*/*' } }), 404, 'not_found');
  });

  test('a repeat of a write while the first is still upstream is 409 at once (the Node proxy waits instead), then gets the first answer', async () => {
    const email = `wp-slow-${Date.now()}@example.org`;
    const slowKey = `wp-e2e-slow-${email}`;
    const slowBody = JSON.stringify(await registrationBody(target(), email, 'Slow'));
    const slow = (): Promise<Answer> =>
      call(`${API}/registrations/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': slowKey },
        body: slowBody,
      });
    const firstSlow = slow();
    await new Promise((r) => setTimeout(r, 700));
    assertError(await slow(), 409, 'idempotency_in_progress');
    const first = await firstSlow;
    assert.equal(first.status, 201, first.text);
    const afterSlow = await slow();
    assert.equal(afterSlow.status, 201);
    assert.equal(afterSlow.text, first.text);
    assert.equal(upstream.requests.filter((r) => r.idempotencyKey === slowKey).length, 1);
  });

  test(
    "a visitor sees an Author's post with the schedule and speakers, served by WordPress alone (no endpoint attribute, no other host)",
    { timeout: 120_000 },
    async () => {
      const auth = Buffer.from(`${wp.author}:${wp.authorAppPassword}`).toString('base64');
      const content = [
        '<!-- wp:shortcode -->[conf_schedule]<!-- /wp:shortcode -->',
        '<!-- wp:conf-widgets/element {"element":"conf-speakers"} /-->',
      ].join('\n');
      const res = await fetch(`${wp.url}/?rest_route=/wp/v2/posts`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Programme', status: 'publish', content }),
      });
      const created = (await res.json()) as { link: string };
      assert.equal(res.status, 201, JSON.stringify(created));
      seen.push(`REST post (Author)\n${JSON.stringify(created)}`);

      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      try {
        const page = await context.newPage();
        const problems = watchPage(page);
        const hosts = new Set<string>();
        page.on('request', (r) => hosts.add(new URL(r.url()).origin));
        await page.goto(created.link, { waitUntil: 'load' });
        const report = await waitForElements(page, 60_000);
        assert.ok(report.length >= 2 && report.every((e) => e.ready), JSON.stringify(report));
        const endpoints = await page.evaluate(() => ({
          attributes: document.querySelectorAll('[endpoint]').length,
          used: [
            ...new Set(
              [...document.querySelectorAll('*')]
                .filter((e) => e.localName.startsWith('conf-') && 'resolvedEndpoint' in e)
                .map((e) => (e as unknown as { resolvedEndpoint: { url: string } }).resolvedEndpoint.url),
            ),
          ],
        }));
        assert.deepEqual(endpoints, { attributes: 0, used: [wp.url] }, 'every element calls this site');
        assert.deepEqual(
          [...hosts].filter((h) => h.startsWith('http')),
          [wp.url],
          'the browser asked no other host',
        );
        assert.deepEqual(problems, []);
        await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-post.png', fullPage: true });
        seen.push(`post (visitor)\n${await page.content()}`);
      } finally {
        await context.close();
      }
    },
  );

  test(
    'a visitor registers through [conf_registration_form], with a proof upload: one registration in the sandbox, the one shown',
    { timeout: 180_000 },
    async () => {
      const auth = Buffer.from(`${wp.author}:${wp.authorAppPassword}`).toString('base64');
      const res = await fetch(`${wp.url}/?rest_route=/wp/v2/posts`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Register',
          status: 'publish',
          content: '<!-- wp:shortcode -->[conf_registration_form]<!-- /wp:shortcode -->',
        }),
      });
      const created = (await res.json()) as { link: string };
      assert.equal(res.status, 201, JSON.stringify(created));
      const email = `wp-visitor-${Date.now()}@example.org`;
      const context = await browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'en-US' });
      try {
        const page = await context.newPage();
        const problems = watchPage(page);
        await page.goto(created.link, { waitUntil: 'load' });
        const form = 'conf-registration-form';
        const field = (name: string) => page.locator(`${form} [name="${name}"]`);
        await field('firstName').waitFor({ timeout: 60_000 });
        await field('firstName').fill('Ada');
        await field('lastName').fill('Lovelace');
        await field('email').fill(email);
        await field('ticketTypeId').selectOption('tt-student');
        await field('custom.organization').fill('Analytical Engines');
        await field('custom.tshirt_size').selectOption('m');
        await field('paymentMethodId').selectOption({ index: 1 });
        await field('paymentReference').fill('TX-WP-1');
        await page.locator(`${form} input[type="file"]`).setInputFiles({
          name: 'transfer-receipt.pdf',
          mimeType: 'application/pdf',
          buffer: onePagePdf(`Transfer receipt for ${email}`),
        });
        await page.locator(`${form} [part~="upload-done"]`).waitFor({ timeout: 60_000 });
        await page.locator(`${form} [part~="submit-button"]`).click();
        await page.locator(`${form} [part~="success"]`).waitFor({ timeout: 60_000 });
        const shown = (await page.locator(`${form} [part~="record-id"]`).textContent())?.trim();
        const store = upstream.sandbox.store;
        const rows = store.conferences.list().flatMap((c) => store.registrations.list(c.id, email));
        assert.deepEqual(
          rows.map((r) => r.id),
          [shown],
        );
        assert.deepEqual(withoutChallengeProbe(problems, wp.url), []);
        await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-registration.png', fullPage: true });
        seen.push(`registration page (visitor)\n${await page.content()}`);
      } finally {
        await context.close();
      }
    },
  );

  /**
   * In Chromium the Author logs in, opens a new post in the block editor, inserts the "Conference
   * widget" block and two Shortcode blocks from the inserter, and publishes: the post's id and link.
   */
  const publishInBlockEditor = async (): Promise<{ id: number; link: string }> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' });
    try {
      const page = await logIn(wp, context, wp.author);
      const problems = watchPage(page);
      await page.goto(`${wp.url}/wp-admin/post-new.php`, { timeout: 120_000 });
      await page.waitForFunction(
        () =>
          Boolean(
            (window as unknown as { wp?: { blocks?: { getBlockType(n: string): unknown } } }).wp?.blocks?.getBlockType(
              'conf-widgets/element',
            ),
          ),
        null,
        { timeout: 120_000 },
      );
      // The welcome guide, closed as its "don't show again" does: the editor's preferences.
      await page.evaluate(() => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- WordPress's editor globals (wp.data) have no types in this project.
        const wpg = (window as any).wp;
        wpg.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false);
      });
      await page.locator('.edit-post-welcome-guide').waitFor({ state: 'detached', timeout: 30_000 });
      await page.locator('.editor-post-title__input').fill('Conference');

      /** From the inserter (its toggle in the toolbar), by the block's name as the search finds it. */
      const insert = async (search: string, block: string) => {
        const field = page.locator('.block-editor-inserter__search input');
        if (!(await field.isVisible())) await page.getByRole('button', { name: 'Toggle block inserter' }).click();
        await field.fill(search);
        await page.locator(`.block-editor-inserter__menu .editor-block-list-item-${block}`).first().click();
      };
      await insert('Conference widget', 'conf-widgets-element');
      // The block's sidebar (the open inserter closed the settings): the element it shows.
      const settings = page.getByRole('button', { name: 'Settings', exact: true });
      if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();
      await page.locator('.edit-post-sidebar__panel-tab', { hasText: 'Block' }).click();
      const show = page.getByLabel('Show', { exact: true });
      await show.waitFor({ timeout: 30_000 });
      assert.equal(await show.inputValue(), 'conf-schedule');
      for (const shortcode of ['[conf_registration_form]', '[conf_workshops]']) {
        await insert('Shortcode', 'shortcode');
        const text = page.getByPlaceholder('Write shortcode here…').last();
        await text.waitFor({ timeout: 30_000 });
        await text.fill(shortcode);
      }
      await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-editor.png' });

      await page.locator('.editor-post-publish-panel__toggle').click();
      await page.locator('.editor-post-publish-panel .editor-post-publish-button').click();
      await page.locator('.post-publish-panel__postpublish').waitFor({ timeout: 120_000 });
      const post = await page.evaluate(() => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above.
        const current = (window as any).wp.data.select('core/editor').getCurrentPost() as { id: number; link: string };
        return { id: current.id, link: current.link };
      });
      // WordPress's own editor fetches what this offline site cannot give it (the welcome guide's
      // pictures from s.w.org, the theme's templates an Author may not edit); the block adds nothing.
      const ours = problems.filter((p) => p.startsWith('uncaught:') || /conf-widgets|conf_widgets/.test(p));
      assert.deepEqual(ours, [], 'no error from the block in the editor');
      seen.push(`block editor (Author)\n${await page.content()}`);
      return post;
    } finally {
      await context.close();
    }
  };

  /** The journey's post (block, [conf_registration_form], [conf_workshops]); the stale test opens it again. */
  let journeyLink = '';

  test(
    'an Author publishes the block, [conf_registration_form] and [conf_workshops] in the block editor; a visitor sees the schedule, registers with a proof upload and enrolls: one registration and one enrollment in the sandbox',
    { timeout: 420_000 },
    async () => {
      const created = await publishInBlockEditor();
      const auth = Buffer.from(`${wp.author}:${wp.authorAppPassword}`).toString('base64');
      // What the Author loads back: the post in the editor's context, with its raw content.
      const edit = await fetch(`${wp.url}/?rest_route=/wp/v2/posts/${created.id}&context=edit`, {
        headers: { authorization: `Basic ${auth}` },
      });
      assert.equal(edit.status, 200);
      const editText = await edit.text();
      seen.push(`REST post, edit context (Author)\n${editText}`);
      const raw = (JSON.parse(editText) as { content: { raw: string }; status: string }).content.raw;
      assert.equal((JSON.parse(editText) as { status: string }).status, 'publish');
      assert.match(raw, /<!-- wp:conf-widgets\/element \/-->/, 'the block, with its default element (the schedule)');
      assert.match(raw, /<!-- wp:shortcode -->\s*\[conf_registration_form\]\s*<!-- \/wp:shortcode -->/);
      assert.match(raw, /<!-- wp:shortcode -->\s*\[conf_workshops\]\s*<!-- \/wp:shortcode -->/);
      journeyLink = created.link;

      const email = `wp-journey-${Date.now()}@example.org`;
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' });
      try {
        const page = await context.newPage();
        const problems = watchPage(page);
        // Every answer the visitor's browser receives from the site, headers and body, is searched for the key.
        const answers: Promise<void>[] = [];
        page.on('response', (r) => {
          answers.push(
            r.body().then(
              (body) =>
                void seen.push(
                  `${r.request().method()} ${r.url()} (visitor)\n${JSON.stringify(r.headers())}\n${body.toString('latin1')}`,
                ),
              () => undefined,
            ),
          );
        });
        await page.goto(created.link, { waitUntil: 'load' });
        const report = await waitForElements(page, 60_000);
        assert.deepEqual(
          report.map((e) => [e.tag, e.ready]),
          [
            ['conf-schedule', true],
            ['conf-registration-form', true],
            ['conf-workshops', true],
          ],
          JSON.stringify(report),
        );
        assert.ok(
          (await page.locator('conf-schedule [part~="event-title"]').count()) > 0,
          'the schedule shows its events',
        );

        const form = 'conf-registration-form';
        const field = (name: string) => page.locator(`${form} [name="${name}"]`);
        await field('firstName').fill('Grace');
        await field('lastName').fill('Hopper');
        await field('email').fill(email);
        await field('ticketTypeId').selectOption('tt-student');
        await field('custom.organization').fill('Compilers Inc.');
        await field('custom.tshirt_size').selectOption('m');
        await field('paymentMethodId').selectOption({ index: 1 });
        await field('paymentReference').fill('TX-WP-JOURNEY');
        await page.locator(`${form} input[type="file"]`).setInputFiles({
          name: 'receipt.pdf',
          mimeType: 'application/pdf',
          buffer: onePagePdf(`Receipt for ${email}`),
        });
        await page.locator(`${form} [part~="upload-done"]`).waitFor({ timeout: 60_000 });
        await page.locator(`${form} [part~="submit-button"]`).click();
        await page.locator(`${form} [part~="success"]`).waitFor({ timeout: 60_000 });
        const registrationId = (await page.locator(`${form} [part~="record-id"]`).textContent())?.trim() ?? '';
        assert.ok(registrationId);

        // The schedule's workshop links open a workshop's enroll view; the registration just made is remembered.
        await page.evaluate((id) => (location.hash = `#workshop-${id}`), DEMO_IDS.capacity3Workshop);
        const workshops = 'conf-workshops';
        await page.locator(`${workshops} [part~="submit-button"]`).waitFor({ timeout: 60_000 });
        const typed = page.locator(`${workshops} [name="registrationId"]`);
        if ((await typed.count()) > 0) await typed.fill(registrationId);
        await page.locator(`${workshops} [part~="submit-button"]`).click();
        const outcome = page.locator(`${workshops} [part~="success"]`);
        await outcome.waitFor({ timeout: 60_000 });
        assert.equal(await outcome.getAttribute('data-status'), 'enrolled');

        const store = upstream.sandbox.store;
        const registrations = store.conferences.list().flatMap((c) => store.registrations.list(c.id, email));
        assert.deepEqual(
          registrations.map((r) => r.id),
          [registrationId],
          'exactly one registration, the one shown',
        );
        const enrollments = store.db
          .prepare<[string], { workshop_id: string; status: string }>(
            'SELECT workshop_id, status FROM workshop_registrations WHERE registration_id = ?',
          )
          .all(registrationId);
        assert.deepEqual(
          enrollments,
          [{ workshop_id: DEMO_IDS.capacity3Workshop, status: 'enrolled' }],
          'exactly one enrollment',
        );
        assert.deepEqual(withoutChallengeProbe(problems, wp.url), []);
        await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-journey.png', fullPage: true });
        seen.push(`journey post (visitor)\n${await page.content()}`);
        await Promise.all(answers);
      } finally {
        await context.close();
      }
    },
  );

  test(
    "the kiosk page works from WordPress: an Editor's page with [conf_checkin], set up with the kiosk token of the settings, checks a badge in through the site (201, one check-in in the sandbox)",
    { timeout: 120_000 },
    async () => {
      // Pages are an Editor's (an Author may publish posts only).
      const auth = Buffer.from(`${wp.editor}:${wp.editorAppPassword}`).toString('base64');
      const res = await fetch(`${wp.url}/?rest_route=/wp/v2/pages`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Kiosk',
          status: 'publish',
          content: '<!-- wp:shortcode -->[conf_checkin]<!-- /wp:shortcode -->',
        }),
      });
      const created = (await res.json()) as { link: string };
      assert.equal(res.status, 201, JSON.stringify(created));
      const badge = 'DEMO-0142';
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      try {
        const page = await context.newPage();
        const problems = watchPage(page);
        const checkins: { status: number; url: string }[] = [];
        page.on('response', (r) => {
          if (r.request().method() === 'POST' && /checkin/.test(r.url()))
            checkins.push({ status: r.status(), url: r.url() });
        });
        await page.goto(created.link, { waitUntil: 'load' });
        // First start: staff type the kiosk's token (the one the Administrator saved in the settings).
        await page.locator('conf-checkin input[name="token"]').fill(KIOSK_TOKEN);
        await page.locator('conf-checkin input[name="location"]').fill('Door WP');
        await page.locator('conf-checkin button[type="submit"]').click();
        await page.locator('conf-checkin [part~="input"]').waitFor({ timeout: 60_000 });
        await page.keyboard.type(badge);
        await page.keyboard.press('Enter');
        await page.waitForFunction(
          () =>
            document
              .querySelector('conf-checkin')
              ?.shadowRoot?.querySelector('[data-counter="checked-in"] dd')
              ?.textContent?.trim() === '1',
          null,
          { timeout: 30_000 },
        );
        assert.deepEqual(
          checkins.map((c) => [new URL(c.url).origin, c.status]),
          [[wp.url, 201]],
          'one check-in, sent to this site, 201',
        );
        const rows = upstream.sandbox.store.db
          .prepare<[string], { location: string }>('SELECT location FROM badge_checkins WHERE badge_code = ?')
          .all(badge);
        assert.deepEqual(rows, [{ location: 'Door WP' }]);
        assert.deepEqual(problems, []);
        await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-kiosk.png' });
        seen.push(`kiosk page (staff)\n${await page.content()}`);
      } finally {
        await context.close();
      }
    },
  );

  test("writes are limited per client address (the proxy's limits, from contract.json): past them 429 with Retry-After, nothing forwarded", async () => {
    let limited: Answer | null = null;
    for (let i = 0; i < 30 && !limited; i++) {
      const before = upstream.requests.length;
      const a = await call(`${API}/registrations/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (a.status === 429) {
        limited = a;
        assert.equal(upstream.requests.length, before, 'the refused write was not forwarded');
      }
    }
    assert.ok(limited, 'a 429 within 30 registrations (the limit is 20 per 10 minutes)');
    assertError(limited, 429, 'rate_limited');
    assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
  });

  test('figures: a cached read through WordPress against a static file from the same PHP server', async () => {
    const median = async (path: string) => {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        const res = await fetch(`${wp.url}${path}`);
        await res.arrayBuffer();
        assert.equal(res.status, 200);
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[7]!;
    };
    const cached = await median(`${API}/events/events?limit=5`);
    const file = await median('/wp-content/plugins/conf-widgets/contract.json');
    console.log(
      `# cached read through WordPress: ${cached.toFixed(1)} ms median; static file from php -S: ${file.toFixed(1)} ms (ratio ${(cached / file).toFixed(1)})`,
    );
  });

  test('past its freshness a read is served from the cache and refreshed once; with the upstream gone it is still served, marked stale', async () => {
    const policy = (p: object) =>
      writeFileSync(join(wp.root, 'wp-content', 'mu-plugins', 'cfw-test-policy.json'), JSON.stringify(p));
    policy({ ttl: 1, swr: 60, sie: 3600 });
    await new Promise((r) => setTimeout(r, 1200));
    const before = upstreamCalls('/events/events');
    const revalidated = await call(`${API}/events/events?limit=5`);
    assert.equal(revalidated.status, 200);
    assert.equal(revalidated.headers.get('x-cache'), 'hit');
    // The refresh runs after the answer has been sent: one upstream call.
    for (let i = 0; i < 50 && upstreamCalls('/events/events') === before; i++)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal(upstreamCalls('/events/events'), before + 1);

    policy({ ttl: 1, swr: 0, sie: 3600 });
    await new Promise((r) => setTimeout(r, 1200));
    await upstream.close();
    const stale = await call(`${API}/events/events?limit=5`);
    assert.equal(stale.status, 200, stale.text);
    assert.equal(stale.headers.get('x-cache'), 'stale');
    assert.equal(stale.headers.get('cache-control'), 'no-cache');
    assert.equal(stale.json().data.length > 0, true);
    // Nothing cached for this one: the API's error shape.
    assertError(await call(`${API}/events/speakers`), 502, 'bad_gateway');

    // The journey's post, with the sandbox stopped: the schedule still shows, marked stale.
    assert.ok(journeyLink, 'the journey test published its post');
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      const staleAnswers: string[] = [];
      page.on('response', (r) => {
        if (r.headers()['x-cache'] === 'stale') staleAnswers.push(r.url());
      });
      await page.goto(journeyLink, { waitUntil: 'load' });
      const schedule = page.locator('conf-schedule');
      await page.locator('conf-schedule [part~="stale"]').waitFor({ timeout: 60_000 });
      assert.equal(await schedule.evaluate((el) => el.matches(':state(stale)')), true);
      assert.ok(
        (await page.locator('conf-schedule [part~="event-title"]').count()) > 0,
        'the schedule still shows its events',
      );
      assert.ok(staleAnswers.length > 0, 'the site served its stale copy');
      await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-stale.png', fullPage: true });
      seen.push(`journey post, upstream stopped (visitor)\n${await page.content()}`);
    } finally {
      await context.close();
    }
  });

  test('no answer, header or page above holds the key or the kiosk token in any form', () => {
    assert.ok(seen.length > 20);
    const leaks = seen.filter(holdsSecret).map((s) => s.split('\n')[0]);
    assert.deepEqual(leaks, []);
    assert.doesNotMatch(wp.debugLog(), new RegExp(KEY), "nor PHP's log");
    assert.doesNotMatch(wp.debugLog(), /plugins\/conf-widgets\//, 'no PHP warning or notice from the plugin');
  });
});
