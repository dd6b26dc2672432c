/**
 * The loader (`/conf-widgets.js`) in headless Chromium, on a CMS page of another origin: it fetches
 * only the chunks of the elements on the page (as the build's module graph lists them,
 * `dist/conf-widgets.chunks.json`), upgrades a tag the page adds later, and loads every module once
 * when two script tags carry different query strings. The proxy sends them precompressed.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';
import { startCmsWithDemo, type CmsWithDemo } from './cms-site.js';

const skip = chromiumPath() ? false : NO_CHROMIUM;
/** The browser's store of last good answers, imported on demand once an element has data. */
const SAVED_ANSWERS_CHUNKS = /^conf-widgets\/(saved-answers|checkin-shared)-/;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

describe('the loader in Chromium', () => {
  let demo: StartedDemo;
  let browser: Browser;
  let site: CmsWithDemo;
  let cmsOrigin: string;
  /** Element directory → chunk files (under dist/) a page with only that element needs. */
  let pulled: Record<string, string[]>;

  before(async () => {
    ensureBundle();
    pulled = (
      JSON.parse(readFileSync('dist/conf-widgets.chunks.json', 'utf8')) as { elements: Record<string, string[]> }
    ).elements;
    const pages: Record<string, (proxy: string) => string> = {
      '/schedule': (p) => `<script type="module" src="${p}/conf-widgets.js"></script><conf-schedule></conf-schedule>`,
      '/empty': (p) => `<script type="module" src="${p}/conf-widgets.js"></script><main></main>`,
      '/french': (p) =>
        `<script type="module" src="${p}/conf-widgets.js"></script><conf-schedule lang="fr"></conf-schedule>`,
      '/twice': (p) =>
        `<script type="module" src="${p}/conf-widgets.js?v=1"></script>` +
        `<script type="module" src="${p}/conf-widgets.js?v=2"></script>` +
        `<conf-schedule></conf-schedule><conf-speakers></conf-speakers>`,
    };
    site = await startCmsWithDemo((req, res) => {
      const page = pages[req.url ?? ''];
      res.statusCode = page ? 200 : 404;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>CMS</title></head><body>${page?.(demo.url) ?? ''}</body></html>`,
      );
    });
    ({ demo, browser, cmsOrigin } = site);
  });
  after(async () => {
    await site?.close();
  });

  /** Opens a CMS page, recording every script the proxy sent (path with query, content-encoding). */
  async function open(path: string): Promise<{
    page: Page;
    scripts: { path: string; encoding: string | undefined }[];
    problems: string[];
    close: () => Promise<void>;
  }> {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchPage(page);
    const scripts: { path: string; encoding: string | undefined }[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin === demo.url && url.pathname.endsWith('.js')) {
        scripts.push({ path: url.pathname.slice(1) + url.search, encoding: r.headers()['content-encoding'] });
      }
    });
    await page.goto(`${cmsOrigin}${path}`, { waitUntil: 'load' });
    return { page, scripts, problems, close: () => context.close() };
  }

  test('a page with only <conf-schedule> loads the loader, the schedule chunk and the core chunk, brotli-compressed, and no form chunk', async () => {
    const { page, scripts, problems, close } = await open('/schedule');
    try {
      const report = await waitForElements(page);
      assert.deepEqual(
        report.map((r) => [r.tag, r.ready]),
        [['conf-schedule', true]],
        `the schedule shows its data (${problems.join('; ')})`,
      );
      await page.waitForLoadState('networkidle');
      const files = scripts.map((s) => s.path).sort();
      // After its first good answer the element saves it for offline visits: that store (and idb,
      // in a chunk of its own) comes on demand, never before the data shows.
      const firstDownload = files.filter((f) => !SAVED_ANSWERS_CHUNKS.test(f));
      assert.deepEqual(firstDownload, ['conf-widgets.js', ...pulled.schedule!].sort());
      assert.ok(
        !pulled.schedule!.some((f) => SAVED_ANSWERS_CHUNKS.test(f)),
        `the offline store is not in the first download: ${pulled.schedule!.join(', ')}`,
      );
      assert.ok(
        files.some((f) => /^conf-widgets\/core-/.test(f)),
        `the core chunk: ${files.join(', ')}`,
      );
      assert.ok(
        !firstDownload.some((f) =>
          /^conf-widgets\/(forms|registration-form|exhibit-form|abstract-form|workshops|checkin)-/.test(f),
        ),
        files.join(', '),
      );
      assert.deepEqual(
        scripts.filter((s) => s.encoding !== 'br'),
        [],
        'Chromium accepts br, so every script comes as br',
      );
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test("a French schedule fetches the French texts' chunk, and no other language's", async () => {
    const { page, scripts, problems, close } = await open('/french');
    try {
      const report = await waitForElements(page);
      assert.deepEqual(
        report.map((r) => [r.tag, r.ready]),
        [['conf-schedule', true]],
        problems.join('; '),
      );
      await page.waitForLoadState('networkidle');
      const files = scripts.map((s) => s.path);
      assert.equal(files.filter((f) => /^conf-widgets\/fr-/.test(f)).length, 1, files.join(', '));
      assert.ok(!files.some((f) => /^conf-widgets\/(de|es)-/.test(f)), files.join(', '));
      const placeholder = await page.evaluate(
        () =>
          document.querySelector('conf-schedule')?.shadowRoot?.querySelector<HTMLInputElement>('[part~="search"]')
            ?.placeholder,
      );
      assert.equal(placeholder, 'Titre, intervenant, sujet …');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a tag the page adds after load is upgraded', async () => {
    const { page, scripts, problems, close } = await open('/empty');
    try {
      await page.waitForLoadState('networkidle');
      assert.deepEqual(
        scripts.map((s) => s.path),
        ['conf-widgets.js'],
        'nothing but the loader until a tag appears',
      );
      // As a CMS renders late: a subtree, the element inside it.
      await page.evaluate(() => {
        const section = document.createElement('section');
        section.innerHTML = '<div><conf-speakers></conf-speakers></div>';
        document.querySelector('main')!.append(section);
      });
      const report = await waitForElements(page);
      assert.deepEqual(
        report.map((r) => [r.tag, r.ready]),
        [['conf-speakers', true]],
        `the speakers show their data (${problems.join('; ')})`,
      );
      assert.ok(scripts.some((s) => /^conf-widgets\/speakers-/.test(s.path)));
    } finally {
      await close();
    }
  });

  test('two script tags with different query strings: every chunk fetched and run once', async () => {
    const { page, scripts, problems, close } = await open('/twice');
    try {
      const report = await waitForElements(page);
      assert.deepEqual(
        report.map((r) => [r.tag, r.ready]),
        [
          ['conf-schedule', true],
          ['conf-speakers', true],
        ],
        problems.join('; '),
      );
      await page.waitForLoadState('networkidle');
      const chunks = scripts.map((s) => s.path).filter((p) => p.startsWith('conf-widgets/'));
      assert.deepEqual(chunks, [...new Set(chunks)], 'no chunk twice');
      assert.deepEqual(
        chunks.filter((f) => !SAVED_ANSWERS_CHUNKS.test(f)).sort(),
        [...new Set([...pulled.schedule!, ...pulled.speakers!])].sort(),
      );
      // Each script module ran once: the page's one module map holds each chunk URL once.
      const entries = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.startsWith('/conf-widgets/')),
      );
      assert.deepEqual(entries, [...new Set(entries)]);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
