/**
 * The base of every form element, written once: values as a name → string map read from native
 * `input`/`change` events, native constraint validation before anything is sent, the server's
 * field errors put back on their controls (`setCustomValidity` plus visible text), one live region
 * for what happens; and the submission lifecycle: validate, wait for the proof upload, send one
 * body under one idempotency key per attempt (outages retried, a lost answer never repeated by
 * itself), show the outcome, keep the draft and the attempt across a reload, and start over. A
 * form says what is its own through hooks: {@link buildBody}, {@link sendBody},
 * {@link proofRequired}, {@link onAccepted}, {@link onRefused}, {@link draftValue},
 * {@link resetForm}.
 */
import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ApiError } from '../api/errors.js';
import { useWriteProof, type WriteProof } from '../api/writes.js';
import { ConfElement } from './conf-element.js';
import { DraftController } from './draft-controller.js';
import { readControl, type FieldState } from './form-fields.js';
import { renderActions, renderFormError, type FormError } from './form-parts.js';
import type { FormChecks } from './form-validity.js';
import { formStyles } from './form.styles.js';
import { lazyModule } from './lazy-module.js';
import { registerMessages, withLocale } from './localize.js';
import type { SubmissionController } from './submission-controller.js';
import type { UploadController } from './upload-controller.js';

/**
 * The proof-of-work solver (`api/write-challenge.ts`), fetched when the person first touches a
 * form or a write asks for a proof: nothing a form's first paint needs.
 */
const challenges = () => import('../api/write-challenge.js');
const lazyWriteProof: WriteProof = {
  take: async (endpoint) => (await challenges()).writeProof.take(endpoint),
  renew: async (endpoint) => (await challenges()).writeProof.renew(endpoint),
};

/**
 * The server's refusals in the element's words (`server-messages.ts`), needed only once a
 * submission failed: fetched when the person first touches the form, or then. When its chunk
 * cannot be loaded, the server's own words are shown (and the console says why); the next
 * failure tries again.
 */
const loadServerMessages = lazyModule(
  () => import('./server-messages.js'),
  "the forms' message texts could not be loaded; the server's own words are shown instead.",
);

/**
 * The check of the answers before sending, with what the browser found wrong in the element's
 * words (`form-validity.ts`): fetched when the person starts on a form, or when it is sent. Until
 * it is here a control carries the browser's own words; when its chunk cannot be loaded the
 * browser checks the answers itself.
 */
let validity: typeof import('./form-validity.js') | null = null;
const loadValidityTexts = lazyModule(
  () => import('./form-validity.js').then((m) => (validity = m)),
  "the forms' check of the answers and its texts for wrong answers could not be loaded; the browser checks them in its own words instead.",
);

/**
 * The submission itself (`submission-controller.ts`: one idempotency key per attempt, retries,
 * the minimum fill time), fetched when the person starts on a form, or when it is sent. When it
 * cannot be fetched the form says it cannot be sent at the moment; the next submit tries again.
 */
const loadSubmission = lazyModule(
  () => import('./form-submission.js'),
  'the code that sends the forms could not be loaded; the next submit tries again.',
);

registerMessages('de', () => import('./locales/form.de.js'));
registerMessages('fr', () => import('./locales/form.fr.js'));
registerMessages('es', () => import('./locales/form.es.js'));

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export abstract class ConfFormElement<Body, Result> extends ConfElement implements FieldState {
  static override styles = [...ConfElement.styles, formStyles];
  static override minWidth = 280;
  /**
   * A form's configuration is not kept in the browser for offline visits: a form cannot be sent
   * without the network, and one drawn from an earlier visit's prices, places or deadlines would
   * take answers the server then refuses. So a form page never downloads the offline store.
   */
  static savesAnswers = false;

  /**
   * Milliseconds a person needs at least between seeing the form and sending it; an earlier
   * submit waits for the rest (bots submit at once). Default 3000. Kept by the submission itself.
   */
  @property({ attribute: false })
  get minFillMs(): number {
    return this.fillMs;
  }
  set minFillMs(ms: number) {
    this.fillMs = ms;
    if (this.sender) this.sender.minFillMs = ms;
  }
  private fillMs = 3000;
  /** When the person started filling the form (ms since epoch), handed to the submission. */
  private startedAt = Date.now();

  @state() protected values: Record<string, string> = {};
  /** What the browser found wrong (in the element's words), shown after a submit attempt until the control is valid. */
  @state() protected clientErrors: Record<string, string> = {};
  /** The server's messages by control name; cleared on the control's next input. */
  @state() protected serverErrors: Record<string, string> = {};
  @state() protected formError: FormError | null = null;
  /** Text of the polite live region. */
  @state() protected announcement = '';

  value(name: string): string {
    return this.values[name] ?? '';
  }

  error(name: string): string | undefined {
    return this.serverErrors[name] ?? this.clientErrors[name];
  }

  protected get form(): HTMLFormElement | null {
    return this.renderRoot.querySelector('form');
  }

  /** Named controls of the form, honeypot excluded. */
  protected controls(): Control[] {
    const form = this.form;
    if (!form) return [];
    return [...form.elements].filter(
      (el): el is Control =>
        (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) &&
        el.name !== '' &&
        !('ignore' in el.dataset) &&
        el.type !== 'radio',
    );
  }

  /** Called after a control's value changed (drafts, dependent sections). */
  protected valuesChanged(_name: string): void {}

  protected onInput = (e: Event): void => {
    const c = readControl(e);
    if (!c) return;
    this.values = { ...this.values, [c.name]: c.value };
    this.clearError(c.name, c.control);
    this.valuesChanged(c.name);
  };

  /** Drops the server's message of a control and re-checks it if it showed the browser's. */
  protected clearError(name: string, control?: Control): void {
    if (name in this.serverErrors) {
      const { [name]: _dropped, ...rest } = this.serverErrors;
      this.serverErrors = rest;
    }
    const message = control ? this.checkControl(control) : '';
    if (name in this.clientErrors && control) {
      const { [name]: _old, ...rest } = this.clientErrors;
      this.clientErrors = message ? { ...rest, [name]: message } : rest;
    }
    this.refreshSummary();
  }

  /**
   * Keeps a summary of field messages true as the person fixes fields: the count follows, and
   * once no field message is left the summary goes (it must not say "6 answers need attention"
   * over a form without any).
   */
  private refreshSummary(): void {
    const f = this.formError;
    if (!f?.summary) return;
    const count = Object.keys({ ...this.clientErrors, ...this.serverErrors }).length;
    if (count === 0 && f.unmatched.length === 0) this.formError = null;
    else if (f.summary === 'browser' && count > 0 && validity) {
      const texts = validity;
      this.formError = { ...f, message: this.say(() => texts.summaryText(count)) };
    }
  }

  /**
   * Re-checks a control and sets the message it carries: the server's while it stands, else the
   * element's own words for what the browser found wrong, in the element's language. Through
   * `setCustomValidity`, so the native check of the next submit, `:invalid` and what a screen
   * reader hears all agree with the text beside the control. '' when valid.
   */
  protected checkControl(c: Control): string {
    c.setCustomValidity('');
    const texts = validity;
    const message =
      this.serverErrors[c.name] ??
      (c.validity.valid ? '' : texts ? this.say(() => texts.validityText(c)) : c.validationMessage);
    c.setCustomValidity(message);
    return message;
  }

  /** `msg()` answers in the element's language only inside this (render does it by itself). */
  protected say<T>(fn: () => T): T {
    return withLocale(this.locale, fn);
  }

  /**
   * Native constraint validation of every shown control, in the element's words
   * (`form-validity.ts`): each message beside its control, the first invalid one focused, how many
   * need attention said. True when all are valid. Without that code the browser checks the
   * answers itself, in its own words.
   */
  protected async validate(): Promise<boolean> {
    const texts = await loadValidityTexts();
    if (texts) return texts.validateForm(this.checks);
    this.serverErrors = {};
    this.formError = null;
    await this.updateComplete;
    return this.form?.reportValidity() ?? true;
  }

  /** What `form-validity.ts` reads and sets of this form when it checks the answers. */
  private readonly checks: FormChecks = {
    host: this,
    controls: () => this.controls(),
    check: (c) => this.checkControl(c),
    say: (fn) => this.say(fn),
    focusFirstError: () => this.focusFirstError(),
    show: (s) => {
      if (s.clientErrors) this.clientErrors = s.clientErrors;
      if (s.serverErrors) this.serverErrors = s.serverErrors;
      if (s.formError !== undefined) this.formError = s.formError;
    },
  };

  /**
   * Shows a failed submission: its message, and its field messages on their fields, in the
   * element's language where the code or the wording is known (`server-messages.ts`).
   */
  protected async showServerError(error: ApiError, retryable: boolean): Promise<void> {
    const texts = await loadServerMessages();
    // A failed submission ran with the submission's code: it shows the failure.
    await this.submitCode?.showRefusal(this.checks, error, retryable, texts, (fields) => this.mapErrorPaths(fields));
  }

  /**
   * Server paths → control names, and messages that fit no control. Controls are named after the
   * body's paths, so by default every path is its control's name.
   */
  protected mapErrorPaths(fields: Record<string, string>): { byControl: Record<string, string>; unmatched: string[] } {
    return { byControl: fields, unmatched: [] };
  }

  /** The first control with a message, else the form-level message. */
  protected focusFirstError(): void {
    const bad = this.controls().find((c) => this.error(c.name) !== undefined);
    if (bad) bad.focus();
    else this.renderRoot.querySelector<HTMLElement>('[part~="form-error"]')?.focus();
  }

  protected announce(text: string): void {
    this.announcement = text;
  }

  /**
   * Bots fill every field they find; people never see or reach this one. Its name and label match
   * nothing a browser's autofill fills (no "website", "url", "name"), and it is out of the tab
   * order and the accessibility tree.
   */
  protected renderHoneypot(): TemplateResult {
    return html`<div class="hp" aria-hidden="true">
      <label for="hp-field">Leave this empty</label>
      <input id="hp-field" name="hp_x" type="text" tabindex="-1" autocomplete="off" data-ignore />
    </div>`;
  }

  /** The form-level alert (always present, so its changes are announced) and the live region. */
  protected renderRegions(errorContent: unknown): TemplateResult {
    return html`<div class="form-error" part="form-error" role="alert" tabindex="-1">${errorContent}</div>`;
  }

  protected renderLiveRegion(): TemplateResult {
    return html`<p class="visually-hidden" role="status" part="status">${this.announcement}</p>`;
  }

  /** Values to prefill, by control name; a later prefill fills only what is still empty. */
  @property({ attribute: false }) prefill: Record<string, string> = {};
  @property({ attribute: 'success-message' }) successMessage?: string;
  /** sessionStorage key of the draft; set it when one page has two forms of a kind. */
  @property({ attribute: 'draft-key' }) draftKey?: string;

  /**
   * Guards the time between a click and the submission's start (validation, upload). A state, so
   * the click itself disables the button, not whichever other change happens to render next.
   */
  @state() protected sending = false;

  /** Prefix of the default draft key (the tag name); the endpoint is added, so two proxies never share one. */
  protected abstract readonly draftPrefix: string;
  /** The proof file of the form, if it asks for one (set once its code is there, for a form that fetches it later). */
  protected upload: UploadController | null = null;

  protected readonly draft = new DraftController(
    () => this.draftKey || `${this.draftPrefix}:${this.resolvedEndpoint.url}`,
  );
  /** The submission, once its code is here ({@link submitter}). */
  private sender: SubmissionController<Body, Result> | null = null;
  /** The submission's code, once here (it draws what a submission adds to the actions). */
  private submitCode: typeof import('./form-submission.js') | null = null;

  /** The submission, made once its code is here; null when the code cannot be fetched. */
  private async submitter(): Promise<SubmissionController<Body, Result> | null> {
    const code = this.sender ? null : await loadSubmission();
    if (code && !this.sender) {
      this.submitCode = code;
      const keys = new code.AttemptKey(undefined, this.draft.attemptSlot);
      this.sender = new code.SubmissionController<Body, Result>(this, keys, (body, key) => this.sendBody(body, key));
      this.sender.startedAt = this.startedAt;
      this.sender.minFillMs = this.fillMs;
    }
    return this.sender;
  }

  private lastUploadPhase = 'empty';
  /** Set by {@link startForm}: before it, the answers are not yet the draft's (it would overwrite the stored one). */
  private started = false;

  /** The request of one attempt (the client's write with its `Idempotency-Key`). */
  protected abstract sendBody(body: Body, idempotencyKey: string): Promise<Result>;
  /** The body of the answers as they stand, with the uploaded proof's URI; null when it cannot be built yet. */
  protected abstract buildBody(proof: string | null): Body | null;
  /** Stores the accepted record and tells the page (the form's event). */
  protected abstract onAccepted(result: Result): void;
  /** What the live region says once accepted. */
  protected abstract receivedText(): string;
  /** Empties the form's own state (answers, record, rows) for another submission. */
  protected abstract resetForm(): void;
  /** What a reload must bring back; null when there is nothing worth keeping. */
  protected abstract draftValue(): unknown;
  /** True once the form was accepted (its answers are no longer a draft). */
  protected abstract get accepted(): boolean;

  /** Whether the submission waits for the proof upload and sends its URI. */
  protected proofRequired(): boolean {
    return false;
  }

  /** Whether the form can be sent at all (e.g. its configuration has loaded). */
  protected canSubmit(): boolean {
    return true;
  }

  /** A refusal or failure arrived: learn from it; false when the form shows it in its own way. */
  protected onRefused(_error: ApiError): Promise<boolean> | boolean {
    return true;
  }

  /** Whether this update changed what the draft keeps. */
  protected draftChanged(changed: PropertyValues): boolean {
    return changed.has('values');
  }

  /**
   * Gets the proxy's proof-of-work (when it asks for one) solved while the person fills the form,
   * and the texts of a refusal and of wrong answers fetched, so none waits when the form is sent.
   */
  private readonly warmChallenge = (): void => {
    void loadServerMessages();
    void loadValidityTexts();
    void loadSubmission();
    const endpoint = this.resolvedEndpoint.url;
    void challenges().then(({ writeChallenge }) => writeChallenge(endpoint).warm());
    this.warmUp();
  };

  /** The person started on the form: fetch now what the form may need soon. */
  protected warmUp(): void {}

  override connectedCallback(): void {
    super.connectedCallback();
    useWriteProof(lazyWriteProof);
    this.addEventListener('focusin', this.warmChallenge);
    this.addEventListener('input', this.warmChallenge);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('focusin', this.warmChallenge);
    this.removeEventListener('input', this.warmChallenge);
  }

  /** Empties the form for another submission (drops the draft; prefill applies again). */
  reset(): void {
    this.draft.clear();
    this.resetForm();
    this.clientErrors = {};
    this.serverErrors = {};
    this.formError = null;
    this.upload?.clear();
    this.startedAt = Date.now();
    this.sender?.reset();
    this.announce('');
  }

  /**
   * Call when the form first shows: the fill time starts, and an attempt sent before a reload
   * and never settled is sent again with its key, so the proxy answers with its outcome (or
   * forwards it if it never arrived) instead of recording it twice.
   */
  protected startForm({ resume = true } = {}): void {
    this.started = true;
    this.startedAt = Date.now();
    if (this.sender) this.sender.startedAt = this.startedAt;
    const pending = resume ? this.draft.attempts.pending() : null;
    // After this update: sending changes state that this update must not change under itself.
    if (pending) void this.updateComplete.then(() => this.send(pending as Body, { resume: true }));
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.announceUpload();
    this.setState('submitting', !!this.sender?.busy);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // The server's messages make their controls invalid too, so a screen reader reads "invalid"
    // and the next submit stops there until the person changes the value.
    for (const c of this.controls()) this.checkControl(c);
    if (this.started && this.draftChanged(changed) && !this.accepted) {
      const value = this.draftValue();
      if (value === null) this.draft.clear();
      else this.draft.save(value);
    }
  }

  /** Says when the proof upload starts, ends or fails (the bar itself is not announced). */
  private announceUpload(): void {
    const upload = this.upload;
    if (!upload || upload.phase === this.lastUploadPhase) return;
    const phase = (this.lastUploadPhase = upload.phase);
    const name = upload.file?.name ?? '';
    if (phase === 'uploading')
      this.announce(this.say(() => msg('Uploading the proof…', { id: 'form.upload.started' })));
    if (phase === 'done') this.announce(this.say(() => msg(str`${name} uploaded.`, { id: 'form.upload.done' })));
    if (phase === 'failed') this.announce(upload.error?.message ?? '');
  }

  protected get busy(): boolean {
    return this.sending || !!this.sender?.busy;
  }

  /** The proof's file control: a chosen file starts uploading at once. */
  protected onFile = (e: Event): void => {
    const input = e.target as HTMLInputElement;
    this.clearError(input.name, input);
    this.upload?.select(input.files?.[0] ?? null);
  };

  protected onSubmit = async (e: SubmitEvent): Promise<void> => {
    e.preventDefault();
    if (this.busy || !this.canSubmit()) return;
    this.sending = true;
    try {
      if (!(await this.validate())) return;
      let proof: string | null = null;
      if (this.upload && this.proofRequired()) {
        if (this.upload.phase === 'failed') void this.upload.retry();
        proof = await this.upload.settled();
        if (!proof) {
          this.formError = {
            message: this.say(() => msg('The proof file could not be uploaded.', { id: 'form.upload.failed' })),
            unmatched: [],
            retryable: false,
          };
          this.renderRoot.querySelector<HTMLElement>('input[type="file"]')?.focus();
          return;
        }
      }
      const body = this.buildBody(proof);
      if (body !== null) await this.send(body);
    } finally {
      this.sending = false;
    }
  };

  /** Sends a body and shows the outcome. `resume`: an attempt sent before the page reloaded. */
  protected async send(body: Body, { resume = false } = {}): Promise<void> {
    this.announce(this.say(() => msg('Sending…', { id: 'form.sending' })));
    const sender = await this.submitter();
    if (!sender) {
      this.announce('');
      this.formError = {
        message: this.say(() => msg('This form cannot be sent at the moment.', { id: 'form.unreachable' })),
        unmatched: [],
        retryable: true,
      };
      await this.updateComplete;
      this.focusFirstError();
      return;
    }
    const result = await sender.submit(body, { resume });
    if (!result) return;
    if (result.ok) {
      this.draft.clear();
      this.onAccepted(result.value);
      this.announce(this.say(() => this.receivedText()));
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#success-title')?.focus();
      return;
    }
    this.announce('');
    if (await this.onRefused(result.error)) await this.showServerError(result.error, result.retryable);
  }

  /** The person found no confirmation and chose to send it again, as a new submission. */
  protected onResend = (): void => {
    this.sender?.renew();
    this.form?.requestSubmit();
  };

  /**
   * The `<form>` around a form's sections: the required-fields note (and `note` after it), the
   * honeypot, the form-level message, the actions and the live region. `fields: false` (a form
   * that is only a button, like an enrollment for a known registration) drops the required note.
   */
  protected renderFormFrame(
    sections: unknown,
    labels: { submit: string; resend: string; fields?: boolean },
    note: unknown = nothing,
  ): TemplateResult {
    const busy = this.busy;
    const requiredNote =
      labels.fields === false ? nothing : msg('Fields marked * are required.', { id: 'form.required-note' });
    return html`<form part="form" novalidate @submit=${this.onSubmit} @input=${this.onInput} @change=${this.onInput}
      aria-busy=${busy ? 'true' : 'false'}>
      ${requiredNote === nothing && note === nothing ? nothing : html`<p class="help">${requiredNote} ${note}</p>`}
      ${sections}${this.renderHoneypot()}
      ${this.renderRegions(renderFormError(this.formError))}
      ${renderActions(
        { busy, submitLabel: labels.submit },
        this.sender
          ? this.submitCode?.submissionParts(this.sender, {
              busy,
              resendLabel: labels.resend,
              onRetry: () => this.form?.requestSubmit(),
              onResend: this.onResend,
            })
          : undefined,
      )}
      ${this.renderLiveRegion()}
    </form>`;
  }
}
