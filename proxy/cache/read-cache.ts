/**
 * The read cache: fresh entries served from the store, stale-while-revalidate, one upstream call
 * per key at a time however many screens poll (single flight), and the last good copy served when
 * the upstream fails.
 *
 * Single flight is per instance; with a shared store each instance makes at most one call per
 * key per TTL, and usually none because another instance already refreshed the shared entry.
 */
import { ProxyError } from '../errors.js';
import { BoundedMap } from '../stores/memory.js';
import { cacheEntryBytes } from '../stores/sizes.js';
import type { CacheEntry, CacheStore } from '../stores/types.js';
import type { UpstreamAnswer } from '../upstream/client.js';
import { chooseCopy, copyFor, isCompressible, type CompressedCopy } from './compressed.js';
import { keepBytes } from './entry-bytes.js';
import { etagOf, freshness, keepMs, type CachePolicy } from './policy.js';

export type CacheState = 'hit' | 'miss' | 'stale';

export type ReadOutcome =
  | { kind: 'entry'; entry: CacheEntry; state: CacheState; upstreamMs?: number }
  /** An upstream answer that is not cacheable (a 404, say), passed on as is. */
  | { kind: 'answer'; answer: UpstreamAnswer; state: 'miss' };

type Loaded = { entry: CacheEntry; ms: number } | { answer: UpstreamAnswer };

export interface ReadCacheOptions {
  store: CacheStore;
  policy: CachePolicy;
  now?: () => number;
  /** Reports store failures and background refresh failures; they never fail a read. */
  report?: (event: string, error: unknown) => void;
  /**
   * How many keys, and how many bytes of entries, {@link ReadCache.fresh} remembers when the store
   * cannot be read synchronously (default 1000 and 64 MB; a memory store is read directly).
   */
  recentMax?: number;
  recentMaxBytes?: number;
}

/** Upstream headers a cached entry repeats. */
const KEPT_HEADERS = ['deprecation', 'sunset', 'link'] as const;

/** Whether cache key `key` (a path with its query) reads `path` or below it. */
const under = (key: string, path: string): boolean => {
  const bare = key.split('?', 1)[0]!;
  return bare === path || bare.startsWith(`${path}/`);
};

export class ReadCache {
  private readonly inflight = new Map<string, Promise<Loaded>>();
  /** The change number each call in flight started at. */
  private readonly inflightGen = new Map<string, number>();
  /** Paths a write through this instance changed: when, and the change's number. */
  private readonly changes = new Map<string, { at: number; gen: number }>();
  private gen = 0;
  /**
   * Per key under a changed path: the change number its newest load started after, so the copy
   * loaded after a change is served again even within the same millisecond (a frozen clock).
   */
  private readonly loadedGen = new Map<string, number>();
  /**
   * With a store that has no `peek` (a shared one): the newest entry this instance has read or
   * stored per key, so a host's fast lane can answer a fresh hit synchronously (the store's `get`
   * is async and may be remote). Bounded in entries and bytes, least recently used dropped first.
   * A freshly loaded entry is remembered even when the shared store failed to keep it: it is
   * fresh either way. A memory store is peeked instead, so its entries are held in one map only
   * and its bounds are the only ones.
   */
  private readonly recent: BoundedMap<CacheEntry> | null;
  private readonly now: () => number;
  private readonly report: (event: string, error: unknown) => void;

  constructor(private readonly o: ReadCacheOptions) {
    this.now = o.now ?? Date.now;
    this.report = o.report ?? (() => {});
    this.recent = o.store.peek
      ? null
      : new BoundedMap<CacheEntry>(o.recentMax ?? 1000, o.recentMaxBytes ?? 64 * 1024 * 1024, cacheEntryBytes, () => 0);
  }

  /**
   * The entry for `key` if this instance has seen it and it is still fresh (younger than the
   * TTL): exactly the case in which `read` answers from the store without any other work.
   */
  fresh(key: string): CacheEntry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.recent ? this.recent.get(key) : this.o.store.peek!(key);
    if (!entry || this.outdated(key, entry)) return undefined;
    if (freshness(entry, this.o.policy, this.now()) === 'fresh') return entry;
    this.recent?.delete(key);
    return undefined;
  }

  private remember(key: string, entry: CacheEntry): void {
    if (!this.recent) return;
    const known = this.recent.get(key);
    if (known === entry) return;
    if (known && known.storedAt > entry.storedAt) return;
    // No expiry here: fresh() checks freshness itself (a clock of 0 and an endless keep).
    this.recent.set(key, entry, Number.POSITIVE_INFINITY);
  }

  /**
   * The entry with the compressed copies already made for it. A memory store hands out the object
   * it was given; a shared store hands out a new object per read, so the one this instance already
   * holds for the same content is used instead, and a new one is remembered, so that a copy made
   * for it is made once, not per read.
   */
  private withCopies(key: string, entry: CacheEntry): CacheEntry {
    const known = this.recent?.get(key);
    if (known && known !== entry && known.etag === entry.etag && known.storedAt === entry.storedAt) return known;
    if (this.recent && known !== entry) this.remember(key, entry);
    return entry;
  }

  /**
   * The copy of a cached entry to send for a request's `Accept-Encoding` (`cache/compressed.ts`).
   * Copies are made when a client first asks for one, once per entry and coding: a miss for a
   * client that asked for none compresses nothing. A copy made for an entry the memory store (or
   * this instance's index of a shared store's entries) holds is counted in its byte bound again.
   */
  async copyFor(
    key: string,
    entry: CacheEntry,
    acceptEncoding: string | undefined,
  ): Promise<CompressedCopy | 'identity'> {
    if (!isCompressible(entry)) return 'identity';
    const choice = chooseCopy(entry, acceptEncoding);
    if (choice === 'identity' || 'body' in choice) return choice;
    const copy = await copyFor(entry, acceptEncoding);
    await this.recount(key, entry);
    return copy;
  }

  /** Stores `entry` again where it is held as it is, so the byte bounds count its new copies. */
  private async recount(key: string, entry: CacheEntry): Promise<void> {
    if (this.recent?.get(key) === entry) this.recent.set(key, entry, Number.POSITIVE_INFINITY);
    if (this.o.store.peek?.(key) !== entry) return;
    const left = keepMs(this.o.policy) - (this.now() - entry.storedAt);
    if (left <= 0) return;
    try {
      await this.o.store.set(key, entry, left);
    } catch (error) {
      this.report('cache_set_failed', error);
    }
  }

  get enabled(): boolean {
    return this.o.policy.ttlMs > 0;
  }

  /**
   * A write through this instance changed what `path` (and the paths below it) answers — an
   * enrollment changes a workshop's seats: copies stored until now are not served again, fresh or
   * stale-while-revalidate; the next read waits for the upstream (the old copy stays the fallback
   * if the upstream fails). Other instances sharing a store learn of it when their copy expires.
   */
  changed(path: string): void {
    this.changes.set(path, { at: this.now(), gen: ++this.gen });
  }

  private outdated(key: string, entry: CacheEntry): boolean {
    for (const [path, change] of this.changes) {
      // Stored later (by another instance, say): newer than the change.
      if (entry.storedAt > change.at || !under(key, path)) continue;
      if ((this.loadedGen.get(key) ?? 0) < change.gen) return true;
    }
    return false;
  }

  private underChange(key: string): boolean {
    for (const path of this.changes.keys()) if (under(key, path)) return true;
    return false;
  }

  /**
   * `load(hasFallback)` calls the upstream; with a stale copy in hand it may give up sooner
   * (fewer retries), since the reader gets an answer either way.
   */
  async read(key: string, load: (hasFallback: boolean) => Promise<UpstreamAnswer>): Promise<ReadOutcome> {
    if (!this.enabled) return this.direct(load);
    let entry: CacheEntry | undefined;
    try {
      entry = await this.o.store.get(key);
    } catch (error) {
      this.report('cache_get_failed', error);
    }
    if (entry) entry = this.withCopies(key, entry);
    // An outdated copy is only a fallback for a failing upstream, as a stale-if-error one is.
    const state = !entry
      ? 'expired'
      : this.outdated(key, entry)
        ? 'stale-only'
        : freshness(entry, this.o.policy, this.now());
    if (entry && state === 'fresh') {
      this.remember(key, entry);
      return { kind: 'entry', entry, state: 'hit' };
    }
    if (entry && state === 'revalidate') {
      this.flight(key, () => load(true)).catch((error: unknown) => this.report('revalidate_failed', error));
      return { kind: 'entry', entry, state: 'hit' };
    }
    const fallback = entry && state === 'stale-only' ? entry : undefined;
    let loaded: Loaded;
    try {
      loaded = await this.flight(key, () => load(fallback !== undefined));
    } catch (error) {
      if (fallback && error instanceof ProxyError) return { kind: 'entry', entry: fallback, state: 'stale' };
      throw error;
    }
    if ('entry' in loaded) return { kind: 'entry', entry: loaded.entry, state: 'miss', upstreamMs: loaded.ms };
    if (fallback && (loaded.answer.status >= 500 || loaded.answer.status === 429)) {
      return { kind: 'entry', entry: fallback, state: 'stale' };
    }
    return { kind: 'answer', answer: loaded.answer, state: 'miss' };
  }

  private async direct(load: (hasFallback: boolean) => Promise<UpstreamAnswer>): Promise<ReadOutcome> {
    const answer = await load(false);
    if (answer.status !== 200) return { kind: 'answer', answer, state: 'miss' };
    return { kind: 'entry', entry: await toEntry(answer, this.now()), state: 'miss', upstreamMs: answer.ms };
  }

  private flight(key: string, load: () => Promise<UpstreamAnswer>): Promise<Loaded> {
    const running = this.inflight.get(key);
    // A call that started before a change may carry the old answer: a reader after it waits for a new one.
    if (running && ((this.inflightGen.get(key) ?? 0) >= this.gen || !this.underChange(key))) return running;
    const startedGen = this.gen;
    const promise = (async (): Promise<Loaded> => {
      const answer = await load();
      if (answer.status !== 200) return { answer };
      // Stored as it is: compressed copies are made when a client asks for one (`copyFor`).
      const entry = await toEntry(answer, this.now());
      try {
        await this.o.store.set(key, entry, keepMs(this.o.policy));
      } catch (error) {
        this.report('cache_set_failed', error);
      }
      if (this.underChange(key)) this.loadedGen.set(key, startedGen);
      this.remember(key, entry);
      return { entry, ms: answer.ms };
    })().finally(() => {
      if (this.inflight.get(key) !== promise) return;
      this.inflight.delete(key);
      this.inflightGen.delete(key);
    });
    this.inflight.set(key, promise);
    this.inflightGen.set(key, startedGen);
    return promise;
  }
}

async function toEntry(answer: UpstreamAnswer, now: number): Promise<CacheEntry> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = answer.headers.get(name);
    if (value && !/[\r\n]/.test(value)) headers[name] = value;
  }
  const entry: CacheEntry = {
    status: answer.status,
    body: answer.body,
    contentType: answer.contentType,
    etag: await etagOf(answer.bytes),
    storedAt: now,
    headers,
  };
  keepBytes(entry, answer.bytes);
  return entry;
}
