/**
 * Re-runs a refresh every `refresh` seconds while the element is connected and the tab is visible.
 *
 * The next run is scheduled only after the previous one settled, so requests never stack however
 * slow the network is. Failures back off exponentially (with jitter, so a room full of screens
 * does not retry in step) up to {@link MAX_BACKOFF_SECONDS}; the first success returns to the
 * normal interval. A hidden tab stops polling and refreshes at once when shown again, if due.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export const MAX_BACKOFF_SECONDS = 300;

/** Delay before the next run after `failures` consecutive failures. Pure, for tests. */
export function nextDelaySeconds(intervalSeconds: number, failures: number, random = Math.random): number {
  if (failures <= 0) return intervalSeconds;
  const backoff = Math.min(intervalSeconds * 2 ** failures, Math.max(MAX_BACKOFF_SECONDS, intervalSeconds));
  return backoff * (0.8 + 0.4 * random());
}

export interface PollingOptions {
  /** Seconds between runs; 0 or less turns polling off. Read before each scheduling. */
  interval: () => number;
  /** One refresh; resolves true on success. Must not reject. */
  run: () => Promise<boolean>;
}

export class PollingController implements ReactiveController {
  /** Consecutive failed runs. */
  failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private dueAt = 0;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: PollingOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    this.schedule();
  }

  hostDisconnected(): void {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.clear();
  }

  /** Call after a run started elsewhere (first load, retry) settles, to restart the countdown. */
  settled(ok: boolean): void {
    this.failures = ok ? 0 : this.failures + 1;
    this.schedule();
  }

  /** (Re)starts the countdown from now, e.g. after the `refresh` attribute changed. */
  schedule(): void {
    this.clear();
    const interval = this.options.interval();
    if (!this.connected || this.running || !(interval > 0)) return;
    const delay = nextDelaySeconds(interval, this.failures) * 1000;
    this.dueAt = Date.now() + delay;
    if (document.hidden) return;
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    if (this.running || !this.connected) return;
    this.running = true;
    let ok: boolean;
    try {
      ok = await this.options.run();
    } finally {
      this.running = false;
    }
    this.settled(ok);
  }

  private readonly onVisibility = (): void => {
    if (document.hidden) {
      this.clear();
    } else if (this.connected && !this.running && this.options.interval() > 0) {
      if (Date.now() >= this.dueAt) void this.tick();
      else this.timer = setTimeout(() => void this.tick(), this.dueAt - Date.now());
    }
  };
}
