/**
 * No jumping: the demo pages in headless Chromium, as a visitor opens them (desktop and phone
 * sizes), measured with the browser's own `layout-shift` entries from navigation until every
 * element shows its content. Their sum (the page's CLS while loading) must stay <= 0.02, the goal
 * Lighthouse is held to in `npm run bench`. The loader is held back a moment, so the first paint
 * comes before any element's code, as on a real network. And the place the site's CSS holds for an element
 * before its code arrives is the height its loading view then holds, so the hand-over is still.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

/** Lighthouse's desktop and mobile screens. */
const VIEWPORTS = [
  { name: 'desktop', width: 1350, height: 940 },
  { name: 'phone', width: 412, height: 823 },
];
const CLS_GOAL = 0.02;

interface Shift {
  value: number;
  /** The elements that moved, with where they were and went (for the failure message). */
  sources: string[];
}

/**
 * Records every layout shift from the start of the navigation (runs before the page's scripts).
 * No named inner functions: the test runner's compiler wraps those in a helper the page lacks.
 * `__shifts` is set last, so an observer that failed to start fails the test instead of passing it.
 */
function recordShifts(): void {
  const shifts: Shift[] = [];
  // The entry and source types are not in TypeScript's DOM library yet.
  type Entry = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Entry[]) {
      if (e.hadRecentInput) continue;
      shifts.push({
        value: e.value,
        sources: (e.sources ?? []).map((s) => {
          const n = s.node;
          const name =
            n instanceof Element
              ? `${n.localName}${n.id ? `#${n.id}` : ''}${n.classList.length ? `.${[...n.classList].join('.')}` : ''}`
              : String(n?.nodeName);
          return `${name} y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}, height ${Math.round(s.previousRect.height)} -> ${Math.round(s.currentRect.height)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
}

describe('layout shift while the demo pages load', () => {
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

  async function openPage(viewport: {
    width: number;
    height: number;
  }): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchPage(page);
    return { page, problems, close: () => context.close() };
  }

  for (const path of ['/register.html', '/']) {
    for (const vp of VIEWPORTS) {
      test(
        `${path} at ${vp.width}x${vp.height} (${vp.name}): cumulative layout shift <= ${CLS_GOAL}`,
        { timeout: 120_000 },
        async () => {
          const { page, problems, close } = await openPage(vp);
          try {
            await page.addInitScript(recordShifts);
            // As over a real network, the page is painted before the loader arrives: the elements
            // are then empty tags whose place only the page's CSS can hold.
            await page.route(/\/conf-widgets\.js$/, async (route) => {
              await new Promise((r) => setTimeout(r, 300));
              await route.continue();
            });
            await page.goto(`${demo.url}${path}`, { waitUntil: 'load' });
            const report = await waitForElements(page, 60_000);
            const notReady = report.filter((r) => !r.ready);
            assert.deepEqual(notReady, [], `elements never showed their content:\n${problems.join('\n')}`);
            // Shifts of the last frames are delivered to the observer after they are painted.
            await page.evaluate(
              () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))),
            );
            const shifts = await page.evaluate(() => (window as unknown as { __shifts?: Shift[] }).__shifts);
            assert.ok(shifts, 'the layout-shift observer did not start');
            const total = shifts.reduce((sum, s) => sum + s.value, 0);
            assert.ok(
              total <= CLS_GOAL,
              `layout shift ${total.toFixed(3)} > ${CLS_GOAL}:\n${shifts.map((s) => `  ${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n')}`,
            );
          } finally {
            await close();
          }
        },
      );
    }
  }

  test(
    'an element holds the same height before its code arrives as its loading view then holds',
    { timeout: 120_000 },
    async () => {
      const { page, close } = await openPage(VIEWPORTS[0]!);
      try {
        // The element's chunk and the API wait until released, so both moments can be measured.
        let releaseChunk!: () => void;
        const chunkGate = new Promise<void>((r) => (releaseChunk = r));
        let releaseApi!: () => void;
        const apiGate = new Promise<void>((r) => (releaseApi = r));
        await page.route(/\/conf-widgets\/registration-form-[^/]*\.js$/, async (route) => {
          await chunkGate;
          await route.continue();
        });
        await page.route(/\/api\//, async (route) => {
          await apiGate;
          await route.continue();
        });
        await page.goto(`${demo.url}/register.html`, { waitUntil: 'domcontentloaded' });
        const height = () =>
          page.evaluate(() => document.querySelector('conf-registration-form')!.getBoundingClientRect().height);
        const before = await height();
        assert.equal(
          await page.evaluate(() => customElements.get('conf-registration-form')),
          undefined,
          'the element was defined too early',
        );
        releaseChunk();
        await page.waitForFunction(
          () =>
            Boolean(document.querySelector('conf-registration-form')?.shadowRoot?.querySelector('[part~="loading"]')),
          null,
          { timeout: 60_000 },
        );
        const loading = await height();
        releaseApi();
        assert.ok(
          before >= VIEWPORTS[0]!.height - 1,
          `before its code arrived the form held ${before}px, less than the screen's ${VIEWPORTS[0]!.height}px`,
        );
        assert.equal(loading, before, `the loading view holds ${loading}px, the page's CSS ${before}px`);
        await waitForElements(page, 60_000);
        const loaded = await height();
        assert.ok(
          loaded >= before,
          `the loaded form (${loaded}px) is shorter than the place held for it (${before}px): the page below moved up`,
        );
      } finally {
        await close();
      }
    },
  );
});
