/**
 * Who is enrolling in a workshop or submitting an abstract: the API asks for the id of an existing
 * registration. It comes, in this order, from the host page (`registration-id`, for a vendor site
 * that knows the person), from a registration made with `<conf-registration-form>` in this browser
 * (remembered on `conf-registered`, per proxy, until the person forgets it), or typed by the
 * person. Only the id and the name to greet them with are kept (localStorage), nothing else.
 */
import { msg, str } from '@lit/localize';
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { renderField, type FieldState } from './form-fields.js';
import { registerMessages } from './localize.js';
import { CHANGED, readRemembered, remember } from './registrant-memory.js';

export { readRemembered, remember, rememberRegistrations } from './registrant-memory.js';

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
