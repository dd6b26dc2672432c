/**
 * The venue screen (`/screen.html`) as it hangs in a lobby, at 1920×1080, 1280×720, 1080×1920
 * (portrait) and 3840×2160, in headless Chromium against the demo app, at a fixed moment of the
 * first conference day and on a kiosk whose clock is in another zone than the conference's:
 * - type for distance: titles ≥ 36 px, room names ≥ 32 px, labels (NOW/NEXT, kinds) ≥ 20 px on a
 *   1080 px high screen, in proportion to the height on other landscape screens; a portrait
 *   screen is held to the numbers of a landscape screen as high as it is wide (its short side);
 * - no text cut: no element's content is larger than its box, and none reaches out of its card,
 *   except titles and speaker lists clamped with an ellipsis (full text in their title attribute);
 * - no viewer's time in brackets; the conference's name (from `/website/site`) in the header;
 * - the cards fill the screen's height, in portrait too, on every page of rooms.
 * Screenshots go to `.tmp/screenshots/venue-screen-<w>x<h>.png` for a person to look at.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM, watchPage } from './browser.js';

const SHOTS = '.tmp/screenshots';
const SIZES = [
  [1920, 1080],
  [1280, 720],
  [1080, 1920],
  [3840, 2160],
] as const;
/** 11:10 in Berlin on the first day: every room has something now or next. */
const NOW = '2026-06-10T11:10:00+02:00';
/** At 1080 px of the screen's short side. */
const MIN_PX = { title: 36, room: 32, label: 20 } as const;

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

interface Measured {
  page: string;
  title: number;
  room: number;
  label: number;
  cut: string[];
  brackets: string[];
  conference: string;
  /** Share of the venue area's height from its top to the lowest card's bottom. */
  filled: number;
  cards: number;
}

/** Everything the assertions need, read in the page from the screen's shadow root. */
function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const root = document.querySelector('conf-schedule')!.shadowRoot!;
    const min = (selector: string) =>
      Math.min(...[...root.querySelectorAll(selector)].map((e) => parseFloat(getComputedStyle(e).fontSize)));
    const cut: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('.screen *')) {
      if (getComputedStyle(el).display === 'inline' || !el.textContent?.trim()) continue;
      const name = `${el.className || el.localName} “${el.textContent.replace(/\s+/g, ' ').trim().slice(0, 50)}”`;
      const clamped = el.classList.contains('clamp') && el.title === el.textContent.trim();
      if (!clamped && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
        cut.push(
          `${name}: content ${el.scrollWidth}×${el.scrollHeight} in a box of ${el.clientWidth}×${el.clientHeight}`,
        );
      }
      const card = el.closest('.screen-venue');
      if (card && el !== card) {
        const r = el.getBoundingClientRect();
        const c = card.getBoundingClientRect();
        if (r.bottom > c.bottom + 0.5 || r.right > c.right + 0.5) cut.push(`${name}: reaches out of its card`);
      }
    }
    const body = root.querySelector('.screen-body')!.getBoundingClientRect();
    const cards = [...root.querySelectorAll('.screen-venue')].map((c) => c.getBoundingClientRect());
    const lowest = Math.max(...cards.map((c) => c.bottom));
    return {
      page: root.querySelector('.screen-page')?.textContent?.trim() ?? '',
      title: min('.screen-title'),
      room: min('.screen-venue-name'),
      label: min('.screen-label, .screen-when .badge'),
      cut,
      brackets: [...root.querySelectorAll('.screen .local, .screen .time')]
        .map((e) => e.textContent ?? '')
        .filter((t) => /[()]/.test(t)),
      conference: root.querySelector('.screen-conference')?.textContent?.trim() ?? '',
      filled: (lowest - body.top) / body.height,
      cards: cards.length,
    };
  });
}

describe('venue screen at lobby sizes', () => {
  let demo: StartedDemo;
  let browser: Browser;
  let conferenceName: string;

  before(async () => {
    ensureBundle();
    mkdirSync(SHOTS, { recursive: true });
    demo = await startDemo({ port: 0, startsOn: '2026-06-10', proxy: { logger: () => {} } });
    browser = await launchChromium();
    const site = (await (await fetch(`${demo.url}/api/public/v1/website/site`)).json()) as {
      data: { conference: { name: string } };
    };
    conferenceName = site.data.conference.name;
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  for (const [width, height] of SIZES) {
    test(`${width}×${height}: type for distance, nothing cut, no viewer's time, the conference named, the screen filled`, async (t) => {
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: 1,
        locale: 'en-US',
        // The kiosk's clock in another zone than the conference's: the list would add "(05:10 AM)".
        timezoneId: 'America/New_York',
      });
      // tsx names the functions it compiles with a helper the page does not have.
      await context.addInitScript('globalThis.__name = (f) => f');
      try {
        const page = await context.newPage();
        const problems = watchPage(page);
        assert.equal((await page.goto(`${demo.url}/screen.html`, { waitUntil: 'load' }))?.status(), 200);
        await page.evaluate((now) => {
          const el = document.querySelector('conf-schedule')!;
          el.setAttribute('now', now);
          el.setAttribute('page-seconds', '2');
        }, NOW);
        const ready = () =>
          page.waitForFunction(
            () => {
              const root = document.querySelector('conf-schedule')?.shadowRoot;
              return Boolean(root?.querySelector('.screen-venue') && root.querySelector('.screen-conference'));
            },
            null,
            { timeout: 30_000 },
          );
        await ready();
        await page.evaluate(() => document.fonts.ready);
        // The pager measures the box in the next frame; let it lay out.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

        const scale = Math.min(width, height) / 1080;
        const first = await measure(page);
        const file = `${SHOTS}/venue-screen-${width}x${height}.png`;
        await page.screenshot({ path: file });
        t.diagnostic(`screenshot: ${file}`);
        t.diagnostic(
          `titles ${first.title} px, rooms ${first.room} px, labels ${first.label} px; ${first.cards} rooms per page (${first.page || 'one page'}); cards fill ${(first.filled * 100).toFixed(0)} % of the height`,
        );

        const pages = [first];
        const of = /of (\d+)/.exec(first.page)?.[1];
        for (let n = 2; n <= Number(of ?? 1); n++) {
          await page.waitForFunction(
            (label) =>
              document
                .querySelector('conf-schedule')
                ?.shadowRoot?.querySelector('.screen-page')
                ?.textContent?.trim() === label,
            `Page ${n} of ${of}`,
            { timeout: 15_000 },
          );
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          pages.push(await measure(page));
        }

        for (const m of pages) {
          const where = `${width}×${height} ${m.page}`;
          assert.ok(
            m.title >= MIN_PX.title * scale - 0.5,
            `${where}: titles ${m.title} px, want ≥ ${MIN_PX.title * scale}`,
          );
          assert.ok(
            m.room >= MIN_PX.room * scale - 0.5,
            `${where}: room names ${m.room} px, want ≥ ${MIN_PX.room * scale}`,
          );
          assert.ok(
            m.label >= MIN_PX.label * scale - 0.5,
            `${where}: labels ${m.label} px, want ≥ ${MIN_PX.label * scale}`,
          );
          assert.deepEqual(m.cut, [], `${where}: no text cut`);
          assert.deepEqual(m.brackets, [], `${where}: no viewer's time in brackets`);
          assert.equal(m.conference, conferenceName, `${where}: the conference's name beside the clock`);
        }
        // Every page uses the full-page grid, so the first page shows how the height is used.
        assert.ok(
          first.filled > 0.95,
          `${width}×${height}: the cards fill the height (${(first.filled * 100).toFixed(0)} %)`,
        );
        assert.deepEqual(problems, [], 'no console errors or failed requests');
      } finally {
        await context.close();
      }
    });
  }
});
