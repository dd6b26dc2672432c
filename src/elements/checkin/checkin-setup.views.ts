/**
 * The kiosk's setup and lock screens, and reading what the setup form holds. Pure views: the
 * element owns the settings and passes its handlers in (Lit calls them with the element as `this`).
 */
import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { MODES, type Mode } from './checkin.model.js';
import type { KioskSettings } from './kiosk-settings.js';

type SubmitHandler = (e: SubmitEvent) => unknown;

export interface LockedView {
  error: string | null;
  onUnlock: SubmitHandler;
  onBack: () => void;
}

export interface SetupView {
  settings: KioskSettings;
  /** False on a plain-http page: no PIN can be kept there (see `kiosk-pin.ts`). */
  pinPossible: boolean;
  mode: Mode;
  location: string;
  /** Why the server refused the kept token, when it did. */
  banner: string | null;
  error: string | null;
  onSave: SubmitHandler;
  onBack: () => void;
}

/** What the setup form holds: settings to keep, and the PIN choice (hashed by the element). */
export type SetupAnswers = Pick<KioskSettings, 'token' | 'location' | 'mode' | 'sounds' | 'camera' | 'facing'> & {
  pin: string;
  clearPin: boolean;
};

export function readSetupForm(data: FormData, current: KioskSettings): SetupAnswers {
  const get = (k: string) => (data.get(k) ?? '').toString().trim();
  const mode = get('mode');
  return {
    // An empty token field keeps the token already on the device.
    token: get('token') || current.token,
    location: get('location') || null,
    mode: (MODES as readonly string[]).includes(mode) ? (mode as Mode) : null,
    sounds: data.get('sounds') === 'on',
    camera: data.get('camera') === 'on',
    facing: data.get('facing') === 'user' ? 'user' : 'environment',
    pin: get('pin'),
    clearPin: data.get('clear-pin') === 'on',
  };
}

/** Why a plain-http page offers no PIN. */
export function pinInsecureText(): string {
  return msg(
    'No PIN on this page: it is not served over https, and the browser keeps a PIN safely only on secure pages. Open the kiosk over https (or localhost) to lock its setup.',
    { id: 'checkin.pin-insecure' },
  );
}

function renderError(error: string | null): TemplateResult | typeof nothing {
  return error ? html`<p class="error" role="alert">${error}</p>` : nothing;
}

export function renderLocked(v: LockedView): TemplateResult {
  return html`<form class="setup" part="setup" @submit=${v.onUnlock}>
    <h2>${msg('Setup is locked', { id: 'checkin.locked' })}</h2>
    <label>${msg('PIN', { id: 'checkin.pin' })}
      <input name="pin" type="password" inputmode="numeric" autocomplete="off" required></label>
    ${renderError(v.error)}
    <div class="actions">
      <button class="button primary" type="submit">${msg('Unlock', { id: 'checkin.unlock' })}</button>
      <button class="button" type="button" @click=${v.onBack}>${msg('Back', { id: 'checkin.back' })}</button>
    </div>
  </form>`;
}

export function renderSetup(v: SetupView): TemplateResult {
  const s = v.settings;
  // A first start is not an error: the instruction reads as the form's introduction. Only the
  // server refusing a kept token is an alert.
  const intro =
    !v.banner && !s.token
      ? msg("Enter this kiosk's token to start checking people in. It is kept on this device only.", {
          id: 'checkin.token-missing',
        })
      : null;
  return html`<form class="setup" part="setup" @submit=${v.onSave}>
    <h2>${msg('Kiosk setup', { id: 'checkin.setup-title' })}</h2>
    ${v.banner ? html`<p class="banner" part="banner" role="alert">${v.banner}</p>` : nothing}
    ${intro ? html`<p class="intro" part="intro">${intro}</p>` : nothing}
    <label>${msg('Kiosk token', { id: 'checkin.token' })}
      <input name="token" type="password" autocomplete="off" spellcheck="false"
        placeholder=${s.token ? msg('(kept; type to replace)', { id: 'checkin.token-kept' }) : ''}></label>
    <p class="hint">${msg("Type the token, or focus this field and scan the token's QR code.", { id: 'checkin.token-hint' })}</p>
    <label>${msg('Location', { id: 'checkin.location' })}
      <input name="location" autocomplete="off" .value=${v.location}></label>
    <label>${msg('Mode', { id: 'checkin.mode' })}
      <select name="mode">
        <option value="badge" ?selected=${v.mode === 'badge'}>${msg('Badge check-in', { id: 'checkin.mode-badge' })}</option>
        <option value="attendance" ?selected=${v.mode === 'attendance'}>${msg('Daily attendance', { id: 'checkin.mode-attendance' })}</option>
      </select></label>
    <label class="check"><input type="checkbox" name="sounds" ?checked=${s.sounds}> ${msg('Sounds', { id: 'checkin.sounds' })}</label>
    <label class="check"><input type="checkbox" name="camera" ?checked=${s.camera}> ${msg('Camera', { id: 'checkin.camera' })}</label>
    <label>${msg('Camera side', { id: 'checkin.facing' })}
      <select name="facing">
        <option value="environment" ?selected=${s.facing === 'environment'}>${msg('Back', { id: 'checkin.facing-back' })}</option>
        <option value="user" ?selected=${s.facing === 'user'}>${msg('Front', { id: 'checkin.facing-front' })}</option>
      </select></label>
    ${
      v.pinPossible
        ? html`<label>${s.pin ? msg('New PIN (empty: keep)', { id: 'checkin.pin-new' }) : msg('PIN to lock this setup (optional)', { id: 'checkin.pin-set' })}
      <input name="pin" type="password" inputmode="numeric" autocomplete="new-password"></label>`
        : html`<p class="hint">${pinInsecureText()}</p>`
    }
    ${s.pin ? html`<label class="check"><input type="checkbox" name="clear-pin"> ${msg('Remove the PIN', { id: 'checkin.pin-clear' })}</label>` : nothing}
    ${renderError(v.error)}
    <div class="actions">
      <button class="button primary" type="submit">${msg('Save', { id: 'checkin.save' })}</button>
      ${s.token ? html`<button class="button" type="button" @click=${v.onBack}>${msg('Back', { id: 'checkin.back' })}</button>` : nothing}
    </div>
  </form>`;
}
