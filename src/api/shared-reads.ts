/**
 * Reads shared by every element on a page: one request in flight per resource, one answer for
 * all who asked, and a fresh answer reused for a moment by elements that upgrade a little later.
 *
 * A resource is keyed by the fetch function, the absolute URL (path and query) and the request
 * headers, not by element or `<conf-provider>`, so two providers with the same endpoint share too.
 * Only GETs come here (the client decides). Each reader keeps its own abort: one element leaving
 * does not cancel the request for the others; the request is cancelled when every reader has left.
 * Errors are shared by the readers in flight but never reused afterwards, so a retry asks again.
 */
import { send, type RawAnswer } from './transport.js';

export type { RawAnswer };

export interface ShareOptions {
  /** This reader's abort; it leaves the shared request without cancelling it for the others. */
  signal?: AbortSignal;
  /**
   * A new request, neither a reused answer nor one already in flight, which may have been sent
   * before whatever made the reader ask again (a retry button). Later readers may join it.
   */
  fresh?: boolean;
  /** How old (ms) a settled answer may be and still be handed out again; 0: only join in flight. */
  maxAgeMs?: number;
}

interface Entry<R> {
  promise: Promise<R>;
  controller: AbortController;
  readers: number;
  /** `Date.now()`-like time the answer came; undefined while in flight. */
  settledAt?: number;
}

/** How long any settled answer is kept for reuse at most, whatever a reader allows. */
export const MAX_REUSE_MS = 10_000;

export class SharedReads<R> {
  private readonly entries = new Map<string, Entry<R>>();

  /**
   * @param keep whether a settled answer may be reused (an HTTP error answer is shared with the
   *   readers in flight, like a failure, but not kept)
   */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly keep: (answer: R) => boolean = () => true,
  ) {}

  /** Requests started so far; for tests and the bench. */
  started = 0;

  /**
   * The answer for `key`: joins a request in flight, reuses a settled one young enough, or calls
   * `start` with a signal that aborts only when every reader of this request has left.
   */
  read(key: string, start: (signal: AbortSignal) => Promise<R>, options: ShareOptions = {}): Promise<R> {
    const { signal, fresh = false, maxAgeMs = 0 } = options;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    this.prune();
    let entry = this.entries.get(key);
    if (entry && !this.usable(entry, fresh, maxAgeMs)) entry = undefined;
    if (!entry) entry = this.begin(key, start);
    return this.follow(key, entry, signal);
  }

  /** Forgets every settled answer; requests in flight go on for their readers but are not joined. */
  forget(): void {
    this.entries.clear();
  }

  private usable(entry: Entry<R>, fresh: boolean, maxAgeMs: number): boolean {
    if (fresh) return false;
    return entry.settledAt === undefined || this.now() - entry.settledAt < Math.min(maxAgeMs, MAX_REUSE_MS);
  }

  private begin(key: string, start: (signal: AbortSignal) => Promise<R>): Entry<R> {
    const controller = new AbortController();
    this.started++;
    const entry: Entry<R> = { promise: Promise.resolve().then(() => start(controller.signal)), controller, readers: 0 };
    this.entries.set(key, entry);
    // A failure is shared with those waiting, not with whoever asks next.
    const drop = () => void (this.entries.get(key) === entry && this.entries.delete(key));
    entry.promise.then((answer) => {
      entry.settledAt = this.now();
      if (!this.keep(answer)) drop();
    }, drop);
    return entry;
  }

  private follow(key: string, entry: Entry<R>, signal: AbortSignal | undefined): Promise<R> {
    if (!signal) return entry.promise;
    entry.readers++;
    return new Promise<R>((resolve, reject) => {
      let done = false;
      const finish = (): boolean => {
        if (done) return false;
        done = true;
        entry.readers--;
        signal.removeEventListener('abort', leave);
        return true;
      };
      const leave = () => {
        if (!finish()) return;
        reject(abortReason(signal));
        if (entry.readers > 0 || entry.settledAt !== undefined) return;
        entry.controller.abort();
        if (this.entries.get(key) === entry) this.entries.delete(key);
      };
      signal.addEventListener('abort', leave, { once: true });
      entry.promise.then(
        (value) => void (finish() && resolve(value)),
        (error: unknown) => void (finish() && reject(error)),
      );
    });
  }

  /** Settled answers past any reuse are dropped, so the map holds only what a page reads now. */
  private prune(): void {
    const now = this.now();
    for (const [key, e] of this.entries) {
      if (e.settledAt !== undefined && now - e.settledAt > MAX_REUSE_MS) this.entries.delete(key);
    }
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The read was aborted.', 'AbortError');
}

/**
 * Remembered 200 answers with an ETag per resource, bounded so a screen polling for days holds a
 * fixed set: the page's one memory of ETags (an element holds only the ETags of its own value).
 */
export const MAX_REMEMBERED = 64;

interface Registry {
  reads: SharedReads<RawAnswer>;
  remembered: Map<string, RawAnswer>;
}

function isSuccess(answer: RawAnswer): boolean {
  return answer.status >= 200 && answer.status <= 299;
}

/** One registry per fetch function: a test's or a page's swapped-in fetch is another world. */
let registries = new WeakMap<object, Registry>();

function registryFor(fetchFn: object): Registry {
  let r = registries.get(fetchFn);
  if (!r)
    registries.set(fetchFn, (r = { reads: new SharedReads<RawAnswer>(Date.now, isSuccess), remembered: new Map() }));
  return r;
}

/** The resource a GET reads: URL with its query, and every request header (the language, too). */
export function readKey(url: string, headers: Record<string, string>): string {
  const named = Object.entries(headers)
    .map(([k, v]) => `${k.toLowerCase()}: ${v}`)
    .sort();
  return [url, ...named].join('\n');
}

/**
 * A GET through the page's shared reads. The shared request revalidates the last answer it
 * remembers (`If-None-Match`); a 304 hands that answer out again, so each reader still sees the
 * whole body and decides by its ETag whether anything changed for it.
 */
export function sharedGet(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
  options: ShareOptions = {},
): Promise<RawAnswer> {
  const { reads, remembered } = registryFor(fetchFn);
  const key = readKey(url, headers);
  return reads.read(
    key,
    async (signal) => {
      const known = remembered.get(key);
      const sent = known?.etag ? { ...headers, 'if-none-match': known.etag } : headers;
      const raw = await send(fetchFn, url, { method: 'GET', headers: sent, signal });
      if (raw.status === 304 && known) return { ...known, stale: raw.stale, notModified: true };
      if (raw.status === 200 && raw.etag) {
        remembered.delete(key);
        remembered.set(key, raw);
        if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
      }
      return raw;
    },
    options,
  );
}

/** Requests the shared reads of `fetchFn` have started (for tests and the bench). */
export function sharedRequestsStarted(fetchFn: object): number {
  return registries.get(fetchFn)?.reads.started ?? 0;
}

/**
 * Forgets every shared answer and remembered ETag (tests that change what the server answers
 * between two mounts; a page never needs it).
 */
export function forgetSharedReads(): void {
  registries = new WeakMap();
}
