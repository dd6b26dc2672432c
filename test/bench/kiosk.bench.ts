/**
 * Kiosk figures: scan-to-feedback time on `/kiosk.html` in headless Chromium, from the key Enter
 * of a hand scanner's code to the painted frame showing its coloured result, over 200 scans:
 *
 * - with the proxy and the sandbox on loopback (each a real check-in: IndexedDB write, POST
 *   through the proxy, answer, render);
 * - with the proxy unreachable (IndexedDB write, refused connection, "Saved, will be sent").
 *
 * Scans are paced 60 ms apart, under the sandbox's check-in rate limit (20 a second after a burst
 * of 60), so every scan is answered rather than queued by a 429. Printed, never asserted.
 */
import type { Page } from 'playwright-core';
import { DEMO_KIOSK_TOKEN, startDemo } from '../../scripts/demo-server.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from '../e2e/browser.js';

const SCANS = 200;
const PACE_MS = 60;

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
};

/** Installs the in-page stopwatch: Enter's keydown to the frame after the kiosk's result event. */
async function installStopwatch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __t0: number; __times: { ms: number; status: string }[]; __installed?: true };
    w.__times = [];
    w.__t0 = 0;
    if (w.__installed) return;
    w.__installed = true;
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') w.__t0 = performance.now();
      },
      { capture: true },
    );
    document.addEventListener('conf-checked-in', (e) => {
      const status = e.detail.status;
      // Two frames: the first runs before the render's paint, the second after it.
      requestAnimationFrame(() => requestAnimationFrame((t) => w.__times.push({ ms: t - w.__t0, status })));
    });
  });
}

async function run(page: Page, codes: string[]): Promise<{ ms: number; status: string }[]> {
  await installStopwatch(page);
  for (const [i, code] of codes.entries()) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => (window as unknown as { __times: unknown[] }).__times.length >= n, i + 1, {
      timeout: 15_000,
    });
    await page.waitForTimeout(PACE_MS);
  }
  return page.evaluate(() => (window as unknown as { __times: { ms: number; status: string }[] }).__times);
}

function report(label: string, times: { ms: number; status: string }[]): void {
  const ms = times.map((t) => t.ms);
  const statuses = new Map<string, number>();
  for (const t of times) statuses.set(t.status, (statuses.get(t.status) ?? 0) + 1);
  console.log(
    `${label.padEnd(44)} median ${quantile(ms, 0.5).toFixed(1).padStart(6)} ms   p95 ${quantile(ms, 0.95).toFixed(1).padStart(6)} ms   ` +
      `worst ${Math.max(...ms)
        .toFixed(1)
        .padStart(6)} ms   (${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ')})`,
  );
}

if (!chromiumPath()) {
  console.log(NO_CHROMIUM);
  process.exit(0);
}
ensureBundle();
const demo = await startDemo({ port: 0, proxy: { logger: () => {} } });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await context.addInitScript((token) => {
    localStorage.setItem('conf-checkin:default:settings', JSON.stringify({ token, location: 'Bench', sounds: false }));
  }, DEMO_KIOSK_TOKEN);
  const page = await context.newPage();
  await page.goto(`${demo.url}/kiosk.html`);
  await page.locator('conf-checkin [part~="input"]').waitFor();
  const codes = Array.from({ length: SCANS }, (_, i) => `DEMO-${String(i + 1).padStart(4, '0')}`);
  console.log(`kiosk scan-to-feedback, Enter to the painted result, ${SCANS} scans in headless Chromium`);
  report('proxy + sandbox on loopback (checked in)', await run(page, codes));

  // The same kiosk with its proxy gone: stored and shown as waiting.
  await page.evaluate(() => document.querySelector('conf-checkin')!.setAttribute('endpoint', 'http://127.0.0.1:9'));
  const offline = await run(
    page,
    codes.map((_, i) => `OFFLINE-${i + 1}`),
  );
  report('proxy unreachable (saved, will be sent)', offline);
  await context.close();
} finally {
  await browser.close();
  await demo.close();
}
