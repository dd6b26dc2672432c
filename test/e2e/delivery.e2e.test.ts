/**
 * What a form page downloads, on the built bundle in headless Chromium (a CMS page of another
 * origin embedding the proxy's `/conf-widgets.js`): a page with only `<conf-registration-form>`
 * fetches exactly its chunks as the build's module graph lists them, and, once the form shows and
 * the network is idle, nothing on demand: not the offline store (a form keeps nothing there), the
 * poller, the set-up hints' texts, the refusal texts, the proxy check of the other forms, or the
 * upload code (no file chosen). A
 * misconfigured form fetches the set-up texts and says what is wrong in the console.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';
import { startCmsWithDemo, type CmsWithDemo } from './cms-site.js';

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

/** Chunks a registration-only page has no use for until something happens (or ever). */
const ON_DEMAND =
  /^conf-widgets\/(saved-answers|checkin-shared|polling-controller|setup-texts|forms-abstract-exhibit|write-challenge|upload|file-signature)-/;

describe('a registration-only page in Chromium', () => {
  let demo: StartedDemo;
  let browser: Browser;
  let site: CmsWithDemo;
  let cmsOrigin: string;
  let pulled: string[];

  before(async () => {
    ensureBundle();
    pulled = (
      JSON.parse(readFileSync('dist/conf-widgets.chunks.json', 'utf8')) as { elements: Record<string, string[]> }
    ).elements['registration-form']!;
    const pages: Record<string, string> = {
      '/form': '<conf-registration-form></conf-registration-form>',
      '/misconfigured': '<conf-registration-form time-zone="Mars/Base"></conf-registration-form>',
    };
    site = await startCmsWithDemo((req, res) => {
      const body = pages[req.url ?? ''];
      res.statusCode = body ? 200 : 404;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>CMS</title>` +
          `<script type="module" src="${demo.url}/conf-widgets.js"></script></head><body>${body ?? ''}</body></html>`,
      );
    });
    ({ demo, browser, cmsOrigin } = site);
  });
  after(async () => {
    await site?.close();
  });

  /** Opens a CMS page; the scripts the proxy sent, the console's warnings, what went wrong. */
  async function open(path: string): Promise<{
    page: Page;
    scripts: string[];
    warnings: string[];
    problems: string[];
    close: () => Promise<void>;
  }> {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchPage(page);
    const scripts: string[] = [];
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin === demo.url && url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(1));
    });
    await page.goto(`${cmsOrigin}${path}`, { waitUntil: 'load' });
    return { page, scripts, warnings, problems, close: () => context.close() };
  }

  test('downloads exactly its chunks, and nothing on demand once the form shows', async () => {
    const { page, scripts, problems, close } = await open('/form');
    try {
      const report = await waitForElements(page);
      assert.deepEqual(
        report.map((r) => [r.tag, r.ready]),
        [['conf-registration-form', true]],
        `the form shows (${problems.join('; ')})`,
      );
      await page.waitForLoadState('networkidle');
      assert.deepEqual([...scripts].sort(), ['conf-widgets.js', ...pulled].sort());
      assert.deepEqual(
        scripts.filter((f) => ON_DEMAND.test(f)),
        [],
        `nothing on demand: ${scripts.join(', ')}`,
      );
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a misconfigured form fetches the set-up texts and says what is wrong in the console', async () => {
    const { page, scripts, warnings, problems, close } = await open('/misconfigured');
    try {
      await waitForElements(page);
      await page.waitForLoadState('networkidle');
      assert.ok(
        scripts.some((f) => /^conf-widgets\/setup-texts-/.test(f)),
        `the set-up texts' chunk: ${scripts.join(', ')}`,
      );
      assert.ok(
        warnings.some((w) => w.includes('does not know the time zone "Mars/Base"') && w.includes('Fix:')),
        warnings.join('\n'),
      );
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
