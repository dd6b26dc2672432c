/**
 * Venue screen soak: `<conf-schedule view="screen">` left running, compressed. A lobby screen
 * polls for days; here thousands of refresh cycles run back to back in headless Chromium against
 * the local fixture server, and the heap and DOM are sampled as they go. The goal is flat: what
 * the screen holds after cycle 500 is what it holds after the last.
 *
 * Each cycle advances the element's clock (`now`; {@link SAMPLE_EVERY} cycles span four days, so
 * before-opening, running, between-days and all-done screens all come round, and every sample is
 * taken at the same moment of that round, showing the same screen) and runs the
 * refresh a poll runs (`reload()`: conditional requests, 304s when nothing changed). Every
 * {@link FAIL_EVERY} cycles the server answers 503 (the stale path: marker shown, last good data
 * kept, error events), every {@link BUMP_EVERY} cycles it changes an event (new data, new index).
 * `refresh="1"` keeps the element's own poller running in real time beside the driven cycles, and
 * `page-seconds` is short, so page turns and their timers happen throughout.
 *
 * Samples every {@link SAMPLE_EVERY} cycles, after two forced garbage collections:
 * `Runtime.getHeapUsage` (JS heap used) and `Memory.getDOMCounters` (nodes, JS event listeners,
 * documents). Printed: the samples, and growth per 1,000 cycles (least-squares slope over the
 * samples after warm-up). Figures only, nothing asserted; `schedule.test.ts` asserts the counts.
 *
 * Env: SOAK_CYCLES (default 3000).
 */
import type { CDPSession } from 'playwright-core';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from '../e2e/browser.js';
import { DAY, startScheduleFixture } from './schedule-fixture.js';

const CYCLES = Number(process.env.SOAK_CYCLES ?? 3000);
const SAMPLE_EVERY = 250;
const WARMUP = 500;
const FAIL_EVERY = 25;
const BUMP_EVERY = 100;

interface Sample {
  cycle: number;
  heapMB: number;
  nodes: number;
  listeners: number;
  documents: number;
  msPerCycle: number;
}

// Runs in the page: `count` cycles from `from`, failures and data changes steered through the
// fixture's control path.
async function runCycles(args: {
  from: number;
  count: number;
  day: string;
  sampleEvery: number;
  failEvery: number;
  bumpEvery: number;
}): Promise<number> {
  const el = document.querySelector('conf-schedule') as HTMLElement & {
    reload(): Promise<boolean>;
    updateComplete: Promise<unknown>;
  };
  const start = Date.parse(`${args.day}T06:00:00+02:00`);
  const span = 4 * 86_400_000;
  const step = span / args.sampleEvery;
  const t0 = performance.now();
  for (let c = args.from; c < args.from + args.count; c++) {
    // Mid-way between samples, so no sample is taken right after a failure.
    const fail = c % args.failEvery === Math.floor(args.failEvery / 2);
    if (fail) await fetch('/__control?failing=1');
    if (c % args.bumpEvery === args.bumpEvery - 1) await fetch('/__control?bump');
    el.setAttribute('now', new Date(start + (c % args.sampleEvery) * step).toISOString());
    await el.reload();
    await el.updateComplete;
    if (fail) await fetch('/__control?failing=0');
  }
  // Let the last frame (and any page turn it scheduled) happen before sampling.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return (performance.now() - t0) / args.count;
}

async function sample(cdp: CDPSession, cycle: number, msPerCycle: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return {
    cycle,
    heapMB: heap.usedSize / 1024 / 1024,
    nodes: dom.nodes,
    listeners: dom.jsEventListeners,
    documents: dom.documents,
    msPerCycle,
  };
}

/** Least-squares slope of `y` over `x`, times 1,000: growth per 1,000 cycles. */
function perThousand(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxy = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : (sxy / sxx) * 1000;
}

async function soak(): Promise<void> {
  if (!chromiumPath()) {
    console.log(`Venue screen soak: ${NO_CHROMIUM}`);
    return;
  }
  const fixture = await startScheduleFixture({ bundlePath: process.env.BENCH_BUNDLE });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.addInitScript('window.__name = (f) => f');
    // The stale path logs the failed requests; they are the point here, not problems.
    await page.goto(fixture.url);
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate(async (day) => {
      await customElements.whenDefined('conf-schedule');
      const el = document.createElement('conf-schedule');
      el.setAttribute('view', 'screen');
      el.setAttribute('refresh', '1');
      el.setAttribute('page-seconds', '0.2');
      el.setAttribute('now', `${day}T06:00:00+02:00`);
      el.classList.add('soak');
      document.getElementById('stage')!.append(el);
      const styles = new CSSStyleSheet();
      styles.replaceSync('conf-schedule.soak { display: block; width: 1280px; height: 720px; }');
      document.adoptedStyleSheets = [styles];
      for (;;) {
        await new Promise((r) => setTimeout(r, 50));
        if (el.shadowRoot?.querySelector('[part~="screen"]')) break;
      }
    }, DAY);
    const samples: Sample[] = [await sample(cdp, 0, 0)];
    const t0 = Date.now();
    for (let from = 0; from < CYCLES; from += SAMPLE_EVERY) {
      const count = Math.min(SAMPLE_EVERY, CYCLES - from);
      const ms = await page.evaluate(runCycles, {
        from,
        count,
        day: DAY,
        sampleEvery: SAMPLE_EVERY,
        failEvery: FAIL_EVERY,
        bumpEvery: BUMP_EVERY,
      });
      samples.push(await sample(cdp, from + count, ms));
    }
    const seconds = (Date.now() - t0) / 1000;
    const check = await page.evaluate(() => {
      const root = document.querySelector('conf-schedule')?.shadowRoot;
      return {
        screen: Boolean(root?.querySelector('[part~="screen"]')),
        stale: Boolean(root?.querySelector('[part~="stale"]')),
      };
    });

    console.log(
      `Venue screen soak: ${CYCLES} refresh cycles in ${seconds.toFixed(0)} s (503 every ${FAIL_EVERY}, new data every ${BUMP_EVERY}), ${fixture.requests} API requests, headless Chromium:`,
    );
    console.log(
      `  ${'cycle'.padStart(6)} ${'JS heap'.padStart(10)} ${'DOM nodes'.padStart(10)} ${'listeners'.padStart(10)} ${'documents'.padStart(10)} ${'ms/cycle'.padStart(9)}`,
    );
    for (const s of samples) {
      console.log(
        `  ${String(s.cycle).padStart(6)} ${`${s.heapMB.toFixed(2)} MB`.padStart(10)} ${String(s.nodes).padStart(10)} ${String(s.listeners).padStart(10)} ${String(s.documents).padStart(10)} ${s.msPerCycle ? s.msPerCycle.toFixed(1).padStart(9) : ''.padStart(9)}`,
      );
    }
    const steady = samples.filter((s) => s.cycle >= WARMUP);
    const heap = perThousand(steady.map((s) => ({ x: s.cycle, y: s.heapMB * 1024 })));
    const nodes = perThousand(steady.map((s) => ({ x: s.cycle, y: s.nodes })));
    const listeners = perThousand(steady.map((s) => ({ x: s.cycle, y: s.listeners })));
    console.log(`  growth per 1,000 cycles after cycle ${WARMUP} (goal: flat):`);
    console.log(
      `    JS heap ${heap >= 0 ? '+' : ''}${heap.toFixed(1)} kB, DOM nodes ${nodes >= 0 ? '+' : ''}${nodes.toFixed(1)}, listeners ${listeners >= 0 ? '+' : ''}${listeners.toFixed(1)}`,
    );
    console.log(
      `  at the end: screen shown ${check.screen ? 'yes' : 'NO'}, stale marker ${check.stale ? 'shown' : 'not shown'}`,
    );
  } finally {
    await browser.close();
    await fixture.close();
  }
}

ensureBundle();
await soak();
