/**
 * Loads one piece of data for an element through `@lit/task`, and keeps what the task alone does
 * not: the last good value across failed refreshes (the stale state), polling, and the
 * `conf-loaded` / `conf-error` events. `render()` never fetches; it reads {@link view}.
 */
import { Task, TaskStatus } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { ConfErrorEvent } from '../events/conf-error.js';
import { ConfLoadedEvent } from '../events/conf-loaded.js';
import { PollingController } from './polling-controller.js';

/** What a loader returns when the server said nothing changed since the last load. */
export const UNCHANGED = Symbol('unchanged');

export interface LoadContext {
  client: ApiClient;
  signal: AbortSignal;
  /** Set on polls: ask with If-None-Match, and return {@link UNCHANGED} on 304. */
  conditional: boolean;
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

export interface ResourceHost extends HTMLElement, ReactiveControllerHost {
  readonly client: ApiClient;
  registerResource?(resource: ResourceController<unknown>): void;
  /** Seconds between refreshes, 0 for none. */
  readonly refresh: number;
  /** Custom states (`:state(loading)` …) for the host page's CSS. */
  setState(name: string, on: boolean): void;
}

export interface ResourceOptions<T> {
  /** Name for events and diagnostics, e.g. `speakers`. */
  name: string;
  load: (ctx: LoadContext) => Promise<T | typeof UNCHANGED>;
  /** Extra task arguments that cause a reload when they change (the endpoint always does). */
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

export class ResourceController<T> implements ReactiveController {
  /** Last value loaded successfully; kept when a refresh fails. */
  value: T | undefined;
  updatedAt: Date | undefined;
  /** Error of the latest run, null after a success. */
  error: ApiError | null = null;
  readonly task: Task<readonly unknown[], T>;

  private readonly polling: PollingController | undefined;
  private conditional = false;
  private fromPoll = false;
  private fresh = false;
  private endpoint: string | undefined;
  /** ETags of the answers behind {@link value}, by URL: what "unchanged" means for this element. */
  private etags = new Map<string, string>();

  constructor(
    private readonly host: ResourceHost,
    private readonly options: ResourceOptions<T>,
  ) {
    host.addController(this);
    this.task = new Task(host, {
      args: () => [host.client.endpoint, ...(options.args?.() ?? [])],
      task: (_args, { signal }) => this.load(signal),
      autoRun: !options.lazy,
    });
    if (!options.lazy) host.registerResource?.(this as ResourceController<unknown>);
    if (options.poll !== false && !options.lazy) {
      this.polling = new PollingController(host, {
        interval: () => host.refresh,
        // A poll that comes due while a load is in flight waits for it instead of aborting it.
        run: () =>
          this.loading
            ? this.task.taskComplete.then(
                () => true,
                () => false,
              )
            : this.reload(true, true),
      });
    }
  }

  hostUpdated(): void {
    // The element's states describe its main data, not details loaded on demand.
    if (this.options.lazy) return;
    const v = this.view;
    this.host.setState('loading', this.task.status === TaskStatus.PENDING);
    this.host.setState('stale', v.kind === 'ready' && v.stale !== null);
    this.host.setState('error', v.kind === 'error');
    this.host.setState('empty', v.kind === 'empty');
  }

  get view(): ResourceView<T> {
    if (this.value !== undefined && this.updatedAt) {
      const count = this.options.count?.(this.value);
      if (count === 0 && !this.error) return { kind: 'empty', value: this.value };
      return { kind: 'ready', value: this.value, stale: this.error, updatedAt: this.updatedAt };
    }
    if (this.error && this.task.status !== TaskStatus.PENDING) return { kind: 'error', error: this.error };
    return { kind: 'loading' };
  }

  get loading(): boolean {
    return this.task.status === TaskStatus.PENDING;
  }

  /**
   * Runs the load again (retry button, poll). Resolves true on success; never rejects. With
   * `conditional`, an unchanged answer keeps the current value. `fresh` (a host page's
   * `reload()`) asks the server again even while the first load is still on its way.
   */
  async reload(conditional = false, fromPoll = false, fresh?: boolean): Promise<boolean> {
    this.conditional = conditional && this.value !== undefined;
    this.fromPoll = fromPoll;
    // A retry or a host page's reload asks the server again; a poll, or the first load of a lazy
    // resource, may share another element's read.
    this.fresh = fresh ?? (!fromPoll && (this.value !== undefined || this.error !== null));
    await this.task.run();
    return this.error === null;
  }

  private async load(signal: AbortSignal): Promise<T> {
    const client = this.host.client;
    if (this.endpoint !== client.endpoint) {
      // Another proxy is another conference: the old data must not show as "stale" for it.
      this.endpoint = client.endpoint;
      this.value = undefined;
      this.updatedAt = undefined;
      this.error = null;
      this.etags = new Map();
    }
    const conditional = this.conditional;
    const fromPoll = this.fromPoll;
    const fresh = this.fresh;
    this.conditional = false;
    this.fromPoll = false;
    this.fresh = false;
    const interval = this.host.refresh;
    const maxAgeMs = fromPoll && interval > 0 ? Math.min(SHARED_ANSWER_MS, interval * 500) : SHARED_ANSWER_MS;
    try {
      let proxyStale = false;
      const markStale = () => void (proxyStale = true);
      const read = { markStale, etags: this.etags, answered: new Map<string, string>(), fresh, maxAgeMs };
      const result = await this.options.load({ client: elementReads(client, read), signal, conditional, markStale });
      // Only now are the answers behind the value: a load that failed halfway keeps the old ETags.
      for (const [url, etag] of read.answered) this.etags.set(url, etag);
      const changed = result !== UNCHANGED;
      if (result !== UNCHANGED) this.value = result;
      this.updatedAt = new Date();
      this.error = proxyStale
        ? new ApiError(
            200,
            UPSTREAM_STALE,
            'The conference platform is not answering; the proxy shows its last good copy.',
          )
        : null;
      if (changed) {
        const count = this.options.count?.(this.value as T) ?? 0;
        this.host.dispatchEvent(new ConfLoadedEvent({ resource: this.options.name, count, stale: proxyStale }));
      }
      return this.value as T;
    } catch (e) {
      if (signal.aborted) throw e;
      const error = asApiError(e);
      this.error = error;
      this.host.dispatchEvent(
        new ConfErrorEvent({
          resource: this.options.name,
          status: error.status,
          code: error.code,
          message: error.message,
          stale: this.value !== undefined,
          error,
        }),
      );
      throw error;
    } finally {
      // The poller counts its own runs; other runs (first load, retry) restart its countdown.
      if (!signal.aborted && !fromPoll) queueMicrotask(() => this.polling?.settled(this.error === null));
    }
  }

  /** Restart the polling countdown (after `refresh` changed). */
  reschedule(): void {
    this.polling?.schedule();
  }
}

interface ElementRead {
  markStale(): void;
  /** ETags of the answers behind the element's value. */
  etags: ReadonlyMap<string, string>;
  /** ETags of this load's answers, kept once the load succeeds. */
  answered: Map<string, string>;
  fresh: boolean;
  maxAgeMs: number;
}

/**
 * The client as a loader sees it: the same instance (so the page's shared reads), except that
 * "unchanged" is judged by this element's own ETags, a retry asks afresh, and every answer the
 * proxy served from its last good copy (`X-Cache: stale`) marks the load stale. Every read
 * (`list`, `listAll`, `get`) goes through `request`, so no loader can drop any of it.
 */
function elementReads(client: ApiClient, read: ElementRead): ApiClient {
  const tracked = Object.create(client) as ApiClient;
  tracked.request = async (id, options = {}) => {
    const answer = await client.request(id, {
      etags: read.etags,
      fresh: read.fresh,
      maxAgeMs: read.maxAgeMs,
      ...options,
    });
    if (answer.stale) read.markStale();
    if (answer.etag) read.answered.set(client.url(id, options.params, options.query), answer.etag);
    return answer;
  };
  return tracked;
}

/** A bug or a schema surprise in a loader still lands in the error view, with its message. */
export function asApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new ApiError(0, 'client_error', `The data could not be read: ${message}`);
}
