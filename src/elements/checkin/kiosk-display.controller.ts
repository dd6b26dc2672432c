/**
 * The kiosk's screen as a Lit controller: keeps it awake (a Screen Wake Lock, asked again each time
 * the page becomes visible, since the browser drops it when the page is hidden), tells the element
 * when the page is visible again, and switches full screen. Both are best effort: where the
 * browser refuses, the kiosk works in its window with the device's own screen timeout.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

interface WakeLockSentinel {
  release(): Promise<void>;
}
type WakeLockApi = { request(type: 'screen'): Promise<WakeLockSentinel> };

export class KioskDisplayController implements ReactiveController {
  private wakeLock: WakeLockSentinel | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** The page became visible again (refocus the field, send what waits). */
    private readonly onVisible: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    void this.keepAwake();
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    void this.wakeLock?.release().catch(() => {});
    this.wakeLock = null;
  }

  /** Full screen for the element, or back to the window when it is full screen. */
  async toggleFullscreen(): Promise<void> {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await this.host.requestFullscreen();
    } catch {
      // Not allowed here (an iframe without allowfullscreen): the kiosk works in the window.
    }
  }

  private async keepAwake(): Promise<void> {
    const wl = (navigator as { wakeLock?: WakeLockApi }).wakeLock;
    if (!wl || document.visibilityState !== 'visible' || !this.host.isConnected) return;
    try {
      this.wakeLock = await wl.request('screen');
    } catch {
      // Denied (battery saver, no user gesture yet): the screen may dim; scanning still works.
    }
  }

  private readonly onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    void this.keepAwake();
    this.onVisible();
  };
}
