/**
 * The submission lifecycle every form element shares, written once: validate, wait for the proof
 * upload, send one body under one idempotency key per attempt (outages retried, a lost answer
 * never repeated by itself), show the outcome, keep the draft and the attempt across a reload,
 * and start over. A form says what is its own through hooks: {@link buildBody},
 * {@link sendBody}, {@link proofRequired}, {@link onAccepted}, {@link onRefused},
 * {@link draftValue}, {@link resetForm}.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str } from '@lit/localize';
import type { ApiError } from '../api/errors.js';
import { ConfFieldsElement } from './conf-fields-element.js';
import { DraftController } from './draft-controller.js';
import { renderActions, renderFormError } from './form-parts.js';
import { SubmissionController } from './submission-controller.js';
import type { UploadController } from './upload-controller.js';
import { useWriteProof } from '../api/client.js';
import { writeChallenge, writeProof } from '../api/write-challenge.js';

export abstract class ConfFormElement<Body, Result> extends ConfFieldsElement {
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
  /** The proof file of the form, if it asks for one. */
  protected readonly upload: UploadController | null = null;

  protected readonly draft = new DraftController(
    () => this.draftKey || `${this.draftPrefix}:${this.resolvedEndpoint.url}`,
  );
  protected readonly sender = new SubmissionController<Body, Result>(this, this.draft.attempts, (body, key) =>
    this.sendBody(body, key),
  );

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

  /** Gets the proxy's proof-of-work (when it asks for one) solved while the person fills the form. */
  private readonly warmChallenge = (): void => writeChallenge(this.resolvedEndpoint.url).warm();

  override connectedCallback(): void {
    super.connectedCallback();
    useWriteProof(writeProof);
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
    this.sender.reset();
    this.announce('');
  }

  /**
   * Call when the form first shows: the fill time starts, and an attempt sent before a reload
   * and never settled is sent again with its key, so the proxy answers with its outcome (or
   * forwards it if it never arrived) instead of recording it twice.
   */
  protected startForm({ resume = true } = {}): void {
    this.started = true;
    this.sender.startedAt = Date.now();
    const pending = resume ? this.draft.attempts.pending() : null;
    // After this update: sending changes state that this update must not change under itself.
    if (pending) void this.updateComplete.then(() => this.send(pending as Body, { resume: true }));
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.sender.minFillMs = this.minFillMs;
    this.announceUpload();
    this.setState('submitting', this.sender.busy);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
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
    return this.sending || this.sender.busy;
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
    const result = await this.sender.submit(body, { resume });
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
    this.sender.renew();
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
      ${renderActions(this.sender, {
        busy,
        submitLabel: labels.submit,
        resendLabel: labels.resend,
        onRetry: () => this.form?.requestSubmit(),
        onResend: this.onResend,
      })}
      ${this.renderLiveRegion()}
    </form>`;
  }
}
