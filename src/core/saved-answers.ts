/**
 * The last good answers of the elements' reads, kept in the visitor's browser (IndexedDB), so the
 * next visit shows them at once and a visit without network shows them instead of an error.
 *
 * Keyed by the request's absolute URL (the proxy's origin and path plus the query); nothing else
 * is part of a request the elements make, and no secret is: the proxy holds the key. Bounded per
 * proxy origin to {@link MAX_ENTRIES_PER_ORIGIN} answers and {@link MAX_CHARS_PER_ORIGIN}
 * characters of text; the oldest saved go first. Imported on demand by the resource controller.
 * Where IndexedDB is missing or refuses (server-side rendering, some private modes), every call
 * resolves to nothing and the elements work as without it.
 *
 * Plain IndexedDB requests, not `idb`'s promise wrappers (the kiosk's store uses those): a handful
 * of requests, and every data page downloads this module while it loads, where `idb` cost a
 * kilobyte more. Handler properties, not listeners: a write follows every change of the data (a
 * screen polling for days), and they add no event listeners to the page.
 */
import type { RawAnswer } from '../api/transport.js';

/** Answers kept per proxy origin at most. */
export const MAX_ENTRIES_PER_ORIGIN = 200;
/** Characters of answer text kept per proxy origin at most (about as many bytes: the JSON is mostly ASCII). */
export const MAX_CHARS_PER_ORIGIN = 8_000_000;

/** One saved answer. */
export interface SavedAnswer {
  url: string;
  text: string;
  etag: string | null;
  contentType: string | null;
  /** `Date.now()` when the answer was saved. */
  savedAt: number;
}

interface Meta {
  url: string;
  origin: string;
  savedAt: number;
  chars: number;
}

const DB_NAME = 'conf-widgets-saved-answers';

let opened: Promise<IDBDatabase | null> | undefined;
/** Answers saved before this time are not handed out (see {@link forgetSavedAnswers}). */
let notBefore = 0;

/** A request's result, or its error. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Opens `name` at `version` (its current one when undefined), creating the stores it lacks on upgrade. */
function open(name: string, version: number | undefined, closed?: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('answers')) db.createObjectStore('answers', { keyPath: 'url' });
      if (!db.objectStoreNames.contains('meta'))
        db.createObjectStore('meta', { keyPath: 'url' }).createIndex('origin', 'origin');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another page's upgrade waits for this connection: closed, so that page is never stuck.
      db.onversionchange = () => {
        db.close();
        closed?.();
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  });
}

/**
 * Opens the database `name` with its stores. At its current version, whatever that is (a new
 * database is created at 1, with the stores); one found without them, which something else
 * created by opening the name first, gets them in the next version: left so, every save and read
 * would fail for good. Null where IndexedDB is missing or refuses. A connection another page's
 * upgrade waits for is closed (`closed` is then called), so that page is never stuck.
 */
export async function openSavedDb(name: string, closed?: () => void): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const db = await open(name, undefined, closed);
    if (db.objectStoreNames.contains('answers') && db.objectStoreNames.contains('meta')) return db;
    const version = db.version + 1;
    db.close();
    return await open(name, version, closed);
  } catch {
    return null;
  }
}

function database(): Promise<IDBDatabase | null> {
  opened ??= openSavedDb(DB_NAME, () => (opened = undefined));
  return opened;
}

/** The saved answer for `url`, if any. */
export async function readSaved(url: string): Promise<SavedAnswer | undefined> {
  try {
    const db = await database();
    if (!db) return undefined;
    const saved = (await done(db.transaction('answers').objectStore('answers').get(url))) as SavedAnswer | undefined;
    return saved && saved.savedAt >= notBefore ? saved : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Saves the answers of one good load (replacing what was saved for the same URLs, so data the proxy
 * says changed is not kept beside its new version), then drops the oldest of their origins past the bounds.
 */
export async function saveAnswers(answers: ReadonlyMap<string, RawAnswer>, savedAt = Date.now()): Promise<void> {
  if (answers.size === 0) return;
  try {
    const db = await database();
    if (!db) return;
    const tx = db.transaction(['answers', 'meta'], 'readwrite');
    const answersStore = tx.objectStore('answers');
    const metaStore = tx.objectStore('meta');
    const origins = new Set<string>();
    for (const [url, raw] of answers) {
      const origin = new URL(url).origin;
      origins.add(origin);
      answersStore.put({
        url,
        text: raw.text,
        etag: raw.etag,
        contentType: raw.contentType,
        savedAt,
      } satisfies SavedAnswer);
      metaStore.put({ url, origin, savedAt, chars: raw.text.length } satisfies Meta);
    }
    for (const origin of origins) {
      const all = metaStore.index('origin').getAll(origin);
      all.onsuccess = () => {
        for (const url of overBounds(all.result as Meta[])) {
          answersStore.delete(url);
          metaStore.delete(url);
        }
      };
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } catch {
    // A full or refusing store keeps what it had; the page works as without it.
  }
}

/** URLs to drop, oldest first, so the rest fits the bounds. Pure, for tests. */
export function overBounds(metas: readonly Pick<Meta, 'url' | 'savedAt' | 'chars'>[]): string[] {
  const byAge = [...metas].sort((a, b) => a.savedAt - b.savedAt);
  let count = byAge.length;
  let chars = byAge.reduce((sum, m) => sum + m.chars, 0);
  const drop: string[] = [];
  for (const m of byAge) {
    if (count <= MAX_ENTRIES_PER_ORIGIN && chars <= MAX_CHARS_PER_ORIGIN) break;
    drop.push(m.url);
    count--;
    chars -= m.chars;
  }
  return drop;
}

/** Forgets every saved answer at once (tests: each starts as a first visit). */
export function forgetSavedAnswers(): void {
  notBefore = Date.now();
  void database()
    .then((db) => {
      if (!db) return;
      const tx = db.transaction(['answers', 'meta'], 'readwrite');
      tx.objectStore('answers').clear();
      tx.objectStore('meta').clear();
    })
    .catch(() => undefined);
}
