import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { AbstractSubmission } from '../../api/records.js';
import { post } from '../../api/writes.js';
import { ConfFormElement } from '../../core/conf-form-element.js';
import { controlId, fieldError, renderField } from '../../core/form-fields.js';
import { registerMessages } from '../../core/localize.js';
import { initialValues, prefillFromDataset } from '../../core/prefill.js';
import { ProxyCheckController } from '../../core/proxy-check.js';
import { RegistrantController, rememberRegistrations, renderRegistrant } from '../../core/registrant.js';
import { ConfAbstractSubmittedEvent } from '../../events/conf-abstract-submitted.js';
import {
  ATTACHMENTS,
  MAX_AUTHORS,
  attachmentProblem,
  buildAbstractBody,
  controlOfPath,
  formatSize,
  moveItem,
  readAbstractDraft,
  toFormData,
  type AbstractBody,
  type AbstractDraft,
  type AttachmentProblem,
} from './abstract-form.model.js';
import { abstractFormStyles } from './abstract-form.styles.js';

registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

/** Controls a host page may prefill (authors and files are the person's). */
const PREFILLABLE = ['title', 'registrationId'] as const;
/** Files of up to 50 MB go up a phone's link: the write may take this long before it counts as lost. */
const SEND_TIMEOUT_MS = 180_000;
const MB = Math.round(ATTACHMENTS.maxBytesEach / 1024 / 1024);

/**
 * @summary The call for abstracts: the person's registration, the title, the authors in order and
 * up to five PDF attachments, sent as one submission.
 *
 * The registration comes from `registration-id`, from a registration made with
 * `<conf-registration-form>` in this browser (its name then fills the first author), or is typed.
 * The files travel with the submission (`multipart/form-data`, see the sandbox README's gap
 * decisions; each an `attachments[]` part, which the proxy and the WordPress plugin both take):
 * PDF only, at most 5, each at most 10 MB. One submission however often it is sent
 * (one `Idempotency-Key` per attempt, outages retried, a lost answer never repeated by itself).
 * The title, registration and authors survive a reload of the tab; chosen files do not (browsers
 * cannot keep them), and are asked for again.
 *
 * @attr endpoint - Address of the conference proxy, http(s) or relative (default: nearest `<conf-provider>`, else the script's origin; any other scheme is refused and the default used).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`); default: the nearest `lang` on the page.
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr registration-id - The person's registration id, when the host page knows it.
 * @attr data-prefill-<field> - Prefills `title` or `registration-id`, e.g. `data-prefill-title="…"`.
 * @attr success-message - Heading of the success view (or use the `success` slot).
 * @attr draft-key - sessionStorage key of the draft; set it when one page has two forms.
 *
 * @slot success - Replaces the success heading.
 *
 * @csspart form - The `<form>`.
 * @csspart section - Each group of fields (a `<fieldset>`).
 * @csspart registrant - Whose registration submits.
 * @csspart forget-button - Forgets the registration this browser remembered.
 * @csspart field - One field (label, help, control, error).
 * @csspart input - A text or file control.
 * @csspart field-error - The message beside a field.
 * @csspart author-row - One author's row.
 * @csspart move-up - Moves an author up.
 * @csspart move-down - Moves an author down.
 * @csspart remove-author - Removes an author.
 * @csspart add-author - Adds an author row.
 * @csspart attachments - The list of chosen files.
 * @csspart remove-file - Removes a chosen file.
 * @csspart form-error - The form-level message (the server's).
 * @csspart submit-button - Submits the abstract.
 * @csspart retry-button - Shown after an outage: sends the same submission again.
 * @csspart unconfirmed - Shown when the answer was lost: what to do next.
 * @csspart resend-button - In `unconfirmed`: sends it again as a new submission, by the person's choice.
 * @csspart status - The live region.
 * @csspart success - The success view.
 * @csspart record-id - The submission's number.
 * @csspart again-button - Starts another submission.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty [--conf-form-max-width=none] - Widest the form grows (by default it fills its column, as the lists do).
 *
 * @cssstate submitting - A submission is being sent.
 * @cssstate submitted - The success view is shown.
 *
 * @event {ConfAbstractSubmittedEvent} conf-abstract-submitted - The abstract was accepted; `detail.submission` is the server's record.
 */
export class ConfAbstractForm extends ConfFormElement<AbstractBody, AbstractSubmission> {
  static override styles = [...ConfFormElement.styles, abstractFormStyles];
  /** About the empty form's height, held until the texts of its language are there (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = 'min(100vh, 800px)';

  @property({ attribute: 'registration-id' }) registrationId?: string;

  @state() submission: AbstractSubmission | null = null;
  @state() private authors: string[] = [''];
  @state() private files: File[] = [];
  /** Why the last chosen file(s) were not attached. */
  @state() private fileProblem: { name: string; why: AttachmentProblem } | null = null;

  protected readonly draftPrefix = 'conf-abstract-form';
  private readonly registrant = new RegistrantController(this);
  /**
   * The form reads nothing before it is sent: one light read when it appears (an accepted
   * abstract, cached by the proxy) shows a CORS or proxy problem at once, not after the visitor
   * has filled it in.
   */
  private readonly proxyCheck = new ProxyCheckController(this, {
    probe: (client, signal) => client.list('abstracts', { limit: 1, signal }),
    notice: (d) => this.notice(d),
    clearNotice: (code) => this.clearNotice(code),
  });
  private restored = false;

  constructor() {
    super();
    rememberRegistrations();
  }

  /** Accepted once the server answered with the submission; the answers are no longer a draft. */
  protected get accepted(): boolean {
    return this.submission !== null;
  }

  protected receivedText(): string {
    return msg('Abstract submitted.', { id: 'abstract-form.received' });
  }

  protected sendBody(body: AbstractBody, idempotencyKey: string): Promise<AbstractSubmission> {
    const { attachments, ...fields } = body;
    const payload = attachments.length ? toFormData(body, this.files) : fields;
    return post(this.client, 'abstractSubmit', payload, { idempotencyKey, timeoutMs: SEND_TIMEOUT_MS });
  }

  protected buildBody(): AbstractBody {
    const registrationId = this.registrant.current?.id ?? this.value('registrationId');
    return buildAbstractBody(registrationId, this.value('title'), this.authors, this.files);
  }

  protected onAccepted(submission: AbstractSubmission): void {
    this.submission = submission;
    this.dispatchEvent(new ConfAbstractSubmittedEvent({ id: submission.id, submission }));
  }

  protected draftValue(): AbstractDraft | null {
    return readAbstractDraft({
      title: this.value('title'),
      registrationId: this.value('registrationId'),
      authors: this.authors,
    });
  }

  /** The author rows are kept apart from the values, and are part of the draft too. */
  protected override draftChanged(changed: PropertyValues): boolean {
    return changed.has('authors') || changed.has('values');
  }

  protected resetForm(): void {
    this.files = [];
    this.fileProblem = null;
    this.submission = null;
    this.values = {};
    this.setAuthors([this.registrant.current?.name ?? '']);
  }

  protected override mapErrorPaths(fields: Record<string, string>): {
    byControl: Record<string, string>;
    unmatched: string[];
  } {
    const byControl: Record<string, string> = {};
    for (const [path, message] of Object.entries(fields)) {
      const name = controlOfPath(path);
      byControl[name] = byControl[name] ? `${byControl[name]} ${message}` : message;
    }
    return { byControl, unmatched: [] };
  }

  /** Authors in order; their controls' values follow (rows are named by position). */
  private setAuthors(list: readonly string[]): void {
    this.authors = list.length ? [...list] : [''];
    const values = Object.fromEntries(Object.entries(this.values).filter(([k]) => !k.startsWith('authors.')));
    this.authors.forEach((a, i) => (values[`authors.${i}.fullName`] = a));
    this.values = values;
  }

  protected override valuesChanged(name: string): void {
    const row = /^authors\.(\d+)\.fullName$/.exec(name);
    if (row) this.authors = this.authors.map((a, i) => (i === Number(row[1]) ? this.value(name) : a));
  }

  override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (!this.restored) {
      this.restored = true;
      const draft = readAbstractDraft(this.draft.read());
      const given = initialValues(PREFILLABLE, { ...prefillFromDataset({ ...this.dataset }), ...this.prefill }, null);
      this.values = { ...given, ...(draft ? { title: draft.title, registrationId: draft.registrationId } : {}) };
      this.setAuthors(draft?.authors ?? [this.registrant.current?.name ?? '']);
      // Files cannot outlive a reload, so an attempt that carried some cannot be sent again as it was.
      const pending = this.draft.attempts.pending() as Partial<AbstractBody> | null;
      this.startForm({ resume: !pending?.attachments?.length });
    } else if (!this.authors.some(Boolean) && this.authors.length === 1) {
      // A registration remembered after the form opened names the first author too.
      const name = this.registrant.current?.name;
      if (name) this.setAuthors([name]);
    }
    this.setState('submitted', this.submission !== null);
  }

  private focusLater(selector: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(selector)?.focus());
  }

  private addAuthor = (): void => {
    this.setAuthors([...this.authors, '']);
    this.focusLater(`[name="authors.${this.authors.length - 1}.fullName"]`);
  };

  private removeAuthor(index: number): void {
    const name = this.authors[index] || this.say(() => msg(str`Author ${index + 1}`, { id: 'abstract-form.author-n' }));
    this.setAuthors(this.authors.filter((_, i) => i !== index));
    this.announce(this.say(() => msg(str`${name} removed.`, { id: 'abstract-form.author-removed' })));
    this.focusLater(`[name="authors.${Math.min(index, this.authors.length - 1)}.fullName"]`);
  }

  private moveAuthor(index: number, by: -1 | 1): void {
    const to = index + by;
    this.setAuthors(moveItem(this.authors, index, to));
    const name = this.authors[to] || this.say(() => msg(str`Author ${to + 1}`, { id: 'abstract-form.author-n' }));
    this.announce(this.say(() => msg(str`${name} is now author ${to + 1}.`, { id: 'abstract-form.author-moved' })));
    // The same button on the moved row, or the other one when it reached the end.
    const edge = (by === -1 && to === 0) || (by === 1 && to === this.authors.length - 1);
    this.focusLater(`[data-row="${to}"] [part~="${edge === (by === -1) ? 'move-down' : 'move-up'}"]`);
  }

  private onFiles = (e: Event): void => {
    const input = e.target as HTMLInputElement;
    const chosen = [...(input.files ?? [])];
    input.value = '';
    this.clearError('attachments');
    const kept = [...this.files];
    let problem: { name: string; why: AttachmentProblem } | null = null;
    for (const file of chosen) {
      const why = attachmentProblem(file, kept.length);
      if (why) problem ??= { name: file.name, why };
      else kept.push(file);
    }
    const added = kept.length - this.files.length;
    this.files = kept;
    this.fileProblem = problem;
    const count = kept.length;
    if (added > 0)
      this.announce(
        this.say(() =>
          msg(str`${count} of ${ATTACHMENTS.maxFiles} files attached.`, { id: 'abstract-form.files-count' }),
        ),
      );
  };

  private problemText(name: string, why: AttachmentProblem): string {
    switch (why) {
      case 'count':
        return msg(str`At most ${ATTACHMENTS.maxFiles} files; ${name} was not added.`, {
          id: 'abstract-form.too-many',
        });
      case 'type':
        return msg(str`${name} is not a PDF file.`, { id: 'abstract-form.not-pdf' });
      case 'empty':
        return msg(str`${name} is empty.`, { id: 'abstract-form.empty-file' });
      case 'size':
        return msg(str`${name} is larger than ${MB} MB.`, { id: 'abstract-form.too-large' });
    }
  }

  private removeFile(index: number): void {
    const [gone] = this.files.splice(index, 1);
    this.files = [...this.files];
    this.fileProblem = null;
    const name = gone?.name ?? '';
    this.announce(this.say(() => msg(str`${name} removed.`, { id: 'abstract-form.file-removed' })));
    this.focusLater(
      this.files.length ? `[data-file="${Math.min(index, this.files.length - 1)}"] button` : '#f-attachments',
    );
  }

  protected override renderContent(): unknown {
    return this.submission
      ? this.renderSuccess(this.submission)
      : html`${this.proxyCheck.render()}${this.renderForm()}`;
  }

  private renderForm(): TemplateResult {
    return this.renderFormFrame(
      html`<fieldset part="section">
          <legend>${msg('Your abstract', { id: 'abstract-form.section' })}</legend>
          ${renderField(this, { name: 'title', label: msg('Title', { id: 'abstract-form.title' }), kind: 'text', required: true, maxlength: 300 })}
          ${renderRegistrant(this.registrant.current, this, this.registrant.forget)}
        </fieldset>
        ${this.renderAuthors()} ${this.renderAttachments()}`,
      {
        submit: msg('Submit abstract', { id: 'abstract-form.submit' }),
        resend: msg('Send as a new submission', { id: 'abstract-form.resend' }),
      },
    );
  }

  private renderAuthors(): TemplateResult {
    const last = this.authors.length - 1;
    return html`<fieldset part="section">
      <legend>${msg('Authors', { id: 'abstract-form.authors' })}</legend>
      <p class="help">${msg('In the order they appear on the abstract. At least one.', { id: 'abstract-form.authors-help' })}</p>
      <ol class="authors">
        ${this.authors.map(
          (_, i) => html`<li class="author-row" part="author-row" data-row=${i}>
          ${renderField(this, { name: `authors.${i}.fullName`, label: msg(str`Author ${i + 1}`, { id: 'abstract-form.author-n' }), kind: 'text', required: i === 0, autocomplete: i === 0 ? 'name' : 'off', maxlength: 200 })}
          <div class="row-actions">
            <button type="button" class="button small" part="move-up" ?disabled=${i === 0} @click=${() => this.moveAuthor(i, -1)}
              aria-label=${msg(str`Move author ${i + 1} up`, { id: 'abstract-form.move-up' })}>↑</button>
            <button type="button" class="button small" part="move-down" ?disabled=${i === last} @click=${() => this.moveAuthor(i, 1)}
              aria-label=${msg(str`Move author ${i + 1} down`, { id: 'abstract-form.move-down' })}>↓</button>
            <button type="button" class="button small" part="remove-author" ?disabled=${last === 0} @click=${() => this.removeAuthor(i)}
              aria-label=${msg(str`Remove author ${i + 1}`, { id: 'abstract-form.remove-author' })}>✕</button>
          </div>
        </li>`,
        )}
      </ol>
      ${
        this.authors.length < MAX_AUTHORS
          ? html`<button type="button" class="button" part="add-author" @click=${this.addAuthor}>${msg('Add an author', { id: 'abstract-form.add-author' })}</button>`
          : nothing
      }
    </fieldset>`;
  }

  private renderAttachments(): TemplateResult {
    const id = controlId('attachments');
    const problem = this.fileProblem;
    const error = this.error('attachments') ?? (problem ? this.problemText(problem.name, problem.why) : undefined);
    const full = this.files.length >= ATTACHMENTS.maxFiles;
    return html`<fieldset part="section">
      <legend>${msg('Attachments', { id: 'abstract-form.attachments' })}</legend>
      <div class="field" part="field" data-field="attachments">
        <label for=${id}>${msg('Add PDF files', { id: 'abstract-form.add-files' })}</label>
        <p class="help" id="${id}-help">${msg(str`PDF only, at most ${ATTACHMENTS.maxFiles} files of up to ${MB} MB each. Optional. Chosen files are not kept if the page reloads.`, { id: 'abstract-form.files-help' })}</p>
        <input id=${id} name="attachments" type="file" class="input file" part="input" accept="application/pdf,.pdf" multiple
          ?disabled=${full} aria-describedby="${id}-help${error ? ` ${id}-error` : ''}" aria-invalid=${error ? 'true' : 'false'} @change=${this.onFiles} />
        ${fieldError(id, error)}
      </div>
      ${
        this.files.length
          ? html`<ul class="files" part="attachments">
            ${this.files.map(
              (f, i) => html`<li data-file=${i}>
              <span class="file-name">${f.name}</span> <span class="help">${formatSize(f.size, this.locale)}</span>
              <button type="button" class="button small" part="remove-file" @click=${() => this.removeFile(i)}
                aria-label=${msg(str`Remove ${f.name}`, { id: 'abstract-form.remove-file' })}>✕</button>
            </li>`,
            )}
          </ul>`
          : nothing
      }
    </fieldset>`;
  }

  private renderSuccess(s: AbstractSubmission): TemplateResult {
    const files = Array.isArray(s.attachments) ? s.attachments : [];
    const authors = Array.isArray(s.authors) ? s.authors : [];
    return html`<section class="outcome success" part="success" aria-labelledby="success-title">
      <h2 id="success-title" tabindex="-1">
        <slot name="success">${this.successMessage ?? msg('Thank you, your abstract was submitted.', { id: 'abstract-form.success' })}</slot>
      </h2>
      <p>${msg('Submission number', { id: 'abstract-form.number' })}: <span class="record-id" part="record-id">${s.id}</span></p>
      <dl class="summary">
        <dt>${msg('Title', { id: 'abstract-form.title' })}</dt><dd>${s.title}</dd>
        ${authors.length ? html`<dt>${msg('Authors', { id: 'abstract-form.authors' })}</dt><dd>${authors.map((a) => a.fullName).join(', ')}</dd>` : nothing}
        <dt>${msg('Attachments', { id: 'abstract-form.attachments' })}</dt>
        <dd>${files.length ? files.map((f) => f.name ?? '').join(', ') : msg('None', { id: 'abstract-form.no-files' })}</dd>
      </dl>
      <h3>${msg('What happens next', { id: 'abstract-form.next-title' })}</h3>
      <p>${msg('The programme committee reviews every submission. Accepted abstracts appear in the list of abstracts; the organizers write to the e-mail address of your registration either way. Keep the submission number for any questions.', { id: 'abstract-form.next' })}</p>
      <button type="button" class="button" part="again-button" @click=${() => this.reset()}>
        ${msg('Submit another abstract', { id: 'abstract-form.again' })}
      </button>
    </section>`;
  }
}
