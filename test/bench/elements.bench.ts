/**
 * Element figures, each beside a baseline measured in the same run:
 *
 * - gzip size of `dist/conf-widgets.js` (goal: 40 kB for everything) and of each element's own
 *   entry, beside Lit alone (the floor every entry carries);
 * - in headless Chromium, `<conf-schedule>` with 2,000 events across 12 rooms: time to first
 *   render and time per search keystroke, beside the same day's list rendered as plain
 *   `innerHTML` from the same data. A small local server answers the three lists in the API's
 *   shape (paged), so the figures measure rendering, not the sandbox.
 *
 * Figures are printed, never asserted: timings depend on the machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { BUNDLE_PATH } from '../../scripts/demo-server.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from '../e2e/browser.js';

const EVENTS = 2000;
const VENUES = 12;
const SPEAKERS = 300;
const RUNS = 5;
const ZONE = 'Europe/Berlin';
const DAY = '2026-06-10';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
  console.log(`  ${'dist/conf-widgets.js'.padEnd(40)} ${kb(all).padStart(9)}`);
  // The chunks the bundle fetches on demand, beside it: translations, one per locale (`de-<hash>.js`).
  const chunkDir = BUNDLE_PATH.replace(/[^/\\]*$/, 'conf-widgets');
  const chunks = existsSync(chunkDir) ? readdirSync(chunkDir).filter((n) => n.endsWith('.js')).sort() : [];
  const chunkGzip = new Map(chunks.map((f) => [f, gz(readFileSync(`${chunkDir}/${f}`))]));
  for (const [f, size] of chunkGzip) console.log(`  ${`dist/conf-widgets/${f}`.padEnd(40)} ${kb(size).padStart(9)}`);
  // What a page with every element downloads: the bundle in English, the bundle and the locale's
  // chunk in another language. The goal is the English page's.
  console.log(`  ${'page with every element, en'.padEnd(40)} ${kb(all).padStart(9)}   goal <= 40.0 kB: ${all <= 40 * 1024 ? 'met' : 'NOT met'}`);
  for (const [f, size] of chunkGzip) {
    console.log(`  ${`page with every element, ${f.split('-')[0]}`.padEnd(40)} ${kb(all + size).padStart(9)}`);
  }
  const dir = 'dist/elements';
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.js')).sort()) {
    console.log(`  ${`${dir}/${f}`.padEnd(40)} ${kb(gz(readFileSync(`${dir}/${f}`))).padStart(9)}`);
  }
  console.log(`  ${'baseline: Lit alone'.padEnd(40)} ${kb(lit).padStart(9)}   (every entry carries it; the bundle carries it once)`);
}

/** The three lists the schedule reads, generated, answered in the API's paged list shape. */
function fixtureServer(): Promise<{ server: Server; url: string }> {
  const words = 'data cloud systems learning graph security privacy design ethics scale latency robust'.split(' ');
  const venues = Array.from({ length: VENUES }, (_, i) => ({
    id: `v${i}`, name: `Room ${i + 1}`, description: '', floor: '1', capacity: 100, sortOrder: i,
  }));
  const speakers = Array.from({ length: SPEAKERS }, (_, i) => ({
    id: `s${i}`, fullName: `Person${i} Surname${i % 41}`, affiliation: 'Org', jobTitle: '', bio: '', photoUrl: null, links: [],
  }));
  const base = Date.parse(`${DAY}T08:00:00+02:00`);
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const start = base + (i % 3) * 86_400_000 + (Math.floor(i / 36) % 18) * 30 * 60_000;
    return {
      id: `e${i}`,
      title: `${words[i % 12]} ${words[(i * 5) % 12]} ${i}`,
      type: i % 9 === 0 ? 'keynote' : 'talk',
      description: `${words[(i * 7) % 12]} `.repeat(30),
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 25 * 60_000).toISOString(),
      timeZone: ZONE,
      venueId: `v${i % VENUES}`,
      speakerIds: [`s${i % SPEAKERS}`],
      track: null,
      workshopId: null,
    };
  });
  const lists: Record<string, unknown[]> = {
    '/api/public/v1/events/events': events,
    '/api/public/v1/events/venues': venues,
    '/api/public/v1/events/speakers': speakers,
  };
  const bundle = readFileSync(BUNDLE_PATH);
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/conf-widgets.js"></script></head><body><main id="stage"></main></body></html>`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const list = lists[url.pathname];
    if (list) {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 200);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: list.slice(offset, offset + limit), meta: { total: list.length, limit, offset } }));
    } else if (url.pathname === '/conf-widgets.js') {
      res.setHeader('content-type', 'text/javascript');
      res.end(bundle);
    } else if (url.pathname === '/') {
      res.setHeader('content-type', 'text/html');
      res.end(page);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

// Runs in the page. Both sides fetch the same pages the same way, then render the first day.
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
      await new Promise((r) => requestAnimationFrame(r));
      if ((el.shadowRoot?.querySelectorAll('.slot-item').length ?? 0) > 0) break;
    }
    return performance.now() - t0;
  },
  async baseline(day: string): Promise<number> {
    const stage = document.getElementById('stage')!;
    stage.replaceChildren();
    const t0 = performance.now();
    const all = async (path: string): Promise<Record<string, unknown>[]> => {
      const first = (await (await fetch(`${path}?limit=100&offset=0`)).json()) as { data: Record<string, unknown>[]; meta: { total: number } };
      const rest = await Promise.all(
        Array.from({ length: Math.ceil(first.meta.total / 100) - 1 }, async (_, i) =>
          ((await (await fetch(`${path}?limit=100&offset=${(i + 1) * 100}`)).json()) as { data: Record<string, unknown>[] }).data,
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
    const render = (list: typeof items) => {
      stage.innerHTML = list
        .map((i) => `<article><h3>${esc(i.title)}</h3><p>${i.time} · ${esc(i.venue)}</p><p>${esc(i.who)}</p></article>`)
        .join('');
    };
    render(items);
    await new Promise((r) => requestAnimationFrame(r));
    const took = performance.now() - t0;
    (window as unknown as { baselineFilter: (q: string) => void }).baselineFilter = (q: string) => {
      const n = q.toLowerCase();
      render(items.filter((i) => i.title.toLowerCase().includes(n) || i.who.toLowerCase().includes(n)));
    };
    return took;
  },
};

const QUERIES = ['s', 'su', 'sur', 'surn', 'surname', 'surname1', 'surname12', 'surname1', ''];

async function scheduleFigures(): Promise<void> {
  if (!chromiumPath()) {
    console.log(`<conf-schedule> timings: ${NO_CHROMIUM}`);
    return;
  }
  const { server, url } = await fixtureServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names by wrapping them in `__name(...)`; the page has no such helper.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(url);
    const el: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate, so neither side always runs on a warmer engine.
      el.push(await page.evaluate(IN_PAGE.element, DAY));
      base.push(await page.evaluate(IN_PAGE.baseline, DAY));
    }
    // Keystrokes: the element (its own search field) and the baseline filter, same queries.
    await page.evaluate(IN_PAGE.element, DAY);
    const keyEl = await page.evaluate(async (queries) => {
      const el = document.querySelector('conf-schedule') as HTMLElement & { updateComplete: Promise<unknown> };
      const input = el.shadowRoot!.querySelector<HTMLInputElement>('[part~="search"]')!;
      const times: number[] = [];
      for (const q of queries) {
        const t = performance.now();
        input.value = q;
        input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
        await el.updateComplete;
        void el.shadowRoot!.firstElementChild?.getBoundingClientRect();
        times.push(performance.now() - t);
      }
      return times;
    }, QUERIES);
    await page.evaluate(IN_PAGE.baseline, DAY);
    const keyBase = await page.evaluate((queries) => {
      const filter = (window as unknown as { baselineFilter: (q: string) => void }).baselineFilter;
      const times: number[] = [];
      for (const q of queries) {
        const t = performance.now();
        filter(q);
        void document.getElementById('stage')!.getBoundingClientRect();
        times.push(performance.now() - t);
      }
      return times;
    }, QUERIES);
    const row = (label: string, a: number, b: number, note = '') =>
      console.log(`  ${label.padEnd(34)} ${`${a.toFixed(1)} ms`.padStart(10)} ${`${b.toFixed(1)} ms`.padStart(12)} ${`${(a / b).toFixed(1)}x`.padStart(7)}  ${note}`);
    console.log(`\n<conf-schedule>, ${EVENTS} events in ${VENUES} rooms over 3 days (first day shown), headless Chromium, median of ${RUNS}:`);
    console.log(`  ${''.padEnd(34)} ${'element'.padStart(10)} ${'innerHTML'.padStart(12)} ${'ratio'.padStart(7)}`);
    row('time to first render (fetch incl.)', median(el), median(base));
    row('per search keystroke (median)', median(keyEl), median(keyBase), `goal < 16 ms: ${median(keyEl) < 16 ? 'met' : 'NOT met'}`);
    row('per search keystroke (worst)', Math.max(...keyEl), Math.max(...keyBase));
  } finally {
    await browser.close();
    server.close();
  }
}

ensureBundle();
await sizes();
await scheduleFigures();
