/**
 * The WordPress plugin for real: Debian's WordPress and MariaDB (test/e2e/wordpress-stack.ts),
 * the plugin installed from its ZIP, an Author (no `unfiltered_html`) who saves a post with a raw
 * `<conf-schedule>`, a shortcode and the block through the REST API with an application password,
 * and the published post in headless Chromium with its data from `npm start`'s proxy.
 * Screenshots: `.tmp/screenshots/wordpress-*.png`.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { skippable } from '../skippable.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';
import { startWordPress, wordPressMissing, type WordPress } from './wordpress-stack.js';

const SHOTS = '.tmp/screenshots';
const skip = !chromiumPath() ? NO_CHROMIUM : wordPressMissing() ?? false;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${skip}`);

/** The theme's content width (Twenty Twenty-Three's theme.json: contentSize). */
const CONTENT_WIDTH = 650;
const PREFILL_EMAIL = 'ada@example.org';

/**
 * What the Author writes: a Custom HTML block with a raw grid (wide by the theme's own class) and
 * what a hostile paste adds; a shortcode form with a prefilled field; the block, full width.
 */
const POST_CONTENT = [
  '<!-- wp:paragraph --><p>Our programme.</p><!-- /wp:paragraph -->',
  '<!-- wp:html -->',
  '<conf-schedule view="grid" class="alignwide" onerror="document.title=\'stolen\'" style="display:none"></conf-schedule>',
  '<p><script>document.title = "stolen"</script><img src="x" alt="" onerror="document.title=\'stolen\'"></p>',
  `<conf-registration-form data-prefill-email="${PREFILL_EMAIL}" onclick="document.title='stolen'"></conf-registration-form>`,
  '<!-- /wp:html -->',
  '<!-- wp:shortcode -->[conf_exhibit_form data-prefill-title="Rocket engines" onmouseover="alert(1)" types="sponsor:Sponsor,startup:Start-up"]<!-- /wp:shortcode -->',
  '<!-- wp:conf-widgets/element {"element":"conf-speakers","align":"full"} /-->',
  '<!-- wp:shortcode -->[conf_page slug="about" show-conference]<!-- /wp:shortcode -->',
].join('\n');

describe('WordPress plugin: an Author\'s post in Chromium', () => {
  let demo: StartedDemo;
  let wp: WordPress;
  let browser: Browser;
  let postId = 0;
  let postLink = '';

  before(async () => {
    ensureBundle();
    mkdirSync(SHOTS, { recursive: true });
    wp = await startWordPress(async (siteOrigin) => {
      demo = await startDemo({ port: 0, allowedOrigins: [siteOrigin], proxy: { logger: () => {} } });
      return demo.url;
    });
    console.log(`# WordPress ${wp.version}, theme ${wp.theme}, at ${wp.url}; proxy at ${demo.url}`);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await wp?.close();
    await demo?.close();
  });

  /** The REST API as the Author, with the application password. */
  function asAuthor(route: string, init: RequestInit = {}): Promise<Response> {
    const auth = Buffer.from(`${wp.author}:${wp.authorAppPassword}`).toString('base64');
    return fetch(`${wp.url}/?rest_route=${route}`, {
      ...init,
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json', ...init.headers },
    });
  }

  async function logIn(context: BrowserContext, user: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${wp.url}/wp-login.php`);
    await page.fill('#user_login', user);
    await page.fill('#user_pass', `${user}-pass-123`);
    await Promise.all([page.waitForURL(/wp-admin/, { timeout: 60_000 }), page.click('#wp-submit')]);
    return page;
  }

  test('the setup stored the pasted script URL as the proxy\'s base URL', () => {
    assert.equal(wp.storedProxyUrl, demo.url);
  });

  test('an Author publishes through the REST API: the conf-* tags and documented attributes stay, script and event handlers go', async () => {
    const me = await asAuthor('/wp/v2/users/me&context=edit');
    assert.equal(me.status, 200, await me.clone().text());
    const roles = ((await me.json()) as { roles: string[] }).roles;
    assert.deepEqual(roles, ['author'], 'an Author, who has no unfiltered_html');

    const res = await asAuthor('/wp/v2/posts', { method: 'POST', body: JSON.stringify({ title: 'Programme', status: 'publish', content: POST_CONTENT }) });
    const created = (await res.json()) as { id: number; status: string; link: string };
    assert.equal(res.status, 201, JSON.stringify(created));
    assert.equal(created.status, 'publish');
    postId = created.id;
    postLink = created.link;

    const stored = await asAuthor(`/wp/v2/posts/${postId}&context=edit`);
    const { content } = (await stored.json()) as { content: { raw: string; rendered: string } };
    assert.match(content.raw, /<conf-schedule view="grid" class="alignwide"><\/conf-schedule>/);
    assert.match(content.raw, new RegExp(`<conf-registration-form data-prefill-email="${PREFILL_EMAIL}"></conf-registration-form>`));
    assert.match(content.raw, /\[conf_exhibit_form /);
    assert.match(content.raw, /<!-- wp:conf-widgets\/element \{"element":"conf-speakers","align":"full"\} \/-->/);
    assert.doesNotMatch(content.raw, /<script|onerror|onclick|style=/i, 'script, event handlers and style stripped from what is stored');
    // The shortcode's text is stored as written; its output drops what the element does not document.
    assert.match(content.rendered, /<conf-exhibit-form data-prefill-title="Rocket engines" types="sponsor:Sponsor,startup:Start-up"><\/conf-exhibit-form>/);
    assert.match(content.rendered, /<conf-page slug="about" show-conference><\/conf-page>/, 'a bare word is a boolean attribute');
    assert.doesNotMatch(content.rendered, /<script|onerror|onclick|onmouseover/i);
  });

  test('the published post: every element shows data from the proxy, the loader once as a module, wide and full widths kept', async () => {
    assert.ok(postLink, 'the post was published (previous test)');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, locale: 'en-US' });
    try {
      const page = await context.newPage();
      const problems = watchPage(page);
      const res = await page.goto(postLink, { waitUntil: 'load' });
      assert.equal(res?.status(), 200);
      const report = await waitForElements(page, 60_000);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/wordpress-post-1440.png`, fullPage: true });
      assert.deepEqual(report.map((r) => r.tag).sort(), ['conf-exhibit-form', 'conf-page', 'conf-registration-form', 'conf-schedule', 'conf-speakers']);
      assert.deepEqual(report.filter((r) => !r.ready).map((r) => `<${r.tag}>: ${r.text}`), [], `every element shows its data (${problems.join('; ')})`);

      const loaders = await page.$$eval('script[src*="conf-widgets.js"]', (s) => s.map((e) => ({ src: e.getAttribute('src'), type: e.getAttribute('type') })));
      assert.deepEqual(loaders, [{ src: `${demo.url}/conf-widgets.js`, type: 'module' }]);

      const schedule = await page.evaluate(() => {
        const el = document.querySelector('conf-schedule');
        const root = el?.shadowRoot;
        return {
          width: el?.getBoundingClientRect().width ?? 0,
          // The grid's rooms are its column headers; events are its buttons/links with a time.
          text: root?.textContent?.replace(/\s+/g, ' ') ?? '',
        };
      });
      assert.ok(schedule.width > CONTENT_WIDTH + 300, `the grid takes the theme's wide width, not its ${CONTENT_WIDTH} px content width: ${schedule.width} px`);
      assert.match(schedule.text, /\d{1,2}:\d{2}/, 'the schedule shows events with times');

      const speakers = await page.$eval('conf-speakers', (e) => e.getBoundingClientRect().width);
      assert.ok(speakers >= 1400, `the full-width block spans the window: ${speakers} px`);

      const email = await page.$eval('conf-registration-form', (e) => (e.shadowRoot?.querySelector('input[type="email"]') as HTMLInputElement | null)?.value ?? null);
      assert.equal(email, PREFILL_EMAIL, 'data-prefill-email survived and prefilled the form');
      const title = await page.$eval('conf-exhibit-form', (e) =>
        [...(e.shadowRoot?.querySelectorAll('input') ?? [])].map((i) => (i as HTMLInputElement).value).includes('Rocket engines'),
      );
      assert.ok(title, 'the shortcode passed data-prefill-title to the exhibit form');
      assert.notEqual(await page.title(), 'stolen');

      // An organizer's wider form (Additional CSS): the theme's content width must not cap it.
      await page.addStyleTag({ content: ':root { --conf-form-max-width: 60em; }' });
      const form = await page.$eval('conf-exhibit-form', (e) => e.getBoundingClientRect().width);
      assert.ok(Math.abs(form - 960) < 2, `the shortcode's form is 60em (960 px) wide, not the theme's ${CONTENT_WIDTH} px: ${form} px`);

      assert.deepEqual(problems, [], 'no console errors or failed requests');
    } finally {
      await context.close();
    }
  });

  test('the post at phone width (screenshot)', async () => {
    assert.ok(postLink, 'the post was published');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(postLink, { waitUntil: 'load' });
      const report = await waitForElements(page, 60_000);
      await page.screenshot({ path: `${SHOTS}/wordpress-post-375.png`, fullPage: true });
      assert.deepEqual(report.filter((r) => !r.ready).map((r) => `<${r.tag}>: ${r.text}`), []);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no sideways scrolling: ${overflow} px`);
    } finally {
      await context.close();
    }
  });

  test('a post without an element loads neither the loader nor the stylesheet', async () => {
    const res = await fetch(`${wp.url}/?p=1`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /Hello world/);
    assert.doesNotMatch(html, /conf-widgets/);
  });

  test('Settings → Conference widgets: a wrong URL is refused saying why; a URL is stored normalized', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await logIn(context, wp.admin);
      const settings = `${wp.url}/wp-admin/options-general.php?page=conf-widgets`;
      const save = async (value: string) => {
        await page.goto(settings);
        await page.fill('#conf_widgets_proxy_url', value);
        await Promise.all([page.waitForURL(/options-general\.php\?page=conf-widgets/), page.click('#submit')]);
        return page.inputValue('#conf_widgets_proxy_url');
      };
      assert.equal(await page.goto(settings).then(() => page.inputValue('#conf_widgets_proxy_url')), demo.url);
      assert.equal(await save('javascript:alert(1)'), demo.url, 'refused: the stored URL stays');
      assert.match(await page.locator('.notice-error, .error').first().innerText(), /is not the address of a proxy/);
      assert.equal(await save('https://proxy.example.org/'), 'https://proxy.example.org');
      await page.screenshot({ path: `${SHOTS}/wordpress-settings.png` });
      assert.equal(await save(`${demo.url}/conf-widgets.js`), demo.url);

      // The Author may not open it (manage_options).
      const author = await logIn(await browser.newContext(), wp.author);
      const res = await author.goto(settings);
      assert.equal(res?.status(), 403);
      await author.context().close();
    } finally {
      await context.close();
    }
  });

  test('the block in the editor: the element and its main attributes in the sidebar', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await logIn(context, wp.author);
      const problems = watchPage(page);
      await page.goto(`${wp.url}/wp-admin/post-new.php`);
      await page.waitForFunction(() => Boolean((window as unknown as { wp?: { blocks?: { getBlockType(n: string): unknown } } }).wp?.blocks?.getBlockType('conf-widgets/element')), null, { timeout: 60_000 });
      await page.evaluate(() => {
        // any: WordPress's editor globals (wp.data, wp.blocks) have no types in this project.
        const wpg = (window as any).wp;
        wpg.data.dispatch('core/edit-post').toggleFeature?.('welcomeGuide');
        const block = wpg.blocks.createBlock('conf-widgets/element', { element: 'conf-schedule' });
        wpg.data.dispatch('core/block-editor').insertBlocks(block);
        wpg.data.dispatch('core/block-editor').selectBlock(block.clientId);
        wpg.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/block');
      });
      const view = page.getByLabel('View', { exact: true });
      await view.waitFor({ timeout: 30_000 });
      await view.selectOption('grid');
      await page.getByText('<conf-schedule view="grid">').waitFor({ timeout: 10_000 });
      await page.screenshot({ path: `${SHOTS}/wordpress-editor.png` });
      const attributes = await page.evaluate(() => {
        // any: as above.
        const wpg = (window as any).wp;
        const [block] = wpg.data.select('core/block-editor').getBlocks() as { name: string; attributes: Record<string, string> }[];
        return block ? { name: block.name, element: block.attributes['element'], view: block.attributes['view'] } : null;
      });
      assert.deepEqual(attributes, { name: 'conf-widgets/element', element: 'conf-schedule', view: 'grid' });
      // WordPress's own editor fetches what this offline site cannot give it (the welcome guide's
      // pictures from s.w.org, the theme's templates an Author may not edit); the block adds nothing.
      const ours = problems.filter((p) => p.startsWith('uncaught:') || /conf-widgets|conf_widgets/.test(p));
      assert.deepEqual(ours, [], 'no error from the block in the editor');
    } finally {
      await context.close();
    }
  });

  test('no PHP warning or notice from the plugin', () => {
    const lines = wp.debugLog().split('\n').filter((l) => l.includes('/plugins/conf-widgets/'));
    assert.deepEqual(lines, []);
  });
});
