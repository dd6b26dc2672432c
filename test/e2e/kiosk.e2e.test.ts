/**
 * The kiosk never loses a scan. `/kiosk.html` in headless Chromium is set up with its token; then
 * the proxy stops. 50 badge codes are "scanned" as a hand scanner does (typed, Enter), 5 of them
 * a second time; the page is reloaded while still offline (the service worker opens it); the
 * proxy comes back with the sandbox answering 30 % of requests 503. Afterwards the sandbox holds
 * exactly 50 check-ins and the kiosk says 50 checked in and 5 already.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DEMO_KIOSK_TOKEN, startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from './browser.js';

const ADMIN_TOKEN = 'e2e-admin-token';
const CODES = Array.from({ length: 50 }, (_, i) => `DEMO-${String(i + 101).padStart(4, '0')}`);
const RESCANNED = CODES.slice(0, 5);

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

/** The kiosk's counters as its page shows them. */
async function counters(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const root = document.querySelector('conf-checkin')?.shadowRoot;
    const out: Record<string, number> = {};
    for (const d of root?.querySelectorAll<HTMLElement>('[data-counter]') ?? []) {
      out[d.dataset.counter!] = Number(d.querySelector('dd')?.textContent ?? NaN);
    }
    return out;
  });
}

async function waitForCounters(
  page: Page,
  want: Record<string, number>,
  timeoutMs: number,
): Promise<Record<string, number>> {
  const until = Date.now() + timeoutMs;
  let now = await counters(page);
  while (Date.now() < until && !Object.entries(want).every(([k, v]) => now[k] === v)) {
    await page.waitForTimeout(250);
    now = await counters(page);
  }
  return now;
}

describe('kiosk: offline scans survive a reload and reach the sandbox exactly once', () => {
  let demo: StartedDemo | null = null;
  let browser: Browser;

  before(async () => {
    ensureBundle();
    demo = await startDemo({ port: 0, adminToken: ADMIN_TOKEN, proxy: { logger: () => {} } });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  test('50 badges, 5 scanned twice, proxy down, reload, back at --fail-rate 0.3', { timeout: 180_000 }, async () => {
    const port = demo!.port;
    const origin = demo!.url;
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // What the kiosk's check-ins met on the wire, said with a failure (a stalled queue is otherwise silent).
    const wire: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/checkin')) wire.push(`${new Date().toISOString().slice(11, 23)} ${r.status()}`);
    });
    page.on('requestfailed', (r) => {
      if (r.url().includes('/checkin'))
        wire.push(`${new Date().toISOString().slice(11, 23)} failed ${r.failure()?.errorText ?? ''}`);
    });
    const kioskText = () =>
      page.evaluate(() =>
        (document.querySelector('conf-checkin')?.shadowRoot?.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 600),
      );

    await page.goto(`${origin}/kiosk.html`);
    // First start: the setup screen asks for the token (typed once; kept on the device).
    await page.locator('conf-checkin input[name="token"]').fill(DEMO_KIOSK_TOKEN);
    await page.locator('conf-checkin input[name="location"]').fill('Door E2E');
    await page.locator('conf-checkin button[type="submit"]').click();
    await page.locator('conf-checkin [part~="input"]').waitFor();
    // The service worker has the shell once it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    // Every script the kiosk loaded is in the worker's cache, not only in the HTTP cache.
    const uncached = await page.evaluate(async () => {
      const scripts = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.endsWith('.js'));
      const missing: string[] = [];
      for (const u of scripts) if (!(await caches.match(u, { ignoreSearch: true }))) missing.push(u);
      return missing;
    });
    assert.deepEqual(uncached, [], 'scripts the service worker does not keep');

    await demo!.close();
    demo = null;

    for (const code of CODES) {
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    }
    let c = await waitForCounters(page, { scanned: 50, waiting: 50 }, 30_000);
    assert.deepEqual([c.scanned, c.waiting], [50, 50], `offline: every scan stored (${JSON.stringify(c)})`);
    // The same code again within 3 s counts as one scan; these come later, as a second visit
    // (3 s after the kiosk handled the last first scan, however slowly it went).
    await page.waitForTimeout(3200);
    for (const code of RESCANNED) {
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    }
    c = await waitForCounters(page, { scanned: 55, already: 5, waiting: 50 }, 10_000);
    assert.deepEqual(
      c,
      { scanned: 55, 'checked-in': 0, already: 5, refused: 0, waiting: 50 },
      'offline: all kept, rescans noticed',
    );

    await page.reload();
    await page.locator('conf-checkin [part~="input"]').waitFor({ timeout: 15_000 });
    c = await waitForCounters(page, { waiting: 50 }, 10_000);
    assert.equal(c.waiting, 50, 'the reloaded kiosk still holds every scan');

    demo = await startDemo({ port, failRate: 0.3, adminToken: ADMIN_TOKEN, proxy: { logger: () => {} } });
    const back = wire.length;
    c = await waitForCounters(page, { 'checked-in': 50, waiting: 0 }, 90_000);
    assert.deepEqual(
      c,
      { scanned: 55, 'checked-in': 50, already: 5, refused: 0, waiting: 0 },
      `back online: every stored scan sent. Check-ins on the wire since the proxy came back (${wire.length - back}): ` +
        `${wire.slice(back).slice(-12).join(', ') || 'none'}; the kiosk shows: ${await kioskText()}`,
    );

    const res = await fetch(`${demo.url}/__sandbox/__admin/checkins?conference=conf-demo`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const checkins = ((await res.json()) as { data: { badgeCode: string; location: string | null }[] }).data;
    assert.equal(checkins.length, 50, 'exactly 50 check-ins in the sandbox');
    assert.deepEqual(new Set(checkins.map((x) => x.badgeCode)), new Set(CODES));
    assert.ok(checkins.every((x) => x.location === 'Door E2E'));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
