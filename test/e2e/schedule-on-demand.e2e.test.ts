/**
 * The schedule's parts fetched when first used, through the built bundle in headless Chromium on
 * a CMS page of another origin: a page with only `<conf-schedule>` downloads neither the grid's,
 * the venue screen's, the dialog's and the calendar's chunks nor the record lists' chunk; each
 * comes when used. A chunk the network fails to deliver leaves a message and a way to try again,
 * not a blank. Which chunk holds which module: `dist/conf-widgets.modules.json` (the build's).
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

/** The English text a part that could not be fetched shows (`schedule.part-failed`). */
const PART_FAILED = /could not be loaded/;

describe('the schedule fetches its grid, screen, dialog and calendar when used', () => {
  let demo: StartedDemo;
  let browser: Browser;
  let site: CmsWithDemo;
  let cmsOrigin: string;
  let firstDownload: string[];
  /** Chunk file (under dist/) holding each module, by repository path. */
  const chunkOf = (module: string): string => {
    const { chunks } = JSON.parse(readFileSync('dist/conf-widgets.modules.json', 'utf8')) as {
      chunks: Record<string, [string, number][]>;
    };
    const file = Object.keys(chunks).find((f) => chunks[f]!.some(([m]) => m === module));
    assert.ok(file, `a chunk holds ${module}`);
    return file;
  };

  before(async () => {
    ensureBundle();
    firstDownload = (
      JSON.parse(readFileSync('dist/conf-widgets.chunks.json', 'utf8')) as { elements: Record<string, string[]> }
    ).elements.schedule!;
    site = await startCmsWithDemo((req, res) => {
      const attrs = new URL(req.url ?? '/', 'http://x').searchParams.get('attrs') ?? '';
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>CMS</title></head><body>` +
          `<script type="module" src="${demo.url}/conf-widgets.js"></script><conf-schedule ${attrs.replace(/[<>]/g, '')} style="display:block;width:1000px"></conf-schedule></body></html>`,
      );
    });
    ({ demo, browser, cmsOrigin } = site);
  });
  after(async () => {
    await site?.close();
  });

  async function open(
    attrs = '',
    hash = '',
    /** Runs before the page is opened (a route must be in place before the chunk it catches is asked for). */
    prepare: (page: Page) => Promise<unknown> = async () => {},
  ): Promise<{ page: Page; scripts: string[]; problems: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await prepare(page);
    const problems = watchPage(page);
    const scripts: string[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin === demo.url && url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(1));
    });
    await page.goto(`${cmsOrigin}/?attrs=${encodeURIComponent(attrs)}${hash}`, { waitUntil: 'load' });
    return { page, scripts, problems, close: () => context.close() };
  }

  const inSchedule = <T>(page: Page, fn: (root: ShadowRoot) => T): Promise<T> =>
    page.evaluate(`(${fn.toString()})(document.querySelector('conf-schedule').shadowRoot)`) as Promise<T>;

  test('a list page downloads none of them, nor the record lists; the dialog and the calendar come on use', async () => {
    const onDemand = {
      grid: chunkOf('src/elements/schedule/grid.view.ts'),
      screen: chunkOf('src/elements/schedule/screen.view.ts'),
      dialog: chunkOf('src/elements/schedule/dialog.view.ts'),
      calendar: chunkOf('src/elements/schedule/ics-download.ts'),
      lists: chunkOf('src/core/detail-dialog-controller.ts'),
    };
    for (const [part, file] of Object.entries(onDemand)) {
      assert.ok(
        !firstDownload.includes(file),
        `${part} (${file}) is not in the first download: ${firstDownload.join(', ')}`,
      );
    }
    const { page, scripts, problems, close } = await open();
    try {
      const report = await waitForElements(page);
      assert.deepEqual(
        report.map((r) => r.ready),
        [true],
        problems.join('; '),
      );
      await page.waitForLoadState('networkidle');
      for (const [part, file] of Object.entries(onDemand)) {
        assert.ok(!scripts.includes(file), `${part} not fetched before use: ${scripts.join(', ')}`);
      }
      await page.locator('conf-schedule [part="event-title"]').first().click();
      await page.waitForFunction(() =>
        document.querySelector('conf-schedule')?.shadowRoot?.querySelector('dialog[open] #dialog-title'),
      );
      assert.ok(scripts.includes(onDemand.dialog), `the dialog's chunk: ${scripts.join(', ')}`);
      assert.ok(!scripts.includes(onDemand.calendar), 'the calendar comes with its button, not the dialog');
      const download = page.waitForEvent('download');
      await page.locator('conf-schedule [part="ics-button"]').click();
      assert.match((await download).suggestedFilename(), /\.ics$/);
      assert.ok(scripts.includes(onDemand.calendar), `the calendar's chunk: ${scripts.join(', ')}`);
      assert.ok(!scripts.includes(onDemand.grid) && !scripts.includes(onDemand.screen), scripts.join(', '));
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a deep link to an event opens its dialog once the dialog chunk arrives', async () => {
    const { page, problems, close } = await open();
    let href: string;
    try {
      await waitForElements(page);
      href = (await page.locator('conf-schedule [part="event-title"]').nth(3).getAttribute('href'))!;
    } finally {
      await close();
    }
    const linked = await open('', href);
    try {
      const title = await linked.page.waitForFunction(
        () =>
          document.querySelector('conf-schedule')?.shadowRoot?.querySelector('dialog[open] #dialog-title')?.textContent,
      );
      assert.ok(String(await title.jsonValue()).length > 0);
      assert.deepEqual([...problems, ...linked.problems], []);
    } finally {
      await linked.close();
    }
  });

  test('a grid or a dialog whose chunk fails to arrive says so, and Try again fetches it', async () => {
    const grid = chunkOf('src/elements/schedule/grid.view.ts');
    let failing = true;
    const { page, close } = await open('view="grid"', '', (p) =>
      p.route(`**/${grid}`, (route) => (failing ? route.abort() : route.fallback())),
    );
    try {
      await page.waitForFunction(() =>
        document.querySelector('conf-schedule')?.shadowRoot?.querySelector('[part="error"] [part="retry-button"]'),
      );
      const text = await inSchedule(page, (root) => root.querySelector('[part="error"]')?.textContent ?? '');
      assert.match(text, PART_FAILED);
      assert.equal(
        await inSchedule(page, (root) => root.querySelector('[part="list"]') === null),
        true,
        'no list instead',
      );
      failing = false;
      await page.locator('conf-schedule [part="retry-button"]').click();
      await page.waitForFunction(() =>
        document.querySelector('conf-schedule')?.shadowRoot?.querySelector('[part="grid"]'),
      );
    } finally {
      await close();
    }
    const dialog = chunkOf('src/elements/schedule/dialog.view.ts');
    const list = await open('', '', (p) => p.route(`**/${dialog}`, (route) => route.abort()));
    try {
      await waitForElements(list.page);
      await list.page.locator('conf-schedule [part="event-title"]').first().click();
      await list.page.waitForFunction(() =>
        /could not be loaded/.test(
          document.querySelector('conf-schedule')?.shadowRoot?.querySelector('.message')?.textContent ?? '',
        ),
      );
      assert.equal(await inSchedule(list.page, (root) => root.querySelector('dialog')?.open), false);
    } finally {
      await list.close();
    }
  });
});
