import { msg } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Registration } from '../../api/records.js';
import { post } from '../../api/writes.js';
import { ConfFormElement } from '../../core/conf-form-element.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import type { UploadState } from '../../core/form-fields.js';
import { FormPart, renderPartFailed } from '../../core/form-part.js';
import { lazyModule } from '../../core/lazy-module.js';
import { registerMessages } from '../../core/localize.js';
import { initialValues, prefillFromDataset } from '../../core/prefill.js';
import { ResourceController } from '../../core/resource-controller.js';
import type { UploadController } from '../../core/upload-controller.js';
import { ConfRegisteredEvent } from '../../events/conf-registered.js';
import type { LabelsRead } from './page-labels.js';
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
 * The proof file's upload code, fetched when the person starts on a form that offers a paid
 * ticket, or when a file is chosen. When it cannot be fetched the file control says so, and its
 * "Upload again" tries again.
 */
const loadUpload = lazyModule(
  () => import('../../core/upload-controller.js'),
  'the upload code of the payment proof could not be loaded; "Upload again" tries again.',
);
/** The organizer's translated labels, fetched for a form the page gives them to. */
const loadPageLabels = lazyModule(
  () => import('./page-labels.js'),
  "the organizer's translated labels could not be loaded; the configuration's own texts are shown.",
);
/**
 * The memory of the registration made here, for <conf-workshops> and <conf-abstract-form> on this
 * or a later page: fetched once a registration is made.
 */
const loadRegistrantMemory = lazyModule(
  () => import('../../core/registrant-memory.js'),
  'the registration could not be remembered for the other forms of this site; they will ask for its number.',
);
/** The view after a registration, fetched while the registration is sent. */
const loadSuccess = lazyModule(
  () => import('./success.view.js'),
  'the summary of the registration could not be loaded; the registration number is shown without it.',
);

/** What a part shows when its code could not be fetched (the payment section, the summary). */
const partFailed = () =>
  msg('This part of the form could not be loaded. Check the connection and try again.', {
    id: 'registration.part-failed',
  });

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

  /** The proof file chosen, kept for the upload while its code is on its way. */
  @state() private proofFile: File | null = null;
  /** The upload code could not be fetched (the file control offers to try again). */
  @state() private uploadCodeFailed = false;
  private readonly success = new FormPart(this, loadSuccess, (m) => m.successSheets);
  private readonly labels = new FormPart(this, loadPageLabels);

  protected async sendBody(body: Body, idempotencyKey: string): Promise<Registration> {
    // The summary's code comes while the registration is sent (it never fails the sending; when
    // it cannot be fetched, the number is shown without it).
    const [registration] = await Promise.all([
      post(this.client, 'registrationCreate', body, { idempotencyKey }),
      this.success.fetch(),
    ]);
    return registration;
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
      !!this.upload?.file
    );
  }

  protected override canSubmit(): boolean {
    return this.config.value !== undefined;
  }

  /** A form that offers a paid ticket gets the upload code once the person starts on it. */
  protected override warmUp(): void {
    const view = this.config.value;
    if (view?.tickets.some((t) => needsPayment(view, t.value))) void loadUpload();
  }

  /** The proof's upload controller, made once its code is here; null when the code cannot be fetched. */
  private async uploadController(): Promise<UploadController | null> {
    const code = this.upload ? null : await loadUpload();
    if (code) this.upload ??= new code.UploadController(this, 'registration-evidence', () => this.resolvedEndpoint.url);
    this.uploadCodeFailed = !this.upload;
    return this.upload;
  }

  /** A chosen proof file: uploaded once the upload code is here. */
  private readonly onProof = (e: Event): void => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0] ?? null;
    this.proofFile = file;
    this.clearError(input.name, input);
    void this.uploadController().then((upload) => upload?.select(file));
  };

  /**
   * A file chosen whose upload code has not arrived (or could not be fetched): the file control
   * shows it as uploading, or failed with "Upload again", which fetches the code again.
   */
  private pendingUpload(): UploadState {
    const failed = this.uploadCodeFailed && this.proofFile !== null;
    return {
      phase: failed ? 'failed' : this.proofFile ? 'uploading' : 'empty',
      file: this.proofFile,
      progress: 0,
      problem: null,
      error: failed ? { message: partFailed() } : null,
      retry: () => void this.uploadController().then((upload) => upload?.select(this.proofFile)),
    };
  }

  /** A proof file chosen waits for its upload code, without which it cannot be sent. */
  protected override async validate(): Promise<boolean> {
    if (this.proofFile && !this.upload && !(await this.uploadController())) {
      this.renderRoot.querySelector<HTMLElement>('input[type="file"]')?.focus();
      return false;
    }
    return super.validate();
  }

  protected onAccepted(registration: Registration): void {
    this.registration = registration;
    this.dispatchEvent(new ConfRegisteredEvent({ id: registration.id, registration }));
    const endpoint = this.resolvedEndpoint.url;
    void loadRegistrantMemory().then((memory) => memory?.rememberRegistration(endpoint, registration));
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
    this.proofFile = null;
    this.values = this.config.value ? this.startValues(this.config.value, null) : {};
  }

  /** The last labels block read, by its text, so a render parses it only when it changed. */
  private labelsRead: LabelsRead | null = null;

  /** Whether the page gives translated labels (see the `labels` slot), whose code then comes. */
  private hasPageLabels(): boolean {
    return !!this.labelsFrom || this.querySelector(':scope > script[slot="labels"]') !== null;
  }

  /**
   * The config as shown: with the page's translations for the element's language; null while
   * their code is on its way. When it cannot be fetched, the config's own texts.
   */
  private shownView(view: ConfigView): ConfigView | null {
    if (!this.hasPageLabels()) return view;
    const code = this.labels.get();
    if (!code) return this.labels.failed ? view : null;
    return code.applyPageLabels(view, code.labelsFor(this.readLabels(code).labels, this.locale));
  }

  private readLabels(code: typeof import('./page-labels.js')): LabelsRead {
    return (this.labelsRead = code.readPageLabels(this, this.labelsFrom, this.labelsRead));
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
    const code = this.hasPageLabels() ? this.labels.module : undefined;
    const labelsProblem = code ? this.readLabels(code).problem : null;
    if (code && labelsProblem) out.push(code.labelsDiagnostic(this.localName, labelsProblem));
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

  override connectedCallback(): void {
    super.connectedCallback();
    // The translated labels' code, asked for while the form's configuration is still loading.
    if (this.hasPageLabels()) this.labels.get();
  }

  protected override renderContent(): unknown {
    return this.renderResource(this.config, {
      ready: (view) => this.renderReady(view),
      skeleton: () => this.formSkeleton(),
    });
  }

  private formSkeleton(): TemplateResult {
    return html`<span class="skeleton form-skeleton"></span>`;
  }

  private renderReady(config: ConfigView): TemplateResult {
    const view = this.shownView(config);
    // The translated labels' code still on its way: the loading view, at the form's height.
    if (!view) return this.renderLoading(() => this.formSkeleton());
    if (view.availability !== 'open') {
      return renderBlocked(
        view.availability,
        view.availability === 'closed' ? this.closedMessage : this.tryLaterMessage,
      );
    }
    if (this.registration) return this.renderSuccess(this.registration, view);
    const ctx: FormContext = {
      view,
      locale: this.locale,
      value: (n) => this.value(n),
      error: (n) => this.error(n),
    };
    const ticket = this.value('ticketTypeId');
    return this.renderFormFrame(
      html`${renderPerson(ctx)}${renderTicket(ctx)}
        ${ticket && needsPayment(view, ticket) ? renderPayment(ctx, this.proofMode, this.upload ?? this.pendingUpload(), this.onProof) : nothing}
        ${renderCustom(ctx)}`,
      {
        submit: msg('Register', { id: 'registration.submit' }),
        resend: msg('Send as a new registration', { id: 'registration.resend' }),
      },
    );
  }

  /**
   * The view after the registration. Its code was fetched while sending; when it could not be,
   * the heading and the number still show, with a way to fetch the rest.
   */
  private renderSuccess(registration: Registration, view: ConfigView): TemplateResult {
    const code = this.success.get();
    if (code) return code.renderSuccess(registration, view, this.locale, this.successMessage, () => this.reset());
    return html`<section class="outcome success" part="success" aria-labelledby="success-title">
      <h2 id="success-title" tabindex="-1">
        <slot name="success">${this.successMessage ?? msg('Thank you, your registration was received.', { id: 'registration.success' })}</slot>
      </h2>
      <p>${msg('Registration number', { id: 'registration.number' })}: <span class="record-id" part="record-id">${registration.id}</span></p>
      ${this.success.failed ? renderPartFailed(this.success, partFailed(), msg('Try again', { id: 'core.retry' })) : nothing}
    </section>`;
  }
}
