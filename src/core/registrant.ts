/**
 * Who is enrolling in a workshop or submitting an abstract: the API asks for the id of an existing
 * registration. It comes, in this order, from the host page (`registration-id`, for a vendor site
 * that knows the person), from a registration made with `<conf-registration-form>` in this browser
 * (remembered on `conf-registered`, per proxy, until the person forgets it), or typed by the
 * person. Only the id and the name to greet them with are kept (localStorage), nothing else.
 */
import { msg, str } from '@lit/localize';
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ConfRegisteredEvent } from '../events/conf-registered.js';
import { renderField, type FieldState } from './form-fields.js';
import { registerMessages } from './localize.js';

registerMessages('de', () => import('./locales/registrant.de.js'));
registerMessages('fr', () => import('./locales/registrant.fr.js'));
registerMessages('es', () => import('./locales/registrant.es.js'));

export interface Registrant {
  id: string;
  /** The name to greet the person with, when known. */
  name: string | null;
  /** `host`: the page's `registration-id`; `remembered`: a registration in this browser. */
  source: 'host' | 'remembered';
}

const KEY_PREFIX = 'conf-widgets:registrant:';
/** Tells the elements of this page that the remembered registration changed (storage events reach only other tabs). */
const CHANGED = 'conf-registrant-changed';

function slot(endpoint: string): string {
  return KEY_PREFIX + endpoint;
}

export function readRemembered(endpoint: string): Omit<Registrant, 'source'> | null {
  try {
    const v = JSON.parse(localStorage.getItem(slot(endpoint)) ?? 'null') as { id?: unknown; name?: unknown } | null;
    return typeof v?.id === 'string' && v.id
      ? { id: v.id, name: typeof v.name === 'string' && v.name ? v.name : null }
      : null;
  } catch {
    return null; // storage blocked or a foreign value: nothing remembered
  }
}

export function remember(endpoint: string, value: { id: string; name: string | null } | null): void {
  try {
    if (value) localStorage.setItem(slot(endpoint), JSON.stringify(value));
    else localStorage.removeItem(slot(endpoint));
  } catch {
    // No storage: the person types the id next time.
  }
  window.dispatchEvent(new Event(CHANGED));
}

let listening = false;

/**
 * Remembers every registration `<conf-registration-form>` makes on this page. Installed once per
 * page by the registration form and by the elements that read it.
 */
export function rememberRegistrations(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('conf-registered', (e: ConfRegisteredEvent) => {
    const r = e.detail.registration;
    const name = [r.firstName, r.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
    // Kept per proxy: the form's own, since a registration id means something only to its conference.
    const endpoint = (e.composedPath()[0] as { resolvedEndpoint?: { url?: unknown } } | undefined)?.resolvedEndpoint
      ?.url;
    if (typeof endpoint === 'string') remember(endpoint, { id: e.detail.id, name: name || null });
  });
}

interface RegistrantHost extends ReactiveControllerHost, HTMLElement {
  registrationId?: string | undefined;
  readonly resolvedEndpoint: { url: string };
}

export class RegistrantController implements ReactiveController {
  constructor(private readonly host: RegistrantHost) {
    host.addController(this);
  }

  /** The registration in force, or null when the person must type its id. */
  get current(): Registrant | null {
    const given = this.host.registrationId?.trim();
    if (given) return { id: given, name: null, source: 'host' };
    const kept = readRemembered(this.host.resolvedEndpoint.url);
    return kept ? { ...kept, source: 'remembered' } : null;
  }

  forget = (): void => {
    remember(this.host.resolvedEndpoint.url, null);
  };

  hostConnected(): void {
    window.addEventListener(CHANGED, this.changed);
    window.addEventListener('storage', this.changed);
  }

  hostDisconnected(): void {
    window.removeEventListener(CHANGED, this.changed);
    window.removeEventListener('storage', this.changed);
  }

  private changed = (): void => this.host.requestUpdate();
}

/**
 * Who is enrolling or submitting: the known registration (with "not you?" when this browser
 * remembered it), else a required `registrationId` field.
 */
export function renderRegistrant(who: Registrant | null, state: FieldState, forget: () => void): TemplateResult {
  if (!who) {
    return renderField(state, {
      name: 'registrationId',
      label: msg('Registration number', { id: 'registrant.label' }),
      kind: 'text',
      required: true,
      maxlength: 64,
      autocomplete: 'off',
      help: msg('You find it in the confirmation of your conference registration.', { id: 'registrant.help' }),
    });
  }
  const id = html`<span class="record-id" part="registration-id">${who.id}</span>`;
  return html`<p class="registrant" part="registrant">
    ${
      who.name
        ? html`${msg(str`Signed up as ${who.name}`, { id: 'registrant.as' })} (${id})`
        : html`${msg('Registration number', { id: 'registrant.label' })}: ${id}`
    }
    ${
      who.source === 'remembered'
        ? html`<button type="button" class="button link" part="forget-button" @click=${forget}>
          ${msg('Not you? Use another registration', { id: 'registrant.forget' })}
        </button>`
        : nothing
    }
  </p>`;
}
