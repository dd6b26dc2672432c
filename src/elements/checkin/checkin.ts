import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { msg, str } from '@lit/localize';
import { ConfElement } from '../../core/conf-element.js';
import { registerMessages } from '../../core/localize.js';
import type { TimeFormatter } from '../../core/time.js';
import { webUrl } from '../../core/web-url.js';
import { toolbarStyles } from '../../core/detail-dialog.styles.js';
import { ConfCheckedInEvent, type ConfCheckedInDetail } from '../../events/conf-checked-in.js';
import { checkinStyles } from './checkin.styles.js';
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
import { CameraScanner } from './camera-scanner.js';
import { KioskSound, type SoundKind } from './kiosk-sound.js';
import { HISTORY_LENGTH, KioskStorage, type HistoryEntry, type KioskSettings } from './kiosk-settings.js';
import { afterWrongPin, canKeepPin, hashPin, NO_ATTEMPTS, PIN_ITERATIONS, verifyPin } from './kiosk-pin.js';
import { openScanStore, ScanQueue, sendCheckin, type StoredScan } from './scan-queue.js';
import { pinInsecureText, readSetupForm, renderLocked, renderSetup } from './checkin-setup.views.js';

registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

/** What the big panel shows. `already-here`: the code's first scan is still waiting on this kiosk. */
type ResultKind = CheckinStatus | 'already-here' | 'setup';

interface ResultView {
  kind: ResultKind;
  code: string;
  attendee: Attendee | null;
  /** Second line under the name: first scan's time and place, or the reason. Made at render
   * time, inside the element's language (results arrive outside any render). */
  detail: (() => string) | null;
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
 * @csspart result - The full-area panel with the word for the last scan.
 * @csspart word - Its large word.
 * @csspart input - The scan field (a hand scanner types here; it keeps the focus).
 * @csspart counters - Scanned, checked in, already in, refused, waiting to send.
 * @csspart history - The last scans.
 * @csspart setup - The setup screen.
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
  @state() private waiting = 0;
  @state() private history: HistoryEntry[] = [];
  @state() private result: ResultView | null = null;
  @state() private tokenRefused: string | null = null;
  @state() private setupError: string | null = null;
  @state() private cameraError: string | null = null;
  @state() private torchOn = false;
  /** The browser refused IndexedDB: waiting scans live only as long as this page. */
  @state() private volatile = false;
  /** A PIN kept in an earlier, weak form was removed with its token: the setup says so. */
  @state() private weakPinDropped = false;
  /** A PIN is being checked (PBKDF2 takes a moment): further tries wait for it. */
  private checkingPin = false;

  @query('input[name="code"]') private input?: HTMLInputElement;
  @query('video') private video?: HTMLVideoElement;

  private storage: KioskStorage;
  private queue: ScanQueue | null = null;
  private opening: Promise<ScanQueue> | null = null;
  private repeats = new RepeatFilter();
  private readonly sound = new KioskSound();
  private camera: CameraScanner | null = null;
  private scanChain: Promise<void> = Promise.resolve();
  private resultTimer: ReturnType<typeof setTimeout> | undefined;
  /** The scan whose answer the panel is waiting for. */
  private liveSeq: number | null = null;
  private wakeLock: { release(): Promise<void> } | null = null;

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
    return { ...this.counters, waiting: this.waiting };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.loadStorage();
    document.addEventListener('visibilitychange', this.onVisibility);
    void this.openQueue();
    void this.loadDates();
    void this.lockScreenAwake();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.queue?.stop();
    this.queue?.store.close();
    this.queue = null;
    this.opening = null;
    this.stopCamera();
    this.sound.close();
    clearTimeout(this.resultTimer);
    void this.wakeLock?.release().catch(() => {});
    this.wakeLock = null;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('store') && changed.get('store') !== undefined) {
      // Another kiosk's storage: start over from it.
      this.queue?.stop();
      this.queue?.store.close();
      this.queue = null;
      this.opening = null;
      this.loadStorage();
      void this.openQueue();
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // Every render: the field may be new (first render, after the setup or the translations came).
    this.refocus();
    if (changed.has('screen') && this.screen !== 'main') this.stopCamera();
    if (
      (changed.has('settings') || changed.has('screen')) &&
      this.screen === 'main' &&
      this.settings.camera &&
      !this.camera
    )
      void this.startCamera();
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

  /** Opens this kiosk's IndexedDB store and starts sending what waits there. */
  private openQueue(): Promise<ScanQueue> {
    if (this.queue) return Promise.resolve(this.queue);
    const opening = (this.opening ??= openScanStore(this.store).then((store) => {
      const queue = new ScanQueue(
        store,
        {
          send: (scan) => sendCheckin(this.resolvedEndpoint.url, this.settings.token ?? '', scan),
          settled: (scan, outcome) => this.settled(scan, outcome),
          setupProblem: (outcome) => {
            this.tokenRefused = outcome.message;
            this.show({ kind: 'setup', code: '', attendee: null, detail: null }, 'setup');
          },
          changed: (n) => (this.waiting = n),
        },
        Date.now,
        `conf-checkin:${this.store}`,
      );
      this.volatile = !store.durable;
      if (this.opening !== opening) {
        store.close(); // disconnected or switched store meanwhile
        return queue;
      }
      this.queue = queue;
      void store.count().then((n) => (this.waiting = n));
      if (this.settings.token) queue.start();
      return queue;
    }));
    return opening;
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

  private async lockScreenAwake(): Promise<void> {
    const wl = (navigator as { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } })
      .wakeLock;
    if (!wl || document.visibilityState !== 'visible' || !this.isConnected) return;
    try {
      this.wakeLock = await wl.request('screen');
    } catch {
      // Denied (battery saver, no user gesture yet): the screen may dim; scanning still works.
    }
  }

  private readonly onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    void this.lockScreenAwake();
    this.refocus();
    void this.queue?.flush();
  };

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
      this.finish(code, scannedAt, 'refused', null, detail, null, qr.reason);
      return;
    }
    const queue = await this.openQueue();
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
    if (outcome.kind === 'checked-in') {
      this.finish(scan.code, scan.scannedAt, 'checked-in', outcome.attendee, null, live ? null : scan.seq);
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
      this.finish(scan.code, scan.scannedAt, 'already', outcome.attendee, detail, live ? null : scan.seq);
    } else {
      this.finish(
        scan.code,
        scan.scannedAt,
        'refused',
        null,
        () => this.refusalText(outcome),
        live ? null : scan.seq,
        outcome.message,
      );
    }
  }

  private refusalText(outcome: Extract<Outcome, { kind: 'refused' }>): string {
    if (outcome.reason === 'unknown-badge') return msg('Unknown badge', { id: 'checkin.unknown-badge' });
    if (outcome.reason === 'wrong-day')
      return msg(str`Not valid today: ${outcome.message}`, { id: 'checkin.wrong-day' });
    return outcome.message;
  }

  /** Counts a final outcome, records it, shows it (unless it arrived later for a scan no longer on screen). */
  private finish(
    code: string,
    scannedAt: string,
    status: Exclude<CheckinStatus, 'queued'>,
    attendee: Attendee | null,
    detail: (() => string) | null,
    deferredSeq: number | null,
    reason?: string,
  ): void {
    this.count(countOutcome(this.counters, status));
    const entry: HistoryEntry = { code, status, name: attendee?.name ?? null, at: Date.parse(scannedAt) || Date.now() };
    if (deferredSeq === null) {
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
    return this.timeFormatter(this.settings.dates?.timeZone);
  }

  // ——— camera ———

  private async startCamera(): Promise<void> {
    if (this.camera) return;
    await this.updateComplete;
    const video = this.video;
    if (!video) return;
    // Only an http(s) or relative address may choose where the decoder's code comes from.
    const wasm = webUrl(this.decoderWasm);
    if (this.decoderWasm && !wasm) {
      console.warn(
        `<conf-checkin>: decoder-wasm is not an http(s) or relative address; using the decoder served beside the kiosk's code.`,
      );
    }
    const camera = new CameraScanner(wasm);
    this.camera = camera;
    this.cameraError = null;
    try {
      await camera.start(video, this.settings.facing, (code) => void this.submitCode(code));
      this.requestUpdate();
    } catch (e) {
      this.camera = null;
      camera.stop();
      this.cameraError =
        msg('The camera could not be started.', { id: 'checkin.camera-failed' }) +
        (e instanceof Error ? ` (${e.name})` : '');
    }
  }

  private stopCamera(): void {
    this.camera?.stop();
    this.camera = null;
    this.torchOn = false;
  }

  private toggleCamera(): void {
    const on = !this.settings.camera;
    this.saveSettings({ camera: on });
    if (!on) this.stopCamera();
    this.refocus();
  }

  private switchFacing(): void {
    this.saveSettings({ facing: this.settings.facing === 'user' ? 'environment' : 'user' });
    this.stopCamera();
    void this.startCamera();
  }

  private toggleTorch(): void {
    this.torchOn = !this.torchOn;
    void this.camera?.torch(this.torchOn);
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
    const queue = await this.openQueue();
    queue.stop();
    queue.start();
    queue.resume();
  }

  private closeSetup(): void {
    this.setupError = null;
    this.screen = this.settings.token ? 'main' : 'setup';
  }

  private async fullscreen(): Promise<void> {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await this.requestFullscreen();
    } catch {
      // Not allowed here (an iframe without allowfullscreen): the kiosk works in the window.
    }
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
        banner: this.tokenRefused !== null ? this.tokenRefusedText() : this.weakPinDropped ? this.weakPinText() : null,
        error: this.setupError,
        onSave: this.saveSetup,
        onBack: this.closeSetup,
      });
    }
    return this.renderMain();
  }

  private resultTexts(r: ResultView | null): { word: string; who: string | null; more: string | null } {
    if (!r)
      return { word: msg('Ready to scan', { id: 'checkin.ready' }), who: null, more: this.activeLocation || null };
    const who = r.attendee?.name ? [r.attendee.name, r.attendee.ticket].filter(Boolean).join(' · ') : r.code || null;
    switch (r.kind) {
      case 'checked-in':
        return { word: msg('Checked in', { id: 'checkin.checked-in' }), who, more: null };
      case 'already':
        return { word: msg('Already checked in', { id: 'checkin.already' }), who, more: r.detail?.() ?? null };
      case 'already-here':
        return { word: msg('Already scanned here', { id: 'checkin.already-here' }), who, more: r.detail?.() ?? null };
      case 'refused':
        return { word: msg('Not checked in', { id: 'checkin.refused' }), who, more: r.detail?.() ?? null };
      case 'queued':
        return {
          word: msg('Saved, will be sent', { id: 'checkin.queued' }),
          who,
          more: msg('No connection to the server right now.', { id: 'checkin.queued-detail' }),
        };
      case 'setup':
        return {
          word: msg('Kiosk not set up', { id: 'checkin.setup-word' }),
          who: null,
          more: this.tokenRefusedText(),
        };
    }
  }

  private weakPinText(): string {
    return msg(
      "This kiosk's PIN was kept in an older, weak form: it was removed, with the token it protected. Enter the token and set a new PIN; waiting scans are kept.",
      { id: 'checkin.pin-upgrade' },
    );
  }

  private tokenRefusedText(): string {
    return msg(
      "The server refused this kiosk's token. Open the setup and enter the kiosk token; scans are kept until then.",
      { id: 'checkin.token-refused' },
    );
  }

  private renderMain(): unknown {
    const r = this.result;
    const t = this.resultTexts(r);
    const c = this.counters;
    const times = this.kioskTimes();
    return html`<div class="kiosk" part="kiosk">
      ${
        this.tokenRefused !== null
          ? html`<p class="banner" part="banner" role="alert">${this.tokenRefusedText()}</p>`
          : nothing
      }
      ${
        this.volatile
          ? html`<p class="banner" part="banner" role="alert">${msg('This browser does not let the kiosk keep scans on the device: scans waiting to be sent are lost if the page is closed.', { id: 'checkin.volatile' })}</p>`
          : nothing
      }
      <section class="result ${r?.kind ?? 'ready'}" part="result" role="status" aria-live="assertive" aria-atomic="true">
        <p class="word" part="word">${t.word}</p>
        ${t.who ? html`<p class="who">${t.who}</p>` : nothing}
        ${t.more ? html`<p class="more">${t.more}</p>` : nothing}
      </section>
      <form class="scan-form" @submit=${this.onScanSubmit}>
        <label>${msg('Badge code (scan or type, then Enter)', { id: 'checkin.input-label' })}
          <input name="code" part="input" autocomplete="off" autocapitalize="off" spellcheck="false"
            enterkeyhint="done" @blur=${this.onInputBlur}>
        </label>
        <button class="button primary" type="submit">${msg('Check in', { id: 'checkin.submit' })}</button>
      </form>
      ${this.settings.camera ? this.renderCamera() : nothing}
      <dl class="counters" part="counters">
        ${this.counter('scanned', msg('Scanned', { id: 'checkin.count-scanned' }), c.scanned)}
        ${this.counter('checked-in', msg('Checked in', { id: 'checkin.count-checked-in' }), c.checkedIn)}
        ${this.counter('already', msg('Already in', { id: 'checkin.count-already' }), c.already)}
        ${this.counter('refused', msg('Refused', { id: 'checkin.count-refused' }), c.refused)}
        ${this.counter('waiting', msg('Waiting to send', { id: 'checkin.count-waiting' }), this.waiting)}
      </dl>
      <!-- Before the history: however many scans it lists, the controls stay where they were. -->
      <div class="tools" part="tools">
        <button class="button" type="button" aria-pressed=${String(this.settings.sounds)}
          @click=${() => {
            this.saveSettings({ sounds: !this.settings.sounds });
            this.refocus();
          }}>
          ${msg('Sounds', { id: 'checkin.sounds' })}</button>
        <button class="button" type="button" aria-pressed=${String(this.settings.camera)} @click=${this.toggleCamera}>
          ${msg('Camera', { id: 'checkin.camera' })}</button>
        <button class="button" type="button" @click=${() => void this.fullscreen()}>${msg('Full screen', { id: 'checkin.fullscreen' })}</button>
        <button class="button" type="button" @click=${this.openSetup}>${msg('Setup', { id: 'checkin.setup' })}</button>
      </div>
      ${
        this.history.length
          ? html`<h2 class="visually-hidden">${msg('Last scans', { id: 'checkin.history' })}</h2>
          <ol class="history" part="history">
            ${this.history.map(
              (h) => html`<li class=${h.status}>
              <span class="time">${times.timeWithSeconds(new Date(h.at))}</span>
              <span class="code">${h.code}</span>
              <span>${h.name ?? ''}</span>
              <span>${this.statusLabel(h.status)}</span>
            </li>`,
            )}
          </ol>`
          : nothing
      }
    </div>`;
  }

  private counter(name: string, label: string, value: number): unknown {
    return html`<div data-counter=${name}><dt>${label}</dt><dd>${value}</dd></div>`;
  }

  private statusLabel(s: CheckinStatus): string {
    switch (s) {
      case 'checked-in':
        return msg('Checked in', { id: 'checkin.checked-in' });
      case 'already':
        return msg('Already checked in', { id: 'checkin.already' });
      case 'refused':
        return msg('Not checked in', { id: 'checkin.refused' });
      case 'queued':
        return msg('Waiting to send', { id: 'checkin.count-waiting' });
    }
  }

  private renderCamera(): unknown {
    return html`<div class="camera">
      <video part="camera" muted playsinline aria-label=${msg('Camera preview', { id: 'checkin.camera-preview' })}></video>
      ${this.cameraError ? html`<p class="banner" role="alert">${this.cameraError}</p>` : nothing}
      <div class="tools">
        <button class="button" type="button" @click=${this.switchFacing}>
          ${this.settings.facing === 'user' ? msg('Use back camera', { id: 'checkin.back-camera' }) : msg('Use front camera', { id: 'checkin.front-camera' })}</button>
        ${
          this.camera?.torchAvailable
            ? html`<button class="button" type="button" aria-pressed=${String(this.torchOn)} @click=${this.toggleTorch}>${msg('Torch', { id: 'checkin.torch' })}</button>`
            : nothing
        }
      </div>
    </div>`;
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
