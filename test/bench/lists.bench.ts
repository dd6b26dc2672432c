/**
 * `<conf-speakers>` at four conference sizes (100, 200, 800 and 2,000 speakers) in headless
 * Chromium with its CPU throttled 4× (DevTools' mid-tier phone, `Emulation.setCPUThrottlingRate`),
 * each beside a baseline measured in the same run: the same speakers' cards as plain `innerHTML`
 * from the same data, fetched the same way, filtered on `input` the same way.
 *
 * - first card visible: from creating the element (or starting the baseline's fetch) to the end
 *   of the frame that paints the first card (median of {@link RUNS});
 * - a search keystroke: from the `input` event, dispatched at the start of a frame, to the end of
 *   that frame's paint (median and p95 of {@link KEY_ROUNDS} rounds of {@link QUERIES});
 * - nodes in the element's shadow root once loaded.
 *
 * The record lists build only the cards near the screen (`src/core/card-window.ts`) once a list
 * holds more than 100 cards, so the element's figures should stay about flat from 200 to 2,000
 * while the baseline's grow; at 100 every card is built. The schedule's own fixture server
 * answers the speakers list.
 *
 * The sponsor wall (`<conf-exhibits display="wall">`, logos windowed by the same `CardWindow`) is
 * measured at the same sizes of exhibitors (answered by the page's route, not the fixture): first
 * logo visible beside a plain `innerHTML` list of the same names and links, and its nodes.
 * `BENCH_SIZES=800,2000` picks the sizes; `BENCH_BUNDLE=path`
 * measures another build (as it is, not rebuilt); `BENCH_RAW=1` also prints every keystroke's
 * time. Printed, never asserted.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { BUNDLE_PATH } from '../../scripts/demo-server.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from '../e2e/browser.js';
import { startScheduleFixture } from './schedule-fixture.js';

// 100 is at the window's EAGER_CARDS (every card built); 200 is the smallest windowed size.
const SIZES = process.env['BENCH_SIZES'] ? process.env['BENCH_SIZES'].split(',').map(Number) : [100, 200, 800, 2000];
const THROTTLE = 4;
const RUNS = 5;
const KEY_ROUNDS = 4;
const QUERIES = ['p', 'pe', 'per', 'pers', 'person1', 'person12', 'person1', 'surname1', 'surname', ''];

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
};
const median = (xs: number[]) => quantile(xs, 0.5);

// Runs in the page. Both sides are timed until the frame showing the result has been painted: a
// task queued from inside a requestAnimationFrame callback runs after that frame's paint.
const SPEAKERS = { tag: 'conf-speakers', attrs: {}, ready: '[part~="card"]' };
const WALL = { tag: 'conf-exhibits', attrs: { display: 'wall' }, ready: '[part~="wall-item"]' };

const IN_PAGE = {
  /** Mounts `tag` (with `attrs`) and times it until the frame showing its first `ready` match is painted. */
  async element({
    tag,
    attrs,
    ready,
  }: {
    tag: string;
    attrs: Record<string, string>;
    ready: string;
  }): Promise<{ ms: number; nodes: number }> {
    const stage = document.getElementById('stage')!;
    stage.replaceChildren();
    scrollTo(0, 0);
    await customElements.whenDefined(tag);
    const t0 = performance.now();
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    stage.append(el);
    for (;;) {
      const shown = await new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => {
          const found = el.shadowRoot?.querySelector(ready) != null;
          setTimeout(() => resolve(found), 0);
        }),
      );
      if (shown) break;
    }
    const ms = performance.now() - t0;
    // Loaded and settled: a few frames for the list to measure itself.
    for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_ALL);
    let nodes = 0;
    while (walker.nextNode()) nodes++;
    return { ms, nodes };
  },
  async baseline(): Promise<number> {
    const stage = document.getElementById('stage')!;
    stage.replaceChildren();
    const t0 = performance.now();
    const path = '/api/public/v1/events/speakers';
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
    const items = [...first.data, ...rest.flat()]
      .map((s) => ({ name: String(s['fullName']), org: String(s['affiliation'] ?? '') }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const initials = (s: string) =>
      s
        .split(' ')
        .map((w) => w[0])
        .join('')
        .slice(0, 2);
    // The same shape as the element: a search field above the list, filtering on `input`.
    const input = document.createElement('input');
    input.type = 'search';
    const list = document.createElement('ul');
    stage.append(input, list);
    const render = (shown: typeof items) => {
      list.innerHTML = shown
        .map(
          (i) =>
            `<li><button><span>${esc(initials(i.name))}</span><span><span>${esc(i.name)}</span><span>${esc(i.org)}</span></span></button></li>`,
        )
        .join('');
    };
    input.addEventListener('input', () => {
      const n = input.value.toLowerCase();
      render(items.filter((i) => `${i.name} ${i.org}`.toLowerCase().includes(n)));
    });
    render(items);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t0;
  },
  async keystrokes(queries: readonly string[]): Promise<number[]> {
    const host = document.querySelector('conf-speakers');
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

// The sponsor wall's baseline (its element is timed by IN_PAGE.element, with WALL): until the frame showing the first logo is painted.
const WALL_IN_PAGE = {
  async baseline(): Promise<number> {
    const stage = document.getElementById('stage')!;
    stage.replaceChildren();
    const t0 = performance.now();
    const path = '/api/public/v1/exhibition/exhibits';
    type Page = { data: Record<string, unknown>[]; meta: { total: number } };
    const first = (await (await fetch(`${path}?limit=200&offset=0`)).json()) as Page;
    const rest = await Promise.all(
      Array.from(
        { length: Math.ceil(first.meta.total / 200) - 1 },
        async (_, i) => ((await (await fetch(`${path}?limit=200&offset=${(i + 1) * 200}`)).json()) as Page).data,
      ),
    );
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const list = document.createElement('ul');
    stage.append(list);
    list.innerHTML = [...first.data, ...rest.flat()]
      .map(
        (e) =>
          `<li><a href="${esc(String(e['websiteUrl']))}" target="_blank" rel="noopener noreferrer"><span>${esc(String(e['title']))}</span><span>(opens in a new tab)</span></a></li>`,
      )
      .join('');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t0;
  },
};

interface WallFigures {
  exhibitors: number;
  firstEl: number;
  firstBase: number;
  nodes: number;
}

interface Figures {
  speakers: number;
  firstEl: number;
  firstBase: number;
  keyMedEl: number;
  keyMedBase: number;
  keyP95El: number;
  keyP95Base: number;
  nodes: number;
}

/** An element's chunk (`speakers`, `exhibits`), as the loader would import it when the tag appears. */
function elementChunk(bundlePath: string, element: string): string {
  const manifest = JSON.parse(readFileSync(join(dirname(bundlePath), 'conf-widgets.chunks.json'), 'utf8')) as {
    elements: Record<string, string[]>;
  };
  const chunk = manifest.elements[element]?.[0];
  if (!chunk) throw new Error(`The build names no ${element} chunk.`);
  return `/${chunk}`;
}

/**
 * {@link RUNS} mounts of `element`, each followed by one of the baseline: their median times to the
 * first card shown, and the most nodes the element's shadow root held.
 */
async function firstShown(
  page: Page,
  element: typeof SPEAKERS,
  baseline: () => Promise<number>,
): Promise<{ firstEl: number; firstBase: number; nodes: number }> {
  const firstEl: number[] = [];
  const firstBase: number[] = [];
  const nodes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate, so neither side always runs on a warmer engine.
    const r = await page.evaluate(IN_PAGE.element, element);
    firstEl.push(r.ms);
    nodes.push(r.nodes);
    firstBase.push(await baseline());
  }
  return { firstEl: median(firstEl), firstBase: median(firstBase), nodes: Math.max(...nodes) };
}

async function measure(speakers: number): Promise<Figures> {
  const bundlePath = process.env['BENCH_BUNDLE'] ?? BUNDLE_PATH;
  const fixture = await startScheduleFixture({ events: 0, speakers, bundlePath });
  const browser = await launchChromium();
  try {
    // A phone's width: one column of cards, the most the list has to build per screen.
    const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
    // tsx keeps function names by wrapping them in `__name(...)`; the page has no such helper.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(fixture.url);
    await page.evaluate((chunk) => import(chunk), elementChunk(bundlePath, 'speakers'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const first = await firstShown(page, SPEAKERS, () => page.evaluate(IN_PAGE.baseline));
    const keyEl: number[] = [];
    const keyBase: number[] = [];
    for (let i = 0; i < KEY_ROUNDS; i++) {
      await page.evaluate(IN_PAGE.element, SPEAKERS);
      keyEl.push(...(await page.evaluate(IN_PAGE.keystrokes, QUERIES)));
      await page.evaluate(IN_PAGE.baseline);
      keyBase.push(...(await page.evaluate(IN_PAGE.keystrokes, QUERIES)));
    }
    if (process.env['BENCH_RAW']) console.log(speakers, 'keystrokes', keyEl.map((t) => t.toFixed(0)).join(' '));
    return {
      speakers,
      ...first,
      keyMedEl: median(keyEl),
      keyMedBase: median(keyBase),
      keyP95El: quantile(keyEl, 0.95),
      keyP95Base: quantile(keyBase, 0.95),
    };
  } finally {
    await browser.close();
    await fixture.close();
  }
}

function print(rows: readonly Figures[]): void {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const cols = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(30) : c.padStart(11))).join(' ');
  console.log(`\n<conf-speakers>, 412×915 viewport, CPU throttled ${THROTTLE}×, until painted:`);
  console.log(cols(['', ...rows.map((r) => `${r.speakers} sp.`)]));
  console.log(cols(['first card visible: element', ...rows.map((r) => ms(r.firstEl))]));
  console.log(cols(['  innerHTML baseline', ...rows.map((r) => ms(r.firstBase))]));
  console.log(cols(['  ratio', ...rows.map((r) => x(r.firstEl, r.firstBase))]));
  console.log(cols(['keystroke p95: element', ...rows.map((r) => ms(r.keyP95El))]));
  console.log(cols(['  innerHTML baseline', ...rows.map((r) => ms(r.keyP95Base))]));
  console.log(cols(['  ratio', ...rows.map((r) => x(r.keyP95El, r.keyP95Base))]));
  console.log(cols(['keystroke median: element', ...rows.map((r) => ms(r.keyMedEl))]));
  console.log(cols(['  innerHTML baseline', ...rows.map((r) => ms(r.keyMedBase))]));
  console.log(cols(['shadow-root nodes', ...rows.map((r) => String(r.nodes))]));
}

/** `exhibitors` exhibitors of four types, names only (no logo files to fetch), each with a website. */
function exhibitsData(exhibitors: number): Record<string, unknown>[] {
  const types = ['sponsor', 'startup', 'research', 'community'];
  return Array.from({ length: exhibitors }, (_, i) => ({
    id: `x${i}`,
    title: `Exhibitor ${i}`,
    exhibitType: types[i % types.length],
    shortDescription: '',
    description: '',
    booth: '',
    logoUrl: null,
    websiteUrl: `https://exhibitor${i}.example/`,
    presenter: { fullName: `Presenter ${i}` },
  }));
}

async function measureWall(exhibitors: number): Promise<WallFigures> {
  const bundlePath = process.env['BENCH_BUNDLE'] ?? BUNDLE_PATH;
  const fixture = await startScheduleFixture({ events: 0, speakers: 0, bundlePath });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
    await page.addInitScript('window.__name = (f) => f');
    const data = exhibitsData(exhibitors);
    // The API's paged list, answered in the page's own network stack (the fixture serves no exhibits).
    await page.route(/\/exhibition\/exhibits/, (route) => {
      const url = new URL(route.request().url());
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 200);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return route.fulfill({
        json: { data: data.slice(offset, offset + limit), meta: { total: data.length, limit, offset } },
      });
    });
    await page.goto(fixture.url);
    await page.evaluate((chunk) => import(chunk), elementChunk(bundlePath, 'exhibits'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    return { exhibitors, ...(await firstShown(page, WALL, () => page.evaluate(WALL_IN_PAGE.baseline))) };
  } finally {
    await browser.close();
    await fixture.close();
  }
}

function printWall(rows: readonly WallFigures[]): void {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const cols = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(30) : c.padStart(11))).join(' ');
  console.log(`\n<conf-exhibits display="wall">, 412×915 viewport, CPU throttled ${THROTTLE}×, until painted:`);
  console.log(cols(['', ...rows.map((r) => `${r.exhibitors} ex.`)]));
  console.log(cols(['first logo visible: element', ...rows.map((r) => ms(r.firstEl))]));
  console.log(cols(['  innerHTML baseline', ...rows.map((r) => ms(r.firstBase))]));
  console.log(cols(['  ratio', ...rows.map((r) => `${(r.firstEl / r.firstBase).toFixed(2)}x`)]));
  console.log(cols(['shadow-root nodes', ...rows.map((r) => String(r.nodes))]));
}

async function main(): Promise<void> {
  if (!chromiumPath()) {
    console.log(`<conf-speakers> at scale: ${NO_CHROMIUM}`);
    return;
  }
  // Another build named by BENCH_BUNDLE is measured as it is.
  if (!process.env['BENCH_BUNDLE']) ensureBundle();
  const rows: Figures[] = [];
  for (const speakers of SIZES) rows.push(await measure(speakers));
  print(rows);
  const walls: WallFigures[] = [];
  for (const exhibitors of SIZES) walls.push(await measureWall(exhibitors));
  printWall(walls);
}

await main();
