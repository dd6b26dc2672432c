/**
 * Loads one piece of data for an element: again whenever what it depends on changes (the endpoint,
 * the element's arguments), the newest load winning over one it replaces, and keeps the last good
 * value across failed refreshes (the stale state), polling, and the `conf-loaded` / `conf-error`
 * events. `render()` never fetches; it reads {@link view}.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ApiClient, RawAnswer, ReadContext } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { NETWORK_ERROR } from '../api/transport.js';
import { ConfErrorEvent } from '../events/conf-error.js';
import { ConfLoadedEvent } from '../events/conf-loaded.js';
import { lazyModule } from './lazy-module.js';
import type { PollingController } from './polling-controller.js';

/** What a loader returns when the server said nothing changed since the last load. */
export const UNCHANGED = Symbol('unchanged');

/** How one run of a load goes; the default is a first load (or a retry after an error). */
export interface RunOptions {
  /**
   * The element holds a value and keeps it when nothing changed: the loader may return
   * {@link UNCHANGED} when every answer is `changed: false`.
   */
  revalidate?: boolean;
  /** Started by the element's poller, which counts its own runs; may share a recent read. */
  poll?: boolean;
  /**
   * Ask the server again even while another element's read of the same resource is on its way.
   * Default: a run that is not a poll and follows a load (a retry, a host page's `reload()`).
   */
  fresh?: boolean;
}

export interface LoadContext {
  client: ApiClient;
  signal: AbortSignal;
  /** This load's reads: pass it as `read` to every client call the loader makes. */
  read: ReadContext;
  /** See {@link RunOptions.revalidate}. */
  revalidate: boolean;
  /**
   * Call when data came from somewhere other than `client` and was the proxy's last good copy;
   * answers through `client` mark the load stale by themselves.
   */
  markStale(): void;
}

/**
 * How old an answer another element on the page just read may be and still serve this one's
 * first load, so elements that upgrade a moment later do not ask again (polls: at most half
 * their interval, so a poll never reuses its own previous answer).
 */
export const SHARED_ANSWER_MS = 3000;

/** Code of the stale marker when the proxy, not this element, kept the last good copy. */
export const UPSTREAM_STALE = 'upstream_stale';

/**
 * Code of the stale marker when the network failed and the data shown is the copy this browser
 * saved on an earlier visit (`updatedAt` is when it was saved).
 */
export const SAVED_COPY = 'saved_copy';

type SavedAnswers = typeof import('./saved-answers.js');
let savedAnswers: Promise<SavedAnswers | null> | undefined;

/** The browser's store of last good answers, loaded on first use (its code is not in the first download). */
function savedAnswersStore(): Promise<SavedAnswers | null> {
  savedAnswers ??= import('./saved-answers.js').catch(() => null);
  return savedAnswers;
}

/** Runs `fn` when the main thread is idle (within a second), or in a task of its own where idle callbacks are missing (Safari). */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 0);
}

/**
 * Whether a host's main data is kept in (and first shown from) the browser's saved answers: a
 * class may say no with a static `savesAnswers = false` (the forms, see `ConfFormElement`).
 */
function savesAnswers(host: ResourceHost): boolean {
  return (host.constructor as { savesAnswers?: boolean }).savesAnswers !== false;
}

/**
 * The poller's code, loaded once an element has a `refresh` (most pages never poll). When it
 * cannot be loaded the console says so, and the data stays as loaded until the next try.
 */
const loadPolling = lazyModule(
  () => import('./polling-controller.js'),
  'the code that refreshes live data (refresh) could not be loaded; the data is not refreshed for now.',
);

export interface ResourceHost extends HTMLElement, ReactiveControllerHost {
  readonly client: ApiClient;
  registerResource?(resource: ResourceController<unknown>): void;
  /** Seconds between refreshes, 0 for none. */
  readonly refresh: number;
  /** Custom states (`:state(loading)` …) for the host page's CSS. */
  setState(name: string, on: boolean): void;
  /**
   * Called with a load's failure before it is shown, so what the host shows with it (the set-up
   * hint of an unreachable proxy, loaded on demand) is there in the same render.
   */
  prepareFailure?(error: ApiError): Promise<unknown>;
}

export interface ResourceOptions<T> {
  /** Name for events and diagnostics, e.g. `speakers`. */
  name: string;
  load: (ctx: LoadContext) => Promise<T | typeof UNCHANGED>;
  /** Extra arguments that cause a reload when they change (the endpoint always does). */
  args?: () => readonly unknown[];
  count?: (value: T) => number;
  /** Whether this resource polls with the host's `refresh`. */
  poll?: boolean;
  /** Load only when {@link ResourceController.reload} is called (e.g. when a dialog opens). */
  lazy?: boolean;
}

/** The state to render; exactly one of the views applies. */
export type ResourceView<T> =
  | { kind: 'loading' }
  | { kind: 'error'; error: ApiError }
  | { kind: 'empty'; value: T }
  | { kind: 'ready'; value: T; stale: ApiError | null; updatedAt: Date };

/** The run options of a load the controller starts by itself (first load, changed arguments). */
const FIRST_RUN: RunOptions = {};

export class ResourceController<T> implements ReactiveController {
  private current: T | undefined;
  private loadedAt: Date | undefined;
  private failure: ApiError | null = null;
  /** Whether the newest load is still running. */
  private pending = false;
  /** Loads started so far: a load that a newer one replaced leaves the state to that one. */
  private runs = 0;
  private abortLoad: AbortController | undefined;
  /** What the data depended on at the newest load (see {@link dataArgs}); undefined before the first. */
  private loadedArgs: unknown[] | undefined;
  /** The newest load (never rejects), and whether the newest one that ended succeeded. */
  private newest: Promise<void> = Promise.resolve();
  private newestOk = true;

  /** The poller, made (its code fetched) once the host's `refresh` asks for one. */
  private polling: PollingController | undefined;
  private pollingRequested = false;
  /** Consecutive failed loads before the poller existed: its back-off starts from them. */
  private failuresBeforePolling = 0;
  private endpoint: string | undefined;
  /** Whether {@link value} is the copy saved in this browser, not yet replaced by an answer of this visit. */
  private showsSaved = false;
  /**
   * ETags of the answers behind {@link value}, by URL: what "unchanged" means for this element.
   * Replaced by each successful load, so it holds no more than one load's URLs.
   */
  private held: ReadonlyMap<string, string> = new Map();

  constructor(
    private readonly host: ResourceHost,
    private readonly options: ResourceOptions<T>,
  ) {
    host.addController(this);
    if (!options.lazy) host.registerResource?.(this as ResourceController<unknown>);
  }

  /** Before each render: the first load, or a new one when what the data depends on changed. */
  hostUpdate(): void {
    if (this.options.lazy) return;
    const args = this.dataArgs();
    if (!this.loadedArgs || !sameItems(args, this.loadedArgs)) void this.run(FIRST_RUN, args);
  }

  /**
   * Starts a load now, aborting one still running (whose outcome is then not shown). Resolves
   * when it has ended, whatever the outcome (the load itself records its failure).
   */
  private run(run: RunOptions, args = this.dataArgs()): Promise<void> {
    this.loadedArgs = args;
    if (this.pending) this.abortLoad?.abort();
    const abort = (this.abortLoad = new AbortController());
    const id = ++this.runs;
    this.pending = true;
    this.host.requestUpdate();
    return (this.newest = this.finish(id, this.load(run, abort.signal)));
  }

  private async finish(id: number, load: Promise<unknown>): Promise<void> {
    let ok = true;
    try {
      await load;
    } catch {
      ok = false; // the load has recorded its failure
    }
    if (id !== this.runs) return;
    this.pending = false;
    this.newestOk = ok;
    this.host.requestUpdate();
  }

  /** Resolves once no load is running (waiting for any that replaced it), true when the last one succeeded. */
  private async settledLoad(): Promise<boolean> {
    while (this.pending) await this.newest;
    return this.newestOk;
  }

  hostConnected(): void {
    this.startPolling();
  }

  /** Makes the poller when this resource polls and the host's `refresh` asks for it. */
  private startPolling(): void {
    const polls = this.options.poll !== false && !this.options.lazy;
    if (!polls || this.polling || this.pollingRequested || !(this.host.refresh > 0)) return;
    this.pollingRequested = true;
    void loadPolling().then((code) => {
      this.pollingRequested = false;
      if (!code || this.polling) return;
      const polling = new code.PollingController(this.host, {
        interval: () => this.host.refresh,
        // A poll that comes due while a load is in flight waits for it instead of aborting it.
        run: () => (this.loading ? this.settledLoad() : this.reload({ revalidate: true, poll: true })),
      });
      polling.failures = this.failuresBeforePolling;
      this.polling = polling;
      // Added to a connected host, it was connected at once and scheduled its first run.
    });
  }

  /** Last value loaded successfully (or {@link set}); kept when a refresh fails. */
  get value(): T | undefined {
    return this.current;
  }

  /** When {@link value} was loaded. */
  get updatedAt(): Date | undefined {
    return this.loadedAt;
  }

  /** Error of the latest run, null after a success. */
  get error(): ApiError | null {
    return this.failure;
  }

  /** Replaces the value with one the element derived (a page loaded more, a seat taken). */
  set(value: T): void {
    this.current = value;
    this.showsSaved = false;
    this.host.requestUpdate();
  }

  /** Forgets the value and the error, so the loading view shows until the next load ends. */
  clear(): void {
    this.current = undefined;
    this.showsSaved = false;
    this.loadedAt = undefined;
    this.failure = null;
    this.held = new Map();
    this.host.requestUpdate();
  }

  hostUpdated(): void {
    // The element's states describe its main data, not details loaded on demand.
    if (this.options.lazy) return;
    const v = this.view;
    this.host.setState('loading', this.pending);
    this.host.setState('stale', v.kind === 'ready' && v.stale !== null);
    this.host.setState('error', v.kind === 'error');
    this.host.setState('empty', v.kind === 'empty');
  }

  get view(): ResourceView<T> {
    if (this.current !== undefined && this.loadedAt) {
      const count = this.options.count?.(this.current);
      if (count === 0 && !this.failure) return { kind: 'empty', value: this.current };
      return { kind: 'ready', value: this.current, stale: this.failure, updatedAt: this.loadedAt };
    }
    if (this.failure && !this.pending) return { kind: 'error', error: this.failure };
    return { kind: 'loading' };
  }

  get loading(): boolean {
    return this.pending;
  }

  /** Runs the load again (retry button, poll, a host page's reload). Resolves true on success; never rejects. */
  async reload(run: RunOptions = {}): Promise<boolean> {
    await this.run(run);
    return this.failure === null;
  }

  /** A run other than a poll settled: the poller restarts its countdown (or is made, if now due). */
  private settled(ok: boolean): void {
    if (this.polling) return this.polling.settled(ok);
    this.failuresBeforePolling = ok ? 0 : this.failuresBeforePolling + 1;
    this.startPolling();
  }

  /** Restart the polling countdown (after `refresh` changed). */
  reschedule(): void {
    if (this.polling) this.polling.schedule();
    else this.startPolling();
  }

  /**
   * Loads the value from the answers saved in this browser and shows it, unless an answer of this
   * visit came first. Resolves when done; never rejects (nothing saved: nothing shown).
   */
  private async showSaved(client: ApiClient, signal: AbortSignal): Promise<void> {
    const store = await savedAnswersStore();
    if (!store) return;
    let oldest = Infinity;
    const read: ReadContext = {
      source: async (url) => {
        const kept = await store.readSaved(url);
        if (!kept) return undefined;
        oldest = Math.min(oldest, kept.savedAt);
        return { status: 200, etag: kept.etag, stale: false, text: kept.text, contentType: kept.contentType };
      },
    };
    try {
      const value = await this.options.load({ client, signal, read, revalidate: false, markStale: () => undefined });
      if (value === UNCHANGED || signal.aborted || this.current !== undefined) return;
      this.current = value;
      this.loadedAt = new Date(oldest);
      this.showsSaved = true;
      this.host.requestUpdate();
    } catch {
      // Nothing (or not all of it) saved: the first load goes on as on a first visit.
    }
  }

  private dataArgs(): unknown[] {
    return [this.host.client.endpoint, ...(this.options.args?.() ?? [])];
  }

  private async load(run: RunOptions, signal: AbortSignal): Promise<T> {
    const client = this.host.client;
    // Another proxy is another conference: the old data must not show as "stale" for it.
    if (this.endpoint !== client.endpoint) {
      this.endpoint = client.endpoint;
      this.clear();
    }
    const poll = run.poll ?? false;
    const revalidate = (run.revalidate ?? false) && this.current !== undefined;
    // A retry or a host page's reload asks the server again; a poll, or the first load of a lazy
    // resource, may share another element's read.
    const fresh = run.fresh ?? (!poll && (this.current !== undefined || this.failure !== null));
    const interval = this.host.refresh;
    const maxAgeMs = poll && interval > 0 ? Math.min(SHARED_ANSWER_MS, interval * 500) : SHARED_ANSWER_MS;
    const reads = new LoadReads(this.held, fresh, maxAgeMs);
    // A first load shows what this browser saved on an earlier visit, if that comes before the answer.
    const keeps = !this.options.lazy && savesAnswers(this.host);
    const saved = this.current === undefined && keeps ? this.showSaved(client, signal) : null;
    try {
      const result = await this.options.load({
        client,
        signal,
        read: reads,
        revalidate,
        markStale: () => void (reads.stale = true),
      });
      // Only now are the answers behind the value: a load that failed halfway keeps the old ETags.
      this.held = reads.answered;
      const changed = result !== UNCHANGED;
      if (result !== UNCHANGED) this.current = result;
      this.showsSaved = false;
      this.loadedAt = new Date();
      this.failure = reads.stale
        ? new ApiError(
            200,
            UPSTREAM_STALE,
            'The conference platform is not answering; the proxy shows its last good copy.',
          )
        : null;
      if (changed) {
        const count = this.options.count?.(this.current as T) ?? 0;
        this.host.dispatchEvent(new ConfLoadedEvent({ resource: this.options.name, count, stale: reads.stale }));
        // Kept for the next visit; not the proxy's last good copy (its time would be wrong), and
        // not for an element that left the page meanwhile.
        // After the render this answer causes: copying a large answer into IndexedDB took a phone
        // several milliseconds of the same long task.
        // Saved as received now (its "saved at" time), and only if the element is still on the page
        // when the idle time comes.
        if (keeps && !reads.stale && this.host.isConnected) {
          const receivedAt = Date.now();
          whenIdle(() => {
            if (this.host.isConnected)
              void savedAnswersStore().then((store) => store?.saveAnswers(reads.answers, receivedAt));
          });
        }
      }
      return this.current as T;
    } catch (e) {
      if (signal.aborted) throw e;
      const error = asApiError(e);
      // No network: the saved copy instead of an error, marked with the time it was saved.
      if (saved && unreachable(error)) await saved;
      await this.host.prepareFailure?.(error);
      if (signal.aborted) throw e;
      this.failure = this.showsSaved
        ? new ApiError(
            0,
            SAVED_COPY,
            'The conference data cannot be reached; this is the copy saved in this browser.',
            {
              cause: error.code,
            },
          )
        : error;
      this.host.dispatchEvent(
        new ConfErrorEvent({
          resource: this.options.name,
          status: error.status,
          code: error.code,
          message: error.message,
          stale: this.current !== undefined,
          error,
        }),
      );
      throw error;
    } finally {
      // The poller counts its own runs; other runs (first load, retry) restart its countdown.
      if (!signal.aborted && !poll) queueMicrotask(() => this.settled(this.failure === null));
    }
  }
}

/**
 * The read context of one load: "unchanged" is judged by the element's own ETags, a retry asks
 * afresh, and every answer the proxy served from its last good copy (`X-Cache: stale`) marks the
 * load stale.
 */
class LoadReads implements ReadContext {
  /** ETags of this load's answers, kept once the load succeeds. */
  readonly answered = new Map<string, string>();
  /** This load's answers by URL, to be saved in the browser once the load succeeds. */
  readonly answers = new Map<string, RawAnswer>();
  stale = false;

  constructor(
    readonly held: ReadonlyMap<string, string>,
    readonly fresh: boolean,
    readonly maxAgeMs: number,
  ) {}

  onAnswer(url: string, answer: RawAnswer): void {
    if (answer.stale) this.stale = true;
    if (answer.etag) this.answered.set(url, answer.etag);
    this.answers.set(url, answer);
  }
}

/** A failure of the way to the data (no network, the proxy down), not an answer about the data. */
function unreachable(error: ApiError): boolean {
  return error.code === NETWORK_ERROR || error.status >= 500;
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

/** A bug or a schema surprise in a loader still lands in the error view, with its message. */
export function asApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new ApiError(0, 'client_error', `The data could not be read: ${message}`);
}
