/**
 * Element figures, each beside a baseline measured in the same run:
 *
 * - gzip size of the loader `dist/conf-widgets.js`, of its chunks and of each element's own
 *   entry, beside Lit alone (the floor every entry carries); the budgets of what a page
 *   downloads are checked in delivery.bench.ts;
 * - in headless Chromium, `<conf-schedule>` with 2,000 events across 12 rooms: time to first
 *   render and time per search keystroke (median, p95, worst), each until the frame showing it
 *   is painted, beside the same day's list rendered as plain `innerHTML` from the same data. A
 *   small local server ({@link startScheduleFixture}) answers the three lists in the API's shape
 *   (paged), so the figures measure rendering, not the sandbox. `BENCH_BUNDLE=path` measures
 *   another build of the bundle (before/after comparisons).
 *
 * Figures are printed, never asserted: timings depend on the machine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { BUNDLE_PATH } from '../../scripts/demo-server.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from '../e2e/browser.js';
import { DAY, startScheduleFixture } from './schedule-fixture.js';

const EVENTS = 2000;
const VENUES = 12;
const RUNS = 5;
/** Rounds of {@link QUERIES} per side, alternated, so p95 rests on enough keystrokes. */
const KEY_ROUNDS = 6;

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
};
const median = (xs: number[]) => quantile(xs, 0.5);

async function litAloneGzip(): Promise<number> {
  // Lit's own floor: the same bundler settings over a module that only imports Lit.
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      target: 'es2022',
      minify: 'esbuild',
      rollupOptions: { input: 'virtual:lit-only', output: { format: 'es', inlineDynamicImports: true } },
    },
    plugins: [
      {
        name: 'lit-only',
        resolveId: (id) => (id === 'virtual:lit-only' ? id : null),
        load: (id) =>
          id === 'virtual:lit-only'
            ? "export { LitElement, html, css, nothing } from 'lit'; export { property, state } from 'lit/decorators.js';"
            : null,
      },
    ],
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const chunk = outputs[0]?.output.find((o) => o.type === 'chunk');
  return gz(chunk?.code ?? '');
}

async function sizes(): Promise<void> {
  console.log('Bundle sizes (gzip -9):');
  const all = gz(readFileSync(BUNDLE_PATH));
  const lit = await litAloneGzip();
  console.log(`  ${'dist/conf-widgets.js (the loader)'.padEnd(40)} ${kb(all).padStart(9)}`);
  // The chunks the loader imports, beside it: elements, core, forms, translations.
  const chunkDir = BUNDLE_PATH.replace(/[^/\\]*$/, 'conf-widgets');
  const chunks = existsSync(chunkDir)
    ? readdirSync(chunkDir)
        .filter((n) => n.endsWith('.js'))
        .sort()
    : [];
  const chunkGzip = new Map(chunks.map((f) => [f, gz(readFileSync(`${chunkDir}/${f}`))]));
  for (const [f, size] of chunkGzip) console.log(`  ${`dist/conf-widgets/${f}`.padEnd(40)} ${kb(size).padStart(9)}`);
  // What a page downloads, per set of elements, against the budgets: delivery.bench.ts.
  const dir = 'dist/elements';
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.js'))
    .sort()) {
    console.log(`  ${`${dir}/${f}`.padEnd(40)} ${kb(gz(readFileSync(`${dir}/${f}`))).padStart(9)}`);
  }
  console.log(
    `  ${'baseline: Lit alone'.padEnd(40)} ${kb(lit).padStart(9)}   (every entry carries it; the bundle carries it once)`,
  );
}

// Runs in the page. Both sides fetch the same pages the same way, then render the first day; both
// are timed until the frame showing the result has been painted: a task queued from inside a
// requestAnimationFrame callback runs after that frame's style, layout and paint.
const IN_PAGE = {
  async element(day: string): Promise<number> {
    const stage = document.getElementById('stage')!;
    stage.replaceChildren();
    await customElements.whenDefined('conf-schedule');
    const t0 = performance.now();
    const el = document.createElement('conf-schedule');
    el.setAttribute('day', day);
    el.setAttribute('now', `${day}T06:00:00Z`);
    stage.append(el);
    for (;;) {
      const shown = await new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => {
          const ready = (el.shadowRoot?.querySelectorAll('.slot-item').length ?? 0) > 0;
          setTimeout(() => resolve(ready), 0);
        }),
      );
      if (shown) break;
    }
    return performance.now() - t0;
  },
  async baseline(day: string): Promise<number> {
    const stage = document.getElementById('stage')!;
    stage.replaceChildren();
    const t0 = performance.now();
    const all = async (path: string): Promise<Record<string, unknown>[]> => {
      const first = (await (await fetch(`${path}?limit=100&offset=0`)).json()) as {
        data: Record<string, unknown>[];
        meta: { total: number };
      };
      const rest = await Promise.all(
        Array.from(
          { length: Math.ceil(first.meta.total / 100) - 1 },
          async (_, i) =>
            (
              (await (await fetch(`${path}?limit=100&offset=${(i + 1) * 100}`)).json()) as {
                data: Record<string, unknown>[];
              }
            ).data,
        ),
      );
      return [...first.data, ...rest.flat()];
    };
    const [events, venues, speakers] = await Promise.all([
      all('/api/public/v1/events/events'),
      all('/api/public/v1/events/venues'),
      all('/api/public/v1/events/speakers'),
    ]);
    const venue = new Map(venues.map((v) => [v['id'], String(v['name'])]));
    const speaker = new Map(speakers.map((s) => [s['id'], String(s['fullName'])]));
    const fmt = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
    const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
    const items = events
      .filter((e) => dayOf.format(new Date(String(e['startsAt']))) === day)
      .map((e) => ({
        title: String(e['title']),
        time: `${fmt.format(new Date(String(e['startsAt'])))}–${fmt.format(new Date(String(e['endsAt'])))}`,
        venue: venue.get(e['venueId']) ?? '',
        who: (e['speakerIds'] as string[]).map((s) => speaker.get(s) ?? '').join(', '),
      }))
      .sort((a, b) => a.time.localeCompare(b.time));
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    // The same shape as the element: a search field above the list, filtering on `input`.
    const input = document.createElement('input');
    input.type = 'search';
    const list = document.createElement('div');
    stage.append(input, list);
    const render = (shown: typeof items) => {
      list.innerHTML = shown
        .map((i) => `<article><h3>${esc(i.title)}</h3><p>${i.time} · ${esc(i.venue)}</p><p>${esc(i.who)}</p></article>`)
        .join('');
    };
    input.addEventListener('input', () => {
      const n = input.value.toLowerCase();
      render(items.filter((i) => i.title.toLowerCase().includes(n) || i.who.toLowerCase().includes(n)));
    });
    render(items);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t0;
  },
  /**
   * One keystroke per query into the search field `selector` finds (through the element's shadow
   * root when there is one): from the input event, dispatched at the start of a frame, to the end
   * of that frame's paint. Starting inside requestAnimationFrame keeps the wait for the next
   * vsync out of the figure, for both sides alike.
   */
  async keystrokes(queries: readonly string[]): Promise<number[]> {
    const host = document.querySelector('conf-schedule');
    const input = (host?.shadowRoot ?? document).querySelector<HTMLInputElement>('input[type="search"]')!;
    const times: number[] = [];
    for (const q of queries) {
      times.push(
        await new Promise<number>((resolve) =>
          requestAnimationFrame(() => {
            const t0 = performance.now();
            input.value = q;
            input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
            setTimeout(() => resolve(performance.now() - t0), 0);
          }),
        ),
      );
      // A pause like a typist's, so each keystroke starts from a quiet page.
      await new Promise((r) => setTimeout(r, 50));
    }
    return times;
  },
};

const QUERIES = ['s', 'su', 'sur', 'surn', 'surname', 'surname1', 'surname12', 'surname1', ''];

async function scheduleFigures(): Promise<void> {
  if (!chromiumPath()) {
    console.log(`<conf-schedule> timings: ${NO_CHROMIUM}`);
    return;
  }
  const fixture = await startScheduleFixture({ events: EVENTS, venues: VENUES, bundlePath: process.env.BENCH_BUNDLE });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names by wrapping them in `__name(...)`; the page has no such helper.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(fixture.url);
    const el: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate, so neither side always runs on a warmer engine.
      el.push(await page.evaluate(IN_PAGE.element, DAY));
      base.push(await page.evaluate(IN_PAGE.baseline, DAY));
    }
    // Keystrokes: the element's own search field and the baseline's, same queries, alternating rounds.
    const keyEl: number[] = [];
    const keyBase: number[] = [];
    for (let i = 0; i < KEY_ROUNDS; i++) {
      await page.evaluate(IN_PAGE.element, DAY);
      keyEl.push(...(await page.evaluate(IN_PAGE.keystrokes, QUERIES)));
      await page.evaluate(IN_PAGE.baseline, DAY);
      keyBase.push(...(await page.evaluate(IN_PAGE.keystrokes, QUERIES)));
    }
    const row = (label: string, a: number, b: number, note = '') =>
      console.log(
        `  ${label.padEnd(34)} ${`${a.toFixed(1)} ms`.padStart(10)} ${`${b.toFixed(1)} ms`.padStart(12)} ${`${(a / b).toFixed(1)}x`.padStart(7)}  ${note}`,
      );
    console.log(
      `\n<conf-schedule>, ${EVENTS} events in ${VENUES} rooms over 3 days (first day shown), headless Chromium, until painted:`,
    );
    console.log(`  ${''.padEnd(34)} ${'element'.padStart(10)} ${'innerHTML'.padStart(12)} ${'ratio'.padStart(7)}`);
    row(`first render, fetch incl. (median of ${RUNS})`, median(el), median(base));
    const n = `${keyEl.length} keystrokes`;
    row(
      `per search keystroke (median)`,
      median(keyEl),
      median(keyBase),
      `goal < 16 ms: ${median(keyEl) < 16 ? 'met' : 'NOT met'}; ${n}`,
    );
    row('per search keystroke (p95)', quantile(keyEl, 0.95), quantile(keyBase, 0.95));
    row('per search keystroke (worst)', Math.max(...keyEl), Math.max(...keyBase));
  } finally {
    await browser.close();
    await fixture.close();
  }
}

ensureBundle();
await sizes();
await scheduleFigures();
