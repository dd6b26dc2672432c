/**
 * Offline at the venue, as a visitor's browser sees it: the demo site's `/` loads through the real
 * proxy and sandbox, then the browser goes offline (`context.setOffline`) and the schedule and the
 * speakers are put on the page again. They show the last good data kept in IndexedDB, marked
 * "Saved at HH:MM", instead of an error. And a CMS page the browser keeps in its HTTP cache (one
 * sent with a max-age, from another origin than the proxy) opened again with no network: the page,
 * the loader and its chunks come from the cache, the elements' data from the cache or the saved copy.
 */
import assert from 'node:assert/strict';
import type { RequestListener } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { StartedDemo } from '../../scripts/demo-server.js';
import { SHARED_ANSWER_MS } from '../../src/core/resource-controller.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, NO_CHROMIUM } from './browser.js';
import { startCmsWithDemo, type CmsWithDemo } from './cms-site.js';

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

/**
 * What the first `tag` on the page shows: how many cards are built, what it shows in all (windowed
 * lists build only the cards near the screen, so the built count depends on scrolling and idle
 * time: the schedule's slot headings, which every slot keeps, else the list's `aria-setsize`), its
 * first card's text, and the stale marker's text.
 */
function shown(
  page: Page,
  tag: string,
  card: string,
): Promise<{ cards: number; whole: string; marker: string | null }> {
  return page.evaluate(
    ([t, c]) => {
      const root = document.querySelector(t!)?.shadowRoot;
      const cards = root?.querySelectorAll(c!) ?? [];
      const slots = root?.querySelectorAll('[part~="slot"]').length ?? 0;
      const setSize = root?.querySelector('[aria-setsize]')?.getAttribute('aria-setsize') ?? '';
      const first = cards[0]?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      return {
        cards: cards.length,
        whole: `${slots ? `${slots} slots` : `${setSize} in all`}; first: ${first}`,
        marker: root?.querySelector('[part~="stale"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
      };
    },
    [tag, card],
  );
}

/**
 * Answers the page's elements saved in IndexedDB so far. Never creates the database: opened first
 * by this probe, it would be created empty, before the elements could make their stores in it.
 */
function savedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('conf-widgets-saved-answers');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) {
            db.close();
            return resolve(0);
          }
          const count = db.transaction('answers').objectStore('answers').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      }),
  );
}

async function until<T>(what: string, fn: () => Promise<T | false | null | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A CMS page with the schedule and the speakers from `proxyUrl`, sent cacheable for ten minutes. */
function cachedPage(proxyUrl: () => string): RequestListener {
  return (req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=600' });
    res.end(`<!doctype html><html lang="en"><title>Programme</title>
<script type="module" src="${proxyUrl()}/conf-widgets.js"></script>
<conf-schedule endpoint="${proxyUrl()}"></conf-schedule>
<conf-speakers endpoint="${proxyUrl()}"></conf-speakers>`);
  };
}

describe('offline at the venue', () => {
  let demo: StartedDemo;
  let browser: Browser;
  let site: CmsWithDemo;
  let cmsUrl: string;

  before(async () => {
    ensureBundle();
    site = await startCmsWithDemo(cachedPage(() => demo.url));
    ({ demo, browser, cmsOrigin: cmsUrl } = site);
  });
  after(async () => {
    await site?.close();
  });

  test(
    'the schedule and the speakers show the saved copy, marked, when the network is gone',
    { timeout: 120_000 },
    async () => {
      const elements = [
        ['conf-schedule', '[part~="event"]'],
        ['conf-speakers', '[part~="card"]'],
      ] as const;
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${demo.url}/`);
        const online = new Map<string, string>();
        for (const [tag, card] of elements) {
          const s = await until(`${tag} loaded`, async () => {
            const now = await shown(page, tag, card);
            return now.cards > 0 ? now : null;
          });
          assert.equal(s.marker, null, `${tag} online: nothing marked`);
          online.set(tag, s.whole);
        }
        await until('answers saved in the browser', async () => (await savedCount(page)) >= 4);

        await context.setOffline(true);
        // An element added within SHARED_ANSWER_MS of another's read takes that answer instead of
        // asking; past it, the new elements ask the network, which is gone.
        await new Promise((r) => setTimeout(r, SHARED_ANSWER_MS + 500));
        for (const [tag, card] of elements) {
          // The element put on the page again, as a page that re-renders it (or a later visit) does.
          await page.evaluate((t) => {
            const old = document.querySelector(t)!;
            old.replaceWith(document.createElement(t));
          }, tag);
          const offline = await until(`${tag} from the saved copy, marked`, async () => {
            const s = await shown(page, tag, card);
            return s.marker && s.cards > 0 ? s : null;
          });
          assert.equal(offline.whole, online.get(tag), `${tag}: what was shown online is shown offline`);
          assert.match(offline.marker!, /^Saved at \d{1,2}:\d{2}/);
          const error = await page.evaluate(
            (t) => document.querySelector(t)!.shadowRoot!.querySelector('[part~="error"]') !== null,
            tag,
          );
          assert.equal(error, false, `${tag}: no error view`);
        }
      } finally {
        await context.close();
      }
    },
  );

  test(
    'a cached CMS page opened again with no network shows the schedule and the speakers, not an error',
    { timeout: 120_000 },
    async () => {
      const elements = [
        ['conf-schedule', '[part~="event"]'],
        ['conf-speakers', '[part~="card"]'],
      ] as const;
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${cmsUrl}/`);
        const online = new Map<string, string>();
        for (const [tag, card] of elements) {
          const s = await until(`${tag} loaded`, async () => {
            const now = await shown(page, tag, card);
            return now.cards > 0 ? now : null;
          });
          online.set(tag, s.whole);
        }
        await until('answers saved in the browser', async () => (await savedCount(page)) >= 4);

        await context.setOffline(true);
        // A new visit to the page (not a reload, which revalidates the page and fails offline).
        const visit = await page.goto(`${cmsUrl}/`);
        assert.equal(visit?.status(), 200, 'the page from the HTTP cache');
        for (const [tag, card] of elements) {
          const offline = await until(`${tag} shown offline`, async () => {
            const s = await shown(page, tag, card);
            return s.cards > 0 ? s : null;
          });
          assert.equal(offline.whole, online.get(tag), `${tag}: what was shown online is shown offline`);
          // Within the answers' max-age the HTTP cache serves them unmarked; past it, the saved copy, marked.
          if (offline.marker !== null) assert.match(offline.marker, /^Saved at \d{1,2}:\d{2}/);
          const error = await page.evaluate(
            (t) => document.querySelector(t)!.shadowRoot!.querySelector('[part~="error"]') !== null,
            tag,
          );
          assert.equal(error, false, `${tag}: no error view`);
        }
      } finally {
        await context.close();
      }
    },
  );
});
