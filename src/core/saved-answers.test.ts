/**
 * Last good data kept in the visitor's browser (IndexedDB, real Chromium): the store's bounds and
 * replacement, a repeat visit that shows the saved data before the API answers, and a visit with no
 * network that shows the schedule and the speakers marked "saved at", with the personal agenda working.
 */
import { expect } from '@esm-bundle/chai';
import { cleanup, ElementHarness, fixture, preferOn, waitFor } from '../../test/browser/harness.js';
import { forgetSharedReads } from '../api/shared-reads.js';
import type { RawAnswer } from '../api/transport.js';
import {
  forgetSavedAnswers,
  MAX_ENTRIES_PER_ORIGIN,
  openSavedDb,
  overBounds,
  readSaved,
  saveAnswers,
  type SavedAnswer,
} from './saved-answers.js';
import '../elements/schedule/define.js';
import '../elements/speakers/define.js';

const API = `${location.origin}/api/public/v1`;
const SPEAKERS_PAGE = `${API}/events/speakers?limit=100&offset=0`;
const EVENTS_PAGE = `${API}/events/events?limit=100&offset=0`;

function raw(text: string, etag: string | null = null): RawAnswer {
  return { status: 200, etag, stale: false, text, contentType: 'application/json' };
}

/** Waits (polling the store) until `url` is saved, optionally with a given ETag. */
async function savedFor(url: string, etag?: string): Promise<SavedAnswer> {
  const until = performance.now() + 8000;
  for (;;) {
    const s = await readSaved(url);
    if (s && (etag === undefined || s.etag === etag)) return s;
    if (performance.now() > until) throw new Error(`Timed out waiting for a saved answer for ${url}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** No network for the page's API requests, as in a hall whose Wi-Fi is down. */
function goOffline(): () => void {
  const online = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/public/v1/')) return Promise.reject(new TypeError('Failed to fetch'));
    return online(input, init);
  };
  return () => void (window.fetch = online);
}

const isLoading = (el: Element) => el.matches(':state(loading)');
const marker = (h: ElementHarness) => h.part('stale')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const hhmm = /\b\d{1,2}:\d{2}\b/;

describe('saved answers (IndexedDB)', () => {
  afterEach(cleanup);

  it('hands out what was saved, and replaces it when the answer changed', async () => {
    const url = `${API}/test/replace?x=1`;
    await saveAnswers(new Map([[url, raw('{"data":[1]}', '"v1"')]]));
    expect((await readSaved(url))?.text).to.equal('{"data":[1]}');
    await saveAnswers(new Map([[url, raw('{"data":[2]}', '"v2"')]]));
    const now = await readSaved(url);
    expect(now?.text).to.equal('{"data":[2]}');
    expect(now?.etag).to.equal('"v2"');
    expect(await readSaved(`${API}/test/replace?x=2`), 'another query is another resource').to.equal(undefined);
  });

  it('keeps at most MAX_ENTRIES_PER_ORIGIN answers per proxy origin, dropping the oldest', async () => {
    const t = Date.now();
    const batch = (name: string, n: number) =>
      new Map(Array.from({ length: n }, (_, i) => [`${API}/test/${name}/${i}`, raw(`{"i":${i}}`)] as const));
    const old = batch('old', MAX_ENTRIES_PER_ORIGIN / 2);
    const newer = batch('newer', MAX_ENTRIES_PER_ORIGIN / 2);
    const newest = batch('newest', 5);
    await saveAnswers(old, t);
    await saveAnswers(newer, t + 1);
    await saveAnswers(newest, t + 2);
    const kept = async (m: Map<string, RawAnswer>) =>
      (await Promise.all([...m.keys()].map((u) => readSaved(u)))).filter(Boolean).length;
    expect(await kept(newest)).to.equal(5);
    expect(await kept(newer)).to.equal(newer.size);
    expect(await kept(old)).to.equal(old.size - 5);
    // Another origin has bounds of its own.
    await saveAnswers(new Map([['https://other.example/api/public/v1/events/events', raw('{}')]]), t + 3);
    expect(await kept(newer)).to.equal(newer.size);
  });

  it('a database found without its stores (someone opened the name first) gets them, and keeps answers', async () => {
    const name = `conf-widgets-test-empty-${crypto.randomUUID()}`;
    // What any script opening the name without a version does: the database, empty, at version 1.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    try {
      const db = await openSavedDb(name);
      expect(db, 'opened').to.not.equal(null);
      expect([...db!.objectStoreNames].sort()).to.deep.equal(['answers', 'meta']);
      expect(db!.version).to.equal(2);
      const answers = () => db!.transaction('answers', 'readwrite').objectStore('answers');
      await request(answers().put({ url: 'u', text: '{}', etag: null, contentType: null, savedAt: 1 }));
      expect(((await request(answers().get('u'))) as SavedAnswer).text).to.equal('{}');
      db!.close();
      // Opened again (the next visit): the same database, no second upgrade.
      const again = await openSavedDb(name);
      expect(again!.version).to.equal(2);
      const kept = await request(again!.transaction('answers').objectStore('answers').get('u'));
      expect((kept as SavedAnswer).text).to.equal('{}');
      again!.close();
    } finally {
      indexedDB.deleteDatabase(name);
    }
  });

  it('closes its connection when another page upgrades the database, so that page is not stuck', async () => {
    const name = `conf-widgets-test-blocking-${crypto.randomUUID()}`;
    let closed = 0;
    const db = await openSavedDb(name, () => closed++);
    expect(db).to.not.equal(null);
    const upgraded = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(name, db!.version + 1);
      open.onblocked = () => reject(new Error('blocked by the open connection'));
      open.onsuccess = () => {
        const v = open.result.version;
        open.result.close();
        resolve(v);
      };
      open.onerror = () => reject(open.error);
    });
    expect(upgraded).to.equal(2);
    expect(closed).to.equal(1);
    indexedDB.deleteDatabase(name);
  });

  it('drops the oldest past the size bound too (pure rule)', () => {
    const big = 3_000_000;
    const metas = [
      { url: 'a', savedAt: 3, chars: big },
      { url: 'b', savedAt: 1, chars: big },
      { url: 'c', savedAt: 2, chars: big },
    ];
    expect(overBounds(metas)).to.deep.equal(['b']);
    expect(overBounds(metas.slice(0, 2))).to.deep.equal([]);
  });

  it('a repeat visit shows the speakers saved last time before the API answers, then the answer', async () => {
    const first = new ElementHarness(await fixture<HTMLElement>('<conf-speakers></conf-speakers>'));
    await waitFor(() => first.all('[part~="card"]').length > 0, 'speaker cards');
    const count = first.all('[part~="card"]').length;
    await savedFor(SPEAKERS_PAGE);
    first.el.remove();
    forgetSharedReads();
    const restore = preferOn(/\/events\/speakers/, 'delay=1500');
    try {
      const again = new ElementHarness(await fixture<HTMLElement>('<conf-speakers></conf-speakers>'));
      await waitFor(() => again.all('[part~="card"]').length > 0, 'saved speaker cards');
      expect(isLoading(again.el), 'shown while the API has not answered yet').to.equal(true);
      expect(again.all('[part~="card"]').length).to.equal(count);
      expect(again.part('stale'), 'not marked while revalidating').to.equal(null);
      await waitFor(() => !isLoading(again.el), 'the answer');
      expect(again.part('stale'), 'the answer came: nothing to mark').to.equal(null);
      expect(again.all('[part~="card"]').length).to.equal(count);
    } finally {
      restore();
    }
  });

  it('with no network, the speakers show from the saved copy, marked "saved at HH:MM", not an error', async () => {
    const first = new ElementHarness(await fixture<HTMLElement>('<conf-speakers></conf-speakers>'));
    await waitFor(() => first.all('[part~="card"]').length > 0, 'speaker cards');
    const names = first.all('[part~="card"]').map((c) => c.textContent);
    await savedFor(SPEAKERS_PAGE);
    first.el.remove();
    const online = goOffline();
    try {
      const errors: Event[] = [];
      const onError = (e: Event) => errors.push(e);
      document.addEventListener('conf-error', onError);
      const again = new ElementHarness(await fixture<HTMLElement>('<conf-speakers></conf-speakers>'));
      await waitFor(() => again.part('stale'), 'the saved-copy marker');
      document.removeEventListener('conf-error', onError);
      expect(again.all('[part~="card"]').map((c) => c.textContent)).to.deep.equal(names);
      expect(marker(again)).to.match(/^Saved at /);
      expect(marker(again)).to.match(hhmm);
      expect(again.part('error'), 'no error view').to.equal(null);
      expect(again.el.matches(':state(stale)')).to.equal(true);
      expect((errors[0] as CustomEvent<{ stale: boolean }> | undefined)?.detail.stale).to.equal(true);
    } finally {
      online();
    }
  });

  it('with no network, the schedule shows from the saved copy, marked, and the personal agenda works', async () => {
    const first = new ElementHarness(await fixture<HTMLElement>('<conf-schedule></conf-schedule>'));
    await waitFor(() => first.part('star'), 'schedule cards');
    const cards = first.all('[part~="event"]').length;
    await savedFor(EVENTS_PAGE);
    first.el.remove();
    const online = goOffline();
    try {
      const again = new ElementHarness(await fixture<HTMLElement>('<conf-schedule lang="de"></conf-schedule>'));
      await waitFor(() => again.part('stale') && again.part('star'), 'the saved schedule, marked');
      expect(again.all('[part~="event"]').length).to.equal(cards);
      expect(marker(again)).to.match(/^Gespeichert um /);
      expect(marker(again)).to.match(hhmm);
      const star = again.part<HTMLButtonElement>('star')!;
      expect(star.getAttribute('aria-pressed')).to.equal('false');
      star.click();
      await waitFor(() => again.part('star')!.getAttribute('aria-pressed') === 'true', 'the star set offline');
      const onlyMine = again.q<HTMLInputElement>('.starred-only input')!;
      onlyMine.click();
      await waitFor(
        () => again.all('.slot-item:not([hidden]) [part~="event"]').length === 1,
        'only the starred event shown',
      );
    } finally {
      online();
      for (const key of Object.keys(localStorage))
        if (key.startsWith('conf-widgets:agenda:')) localStorage.removeItem(key);
    }
  });

  it('a first visit with no network still shows the error, as before', async () => {
    forgetSavedAnswers();
    const online = goOffline();
    try {
      const h = new ElementHarness(await fixture<HTMLElement>('<conf-speakers></conf-speakers>'));
      await waitFor(() => h.part('error'), 'the error view');
      expect(h.part('stale')).to.equal(null);
    } finally {
      online();
    }
  });
});
