import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str } from '@lit/localize';
import type { Registration } from '../../api/records.js';
import { AttemptKey, sessionSlot } from '../../core/attempt-key.js';
import { ConfFormElement } from '../../core/conf-form-element.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { renderFormError, renderUnconfirmed, statusLine } from '../../core/form-parts.js';
import { ResourceController } from '../../core/resource-controller.js';
import { SubmissionController } from '../../core/submission-controller.js';
import { UploadController } from '../../core/upload-controller.js';
import { ConfRegisteredEvent } from '../../events/conf-registered.js';
import { registerMessages } from '../../core/localize.js';
import {
  buildRegistrationBody,
  customControlName,
  draftOf,
  FIXED_FIELDS,
  initialValues,
  mapFieldErrors,
  needsPayment,
  prefillFromDataset,
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

/**
 * @summary A registration form built from the conference's registration configuration: name,
 * e-mail, ticket type, payment with proof (uploaded file or https link) and the organizer's own
 * fields. One registration per submission, however often the button is pressed.
 *
 * The typed answers survive an accidental reload (kept in sessionStorage for the tab, without
 * the proof file) and are forgotten after a successful registration.
 *
 * @attr endpoint - Address of the conference proxy (default: nearest `<conf-provider>`, else the script's origin).
 * @attr lang - Language of the texts (`en`, `de`); default: the nearest `lang` on the page.
 * @attr theme - `auto` (default, follows the system), `light` or `dark`.
 * @attr ticket - Id of the ticket type to preselect.
 * @attr closed-message - Text shown when registration is closed (or use the `closed` slot).
 * @attr try-later-message - Text shown when no pricing phase is open (or use the `try-later` slot).
 * @attr success-message - Heading of the success view (or use the `success` slot).
 * @attr draft-key - sessionStorage key of the draft; set it when one page has two forms.
 * @attr data-prefill-<field> - Prefills a field, e.g. `data-prefill-first-name="Ada"`,
 *   `data-prefill-custom.organization="ACME"`.
 *
 * @slot closed - Replaces the closed message.
 * @slot try-later - Replaces the try-later message.
 * @slot success - Replaces the success heading.
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
 * @csspart again-button - Starts a new registration after a success.
 * @csspart loading - The skeleton shown while the configuration loads.
 * @csspart error - The error view when the configuration cannot be loaded.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-color-danger=#b3261e] - Error messages and invalid borders.
 * @cssproperty [--conf-font=system-ui] - Font family.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty [--conf-form-gap=0.9em] - Space between fields.
 * @cssproperty [--conf-form-max-width=40em] - Widest the form grows.
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
export class ConfRegistrationForm extends ConfFormElement {
  static override styles = [...ConfFormElement.styles, registrationFormStyles];

  /** Ticket type to preselect (a vendor site that knows what the person bought). */
  @property({ reflect: true }) ticket?: string;
  /** Values to prefill, by field: `firstName`, `email`, a custom field's name … */
  @property({ attribute: false }) prefill: Record<string, string> = {};
  @property({ attribute: 'closed-message' }) closedMessage?: string;
  @property({ attribute: 'try-later-message' }) tryLaterMessage?: string;
  @property({ attribute: 'success-message' }) successMessage?: string;
  @property({ attribute: 'draft-key' }) draftKey?: string;

  /** The created registration, once the server confirmed it. */
  @state() registration: Registration | null = null;

  private initialized = false;
  /**
   * Guards the time between a click and the submission's start (validation, upload). A state, so
   * the click itself disables the button, not whichever other change happens to render next.
   */
  @state() private sending = false;
  private lastUploadPhase = 'empty';

  private readonly config = new ResourceController<ConfigView>(this, {
    name: 'registration-config',
    poll: false,
    load: async ({ client, signal }) => readConfig((await client.get('registrationConfig', { signal })).body),
  });

  private readonly upload = new UploadController(this, 'registration-evidence', () => this.resolvedEndpoint.url);

  // The attempt (key and body) is kept beside the draft, so a reload mid-submission can ask the
  // proxy for the first outcome with the same key instead of registering the person again.
  private readonly attempts = new AttemptKey(undefined, sessionSlot(() => `${this.storageKey}:attempt`));

  private readonly submission = new SubmissionController<Body, Registration>(
    this,
    this.attempts,
    (body, idempotencyKey) => this.client.post('registrationCreate', body, { idempotencyKey }),
  );

  /** Empties the form for a new registration (drops the draft; prefill applies again). */
  reset(): void {
    this.registration = null;
    this.clearDraft();
    this.values = this.config.value ? this.startValues(this.config.value, null) : {};
    this.clientErrors = {};
    this.serverErrors = {};
    this.formError = null;
    this.upload.clear();
    this.submission.reset();
    this.announce('');
  }

  private get proofMode(): ProofMode {
    return this.values.proofMode === 'url' ? 'url' : 'file';
  }

  private get storageKey(): string {
    return this.draftKey || `conf-registration-form:${this.resolvedEndpoint.url}`;
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
    try {
      const raw = sessionStorage.getItem(this.storageKey);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return parsed && typeof parsed === 'object' ? (parsed as FormValues) : null;
    } catch {
      return null; // storage blocked (privacy settings) or a foreign value: start empty
    }
  }

  private saveDraft(): void {
    try {
      sessionStorage.setItem(this.storageKey, JSON.stringify(draftOf(this.values)));
    } catch {
      // No storage: the form still works, only a reload loses the answers.
    }
  }

  private clearDraft(): void {
    try {
      sessionStorage.removeItem(this.storageKey);
    } catch {
      // see saveDraft
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const view = this.config.value;
    if (!view) return;
    if (!this.initialized) {
      this.initialized = true;
      this.values = this.startValues(view, this.readDraft());
      this.submission.startedAt = Date.now();
      const pending = view.availability === 'open' ? this.attempts.pending() : null;
      // After this update: sending changes state that this update must not change under itself.
      if (pending) void this.updateComplete.then(() => this.send(pending as Body, { resume: true }));
    } else if (changed.has('prefill') || changed.has('ticket')) {
      // A later prefill fills what is still empty; it never overwrites what the person typed.
      this.values = { ...this.startValues(view, null), ...Object.fromEntries(Object.entries(this.values).filter(([, v]) => v)) };
    }
    this.submission.minFillMs = this.minFillMs;
    this.announceUpload();
    const open = view.availability === 'open';
    this.setState('closed', view.availability === 'closed');
    this.setState('try-later', view.availability === 'try-later');
    this.setState('submitting', open && this.submission.busy);
    this.setState('registered', this.registration !== null);
  }

  /** Says when the proof upload starts, ends or fails (the bar itself is not announced). */
  private announceUpload(): void {
    const phase = this.upload.phase;
    if (phase === this.lastUploadPhase) return;
    this.lastUploadPhase = phase;
    const name = this.upload.file?.name ?? '';
    if (phase === 'uploading') this.announce(this.say(() => msg('Uploading the proof…', { id: 'form.upload.started' })));
    if (phase === 'done') this.announce(this.say(() => msg(str`${name} uploaded.`, { id: 'form.upload.done' })));
    if (phase === 'failed') this.announce(this.upload.error?.message ?? '');
  }

  protected override valuesChanged(): void {
    this.saveDraft();
  }

  protected override mapErrorPaths(fields: Record<string, string>): ReturnType<typeof mapFieldErrors> {
    const view = this.config.value;
    return view ? mapFieldErrors(fields, this.controlNames(view)) : { byControl: {}, unmatched: Object.values(fields) };
  }

  private onFile = (e: Event): void => {
    const input = e.target as HTMLInputElement;
    this.clearError('paymentProofUrl', input);
    this.upload.select(input.files?.[0] ?? null);
  };

  private onSubmit = async (e: SubmitEvent): Promise<void> => {
    e.preventDefault();
    const view = this.config.value;
    if (!view || this.sending || this.submission.busy) return;
    this.sending = true;
    try {
      if (!(await this.validate())) return;
      const paid = needsPayment(view, this.value('ticketTypeId'));
      let proof: string | null = null;
      if (paid && this.proofMode === 'file' && this.upload.file) {
        if (this.upload.phase === 'failed') void this.upload.retry();
        proof = await this.upload.settled();
        if (!proof) {
          this.formError = { message: this.say(() => msg('The proof file could not be uploaded.', { id: 'form.upload.failed' })), unmatched: [], retryable: false };
          this.renderRoot.querySelector<HTMLElement>('input[type="file"]')?.focus();
          return;
        }
      }
      const values = this.proofMode === 'file' ? { ...this.values, paymentProofUrl: '' } : this.values;
      await this.send(buildRegistrationBody(view, values, proof));
    } finally {
      this.sending = false;
    }
  };

  /**
   * Sends a body and shows the outcome. `resume`: an attempt sent before the page reloaded, sent
   * again with its key, so the proxy answers with its outcome (or forwards it if it never arrived).
   */
  private async send(body: Body, { resume = false } = {}): Promise<void> {
    this.announce(this.say(() => msg('Sending…', { id: 'form.sending' })));
    const result = await this.submission.submit(body, { resume });
    if (!result) return;
    if (result.ok) {
      this.registration = result.value;
      this.clearDraft();
      this.announce(this.say(() => msg('Registration received.', { id: 'registration.received' })));
      this.dispatchEvent(new ConfRegisteredEvent({ id: result.value.id, registration: result.value }));
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#success-title')?.focus();
    } else {
      this.announce('');
      await this.showServerError(result.error, result.retryable);
    }
  }

  /** The person found no confirmation and chose to send the registration again, as a new one. */
  private onResend = (): void => {
    this.submission.renew();
    this.form?.requestSubmit();
  };

  protected override renderContent(): unknown {
    return this.renderResource(this.config, {
      ready: (view) => this.renderReady(view),
      skeleton: () => html`<span class="skeleton form-skeleton"></span>`,
    });
  }

  private renderReady(view: ConfigView): TemplateResult {
    if (view.availability !== 'open') {
      return renderBlocked(view.availability, view.availability === 'closed' ? this.closedMessage : this.tryLaterMessage);
    }
    if (this.registration) return renderSuccess(this.registration, this.successMessage, () => this.reset());
    const ctx: FormContext = {
      view,
      locale: this.locale,
      upload: this.upload,
      onFile: this.onFile,
      value: (n) => this.value(n),
      error: (n) => this.error(n),
    };
    const ticket = this.value('ticketTypeId');
    const busy = this.sending || this.submission.busy;
    const s = this.submission;
    return html`<form part="form" novalidate @submit=${this.onSubmit} @input=${this.onInput} @change=${this.onInput}
      aria-busy=${busy ? 'true' : 'false'}>
      <p class="help">${msg('Fields marked * are required.', { id: 'form.required-note' })}</p>
      ${renderPerson(ctx)}${renderTicket(ctx)}
      ${ticket && needsPayment(view, ticket) ? renderPayment(ctx, this.proofMode) : nothing}
      ${renderCustom(ctx)}${this.renderHoneypot()}
      ${this.renderRegions(renderFormError(this.formError))}
      <div class="actions">
        ${s.phase === 'failed' && s.unconfirmed && !busy
          ? renderUnconfirmed(msg('Send as a new registration', { id: 'registration.resend' }), this.onResend)
          : html`<button type="submit" class="button primary" part="submit-button" ?disabled=${busy}>
          ${busy ? msg('Sending…', { id: 'form.sending' }) : msg('Register', { id: 'registration.submit' })}
        </button>`}
        ${s.phase === 'failed' && s.retryable && !busy
          ? html`<button type="button" class="button" part="retry-button" @click=${() => this.form?.requestSubmit()}>
              ${msg('Try again', { id: 'core.retry' })}
            </button>`
          : nothing}
        <span class="help" aria-hidden="true">${statusLine(s)}</span>
      </div>
      ${this.renderLiveRegion()}
    </form>`;
  }
}
