/**
 * The kiosk's layout on the devices it runs on (issue 21, item 11), in headless Chromium against
 * the demo app: a 768×1024 tablet and a 375×812 phone.
 * - First start: the setup's instruction is an introduction, not an alert in a red box, and Save
 *   is on screen without scrolling.
 * - After three scans, Sounds, Camera, Full screen and Setup are still on screen (the history
 *   lists below them).
 * - On the phone, a history line wraps between its pieces (time, code, name, status), never
 *   inside one.
 * Screenshots go to `.tmp/screenshots/kiosk-*.png` for a person to look at.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { DEMO_KIOSK_TOKEN, startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from './browser.js';

const SHOTS = '.tmp/screenshots';
const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

/** Boxes (viewport px) of what matters, read in the kiosk's shadow root. */
function boxes(page: Page, selector: string): Promise<{ text: string; top: number; bottom: number }[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector('conf-checkin')!.shadowRoot!;
    return [...root.querySelectorAll<HTMLElement>(sel)].map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent!.trim(), top: r.top, bottom: r.bottom };
    });
  }, selector);
}

describe('kiosk layout on a tablet and a phone', () => {
  let demo: StartedDemo;
  let browser: Browser;

  before(async () => {
    ensureBundle();
    mkdirSync(SHOTS, { recursive: true });
    demo = await startDemo({ port: 0, proxy: { logger: () => {} } });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  for (const [width, height, name] of [
    [768, 1024, 'tablet'],
    [1024, 768, 'tablet in landscape'],
    [375, 812, 'phone'],
  ] as const) {
    test(`${name} ${width}×${height}: neutral setup text, Save and the controls on screen after three scans`, async (t) => {
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: 1,
        serviceWorkers: 'block',
      });
      await context.addInitScript('globalThis.__name = (f) => f');
      try {
        const page = await context.newPage();
        await page.goto(`${demo.url}/kiosk.html`);
        await page.locator('conf-checkin input[name="token"]').waitFor();

        const setup = await page.evaluate(() => {
          const root = document.querySelector('conf-checkin')!.shadowRoot!;
          const intro = root.querySelector<HTMLElement>('[part="intro"]');
          return {
            intro: intro?.textContent?.trim() ?? null,
            alert: intro?.closest('[role="alert"]') !== null || intro?.getAttribute('role') === 'alert',
            border: intro ? getComputedStyle(intro).borderTopStyle : null,
            banners: root.querySelectorAll('.setup .banner').length,
          };
        });
        assert.match(setup.intro ?? '', /token/, 'the setup says what to do');
        assert.equal(setup.alert, false, 'the instruction is not an alert');
        assert.equal(setup.border, 'none', 'the instruction has no (red) box');
        assert.equal(setup.banners, 0, 'no error banner on a first start');
        const [save] = await boxes(page, '.setup .actions .primary');
        await page.screenshot({ path: `${SHOTS}/kiosk-setup-${width}x${height}.png` });
        t.diagnostic(`setup: Save at ${Math.round(save!.top)}–${Math.round(save!.bottom)} px of ${height}`);
        assert.ok(
          save!.bottom <= height && save!.top >= 0,
          `Save on screen without scrolling (${save!.top}–${save!.bottom} of ${height})`,
        );

        await page.locator('conf-checkin input[name="token"]').fill(DEMO_KIOSK_TOKEN);
        await page.locator('conf-checkin input[name="location"]').fill('Main door');
        await page.locator('conf-checkin button[type="submit"]').click();
        await page.locator('conf-checkin [part~="input"]').waitFor();
        for (const code of ['DEMO-0101', 'DEMO-0102', 'NOT-A-BADGE-WITH-A-LONG-CODE']) {
          await page.locator('conf-checkin [part~="input"]').fill(code);
          await page.keyboard.press('Enter');
        }
        await page.waitForFunction(
          () =>
            document.querySelector('conf-checkin')!.shadowRoot!.querySelectorAll('[part="history"] li').length === 3,
          null,
          {
            timeout: 15_000,
          },
        );
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/kiosk-${width}x${height}.png` });
        const tools = await boxes(page, '[part="tools"] .button');
        t.diagnostic(
          `after 3 scans: controls end at ${Math.round(Math.max(...tools.map((b) => b.bottom)))} px of ${height}`,
        );
        assert.deepEqual(
          tools.map((b) => b.text),
          ['Sounds', 'Camera', 'Full screen', 'Setup'],
        );
        for (const b of tools)
          assert.ok(
            b.bottom <= height,
            `${b.text} on screen after three scans (bottom ${Math.round(b.bottom)} of ${height})`,
          );

        // Each piece of a history line is one line of text: a line wraps between pieces only.
        const broken = await page.evaluate(() => {
          const root = document.querySelector('conf-checkin')!.shadowRoot!;
          return [...root.querySelectorAll<HTMLElement>('[part="history"] li > span')]
            .filter(
              (s) =>
                s.textContent!.trim() &&
                s.getBoundingClientRect().height > parseFloat(getComputedStyle(s).lineHeight || '0') * 1.5 + 1,
            )
            .map((s) => s.textContent!.trim());
        });
        assert.deepEqual(broken, [], 'no history piece broken over lines');
      } finally {
        await context.close();
      }
    });
  }
});
