/**
 * The WordPress plugin's last guard, its rewrite of conf-* tags in rendered content
 * (integrations/wordpress/conf-widgets/includes/content.php), against the one parser that counts:
 * Chromium's. Each hostile tag is run through the plugin's PHP (with WordPress's own kses.php) and
 * both the original and the result are parsed by Chromium. The original must really set what it
 * tries (so the case tests something); the result must set no `endpoint` or `decoder-wasm` and no
 * `href-pattern` that is not http(s) or relative, on any conf-* element. Harmless tags must reach
 * the browser with exactly the attributes they had.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { skippable } from '../skippable.js';
import { chromiumPath, launchChromium, NO_CHROMIUM } from './browser.js';
import { PLUGIN_DIR, WORDPRESS_ROOT, wordPressMissing } from './wordpress-stack.js';

const skip = !chromiumPath() ? NO_CHROMIUM : (wordPressMissing() ?? false);
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${skip}`);

const TRAP = 'http://127.0.0.1:9/trap';

/** Tags that try to choose where data goes; the comment says how. */
const DESTINATIONS: string[] = [
  `<conf-registration-form endpoint="${TRAP}"></conf-registration-form>`,
  `<CONF-REGISTRATION-FORM ENDPOINT=${TRAP}></CONF-REGISTRATION-FORM>`, // upper case, unquoted
  `<conf-registration-form x" endpoint="${TRAP}" y"></conf-registration-form>`, // a quote inside a name
  `<conf-registration-form/endpoint="${TRAP}"></conf-registration-form>`, // a slash as the separator
  `<conf-registration-form\nendpoint\n=\n'${TRAP}'></conf-registration-form>`, // newlines, single quotes
  `<conf-registration-form\fendpoint=${TRAP}></conf-registration-form>`, // form feed
  `<conf-registration-form\rendpoint=${TRAP}></conf-registration-form>`, // carriage return
  `<conf-registration-form title="a>b" endpoint="${TRAP}"></conf-registration-form>`, // > inside a value
  `<conf-registration-form title='a"b' endpoint='${TRAP}'></conf-registration-form>`, // " inside a value
  `<conf-registration-form endpoint="${TRAP}" endpoint=""></conf-registration-form>`, // the first of two wins
  `<conf-registration-form =endpoint="x" endpoint=${TRAP}></conf-registration-form>`, // a name starting with =
  `<conf-registration-form endpoint=${TRAP}/></conf-registration-form>`, // unquoted up to />
  `<conf-checkin decoder-wasm=${TRAP}/zxing_reader.wasm></conf-checkin>`,
  `<conf-provider endpoint="${TRAP}"><conf-registration-form></conf-registration-form></conf-provider>`,
  `<conf-registration-form endpo&#x69;nt="${TRAP}"></conf-registration-form>`, // not an attribute named endpoint: kept as it is
];

/** Tags whose navigation links would run script. */
const SCRIPT_LINKS: string[] = [
  '<conf-site-nav href-pattern="javascript:alert(1)//{slug}"></conf-site-nav>',
  '<conf-site-nav href-pattern="jav&#x61;script:alert(1)//{slug}"></conf-site-nav>',
  '<conf-site-nav href-pattern="&#x6A;avascript:alert(1)//{slug}"></conf-site-nav>',
  '<conf-site-nav href-pattern="javascript&colon;alert(1)//{slug}"></conf-site-nav>',
  '<conf-site-nav href-pattern="javascript&#58alert(1)//{slug}"></conf-site-nav>', // no semicolon
  '<conf-site-nav href-pattern="javascript&#X003a;alert(1)//{slug}"></conf-site-nav>',
  '<conf-site-nav href-pattern=" &#10;JaVaScRiPt:alert(1)//{slug}"></conf-site-nav>',
  '<conf-site-nav href-pattern="java&#9;script:alert(1)//{slug}"></conf-site-nav>',
  '<conf-site-nav href-pattern=javascript:alert(1)//{slug}></conf-site-nav>',
  "<conf-site-nav href-pattern='javascript:alert(1)//{slug}'></conf-site-nav>",
  '<conf-site-nav href-pattern="data:text/html,<script>alert(1)</script>{slug}"></conf-site-nav>',
  '<conf-site-nav label="x" href-pattern="vbscript:msgbox(1)"></conf-site-nav>',
];

/** Tags that must reach the browser unchanged in meaning. */
const HARMLESS: string[] = [
  '<conf-site-nav href-pattern="/info/{slug}?a=1&amp;b=2" label="A &amp; B" show-conference></conf-site-nav>',
  "<conf-site-nav href-pattern='?page={slug}' current=about></conf-site-nav>",
  '<conf-site-nav href-pattern="https://www.example.org/{slug}"></conf-site-nav>',
  '<conf-registration-form ticket="tt-regular" data-prefill-email="ada@example.org" success-message="Thanks &mdash; see you"></conf-registration-form>',
  '<conf-schedule view=grid class="alignwide" heading-level="2"></conf-schedule>',
];

/** Content that ends inside a tag (the theme's markup follows it on the page). */
const UNFINISHED = `<p>Register:</p><conf-registration-form endpoint="${TRAP}" `;

type Parsed = { tag: string; attributes: Record<string, string> }[];

/** Every conf-* element of some body markup as Chromium parses it (a template: nothing runs). */
function parse(page: Page, html: string): Promise<Parsed> {
  return page.evaluate((markup) => {
    const t = document.createElement('template');
    t.innerHTML = markup;
    return [...t.content.querySelectorAll('*')]
      .filter((e) => e.localName.startsWith('conf-'))
      .map((e) => ({
        tag: e.localName,
        attributes: Object.fromEntries([...e.attributes].map((a) => [a.name, a.value])),
      }));
  }, html);
}

/** What the browser would follow for a pattern: its scheme, with `{slug}` filled in. */
function schemeOf(pattern: string): string {
  try {
    return new URL(pattern.replaceAll('{slug}', 'about'), 'https://site.example/').protocol;
  } catch {
    return 'invalid';
  }
}

describe('WordPress plugin: conf-* tags in rendered content, as Chromium reads them', () => {
  let browser: Browser;
  let page: Page;
  let filtered: Map<string, string>;

  before(async () => {
    // The plugin's files with WordPress's own kses.php; the few hooks they register are no-ops here.
    const dir = mkdtempSync(join(tmpdir(), 'conf-widgets-filter-'));
    try {
      const script = join(dir, 'filter.php');
      writeFileSync(
        script,
        `<?php
define('ABSPATH', ${JSON.stringify(`${WORDPRESS_ROOT}/`)});
function add_filter(...$a) {} function add_action(...$a) {} function apply_filters($hook, $value) { return $value; }
// A site at its domain's root: the plugin adds no endpoint of its own (test/e2e/wordpress-subdirectory.e2e.test.ts covers /blog/).
function conf_widgets_site_endpoint() { return null; }
require ABSPATH . 'wp-includes/kses.php';
require ${JSON.stringify(resolve(PLUGIN_DIR, 'includes/elements.php'))};
require ${JSON.stringify(resolve(PLUGIN_DIR, 'includes/content.php'))};
$in = json_decode(stream_get_contents(STDIN), true);
echo json_encode(array_map('conf_widgets_filter_content', $in)), "\\n";
`,
      );
      const all = [...DESTINATIONS, ...SCRIPT_LINKS, ...HARMLESS, UNFINISHED];
      const r = spawnSync('php', [script], { input: JSON.stringify(all), encoding: 'utf8', timeout: 60_000 });
      assert.equal(r.status, 0, `php: ${r.stdout}\n${r.stderr}`);
      const out = JSON.parse(r.stdout) as string[];
      filtered = new Map(all.map((html, i) => [html, out[i]!]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    browser = await launchChromium();
    page = await browser.newPage();
  });
  after(async () => {
    await browser?.close();
  });

  test('no endpoint or decoder-wasm survives, however the tag is written', async () => {
    for (const html of DESTINATIONS) {
      const original = await parse(page, html);
      const result = await parse(page, filtered.get(html)!);
      const sets = (p: Parsed) =>
        p.some((e) => e.attributes['endpoint']?.startsWith(TRAP) || e.attributes['decoder-wasm']?.startsWith(TRAP));
      if (!html.includes('endpo&#x69;nt'))
        assert.ok(sets(original), `the case sets a destination in Chromium: ${html}`);
      assert.equal(result.length, original.length, `the same elements: ${filtered.get(html)}`);
      for (const e of result) {
        assert.ok(
          !('endpoint' in e.attributes) && !('decoder-wasm' in e.attributes),
          `${JSON.stringify(html)} -> ${JSON.stringify(filtered.get(html))}: ${JSON.stringify(e)}`,
        );
      }
    }
  });

  test('no href-pattern that is not http(s) or relative survives', async () => {
    for (const html of SCRIPT_LINKS) {
      const [original] = await parse(page, html);
      assert.ok(
        !/^https?:$/.test(schemeOf(original!.attributes['href-pattern'] ?? '')),
        `the case is a script address in Chromium: ${html}`,
      );
      const result = await parse(page, filtered.get(html)!);
      assert.equal(result.length, 1);
      const pattern = result[0]!.attributes['href-pattern'];
      assert.ok(
        pattern === undefined || /^https?:$/.test(schemeOf(pattern)),
        `${JSON.stringify(html)} -> ${JSON.stringify(filtered.get(html))}`,
      );
      if (html.includes('label="x"')) assert.equal(result[0]!.attributes['label'], 'x', 'other attributes stay');
    }
  });

  test('harmless tags keep every attribute with the same value', async () => {
    for (const html of HARMLESS) {
      assert.deepEqual(
        await parse(page, filtered.get(html)!),
        await parse(page, html),
        `${JSON.stringify(html)} -> ${JSON.stringify(filtered.get(html))}`,
      );
    }
  });

  test("a tag the content leaves unfinished becomes text, so the theme's markup after it cannot complete it", async () => {
    const theme = '</div><footer class="site-footer">…</footer>';
    const original = await parse(page, UNFINISHED + theme);
    assert.ok(
      original.some((e) => e.attributes['endpoint'] === TRAP),
      'the theme completes the tag in Chromium',
    );
    const result = await parse(page, filtered.get(UNFINISHED)! + theme);
    assert.deepEqual(result, [], `${JSON.stringify(filtered.get(UNFINISHED))}`);
  });
});
