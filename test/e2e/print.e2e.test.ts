/**
 * The programme on paper, as a visitor in Berlin prints the demo's home page (a site header, a
 * hero, the "Programme" heading and its intro, then `<conf-schedule>`), in headless Chromium:
 * - page 1 holds the start of the programme, not only the page's heading (a grid row that did not
 *   fit the rest of page 1 went whole to page 2, leaving page 1 blank below the intro; 3 of 3
 *   runs in Europe/Berlin, not in UTC);
 * - no "Live" badge on paper, although the page is printed while sessions run;
 * - no element paints a band of its own surface on paper.
 * Page 1 is read from a one-page PDF (`pageRanges: '1'`): its text-drawing operators are counted
 * with the schedule shown and with it hidden, so the test needs no PDF tool.
 * The PDFs go to `.tmp/screenshots/print-<zone>.pdf` for a person to look at.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM, watchPage } from './browser.js';

const SHOTS = '.tmp/screenshots';
/** 11:10 in Berlin on the first day: sessions are running. */
const NOW = '2026-06-10T11:10:00+02:00';

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

/** Text-showing operators (Tj, TJ) in every Flate stream of a PDF: zero on a blank page. */
function textOperators(pdf: Buffer): number {
  const raw = pdf.toString('latin1');
  let n = 0;
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      n += (
        inflateSync(pdf.subarray(start, end))
          .toString('latin1')
          .match(/T[jJ]\b/g) ?? []
      ).length;
    } catch {
      // Not a Flate stream (fonts, images): no text operators to count.
    }
  }
  return n;
}

function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
}

describe('the programme on paper', () => {
  let demo: StartedDemo;
  let browser: Browser;

  before(async () => {
    ensureBundle();
    mkdirSync(SHOTS, { recursive: true });
    demo = await startDemo({ port: 0, startsOn: '2026-06-10', proxy: { logger: () => {} } });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  for (const zone of ['Europe/Berlin', 'UTC']) {
    test(`${zone}: page 1 starts the programme, no live badges, no bands`, async (t) => {
      const context = await browser.newContext({ timezoneId: zone, locale: 'en-US' });
      await context.addInitScript('globalThis.__name = (f) => f');
      try {
        const page: Page = await context.newPage();
        const problems = watchPage(page);
        assert.equal((await page.goto(`${demo.url}/`, { waitUntil: 'load' }))?.status(), 200);
        await page.evaluate((now) => document.querySelector('conf-schedule')!.setAttribute('now', now), NOW);
        // The list builds the cards near the screen: "Jump to now" brings the running ones there, so
        // the screen shows live badges that paper must not.
        await page.waitForFunction(
          () => document.querySelector('conf-schedule')?.shadowRoot?.querySelector('[part~="now-button"]'),
          null,
          { timeout: 30_000 },
        );
        await page.evaluate(() =>
          document
            .querySelector('conf-schedule')!
            .shadowRoot!.querySelector<HTMLButtonElement>('[part~="now-button"]')!
            .click(),
        );
        await page.waitForFunction(
          () => document.querySelector('conf-schedule')?.shadowRoot?.querySelector('.card .live'),
          null,
          {
            timeout: 30_000,
          },
        );
        await page.evaluate(() => document.fonts.ready);
        await page.emulateMedia({ media: 'print' });
        await page.waitForFunction(() =>
          document.querySelector('conf-schedule')?.shadowRoot?.querySelector('.print-day'),
        );

        const paper = await page.evaluate(() => {
          const root = document.querySelector('conf-schedule')!.shadowRoot!;
          const shown = (e: Element) =>
            getComputedStyle(e).display !== 'none' && (e as HTMLElement).offsetParent !== null;
          return {
            live: [...root.querySelectorAll('.live')].filter(shown).length,
            bands: [...document.querySelectorAll('*')]
              .filter((e) => e.localName.startsWith('conf-') && e.localName !== 'conf-provider')
              .map((e) => `${e.localName}: ${getComputedStyle(e).backgroundColor}`)
              .filter((s) => !s.endsWith('rgba(0, 0, 0, 0)')),
          };
        });
        assert.equal(paper.live, 0, 'no "Live" badge on paper');
        assert.deepEqual(paper.bands, [], 'no element paints its own background on paper');

        const pdf = await page.pdf({ format: 'A4' });
        // What follows the schedule (speakers, workshops…) would fill page 1 once it is hidden.
        await page.evaluate(() => {
          for (
            let e: Element | null = document.querySelector('conf-schedule');
            e && e !== document.body;
            e = e.parentElement
          ) {
            for (let s = e.nextElementSibling; s; s = s.nextElementSibling) (s as HTMLElement).style.display = 'none';
          }
        });
        const file = `${SHOTS}/print-${zone.replace('/', '-')}.pdf`;
        writeFileSync(file, pdf);
        const first = textOperators(await page.pdf({ format: 'A4', pageRanges: '1' }));
        await page.evaluate(() => (document.querySelector('conf-schedule')!.style.display = 'none'));
        const withoutSchedule = textOperators(await page.pdf({ format: 'A4', pageRanges: '1' }));
        t.diagnostic(
          `${file}: ${pageCount(pdf)} pages; page 1 draws ${first} text runs, ${withoutSchedule} without the schedule`,
        );
        assert.ok(pageCount(pdf) > 1, 'the programme takes several pages');
        // The schedule's first day heading, a slot time and a card add well over 50 runs.
        assert.ok(
          first > withoutSchedule + 50,
          `page 1 holds the programme's start (${first} text runs; ${withoutSchedule} without it)`,
        );
        assert.deepEqual(problems, [], 'no console errors or failed requests');
      } finally {
        await context.close();
      }
    });
  }
});
