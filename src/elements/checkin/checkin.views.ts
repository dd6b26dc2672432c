/**
 * The kiosk's main screen: the result panel with its word, the scan field, the camera preview, the
 * counters, the tools and the last scans. Pure views, like `checkin-setup.views.ts`: the element
 * owns the state and passes its handlers in (Lit calls them with the element as `this`).
 */
import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { TimeFormatter } from '../../core/time.js';
import type { Attendee, CheckinStatus, Counters } from './checkin.model.js';
import type { Facing, HistoryEntry } from './kiosk-settings.js';

/** What the big panel shows. `already-here`: the code's first scan is still waiting on this kiosk. */
export type ResultKind = CheckinStatus | 'already-here' | 'setup';

export interface ResultView {
  kind: ResultKind;
  code: string;
  attendee: Attendee | null;
  /** Second line under the name: first scan's time and place, or the reason. Made at render
   * time, inside the element's language (results arrive outside any render). */
  detail: (() => string) | null;
}

type Handler = () => unknown;

export interface CameraView {
  facing: Facing;
  error: string | null;
  torchAvailable: boolean;
  torchOn: boolean;
  onSwitchFacing: Handler;
  onToggleTorch: Handler;
}

export interface MainView {
  /** The last scan's result while it is held, else null ("Ready to scan"). */
  result: ResultView | null;
  /** Where the kiosk stands, shown while it is ready. */
  location: string;
  tokenRefused: boolean;
  /** Scans waiting to be sent are lost when the page closes. */
  volatile: boolean;
  counters: Counters;
  waiting: number;
  history: readonly HistoryEntry[];
  times: TimeFormatter;
  sounds: boolean;
  /** The camera's preview and tools, when the camera is on. */
  camera: CameraView | null;
  onScanSubmit: (e: SubmitEvent) => unknown;
  onInputBlur: Handler;
  onToggleSounds: Handler;
  onToggleCamera: Handler;
  onFullscreen: Handler;
  onOpenSetup: Handler;
}

export function tokenRefusedText(): string {
  return msg(
    "The server refused this kiosk's token. Open the setup and enter the kiosk token; scans are kept until then.",
    { id: 'checkin.token-refused' },
  );
}

export function weakPinText(): string {
  return msg(
    "This kiosk's PIN was kept in an older, weak form: it was removed, with the token it protected. Enter the token and set a new PIN; waiting scans are kept.",
    { id: 'checkin.pin-upgrade' },
  );
}

function resultTexts(
  r: ResultView | null,
  location: string,
): { word: string; who: string | null; more: string | null } {
  if (!r) return { word: msg('Ready to scan', { id: 'checkin.ready' }), who: null, more: location || null };
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
      return { word: msg('Kiosk not set up', { id: 'checkin.setup-word' }), who: null, more: tokenRefusedText() };
  }
}

function statusLabel(s: CheckinStatus): string {
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

function counter(name: string, label: string, value: number): TemplateResult {
  return html`<div data-counter=${name}><dt>${label}</dt><dd>${value}</dd></div>`;
}

export function renderMain(v: MainView): TemplateResult {
  const r = v.result;
  const t = resultTexts(r, v.location);
  const c = v.counters;
  return html`<div class="kiosk" part="kiosk">
      ${v.tokenRefused ? html`<p class="banner" part="banner" role="alert">${tokenRefusedText()}</p>` : nothing}
      ${
        v.volatile
          ? html`<p class="banner" part="banner" role="alert">${msg('This browser does not let the kiosk keep scans on the device: scans waiting to be sent are lost if the page is closed.', { id: 'checkin.volatile' })}</p>`
          : nothing
      }
      <section class="result ${r?.kind ?? 'ready'}" part="result" role="status" aria-live="assertive" aria-atomic="true">
        <p class="word" part="word">${t.word}</p>
        ${t.who ? html`<p class="who">${t.who}</p>` : nothing}
        ${t.more ? html`<p class="more">${t.more}</p>` : nothing}
      </section>
      <form class="scan-form" @submit=${v.onScanSubmit}>
        <label>${msg('Badge code (scan or type, then Enter)', { id: 'checkin.input-label' })}
          <input name="code" part="input" autocomplete="off" autocapitalize="off" spellcheck="false"
            enterkeyhint="done" @blur=${v.onInputBlur}>
        </label>
        <button class="button primary" type="submit">${msg('Check in', { id: 'checkin.submit' })}</button>
      </form>
      ${v.camera ? renderCamera(v.camera) : nothing}
      <dl class="counters" part="counters">
        ${counter('scanned', msg('Scanned', { id: 'checkin.count-scanned' }), c.scanned)}
        ${counter('checked-in', msg('Checked in', { id: 'checkin.count-checked-in' }), c.checkedIn)}
        ${counter('already', msg('Already in', { id: 'checkin.count-already' }), c.already)}
        ${counter('refused', msg('Refused', { id: 'checkin.count-refused' }), c.refused)}
        ${counter('waiting', msg('Waiting to send', { id: 'checkin.count-waiting' }), v.waiting)}
      </dl>
      <!-- Before the history: however many scans it lists, the controls stay where they were. -->
      <div class="tools" part="tools">
        <button class="button" type="button" aria-pressed=${String(v.sounds)} @click=${v.onToggleSounds}>
          ${msg('Sounds', { id: 'checkin.sounds' })}</button>
        <button class="button" type="button" aria-pressed=${String(v.camera !== null)} @click=${v.onToggleCamera}>
          ${msg('Camera', { id: 'checkin.camera' })}</button>
        <button class="button" type="button" @click=${v.onFullscreen}>${msg('Full screen', { id: 'checkin.fullscreen' })}</button>
        <button class="button" type="button" @click=${v.onOpenSetup}>${msg('Setup', { id: 'checkin.setup' })}</button>
      </div>
      ${
        v.history.length
          ? html`<h2 class="visually-hidden">${msg('Last scans', { id: 'checkin.history' })}</h2>
          <ol class="history" part="history">
            ${v.history.map(
              (h) => html`<li class=${h.status}>
              <span class="time">${v.times.timeWithSeconds(new Date(h.at))}</span>
              <span class="code">${h.code}</span>
              <span>${h.name ?? ''}</span>
              <span>${statusLabel(h.status)}</span>
            </li>`,
            )}
          </ol>`
          : nothing
      }
    </div>`;
}

function renderCamera(v: CameraView): TemplateResult {
  return html`<div class="camera">
      <video part="camera" muted playsinline aria-label=${msg('Camera preview', { id: 'checkin.camera-preview' })}></video>
      ${v.error ? html`<p class="banner" role="alert">${v.error}</p>` : nothing}
      <div class="tools">
        <button class="button" type="button" @click=${v.onSwitchFacing}>
          ${v.facing === 'user' ? msg('Use back camera', { id: 'checkin.back-camera' }) : msg('Use front camera', { id: 'checkin.front-camera' })}</button>
        ${
          v.torchAvailable
            ? html`<button class="button" type="button" aria-pressed=${String(v.torchOn)} @click=${v.onToggleTorch}>${msg('Torch', { id: 'checkin.torch' })}</button>`
            : nothing
        }
      </div>
    </div>`;
}
