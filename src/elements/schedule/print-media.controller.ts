import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Whether the page is being printed. The paper programme holds every day, but the screen shows
 * one at a time (a day of 2,000 events is enough DOM); so the other days are rendered only while
 * this is on. `beforeprint` covers the browser's print command; the `print` media query also
 * covers print emulation (tests, devtools), where no print events fire. The host's update after
 * `beforeprint` runs in that event's microtasks, before the browser lays the page out for paper.
 */
export class PrintMedia implements ReactiveController {
  active = false;
  private readonly query = matchMedia('print');

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.query.addEventListener('change', this.sync);
    addEventListener('beforeprint', this.start);
    addEventListener('afterprint', this.sync);
    this.active = this.query.matches;
  }

  hostDisconnected(): void {
    this.query.removeEventListener('change', this.sync);
    removeEventListener('beforeprint', this.start);
    removeEventListener('afterprint', this.sync);
  }

  private set(on: boolean): void {
    if (on === this.active) return;
    this.active = on;
    this.host.requestUpdate();
  }

  private readonly start = (): void => this.set(true);
  private readonly sync = (): void => this.set(this.query.matches);
}
