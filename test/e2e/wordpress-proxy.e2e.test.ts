/**
 * WordPress with no other server: the plugin holds the API key and is the proxy (issue 20).
 * Debian's WordPress and MariaDB (test/e2e/wordpress-stack.ts), the plugin from its ZIP, and a
 * sandbox started here as the upstream, behind a counter of the requests it receives.
 * In Chromium an Administrator chooses "this WordPress site holds the API key" on Settings →
 * Conference widgets and pastes the key; then, over real HTTP, what the Node proxy does: reads
 * cached (one upstream call), 304, stale when the upstream is gone; anything off the contract 404
 * with no upstream call; a keyed registration sent twice recorded once; check-ins only with the
 * kiosk token; a proof upload through the signed address; CORS; a visitor's post loading from the
 * site alone; and the key in no answer, header or page an Author can load, in any form.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createScrubber } from '../../proxy/secrets.js';
import { createSandbox, type Sandbox } from '../../sandbox/index.js';
import { DEMO_IDS, DEMO_KEYS } from '../../sandbox/seed/demo.js';
import { skippable } from '../skippable.js';
import { copyBundleInto } from '../../scripts/wordpress-zip.mjs';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';
import { startWordPress, wordPressMissing, type WordPress } from './wordpress-stack.js';

const skip = !chromiumPath() ? NO_CHROMIUM : wordPressMissing() ?? false;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${skip}`);

const KEY = DEMO_KEYS.all;
const KIOSK_TOKEN = `kiosk-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const API = '/api/public/v1';
/** Every form of the key and the token, as proxy/secrets.ts finds them (raw, URL, JSON, base64, hex, decoded). */
const secrets = createScrubber([KEY, KIOSK_TOKEN]);
const holdsSecret = (text: string) => secrets.contains(text) || secrets.containsDecoded(text);

interface Upstream {
  url: string;
  sandbox: Sandbox;
  /** Every request the sandbox received: method, path and query, and the key it carried. */
  requests: { method: string; target: string; key: string | null; idempotencyKey: string | null }[];
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  const sandbox = createSandbox();
  const requests: Upstream['requests'] = [];
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const server = serve(
      {
        fetch: async (req: Request) => {
          const url = new URL(req.url);
          requests.push({ method: req.method, target: url.pathname + url.search, key: req.headers.get('x-api-key'), idempotencyKey: req.headers.get('idempotency-key') });
          // A registration for "Slow" takes 2 s upstream: a repeat arrives while it is in progress.
          if (req.method === 'POST' && (await req.clone().text()).includes('"Slow"')) await new Promise((r) => setTimeout(r, 2000));
          return sandbox.fetch(req);
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) => resolve({ server, port: info.port }),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    sandbox,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/** An answer as the test keeps it: status, headers, body text. */
interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies, asserted field by field.
}

describe('WordPress holds the key: the plugin is the proxy', () => {
  let wp: WordPress;
  let upstream: Upstream;
  let browser: Browser;
  /** Every answer the site gave in this file, searched for the key at the end. */
  const seen: string[] = [];

  async function call(path: string, init: RequestInit = {}): Promise<Answer> {
    const res = await fetch(`${wp.url}${path}`, { redirect: 'manual', ...init });
    const text = await res.text();
    seen.push(`${path} ${res.status}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${text}`);
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  }
  const upstreamCalls = (pathPart: string) => upstream.requests.filter((r) => r.target.includes(pathPart)).length;
  const assertError = (a: Answer, status: number, code: string) => {
    assert.equal(a.status, status, a.text);
    assert.equal(a.json().error.code, code, a.text);
    assert.equal(typeof a.json().error.message, 'string');
  };

  async function logIn(context: BrowserContext, user: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${wp.url}/wp-login.php`);
    await page.fill('#user_login', user);
    await page.fill('#user_pass', `${user}-pass-123`);
    await Promise.all([page.waitForURL(/wp-admin/, { timeout: 60_000 }), page.click('#wp-submit')]);
    return page;
  }

  before(
    async () => {
      mkdirSync('.tmp/screenshots', { recursive: true });
      ensureBundle();
      upstream = await startUpstream();
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
    { timeout: 300_000 },
  );
  after(async () => {
    await browser?.close();
    await wp?.close();
    await upstream?.close();
  });

  const settingsUrl = () => `${wp.url}/wp-admin/options-general.php?page=conf-widgets`;

  test('an Administrator pastes the key on Settings → Conference widgets; Test connection says what is wrong in words', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    try {
      const page = await logIn(context, wp.admin);
      const save = async (fields: Record<string, string>) => {
        await page.goto(settingsUrl());
        for (const [id, value] of Object.entries(fields)) await page.fill(`#${id}`, value);
        await Promise.all([page.waitForURL(/options-general\.php\?page=conf-widgets/), page.click('#submit')]);
      };
      const testConnection = async () => {
        await page.goto(settingsUrl());
        await Promise.all([page.waitForURL(/options-general\.php\?page=conf-widgets/), page.click('#conf-widgets-test')]);
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
      assert.match(await page.locator('#conf_widgets_api_key-stored').innerText(), /…-all/, 'the stored key shown by its last four characters');
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
      const author = await logIn(await browser.newContext(), wp.author);
      const res = await author.goto(settingsUrl());
      assert.equal(res?.status(), 403);
      seen.push(`settings page (Author)\n${await author.content()}`);
      const post = await author.request.post(`${wp.url}/wp-admin/options.php`, {
        form: { option_page: 'conf-widgets', action: 'update', conf_widgets_api_key: 'author-chosen-key-123', conf_widgets_mode: 'proxy' },
      });
      assert.ok(post.status() >= 400, `an Author's save is refused: ${post.status()}`);
      seen.push(`options.php POST (Author)\n${await post.text()}`);
      const rest = await fetch(`${wp.url}/?rest_route=/wp/v2/settings`, { headers: { authorization: `Basic ${btoa(`${wp.author}:${wp.authorAppPassword}`)}` } });
      assert.equal(rest.status, 403);
      seen.push(`REST settings (Author)\n${await rest.text()}`);
      await author.context().close();
    } finally {
      await context.close();
    }
  });

  test('a read through the plugin is the sandbox\'s data; the second is served from the cache (no upstream call); 304 with If-None-Match', async () => {
    const direct = await fetch(`${upstream.url}${API}/events/events?limit=5`, { headers: { 'x-api-key': KEY } }).then((r) => r.json());
    const before = upstreamCalls('/events/events');
    const first = await call(`${API}/events/events?limit=5`);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.json(), direct);
    assert.equal(first.headers.get('x-cache'), 'miss');
    assert.match(first.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(upstreamCalls('/events/events'), before + 1);
    assert.ok(upstream.requests.filter((r) => r.target.includes('/events/')).every((r) => r.key === KEY), 'the key went upstream as X-API-Key');

    // Again, with a parameter the contract does not list (dropped, so it cannot defeat the cache),
    // and through the REST address space (`/index.php/wp-json/...` on a site without pretty permalinks).
    const second = await call(`${API}/events/events?limit=5&bust=1`);
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('x-cache'), 'hit');
    assert.equal(second.text, first.text);
    const etag = second.headers.get('etag');
    assert.ok(etag && etag === first.headers.get('etag'));
    assert.match(second.headers.get('cache-control') ?? '', /^public, max-age=\d+, stale-while-revalidate=30, stale-if-error=86400$/);
    const rest = await call(`/index.php/wp-json/conf-widgets${API}/events/events?limit=5`);
    assert.equal(rest.status, 200);
    assert.equal(rest.headers.get('x-cache'), 'hit');
    const notModified = await call(`${API}/events/events?limit=5`, { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.text, '');
    assert.equal(upstreamCalls('/events/events'), before + 1, 'one upstream call for all four reads');
  });

  test('what the contract does not list is 404 in the API\'s error shape, with no upstream call', async () => {
    const before = upstream.requests.length;
    assertError(await call(`${API}/health`), 404, 'not_found');
    assertError(await call(`${API}/registrations/evidence/upload-url`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), 404, 'not_found');
    assertError(await call(`${API}/events/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), 404, 'not_found');
    assertError(await call(`${API}/abstracts/abstracts/..%2Fhealth`), 404, 'not_found');
    assertError(await call(`${API}/admin/keys`), 404, 'not_found');
    assertError(await call(`${API}/events/events?limit=5;drop`), 400, 'invalid_query');
    assert.equal(upstream.requests.length, before);
  });

  test('a registration sent twice with one Idempotency-Key is recorded once, and both get the same answer', async () => {
    const config = (await call(`${API}/registrations/config`)).json().data;
    const ticket = config.ticket_types.find((t: { price: { amount: number } }) => t.price.amount === 0) ?? config.ticket_types[0];
    const customFields: Record<string, string> = {};
    for (const f of config.fields) if (f.enabled && f.required) customFields[f.name] = f.options?.[0]?.value ?? 'Demo';
    const email = `wp-${Date.now()}@example.org`;
    const body: Record<string, unknown> = { firstName: 'Ada', lastName: 'Lovelace', email, ticketTypeId: ticket.id, customFields };
    if (ticket.price.amount > 0) Object.assign(body, { paymentMethodId: config.payment_methods[0].id, paymentReference: 'WP-1', paymentProofUrl: 'https://example.org/proof.pdf' });
    const send = () =>
      call(`${API}/registrations/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `wp-e2e-${email}`, origin: wp.url },
        body: JSON.stringify(body),
      });
    const first = await send();
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers.get('access-control-allow-origin'), wp.url);
    const second = await send();
    assert.equal(second.status, 201);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    const posts = upstream.requests.filter((r) => r.method === 'POST' && r.target.endsWith('/registrations/registrations'));
    assert.equal(posts.length, 1, 'one upstream call');
    assert.equal(posts[0]!.idempotencyKey, `wp-e2e-${email}`, 'the Idempotency-Key went upstream');
    const store = upstream.sandbox.store;
    assert.equal(store.conferences.list().flatMap((c) => store.registrations.list(c.id, email)).length, 1, 'one registration in the sandbox');
    // A repeat while the first is still upstream: 409, nothing forwarded; afterwards the first answer.
    const slowKey = `wp-e2e-slow-${email}`;
    const slowBody = JSON.stringify({ ...body, firstName: 'Slow', email: `slow-${email}` });
    const slow = (): Promise<Answer> =>
      call(`${API}/registrations/registrations`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': slowKey }, body: slowBody });
    const firstSlow = slow();
    await new Promise((r) => setTimeout(r, 700));
    assertError(await slow(), 409, 'idempotency_in_progress');
    assert.equal((await firstSlow).status, 201);
    const afterSlow = await slow();
    assert.equal(afterSlow.status, 201);
    assert.equal(afterSlow.text, (await firstSlow).text);
    assert.equal(upstream.requests.filter((r) => r.idempotencyKey === slowKey).length, 1);
    // The same key with another body learns nothing of the first.
    const reused = await call(`${API}/registrations/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `wp-e2e-${email}` },
      body: JSON.stringify({ ...body, firstName: 'Eve' }),
    });
    assertError(reused, 422, 'idempotency_key_reused');
    // Bodies: JSON only, within the contract's cap.
    assertError(await call(`${API}/registrations/registrations`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }), 415, 'unsupported_media_type');
    assertError(await call(`${API}/registrations/registrations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"x":"${'a'.repeat(300 * 1024)}"}` }), 413, 'payload_too_large');
    assertError(await call(`${API}/registrations/registrations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":' }), 400, 'invalid_json');
  });

  test('check-ins only with the kiosk token', async () => {
    const checkin = (headers: Record<string, string>) =>
      call(`${API}/badges/checkin`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ qr: DEMO_IDS.firstBadge }) });
    const before = upstreamCalls('/badges/checkin');
    assertError(await checkin({}), 401, 'kiosk_token_required');
    assertError(await checkin({ 'x-kiosk-token': `${KIOSK_TOKEN}x` }), 401, 'kiosk_token_required');
    assert.equal(upstreamCalls('/badges/checkin'), before, 'refused before any upstream call');
    const ok = await checkin({ 'x-kiosk-token': KIOSK_TOKEN });
    assert.equal(ok.status, 201, ok.text);
    assertError(await checkin({ 'x-kiosk-token': KIOSK_TOKEN }), 409, 'already_checked_in');
  });

  test('uploads: the proof goes to the signed address through the plugin and only the storage URI comes back; a file that is not what it claims costs no upstream call', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% proof\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const before = upstream.requests.length;
    const res = await call('/uploads/registration-evidence?filename=proof.pdf', { method: 'PUT', headers: { 'content-type': 'application/pdf', origin: wp.url }, body: pdf });
    assert.equal(res.status, 201, res.text);
    assert.match(res.json().data.uri, /^storage:\/\//);
    assert.doesNotMatch(res.text, /uploadUrl|signature|http/, 'the signed address stays on the server');
    const made = upstream.requests.slice(before);
    assert.deepEqual(made.map((r) => r.method), ['POST', 'PUT']);
    assert.ok(made[0]!.target.endsWith('/registrations/evidence/upload-url') && made[0]!.key === KEY);
    assert.equal(made[1]!.key, null, 'the key never reaches the storage host');
    assert.equal(upstream.sandbox.store.conferences.list().length > 0, true);

    const n = upstream.requests.length;
    const put = (path: string, type: string, body: string | Buffer) =>
      call(path, { method: 'PUT', headers: { 'content-type': type }, body: typeof body === 'string' ? body : new Uint8Array(body) });
    assertError(await put('/uploads/registration-evidence?filename=x.pdf', 'application/pdf', '<html><script>alert(1)</script>'), 415, 'unsupported_media_type');
    assertError(await put('/uploads/registration-evidence?filename=x.pdf', 'application/pdf', ''), 400, 'empty_upload');
    assertError(await put('/uploads/registration-evidence?filename=x.svg', 'image/svg+xml', '<svg/>'), 415, 'unsupported_media_type');
    assertError(await put('/uploads/registration-evidence', 'application/pdf', pdf), 400, 'validation_failed');
    assertError(await put('/uploads/elsewhere?filename=x.pdf', 'application/pdf', pdf), 404, 'not_found');
    assertError(await put('/uploads/registration-evidence?filename=x.pdf', 'application/pdf', Buffer.alloc(10 * 1024 * 1024 + 1, 0x25)), 413, 'payload_too_large');
    assert.equal(upstream.requests.length, n, 'no upstream call for any of them');
  });

  test('CORS: the site\'s own origin is granted; another origin gets no grant and its writes are refused', async () => {
    const preflight = await call(`${API}/registrations/registrations`, { method: 'OPTIONS', headers: { origin: wp.url, 'access-control-request-method': 'POST' } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), wp.url);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Idempotency-Key/);
    const evil = 'https://evil.example';
    assertError(await call(`${API}/registrations/registrations`, { method: 'OPTIONS', headers: { origin: evil, 'access-control-request-method': 'POST' } }), 403, 'origin_not_allowed');
    const before = upstream.requests.length;
    assertError(await call(`${API}/registrations/registrations`, { method: 'POST', headers: { origin: evil, 'content-type': 'application/json' }, body: '{}' }), 403, 'origin_not_allowed');
    assert.equal(upstream.requests.length, before);
    const read = await call(`${API}/events/events?limit=5`, { headers: { origin: evil } });
    assert.equal(read.status, 200);
    assert.equal(read.headers.get('access-control-allow-origin'), null);
  });

  test('a visitor sees an Author\'s post with the schedule and speakers, served by WordPress alone (no endpoint attribute, no other host)', { timeout: 120_000 }, async () => {
    const auth = Buffer.from(`${wp.author}:${wp.authorAppPassword}`).toString('base64');
    const content = ['<!-- wp:shortcode -->[conf_schedule]<!-- /wp:shortcode -->', '<!-- wp:conf-widgets/element {"element":"conf-speakers"} /-->'].join('\n');
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
        used: [...new Set([...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('conf-') && 'resolvedEndpoint' in e).map((e) => (e as unknown as { resolvedEndpoint: { url: string } }).resolvedEndpoint.url))],
      }));
      assert.deepEqual(endpoints, { attributes: 0, used: [wp.url] }, 'every element calls this site');
      assert.deepEqual([...hosts].filter((h) => h.startsWith('http')), [wp.url], 'the browser asked no other host');
      assert.deepEqual(problems, []);
      await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-post.png', fullPage: true });
      seen.push(`post (visitor)\n${await page.content()}`);
    } finally {
      await context.close();
    }
  });

  test('a visitor registers through [conf_registration_form], with a proof upload: one registration in the sandbox, the one shown', { timeout: 180_000 }, async () => {
    const auth = Buffer.from(`${wp.author}:${wp.authorAppPassword}`).toString('base64');
    const res = await fetch(`${wp.url}/?rest_route=/wp/v2/posts`, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Register', status: 'publish', content: '<!-- wp:shortcode -->[conf_registration_form]<!-- /wp:shortcode -->' }),
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
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n'),
      });
      await page.locator(`${form} [part~="upload-done"]`).waitFor({ timeout: 60_000 });
      await page.locator(`${form} [part~="submit-button"]`).click();
      await page.locator(`${form} [part~="success"]`).waitFor({ timeout: 60_000 });
      const shown = (await page.locator(`${form} [part~="record-id"]`).textContent())?.trim();
      const store = upstream.sandbox.store;
      const rows = store.conferences.list().flatMap((c) => store.registrations.list(c.id, email));
      assert.deepEqual(rows.map((r) => r.id), [shown]);
      assert.deepEqual(problems, []);
      await page.screenshot({ path: '.tmp/screenshots/wordpress-key-mode-registration.png', fullPage: true });
      seen.push(`registration page (visitor)\n${await page.content()}`);
    } finally {
      await context.close();
    }
  });

  test('writes are limited per client address (the proxy\'s limits, from contract.json): past them 429 with Retry-After, nothing forwarded', async () => {
    let limited: Answer | null = null;
    for (let i = 0; i < 30 && !limited; i++) {
      const before = upstream.requests.length;
      const a = await call(`${API}/registrations/registrations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
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
    console.log(`# cached read through WordPress: ${cached.toFixed(1)} ms median; static file from php -S: ${file.toFixed(1)} ms (ratio ${(cached / file).toFixed(1)})`);
  });

  test('past its freshness a read is served from the cache and refreshed once; with the upstream gone it is still served, marked stale', async () => {
    const policy = (p: object) => writeFileSync(join(wp.root, 'wp-content', 'mu-plugins', 'cfw-test-policy.json'), JSON.stringify(p));
    policy({ ttl: 1, swr: 60, sie: 3600 });
    await new Promise((r) => setTimeout(r, 1200));
    const before = upstreamCalls('/events/events');
    const revalidated = await call(`${API}/events/events?limit=5`);
    assert.equal(revalidated.status, 200);
    assert.equal(revalidated.headers.get('x-cache'), 'hit');
    // The refresh runs after the answer has been sent: one upstream call.
    for (let i = 0; i < 50 && upstreamCalls('/events/events') === before; i++) await new Promise((r) => setTimeout(r, 100));
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
  });

  test('no answer, header or page above holds the key or the kiosk token in any form', () => {
    assert.ok(seen.length > 20);
    const leaks = seen.filter(holdsSecret).map((s) => s.split('\n')[0]);
    assert.deepEqual(leaks, []);
    assert.doesNotMatch(wp.debugLog(), new RegExp(KEY), 'nor PHP\'s log');
    assert.doesNotMatch(wp.debugLog(), /plugins\/conf-widgets\//, 'no PHP warning or notice from the plugin');
  });
});
