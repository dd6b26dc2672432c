import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { prepareSearch, type ScheduleData, type ScheduleIndex } from './schedule.model.js';

/** `requestIdleCallback`, or where a browser lacks it (Safari), a 5 ms slice after a timeout. */
export function whenIdle(run: (deadline: { timeRemaining(): number }) => void): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(run, { timeout: 2000 });
    return;
  }
  setTimeout(() => {
    const end = performance.now() + 5;
    run({ timeRemaining: () => end - performance.now() });
  }, 50);
}

export interface LoadStepsOptions {
  /** The host's index, built if due ({@link LoadSteps.due}); undefined without data. */
  index(): ScheduleIndex | undefined;
  /** Formats a time in the display zone, so `Intl`'s first use is paid while the network answers. */
  warmUp(): void;
}

/**
 * The first load of a large programme, cut into tasks a phone's main thread can take without a
 * long block: the answer's parsing (the resource controller's task), then building the index, then
 * rendering its first screen, each a task of its own; the search text is folded in idle time
 * afterwards, a slice per idle period, and `Intl`'s one-time setup (tens of ms on a phone) happens
 * while the requests are in flight. Later data (a refresh) is indexed and rendered at once, as
 * before, so what is on screen never falls back to the loading view.
 */
export class LoadSteps implements ReactiveController {
  /** The data whose index may be built now (once the first one was, any). */
  private released: ScheduleData | null = null;
  private pending: ScheduleData | null = null;
  private prepared?: ScheduleIndex;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: LoadStepsOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    whenIdle(() => {
      if (this.host.isConnected) this.options.warmUp();
    });
  }

  hostUpdated(): void {
    const index = this.released ? this.options.index() : undefined;
    if (index) this.prepare(index);
  }

  /**
   * Whether the index of `data` may be built in this call; when not (the first data), a task is
   * queued that builds it, and the next one renders it.
   */
  due(data: ScheduleData, first: boolean): boolean {
    if (!first || this.released === data) return true;
    if (this.pending === data) return false;
    this.pending = data;
    setTimeout(() => {
      this.pending = null;
      this.released = data;
      if (!this.options.index()) return;
      setTimeout(() => this.host.requestUpdate(), 0);
    }, 0);
    return false;
  }

  /** Folds the search text of `index` in idle time, so the first keystroke finds it ready. */
  private prepare(index: ScheduleIndex): void {
    if (this.prepared === index) return;
    this.prepared = index;
    let from = 0;
    const step = (deadline: { timeRemaining(): number }): void => {
      if (this.prepared !== index || !this.host.isConnected) return;
      from = prepareSearch(index.items, from, () => deadline.timeRemaining());
      if (from < index.items.length) whenIdle(step);
    };
    whenIdle(step);
  }
}
