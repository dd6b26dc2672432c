/**
 * A repeat visit with the last good data kept in the browser (IndexedDB), against a first visit in
 * the same run: `<conf-schedule>` with 2,000 events in 12 rooms (the schedule fixture), headless
 * Chromium, each visit a fresh page load. Printed per visit: when the first event is visible (until
 * painted) and when the API's first answer reached the page, both from the element's mounting;
 * with the local fixture as is, and with 300 ms added before each API answer (a slow hall Wi-Fi).
 *
 * Figures are printed, never asserted: timings depend on the machine.
 */
import type { Page } from 'playwright-core';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from '../e2e/browser.js';
import { DAY, startScheduleFixture } from './schedule-fixture.js';

const EVENTS = 2000;
const VENUES = 12;
const RUNS = 5;
const SAVED_DB = 'conf-widgets-saved-answers';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Runs in the page, before the bundle: API requests wait `latency` ms (none with 0), and the time
// the first API answer reached the page is noted.
const SETUP = `
  window.__name = (f) => f;
  window.__firstAnswer = undefined;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    if (!url.includes('/api/public/v1/')) return realFetch(input, init);
    const latency = Number(sessionStorage.getItem('latency') || 0);
    if (latency) await new Promise((r) => setTimeout(r, latency));
    const res = await realFetch(input, init);
    window.__firstAnswer ??= performance.now();
    return res;
  };
`;

/** Mounts the schedule; resolves with when (ms from mounting) the first event was painted and the API first answered. */
async function visit(day: string): Promise<{ visible: number; answered: number }> {
  const w = window as unknown as { __firstAnswer?: number };
  await customElements.whenDefined('conf-schedule');
  const stage = document.getElementById('stage')!;
  const t0 = performance.now();
  const el = document.createElement('conf-schedule');
  el.setAttribute('day', day);
  el.setAttribute('now', `${day}T06:00:00Z`);
  stage.append(el);
  let visible: number;
  for (;;) {
    const shown = await new Promise<boolean>((resolve) =>
      requestAnimationFrame(() => {
        const ready = (el.shadowRoot?.querySelectorAll('.slot-item').length ?? 0) > 0;
        setTimeout(() => resolve(ready), 0);
      }),
    );
    if (shown) {
      visible = performance.now() - t0;
      break;
    }
  }
  while (w.__firstAnswer === undefined) await new Promise((r) => setTimeout(r, 5));
  // Let the element finish and save what it read (the next visit reads it).
  while (el.matches(':state(loading)')) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 500));
  return { visible, answered: w.__firstAnswer - t0 };
}

async function deleteSaved(page: Page): Promise<void> {
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve) => {
        const r = indexedDB.deleteDatabase(name);
        r.onsuccess = r.onerror = r.onblocked = () => resolve();
      }),
    SAVED_DB,
  );
}

async function figures(latency: number, page: Page, url: string): Promise<void> {
  const first: { visible: number; answered: number }[] = [];
  const repeat: { visible: number; answered: number }[] = [];
  await page.goto(url);
  await page.evaluate((ms) => sessionStorage.setItem('latency', String(ms)), latency);
  for (let i = 0; i < RUNS; i++) {
    await deleteSaved(page);
    await page.reload();
    first.push(await page.evaluate(visit, DAY));
    await page.reload();
    repeat.push(await page.evaluate(visit, DAY));
  }
  const row = (label: string, xs: { visible: number; answered: number }[]) => {
    const before = xs.filter((x) => x.visible < x.answered).length;
    console.log(
      `  ${label.padEnd(16)} ${`${median(xs.map((x) => x.visible)).toFixed(0)} ms`.padStart(12)} ${`${median(xs.map((x) => x.answered)).toFixed(0)} ms`.padStart(16)}   first event before the API's answer in ${before} of ${xs.length}`,
    );
  };
  console.log(`\n  API latency added: ${latency} ms (median of ${RUNS} visits each)`);
  console.log(`  ${''.padEnd(16)} ${'first event'.padStart(12)} ${'API answered'.padStart(16)}`);
  row('first visit', first);
  row('repeat visit', repeat);
}

async function main(): Promise<void> {
  if (!chromiumPath()) {
    console.log(`repeat visit: ${NO_CHROMIUM}`);
    return;
  }
  const fixture = await startScheduleFixture({ events: EVENTS, venues: VENUES, bundlePath: process.env.BENCH_BUNDLE });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(SETUP);
    console.log(
      `<conf-schedule>, ${EVENTS} events in ${VENUES} rooms, headless Chromium: a repeat visit (last good data saved in IndexedDB) beside a first visit, from mounting:`,
    );
    await figures(0, page, fixture.url);
    await figures(300, page, fixture.url);
  } finally {
    await browser.close();
    await fixture.close();
  }
}

ensureBundle();
await main();
