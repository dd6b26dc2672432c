import { msg, str } from '@lit/localize';
import type { PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ConfElement } from '../../core/conf-element.js';
import { toolbarStyles } from '../../core/detail-dialog.styles.js';
import { registerMessages } from '../../core/localize.js';
import { TimeFormatter } from '../../core/time.js';
import { ConfCheckedInEvent, type ConfCheckedInDetail } from '../../events/conf-checked-in.js';
import { pinInsecureText, readSetupForm, renderLocked, renderSetup } from './checkin-setup.views.js';
import {
  countOutcome,
  MODES,
  normalizeCode,
  qrFor,
  RepeatFilter,
  ZERO_COUNTERS,
  type Attendee,
  type CheckinStatus,
  type Counters,
  type Mode,
  type Outcome,
} from './checkin.model.js';
import { checkinStyles } from './checkin.styles.js';
import { renderMain, tokenRefusedText, weakPinText, type ResultView } from './checkin.views.js';
import { KioskCameraController } from './kiosk-camera.controller.js';
import { KioskDisplayController } from './kiosk-display.controller.js';
import { afterWrongPin, canKeepPin, hashPin, NO_ATTEMPTS, PIN_ITERATIONS, verifyPin } from './kiosk-pin.js';
import { KioskQueueController } from './kiosk-queue.controller.js';
import { HISTORY_LENGTH, KioskStorage, type HistoryEntry, type KioskSettings } from './kiosk-settings.js';
import { KioskSound, type SoundKind } from './kiosk-sound.js';
import type { StoredScan } from './scan-queue.js';

registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

/** A scan's final answer, as {@link ConfCheckin.finish} records and shows it. */
interface Finished {
  code: string;
  scannedAt: string;
  status: Exclude<CheckinStatus, 'queued'>;
  attendee: Attendee | null;
  /** The second line under the name (see {@link ResultView.detail}). */
  detail: (() => string) | null;
  /** The scan is the one on screen; false when a stored scan was answered after the panel moved on. */
  onScreen: boolean;
  /** Why it was refused, for the event (`qrFor`'s reason or the server's message). */
  reason?: string;
}

type Screen = 'main' | 'setup' | 'locked';

/** How long a result stays before the panel says "ready" again. */
export const RESULT_HOLD_MS = 4000;

/**
 * @summary A check-in kiosk for a door: hand scanner, camera or typed codes; a full-screen colour
 * and a large word per scan; scans kept on the device and sent when the connection allows.
 *
 * The kiosk token is entered once on the setup screen (typed, or scanned into its field) and kept
 * on the device, never in the page. A PIN, once set, locks the setup screen; it is kept as a
 * salted PBKDF2 hash, and each wrong PIN doubles the wait before the next try (1 s … 5 min).
 *
 * @customElement conf-checkin
 * @attr endpoint - Address of the conference proxy (default: nearest `<conf-provider>`, else the script's origin).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`).
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr mode - `badge` (default, badge check-in) or `attendance` (daily attendance: a plain badge code counts for today's conference day); the setup screen can change it.
 * @attr location - Where this kiosk stands (`Door A`), sent with every scan; the setup screen can change it.
 * @attr store - Name of this kiosk's storage on the device (default `default`); two kiosks on one device need two names.
 * @attr repeat-window - Seconds within which the same code again counts as one scan (default 3).
 * @attr result-hold - Seconds a result stays before the panel says "Ready to scan" again (default 4).
 * @attr decoder-wasm - URL of `zxing_reader.wasm` for the camera's barcode decoder where the browser has none of its own (http(s) or relative; default: the file the build puts beside the kiosk's code, served by the proxy).
 *
 * @csspart kiosk - The main screen (everything but the setup).
 * @csspart result - The full-area panel with the word for the last scan.
 * @csspart word - Its large word.
 * @csspart input - The scan field (a hand scanner types here; it keeps the focus).
 * @csspart counters - Scanned, checked in, already in, refused, waiting to send.
 * @csspart tools - The buttons under the counters (sounds, camera, full screen, setup).
 * @csspart history - The last scans.
 * @csspart setup - The setup screen (and the PIN screen before it).
 * @csspart intro - The setup screen's first words.
 * @csspart banner - A lasting problem (token refused).
 * @csspart camera - The camera preview.
 *
 * @cssproperty [--conf-checkin-ok=#146c2e] - Background of "Checked in".
 * @cssproperty [--conf-checkin-already=#f0b400] - Background of "Already checked in".
 * @cssproperty [--conf-checkin-refused=#b3261e] - Background of a refusal.
 * @cssproperty [--conf-checkin-queued=#3a3f9c] - Background of "Saved, will be sent".
 * @cssproperty [--conf-checkin-result-height=52vh] - Height of the result panel.
 *
 * @cssstate checked-in - Showing a check-in.
 * @cssstate already - Showing an earlier check-in (or a code already waiting here).
 * @cssstate refused - Showing a refusal.
 * @cssstate queued - Showing a scan saved to be sent.
 * @cssstate setup - The setup or PIN screen is open, or the token was refused.
 *
 * @event {ConfCheckedInEvent} conf-checked-in - Each scan's outcome: `detail.code`, `status`, `attendee`, `time`.
 */
export class ConfCheckin extends ConfElement {
  static override styles = [...ConfElement.styles, toolbarStyles, checkinStyles];
  /** A kiosk fills the screen, also while the texts of its language load (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = '100vh';
  static override minWidth = 260;

  @property({ reflect: true }) mode: Mode = 'badge';
  @property({ reflect: true }) location = '';
  @property({ reflect: true }) store = 'default';
  @property({ attribute: 'decoder-wasm' }) decoderWasm: string | null = null;
  /** Seconds within which the same code again is the same scan (scanners and cameras repeat). */
  @property({ type: Number, attribute: 'repeat-window' }) repeatWindow = 3;
  /** Seconds a result stays on screen before "Ready to scan" (the next scan replaces it sooner). */
  @property({ type: Number, attribute: 'result-hold' }) resultHold = RESULT_HOLD_MS / 1000;

  @state() private screen: Screen = 'main';
  @state() private settings: KioskSettings;
  @state() private counters: Counters = ZERO_COUNTERS;
  @state() private history: HistoryEntry[] = [];
  @state() private result: ResultView | null = null;
  @state() private tokenRefused: string | null = null;
  @state() private setupError: string | null = null;
  /** A PIN kept in an earlier, weak form was removed with its token: the setup says so. */
  @state() private weakPinDropped = false;
  /** A PIN is being checked (PBKDF2 takes a moment): further tries wait for it. */
  private checkingPin = false;

  // Getters rather than lit's @query, whose code every page would download with the core chunk.
  private get input(): HTMLInputElement | undefined {
    return this.shadowRoot?.querySelector<HTMLInputElement>('input[name="code"]') ?? undefined;
  }
  private get video(): HTMLVideoElement | undefined {
    return this.shadowRoot?.querySelector('video') ?? undefined;
  }

  private storage: KioskStorage;
  private repeats = new RepeatFilter();
  private readonly sound = new KioskSound();
  private scanChain: Promise<void> = Promise.resolve();
  private resultTimer: ReturnType<typeof setTimeout> | undefined;
  /** The scan whose answer the panel is waiting for. */
  private liveSeq: number | null = null;

  /** The waiting scans: stored on the device, sent in order through the element's client. */
  private readonly scans = new KioskQueueController(this, {
    storeName: () => this.store,
    client: () => this.client,
    token: () => this.settings.token,
    settled: (scan, outcome) => this.settled(scan, outcome),
    setupProblem: (outcome) => {
      this.tokenRefused = outcome.message;
      this.show({ kind: 'setup', code: '', attendee: null, detail: null }, 'setup');
    },
  });
  private readonly camera = new KioskCameraController(this, {
    video: () => this.video,
    decoderWasm: () => this.decoderWasm,
    onCode: (code) => void this.submitCode(code),
  });
  private readonly display = new KioskDisplayController(this, () => {
    this.refocus();
    this.scans.flush();
  });

  constructor() {
    super();
    this.storage = new KioskStorage(this.store);
    this.settings = this.storage.settings();
  }

  /** Mode in force: the setup screen's choice, else the attribute. */
  get activeMode(): Mode {
    return this.settings.mode ?? ((MODES as readonly string[]).includes(this.mode) ? this.mode : 'badge');
  }

  get activeLocation(): string {
    return this.settings.location ?? this.location ?? '';
  }

  /** The counters as shown; for tests and host pages. */
  get stats(): Counters & { waiting: number } {
    return { ...this.counters, waiting: this.scans.waiting };
  }

  // The controllers open the queue and keep the screen awake on connecting, and close, stop and
  // release them on leaving.
  override connectedCallback(): void {
    super.connectedCallback();
    this.loadStorage();
    void this.loadDates();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.sound.close();
    clearTimeout(this.resultTimer);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('store') && changed.get('store') !== undefined) {
      // Another kiosk's storage: start over from it.
      this.loadStorage();
      this.scans.reopen();
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // Every render: the field may be new (first render, after the setup or the translations came).
    this.refocus();
    if (changed.has('screen') && this.screen !== 'main') this.camera.stop();
    if (
      (changed.has('settings') || changed.has('screen')) &&
      this.screen === 'main' &&
      this.settings.camera &&
      !this.camera.running
    )
      void this.camera.start(this.settings.facing);
    for (const s of ['checked-in', 'already', 'refused', 'queued'] as const) {
      this.setState(s, this.result?.kind === s || (s === 'already' && this.result?.kind === 'already-here'));
    }
    this.setState('setup', this.screen !== 'main' || this.tokenRefused !== null || !this.settings.token);
  }

  private loadStorage(): void {
    this.storage = new KioskStorage(this.store);
    if (this.storage.dropWeakPin()) this.weakPinDropped = true;
    this.settings = this.storage.settings();
    this.counters = this.storage.counters();
    this.history = this.storage.history();
    this.screen = this.settings.token ? 'main' : 'setup';
  }

  /** The conference's dates (for attendance days), kept on the device for offline days. */
  private async loadDates(): Promise<void> {
    try {
      const site = await this.client.get('websiteSite');
      const c = site.body.conference;
      if (c?.startsOn && c.endsOn && c.timeZone)
        this.saveSettings({ dates: { startsOn: c.startsOn, endsOn: c.endsOn, timeZone: c.timeZone } });
    } catch {
      // Offline: the dates kept from an earlier start serve.
    }
  }

  private saveSettings(patch: Partial<KioskSettings>): void {
    this.settings = { ...this.settings, ...patch };
    this.storage.saveSettings(this.settings);
  }

  /** Keeps the scan field focused, so a hand scanner's keystrokes always land in it. */
  private refocus(): void {
    const input = this.input;
    if (this.screen !== 'main' || !input) return;
    const inside = this.shadowRoot?.activeElement;
    if (inside && inside !== input) return; // one of our buttons being used
    const outside = document.activeElement;
    if (!inside && outside && outside !== document.body && outside !== this) return; // a control of the host page
    if (inside !== input) input.focus({ preventScroll: true });
  }

  private readonly onInputBlur = () => {
    // After the browser has moved the focus: back to the field unless a control of ours has it.
    setTimeout(() => {
      const active = this.shadowRoot?.activeElement;
      if (!active) this.refocus();
    }, 0);
  };

  /** A code from any input; scans run one after another, in the order they were made. */
  submitCode(raw: string): Promise<void> {
    const run = this.scanChain.then(() => this.scan(raw));
    this.scanChain = run.catch(() => {});
    return run;
  }

  private async scan(raw: string): Promise<void> {
    const code = normalizeCode(raw);
    const windowMs = (this.repeatWindow >= 0 ? this.repeatWindow : 3) * 1000;
    if (this.repeats.windowMs !== windowMs) this.repeats = new RepeatFilter(windowMs);
    if (!code || this.repeats.isRepeat(code, Date.now())) return;
    if (!this.settings.token) {
      this.screen = 'setup';
      return;
    }
    const at = this.currentTime();
    const scannedAt = at.toISOString();
    this.count({ ...this.counters, scanned: this.counters.scanned + 1 });
    const qr = qrFor(this.activeMode, code, at, this.settings.dates);
    if (!qr.ok) {
      const detail =
        qr.reason === 'no-dates'
          ? () => msg('The conference dates are not known yet: connect this kiosk once.', { id: 'checkin.no-dates' })
          : () => msg('Today is not a day of the conference.', { id: 'checkin.not-a-day' });
      this.finish({ code, scannedAt, status: 'refused', attendee: null, detail, onScreen: true, reason: qr.reason });
      return;
    }
    const queue = await this.scans.open();
    if (await queue.store.hasCode(code)) {
      this.count({ ...this.counters, already: this.counters.already + 1 });
      this.addHistory({ code, status: 'already', name: null, at: Date.now() });
      this.show(
        {
          kind: 'already-here',
          code,
          attendee: null,
          detail: () => msg('Its first scan is waiting to be sent.', { id: 'checkin.waiting-first' }),
        },
        'already',
      );
      this.dispatchEvent(new ConfCheckedInEvent({ code, status: 'already', attendee: null, time: scannedAt }));
      return;
    }
    const ahead = await queue.store.count();
    const stored = await queue.enqueue({
      code,
      qr: qr.qr,
      mode: this.activeMode,
      location: this.activeLocation,
      scannedAt,
    });
    this.liveSeq = stored.seq;
    if (ahead === 0 && !queue.paused) await queue.flush();
    if (this.liveSeq === stored.seq && (await queue.store.has(stored.seq))) {
      this.liveSeq = null;
      this.addHistory({ code, status: 'queued', name: null, at: Date.now() });
      // Kept either way; with a refused token the kiosk says what keeps it from being sent.
      if (this.tokenRefused === null) this.show({ kind: 'queued', code, attendee: null, detail: null }, 'queued');
      else this.show({ kind: 'setup', code, attendee: null, detail: null }, 'setup');
      this.dispatchEvent(new ConfCheckedInEvent({ code, status: 'queued', attendee: null, time: scannedAt }));
    }
  }

  /** A stored scan got its answer: count it; show it when it is the scan on screen. */
  private settled(scan: StoredScan, outcome: Exclude<Outcome, { kind: 'retry' | 'setup' }>): void {
    const live = this.liveSeq === scan.seq;
    if (live) this.liveSeq = null;
    const scanned = { code: scan.code, scannedAt: scan.scannedAt, onScreen: live };
    if (outcome.kind === 'checked-in') {
      this.finish({ ...scanned, status: 'checked-in', attendee: outcome.attendee, detail: null });
    } else if (outcome.kind === 'already') {
      const { firstAt, firstLocation } = outcome;
      const detail =
        firstAt === null
          ? null
          : () => {
              const when = this.formatTime(firstAt);
              return firstLocation
                ? msg(str`First scan ${when} at ${firstLocation}`, { id: 'checkin.first-scan-at' })
                : msg(str`First scan ${when}`, { id: 'checkin.first-scan' });
            };
      this.finish({ ...scanned, status: 'already', attendee: outcome.attendee, detail });
    } else {
      const detail = () => this.refusalText(outcome);
      this.finish({ ...scanned, status: 'refused', attendee: null, detail, reason: outcome.message });
    }
  }

  private refusalText(outcome: Extract<Outcome, { kind: 'refused' }>): string {
    if (outcome.reason === 'unknown-badge') return msg('Unknown badge', { id: 'checkin.unknown-badge' });
    if (outcome.reason === 'wrong-day')
      return msg(str`Not valid today: ${outcome.message}`, { id: 'checkin.wrong-day' });
    return outcome.message;
  }

  /** Counts a final outcome, records it, shows it (unless it arrived later for a scan no longer on screen). */
  private finish({ code, scannedAt, status, attendee, detail, onScreen, reason }: Finished): void {
    this.count(countOutcome(this.counters, status));
    const entry: HistoryEntry = { code, status, name: attendee?.name ?? null, at: Date.parse(scannedAt) || Date.now() };
    if (onScreen) {
      this.addHistory(entry);
      this.show({ kind: status, code, attendee, detail }, status);
    } else {
      // A stored scan answered later: its history line turns from "waiting" into the answer.
      const i = this.history.findIndex((h) => h.code === code && h.status === 'queued');
      if (i >= 0) {
        this.history = this.history.map((h, j) => (j === i ? entry : h));
        this.storage.saveHistory(this.history);
      }
    }
    this.dispatchEvent(
      new ConfCheckedInEvent({
        code,
        status,
        attendee,
        time: scannedAt,
        ...(reason !== undefined ? { reason } : {}),
      } satisfies ConfCheckedInDetail),
    );
  }

  private count(c: Counters): void {
    this.counters = c;
    this.storage.saveCounters(c);
  }

  private addHistory(e: HistoryEntry): void {
    this.history = [e, ...this.history].slice(0, HISTORY_LENGTH);
    this.storage.saveHistory(this.history);
  }

  private show(view: ResultView, sound: SoundKind): void {
    this.result = view;
    if (this.settings.sounds) this.sound.play(sound);
    this.sound.vibrate(sound);
    clearTimeout(this.resultTimer);
    const holdMs = this.resultHold > 0 ? this.resultHold * 1000 : RESULT_HOLD_MS;
    this.resultTimer = setTimeout(() => (this.result = null), holdMs);
  }

  private formatTime(iso: string): string {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return iso;
    const sameDay = d.toDateString() === this.currentTime().toDateString();
    const f = this.kioskTimes();
    return sameDay ? f.time(d) : f.dayTime(d);
  }

  /**
   * One zone for every time the kiosk shows, the conference's once known (the venue's clock), and
   * the core's clock: "11:38:47 AM" without a leading zero, "09:05:07" in a 24-hour locale.
   */
  private kioskTimes(): TimeFormatter {
    return TimeFormatter.for(this.locale, this.displayZone(this.settings.dates?.timeZone));
  }

  // ——— camera ———

  private toggleCamera(): void {
    const on = !this.settings.camera;
    this.saveSettings({ camera: on });
    if (!on) this.camera.stop();
    this.refocus();
  }

  private switchFacing(): void {
    this.saveSettings({ facing: this.settings.facing === 'user' ? 'environment' : 'user' });
    this.camera.switchTo(this.settings.facing);
  }

  private toggleTorch(): void {
    this.camera.toggleTorch();
  }

  // ——— setup ———

  private openSetup(): void {
    this.setupError = this.settings.pin ? this.pinWaitText() : null;
    this.screen = this.settings.pin ? 'locked' : 'setup';
  }

  /** "Wait n s" while the delay after a wrong PIN runs, else null. */
  private pinWaitText(): string | null {
    const waitMs = this.storage.pinAttempts(Date.now()).notBefore - Date.now();
    if (waitMs <= 0) return null;
    const seconds = Math.ceil(waitMs / 1000);
    return msg(str`Wait ${seconds} s before the next try.`, { id: 'checkin.pin-wait' });
  }

  private async unlock(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const record = this.settings.pin;
    if (this.checkingPin || !record) return;
    this.setupError = null;
    const wait = this.pinWaitText();
    if (wait) {
      this.setupError = wait; // not even checked: a guess during the wait costs the guesser nothing but time
      return;
    }
    const form = e.currentTarget as HTMLFormElement;
    const pin = (new FormData(form).get('pin') ?? '').toString();
    // Counted as wrong before the check, so a reload during the check does not skip the wait.
    const attempts = this.storage.pinAttempts(Date.now());
    const next = afterWrongPin(attempts, Date.now());
    this.storage.savePinAttempts(next);
    this.checkingPin = true;
    try {
      if (await verifyPin(pin, record)) {
        this.storage.savePinAttempts(NO_ATTEMPTS);
        // A record made with fewer iterations than today's is made again while the PIN is at hand.
        if (record.iterations < PIN_ITERATIONS) this.saveSettings({ pin: await hashPin(pin) });
        this.setupError = null;
        this.screen = 'setup';
      } else {
        const seconds = Math.ceil((next.notBefore - Date.now()) / 1000);
        this.setupError = msg(str`Wrong PIN. Next try in ${seconds} s.`, { id: 'checkin.wrong-pin' });
        form.reset();
      }
    } finally {
      this.checkingPin = false;
    }
  }

  private async saveSetup(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const { pin, clearPin, ...answers } = readSetupForm(
      new FormData(e.currentTarget as HTMLFormElement),
      this.settings,
    );
    if (!answers.token) {
      this.setupError = msg("Enter this kiosk's token.", { id: 'checkin.token-needed' });
      return;
    }
    if (pin && !canKeepPin()) {
      this.setupError = pinInsecureText();
      return;
    }
    const tokenChanged = answers.token !== this.settings.token;
    this.saveSettings({
      ...answers,
      pin: pin ? await hashPin(pin) : clearPin ? null : this.settings.pin,
    });
    if (pin) this.storage.savePinAttempts(NO_ATTEMPTS);
    this.weakPinDropped = false;
    this.setupError = null;
    this.screen = 'main';
    if (tokenChanged || this.tokenRefused) {
      this.tokenRefused = null;
      this.result = null;
    }
    await this.scans.restart();
  }

  private closeSetup(): void {
    this.setupError = null;
    this.screen = this.settings.token ? 'main' : 'setup';
  }

  private async fullscreen(): Promise<void> {
    await this.display.toggleFullscreen();
    this.refocus();
  }

  // ——— rendering ———

  protected override renderContent(): unknown {
    if (this.screen === 'locked')
      return renderLocked({ error: this.setupError, onUnlock: this.unlock, onBack: this.closeSetup });
    if (this.screen === 'setup') {
      return renderSetup({
        settings: this.settings,
        pinPossible: canKeepPin(),
        mode: this.activeMode,
        location: this.activeLocation,
        banner: this.tokenRefused !== null ? tokenRefusedText() : this.weakPinDropped ? weakPinText() : null,
        error: this.setupError,
        onSave: this.saveSetup,
        onBack: this.closeSetup,
      });
    }
    return this.renderMain();
  }

  private renderMain(): unknown {
    return renderMain({
      result: this.result,
      location: this.activeLocation,
      tokenRefused: this.tokenRefused !== null,
      volatile: this.scans.volatile,
      counters: this.counters,
      waiting: this.scans.waiting,
      history: this.history,
      times: this.kioskTimes(),
      sounds: this.settings.sounds,
      camera: this.settings.camera
        ? {
            facing: this.settings.facing,
            error: this.camera.error,
            torchAvailable: this.camera.torchAvailable,
            torchOn: this.camera.torchOn,
            onSwitchFacing: this.switchFacing,
            onToggleTorch: this.toggleTorch,
          }
        : null,
      onScanSubmit: this.onScanSubmit,
      onInputBlur: this.onInputBlur,
      onToggleSounds: this.toggleSounds,
      onToggleCamera: this.toggleCamera,
      onFullscreen: () => void this.fullscreen(),
      onOpenSetup: this.openSetup,
    });
  }

  private toggleSounds(): void {
    this.saveSettings({ sounds: !this.settings.sounds });
    this.refocus();
  }

  private onScanSubmit(e: SubmitEvent): void {
    e.preventDefault();
    const input = this.input;
    if (!input) return;
    const value = input.value;
    input.value = '';
    void this.submitCode(value);
  }
}
