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
  private endpoint: string | undefined;

  constructor(private readonly host: ResourceHost, private readonly options: ResourceOptions<T>) {
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
        run: () => (this.loading ? this.task.taskComplete.then(() => true, () => false) : this.reload(true, true)),
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
   * `conditional`, an unchanged answer keeps the current value.
   */
  async reload(conditional = false, fromPoll = false): Promise<boolean> {
    this.conditional = conditional && this.value !== undefined;
    this.fromPoll = fromPoll;
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
    }
    const conditional = this.conditional;
    const fromPoll = this.fromPoll;
    this.conditional = false;
    this.fromPoll = false;
    try {
      let proxyStale = false;
      const markStale = () => void (proxyStale = true);
      const result = await this.options.load({ client: staleTracking(client, markStale), signal, conditional, markStale });
      const changed = result !== UNCHANGED;
      if (result !== UNCHANGED) this.value = result;
      this.updatedAt = new Date();
      this.error = proxyStale
        ? new ApiError(200, UPSTREAM_STALE, 'The conference platform is not answering; the proxy shows its last good copy.')
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

/**
 * The client as a loader sees it: the same instance (its remembered ETags included), except that
 * every answer the proxy served from its last good copy (`X-Cache: stale`) marks the load stale.
 * Every read (`list`, `listAll`, `get`) goes through `request`, so no loader can drop the flag.
 */
function staleTracking(client: ApiClient, markStale: () => void): ApiClient {
  const tracked = Object.create(client) as ApiClient;
  tracked.request = async (...args: Parameters<ApiClient['request']>) => {
    const answer = await client.request(...args);
    if (answer.stale) markStale();
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
