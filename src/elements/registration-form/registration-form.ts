import { msg } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Registration } from '../../api/records.js';
import { ConfFormElement } from '../../core/conf-form-element.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { registerMessages } from '../../core/localize.js';
import { initialValues, prefillFromDataset } from '../../core/prefill.js';
import { rememberRegistrations } from '../../core/registrant-memory.js';
import { ResourceController } from '../../core/resource-controller.js';
import { UploadController } from '../../core/upload-controller.js';
import { ConfRegisteredEvent } from '../../events/conf-registered.js';
import { applyPageLabels, labelsFor, parsePageLabels, type PageLabels } from './page-labels.js';
import {
  buildRegistrationBody,
  customControlName,
  draftOf,
  FIXED_FIELDS,
  mapFieldErrors,
  needsPayment,
  paymentAsks,
  readConfig,
  type ConfigView,
  type FormValues,
} from './registration-form.model.js';
import { registrationFormStyles } from './registration-form.styles.js';
import {
  renderBlocked,
  renderCustom,
  renderPayment,
  renderPerson,
  renderSuccess,
  renderTicket,
  type FormContext,
  type ProofMode,
} from './registration-form.views.js';

type Body = ReturnType<typeof buildRegistrationBody>;

// The shared form texts come with the base class; only this element's own are added here.
registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

/**
 * @summary A registration form built from the conference's registration configuration: name,
 * e-mail, ticket type, payment with proof (uploaded file or https link) and the organizer's own
 * fields. One registration per submission, however often the button is pressed.
 *
 * The typed answers survive an accidental reload (kept in sessionStorage for the tab, without
 * the proof file) and are forgotten after a successful registration.
 *
 * @attr endpoint - Address of the conference proxy, http(s) or relative (default: nearest `<conf-provider>`, else the script's origin; any other scheme is refused and the default used).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`); default: the nearest `lang` on the page.
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr ticket - Id of the ticket type to preselect.
 * @attr closed-message - Text shown when registration is closed (or use the `closed` slot).
 * @attr try-later-message - Text shown when no pricing phase is open (or use the `try-later` slot).
 * @attr success-message - Heading of the success view (or use the `success` slot).
 * @attr draft-key - sessionStorage key of the draft; set it when one page has two forms.
 * @attr labels - Id of a `<script type="application/json">` in the page holding the organizer's
 *   translations of field labels (see the `labels` slot); for one block shared by several forms.
 * @attr data-prefill-<field> - Prefills a field, e.g. `data-prefill-first-name="Ada"`,
 *   `data-prefill-custom.organization="ACME"`.
 *
 * @slot closed - Replaces the closed message.
 * @slot try-later - Replaces the try-later message.
 * @slot success - Replaces the success heading.
 * @slot labels - A `<script type="application/json" slot="labels">` child with the organizer's
 *   translations of the config's texts, which the API gives in one language only:
 *   `{"de": {"organization": "Organisation", "tshirt_size": {"label": "T-Shirt-Größe", "help": "…",
 *   "options": {"m": "M"}}, "ticket:tt-student": "Studierende", "payment:pm-bank-transfer":
 *   {"label": "Überweisung", "instructions": "…"}}}`. Used for the element's language (`de-AT`
 *   falls back to `de`); what is not given keeps the config's text. JSON in a script that is
 *   never run: allowed under any Content-Security-Policy.
 *
 * @csspart form - The `<form>`.
 * @csspart section - Each group of fields (a `<fieldset>`).
 * @csspart payment - The payment section.
 * @csspart proof - The payment-proof group.
 * @csspart field - One field (label, help, control, error).
 * @csspart input - A text, choice or file control.
 * @csspart field-error - The message beside a field.
 * @csspart progress - The upload progress bar.
 * @csspart upload-done - The uploaded file's confirmation.
 * @csspart upload-retry - The button that uploads the file again.
 * @csspart form-error - The form-level message (the server's).
 * @csspart submit-button - The register button.
 * @csspart retry-button - Shown after an outage: sends the same registration again.
 * @csspart unconfirmed - Shown when the answer to a sent registration was lost: what to do next.
 * @csspart resend-button - In `unconfirmed`: sends the registration again as a new one, by the person's choice.
 * @csspart status - The live region announcing progress.
 * @csspart closed - The closed message.
 * @csspart try-later - The try-later message.
 * @csspart success - The success view.
 * @csspart record-id - The created registration's id.
 * @csspart summary - In the success view: name, ticket, amount and payment method registered.
 * @csspart summary-amount - The ticket's price in the summary.
 * @csspart payment-instructions - The chosen payment method's instructions in the summary, for a method paid after registering (a card at the desk).
 * @csspart payment-details - For a method paid before registering, its bank details (IBAN, BIC) in the summary instead of its instructions.
 * @csspart next-step - What happens next, by the registration's status.
 * @csspart again-button - Starts a new registration after a success.
 * @csspart loading - The skeleton shown while the configuration loads.
 * @csspart error - The error view when the configuration cannot be loaded.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-color-danger=#b3261e] - Error messages and invalid borders.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty [--conf-form-gap=0.9em] - Space between fields.
 * @cssproperty [--conf-form-max-width=none] - Widest the form grows (by default it fills its column, as the lists do).
 *
 * @cssstate loading - While the configuration loads.
 * @cssstate error - The configuration could not be loaded.
 * @cssstate closed - Registration is closed.
 * @cssstate try-later - No pricing phase is open.
 * @cssstate submitting - A registration is being sent.
 * @cssstate registered - The success view is shown.
 *
 * @event {ConfRegisteredEvent} conf-registered - A registration was created; `detail.registration` is the server's record.
 * @event {ConfLoadedEvent} conf-loaded - The configuration loaded.
 * @event {ConfErrorEvent} conf-error - The configuration could not be loaded; `detail.message` is the server's.
 */
export class ConfRegistrationForm extends ConfFormElement<Body, Registration> {
  static override styles = [...ConfFormElement.styles, registrationFormStyles];
  /** Its loading view holds a screen's height: the loaded content is taller (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = '100vh';

  /** Ticket type to preselect (a vendor site that knows what the person bought). */
  @property({ reflect: true }) ticket?: string;
  @property({ attribute: 'closed-message' }) closedMessage?: string;
  @property({ attribute: 'try-later-message' }) tryLaterMessage?: string;
  /** Id of a page `<script type="application/json">` with translated labels (else the `labels` slot's). */
  @property({ attribute: 'labels' }) labelsFrom?: string;

  /** The created registration, once the server confirmed it. */
  @state() registration: Registration | null = null;

  protected readonly draftPrefix = 'conf-registration-form';
  private initialized = false;

  private readonly config = new ResourceController<ConfigView>(this, {
    name: 'registration-config',
    poll: false,
    load: async ({ client, signal, read }) =>
      readConfig((await client.get('registrationConfig', { signal, read })).body),
  });

  protected override readonly upload = new UploadController(
    this,
    'registration-evidence',
    () => this.resolvedEndpoint.url,
  );

  constructor() {
    super();
    // A registration made here is remembered for <conf-workshops> and <conf-abstract-form>, on
    // this or a later page. Installed here, not when the module loads, so a server can import it.
    rememberRegistrations();
  }

  protected sendBody(body: Body, idempotencyKey: string): Promise<Registration> {
    return this.client.post('registrationCreate', body, { idempotencyKey });
  }

  protected buildBody(proof: string | null): Body | null {
    const view = this.config.value;
    if (!view) return null;
    const values = this.proofMode === 'file' ? { ...this.values, paymentProofUrl: '' } : this.values;
    return buildRegistrationBody(view, values, proof);
  }

  protected override proofRequired(): boolean {
    const view = this.config.value;
    return (
      !!view &&
      needsPayment(view, this.value('ticketTypeId')) &&
      paymentAsks(view, this.value('paymentMethodId')).proof &&
      this.proofMode === 'file' &&
      this.upload.file !== null
    );
  }

  protected override canSubmit(): boolean {
    return this.config.value !== undefined;
  }

  protected onAccepted(registration: Registration): void {
    this.registration = registration;
    this.dispatchEvent(new ConfRegisteredEvent({ id: registration.id, registration }));
  }

  protected get accepted(): boolean {
    return this.registration !== null;
  }

  protected draftValue(): FormValues {
    return draftOf(this.values);
  }

  protected receivedText(): string {
    return msg('Registration received.', { id: 'registration.received' });
  }

  protected resetForm(): void {
    this.registration = null;
    this.values = this.config.value ? this.startValues(this.config.value, null) : {};
  }

  /** The last labels block read, by its text, so a render parses it only when it changed. */
  private labelsRead: { source: string; labels: PageLabels; problem: string | null } | null = null;

  /** The organizer's translations from the page (see the `labels` slot); {} when none or unreadable. */
  private pageLabels(): { labels: PageLabels; problem: string | null } {
    const block = this.labelsFrom
      ? this.ownerDocument.getElementById(this.labelsFrom)
      : this.querySelector(':scope > script[slot="labels"]');
    if (this.labelsFrom && !(block instanceof HTMLScriptElement)) {
      return { labels: {}, problem: `no <script type="application/json" id="${this.labelsFrom}"> in the page` };
    }
    const source = block?.textContent ?? '';
    if (!source.trim()) return { labels: {}, problem: null };
    if (this.labelsRead?.source !== source) {
      try {
        this.labelsRead = { source, labels: parsePageLabels(source), problem: null };
      } catch (e) {
        this.labelsRead = { source, labels: {}, problem: e instanceof Error ? e.message : String(e) };
      }
    }
    return this.labelsRead;
  }

  /** The config as shown: with the page's translations for the element's language. */
  private shownView(view: ConfigView): ConfigView {
    return applyPageLabels(view, labelsFor(this.pageLabels().labels, this.locale));
  }

  private get proofMode(): ProofMode {
    return this.values.proofMode === 'url' ? 'url' : 'file';
  }

  private controlNames(view: ConfigView): string[] {
    return [...FIXED_FIELDS, 'proofMode', ...view.fields.map((f) => customControlName(f.name))];
  }

  /** Prefill from attributes and the property; bare custom field names are accepted too. */
  private prefillValues(view: ConfigView): FormValues {
    const raw: FormValues = { ...prefillFromDataset({ ...this.dataset }), ...this.prefill };
    // An unknown ticket id would select nothing yet open the payment section; it is reported instead.
    if (this.ticket && view.tickets.some((t) => t.value === this.ticket)) raw.ticketTypeId = this.ticket;
    const out: FormValues = {};
    for (const [k, v] of Object.entries(raw)) {
      if (typeof v !== 'string') continue;
      out[view.fields.some((f) => f.name === k) ? customControlName(k) : k] = v;
    }
    return out;
  }

  protected override attributeProblems(): Diagnostic[] {
    const out = super.attributeProblems();
    const labelsProblem = this.pageLabels().problem;
    if (labelsProblem) {
      out.push({
        code: 'invalid_labels',
        message: `<${this.localName}> cannot use its translated labels: ${labelsProblem}.`,
        fix: 'Give a <script type="application/json" slot="labels"> child (or labels="id" of one) holding {"de": {"field_name": "Label"}}.',
      });
    }
    const view = this.config.value;
    if (view && this.ticket && !view.tickets.some((t) => t.value === this.ticket)) {
      out.push({
        code: 'unknown_ticket',
        message: `<${this.localName}> ticket="${this.ticket}" is not a ticket type of this conference.`,
        fix: `Use one of: ${view.tickets.map((t) => t.value).join(', ') || '(none offered)'}.`,
      });
    }
    return out;
  }

  private startValues(view: ConfigView, draft: FormValues | null): FormValues {
    return initialValues(this.controlNames(view), this.prefillValues(view), draft);
  }

  private readDraft(): FormValues | null {
    const parsed = this.draft.read();
    return parsed && typeof parsed === 'object' ? (parsed as FormValues) : null;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const view = this.config.value;
    if (!view) return;
    if (!this.initialized) {
      this.initialized = true;
      this.values = this.startValues(view, this.readDraft());
      this.startForm({ resume: view.availability === 'open' });
    } else if (changed.has('prefill') || changed.has('ticket')) {
      // A later prefill fills what is still empty; it never overwrites what the person typed.
      this.values = {
        ...this.startValues(view, null),
        ...Object.fromEntries(Object.entries(this.values).filter(([, v]) => v)),
      };
    }
    this.setState('closed', view.availability === 'closed');
    this.setState('try-later', view.availability === 'try-later');
    this.setState('registered', this.registration !== null);
  }

  protected override mapErrorPaths(fields: Record<string, string>): ReturnType<typeof mapFieldErrors> {
    const view = this.config.value;
    return view ? mapFieldErrors(fields, this.controlNames(view)) : { byControl: {}, unmatched: Object.values(fields) };
  }

  protected override renderContent(): unknown {
    return this.renderResource(this.config, {
      ready: (view) => this.renderReady(view),
      skeleton: () => html`<span class="skeleton form-skeleton"></span>`,
    });
  }

  private renderReady(config: ConfigView): TemplateResult {
    const view = this.shownView(config);
    if (view.availability !== 'open') {
      return renderBlocked(
        view.availability,
        view.availability === 'closed' ? this.closedMessage : this.tryLaterMessage,
      );
    }
    if (this.registration)
      return renderSuccess(this.registration, view, this.locale, this.successMessage, () => this.reset());
    const ctx: FormContext = {
      view,
      locale: this.locale,
      upload: this.upload,
      onFile: this.onFile,
      value: (n) => this.value(n),
      error: (n) => this.error(n),
    };
    const ticket = this.value('ticketTypeId');
    return this.renderFormFrame(
      html`${renderPerson(ctx)}${renderTicket(ctx)}
        ${ticket && needsPayment(view, ticket) ? renderPayment(ctx, this.proofMode) : nothing}
        ${renderCustom(ctx)}`,
      {
        submit: msg('Register', { id: 'registration.submit' }),
        resend: msg('Send as a new registration', { id: 'registration.resend' }),
      },
    );
  }
}
