import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { EXHIBIT_TYPES } from '../../api/contract.js';
import type { ApiError } from '../../api/errors.js';
import type { Submission } from '../../api/records.js';
import { post } from '../../api/writes.js';
import { ConfFormElement } from '../../core/conf-form-element.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { registerMessages } from '../../core/localize.js';
import { initialValues, prefillFromDataset } from '../../core/prefill.js';
import { ProxyCheckController } from '../../core/proxy-check.js';
import { ResourceController } from '../../core/resource-controller.js';
import { serverErrorText } from '../../core/server-messages.js';
import { UploadController } from '../../core/upload-controller.js';
import { ConfExhibitSubmittedEvent } from '../../events/conf-exhibit-submitted.js';
import {
  buildExhibitionBody,
  currentWindow,
  DEFAULT_RULES,
  exhibitDraftOf,
  formatFee,
  isEmptyDraft,
  learnFromError,
  msUntilWindowChange,
  parseFeeAttribute,
  parseTypesAttribute,
  readExhibitDraft,
  type ExhibitionRules,
  type ExhibitTypeChoice,
} from './exhibit-form.model.js';
import { exhibitFormStyles } from './exhibit-form.styles.js';
import {
  formatInstant,
  renderAccepted,
  renderExhibit,
  renderPayment,
  renderPresenter,
  renderRegistration,
  renderTeam,
  renderWindow,
  typeChoiceLabel,
  type AcceptedSummary,
  type ExhibitContext,
} from './exhibit-form.views.js';

// The shared form texts come with the base class; only this element's own are added here.
registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

type Body = ReturnType<typeof buildExhibitionBody>;
type Method = { value: string; label: string };

/** The API accepts at most this many team members. */
const MAX_TEAM = 20;

/** The sandbox's list, for when the organizer names none (the spec names only a sponsor value). */
const DEFAULT_TYPES: readonly ExhibitTypeChoice[] = EXHIBIT_TYPES.map((value) => ({ value, label: null }));

/** Controls a host page may prefill (team rows and the proof are the person's). */
const PREFILLABLE = [
  'title',
  'exhibitType',
  'shortDescription',
  'driveUrl',
  'presenter.fullName',
  'presenter.email',
  'registrationId',
  'payment.paymentMethodId',
  'payment.paymentReference',
] as const;

/** Refusals whose meaning the window view states itself, in the element's language. */
const KNOWN_WINDOW_CODES = new Set(['exhibition_closed', 'exhibition_not_open']);

/** setTimeout's longest wait; a window further away is checked again after it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * @summary An exhibitor's application for a booth: the exhibit, its presenter and team, and —
 * when the conference asks for them — a registration number and the exhibition fee with proof.
 *
 * The API does not publish the exhibition settings, so the organizer may declare them with
 * attributes (`fee`, `requires-registration`, `opens`, `closes`); whatever the server answers
 * wins: a refusal for a closed window, a missing registration or an unpaid fee updates the form.
 *
 * The typed answers and team rows survive an accidental reload (kept in sessionStorage for the
 * tab, without the proof file) and are forgotten after an accepted application.
 *
 * @attr endpoint - Address of the conference proxy, http(s) or relative (default: nearest `<conf-provider>`, else the script's origin; any other scheme is refused and the default used).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`); default: the nearest `lang` on the page.
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr time-zone - IANA zone for the window's dates; default: the viewer's.
 * @attr now - ISO instant that replaces the clock (previews, tests).
 * @attr fee - The exhibition fee, e.g. `450 EUR`: asks for payment and proof up front.
 * @attr requires-registration - Exhibitors must give their registration number.
 * @attr registration-required - Older name of `requires-registration`.
 * @attr opens - ISO instant when applications open.
 * @attr closes - ISO instant when applications close.
 * @attr types - Exhibit types offered, comma-separated, each `value` or `value:Label`, e.g.
 *   `types="sponsor, startup, food_truck:Food truck"`; known values get the form's own labels.
 *   Default: sponsor, startup, research, nonprofit, community, commercial.
 * @attr data-prefill-<field> - Prefills a field, e.g. `data-prefill-title="Quantum Loom"`,
 *   `data-prefill-presenter.full-name="Ada Lovelace"`.
 * @attr success-message - Heading of the success view (or use the `success` slot).
 * @attr closed-message - Text shown when applications are closed (or use the `closed` slot).
 * @attr not-open-message - Text shown before applications open (or use the `not-open` slot).
 * @attr draft-key - sessionStorage key of the draft; set it when one page has two forms.
 *
 * @slot success - Replaces the success heading.
 * @slot closed - Replaces the closed message.
 * @slot not-open - Replaces the not-yet-open message.
 *
 * @csspart form - The `<form>`.
 * @csspart section - Each group of fields (a `<fieldset>`).
 * @csspart team - The team section.
 * @csspart team-row - One team member's row.
 * @csspart add-member - The button that adds a team row.
 * @csspart remove-member - The button that removes a team row.
 * @csspart registration - The registration-number section.
 * @csspart payment - The fee section.
 * @csspart fee - The fee's amount and what to do.
 * @csspart methods-problem - Says why no payment method can be chosen (the server's reason).
 * @csspart methods-retry - Loads the payment methods again.
 * @csspart field - One field (label, help, control, error).
 * @csspart input - A text, choice or file control.
 * @csspart field-error - The message beside a field.
 * @csspart progress - The upload progress bar.
 * @csspart upload-done - The uploaded file's confirmation.
 * @csspart upload-retry - The button that uploads the file again.
 * @csspart form-error - The form-level message (the server's).
 * @csspart submit-button - The submit button.
 * @csspart retry-button - Shown after an outage: sends the same application again.
 * @csspart unconfirmed - Shown when the answer to a sent application was lost: what to do next.
 * @csspart resend-button - In `unconfirmed`: sends the application again as a new one, by the person's choice.
 * @csspart status - The live region announcing progress.
 * @csspart not-open - The not-yet-open message.
 * @csspart closed - The closed message.
 * @csspart success - The success view.
 * @csspart record-id - The accepted submission's id.
 * @csspart summary - In the success view: title, type, presenter and the fee paid.
 * @csspart summary-amount - The fee and payment method in the summary.
 * @csspart next-step - What happens next (review, and the payment check when there is a fee).
 * @csspart again-button - Starts a new application after a success.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-color-danger=#b3261e] - Error messages and invalid borders.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty [--conf-form-gap=0.9em] - Space between fields.
 * @cssproperty [--conf-form-max-width=none] - Widest the form grows (by default it fills its column, as the lists do).
 *
 * @cssstate not-open - Applications are not open yet.
 * @cssstate closed - Applications are closed.
 * @cssstate fee - A fee is asked for.
 * @cssstate submitting - An application is being sent.
 * @cssstate submitted - The success view is shown.
 *
 * @event {ConfExhibitSubmittedEvent} conf-exhibit-submitted - The application was accepted; `detail.submission` is the server's record.
 */
export class ConfExhibitForm extends ConfFormElement<Body, Submission> {
  static override styles = [...ConfFormElement.styles, exhibitFormStyles];
  /** About the empty form's height, held until the texts of its language are there (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = 'min(100vh, 800px)';

  @property({ reflect: true }) fee?: string;
  /** Exhibitors must give their registration number (`requires-registration`, the platform's own name for it). */
  @property({ type: Boolean, reflect: true, attribute: 'requires-registration' }) requiresRegistration = false;
  /** The same as {@link requiresRegistration}, under the name earlier releases documented. */
  @property({ type: Boolean, reflect: true, attribute: 'registration-required' }) registrationRequired = false;
  @property({ reflect: true }) opens?: string;
  @property({ reflect: true }) closes?: string;
  /** Exhibit types offered, `value` or `value:Label`, comma-separated; see the `types` attribute. */
  @property({ reflect: true }) types?: string;
  @property({ attribute: 'closed-message' }) closedMessage?: string;
  @property({ attribute: 'not-open-message' }) notOpenMessage?: string;

  /** The accepted submission, once the server confirmed it. */
  @state() submission: Submission | null = null;
  /** What the server's refusals taught; null while the declared attributes apply. */
  @state() private learned: ExhibitionRules | null = null;
  /** The server's message of a window refusal, shown with the outcome. */
  @state() private windowMessage: string | null = null;
  @state() private team: string[] = [];

  protected readonly draftPrefix = 'conf-exhibit-form';
  /** The draft is read once, before the first render, so the form opens with it. */
  private restored = false;
  /** Renders again when the window opens or closes by the clock. */
  private windowTimer: ReturnType<typeof setTimeout> | undefined;

  /** Payment methods come from the registration config when the key may read it. */
  private readonly config = new ResourceController<Method[]>(this, {
    name: 'payment-methods',
    lazy: true,
    load: async ({ client, signal, read }) => {
      const data = (await client.get('registrationConfig', { signal, read })).body as { payment_methods?: unknown };
      const list = Array.isArray(data.payment_methods) ? data.payment_methods : [];
      return list.flatMap((m): Method[] => {
        const r = (m ?? {}) as Record<string, unknown>;
        return typeof r.id === 'string' ? [{ value: r.id, label: typeof r.name === 'string' ? r.name : r.id }] : [];
      });
    },
  });

  /**
   * The form reads nothing else before it is sent: loading the payment methods when it appears
   * doubles as the check that the proxy answers this page, so a CORS or proxy problem shows at once.
   */
  private readonly proxyCheck = new ProxyCheckController(this, {
    probe: async () => {
      await this.config.reload();
      if (this.config.error) throw this.config.error;
    },
    notice: (d) => this.notice(d),
    clearNotice: (code) => this.clearNotice(code),
  });

  protected override readonly upload = new UploadController(
    this,
    'exhibition-payment-proof',
    () => this.resolvedEndpoint.url,
  );

  /** The rules in force: the declared ones, updated by what the server said. */
  get rules(): ExhibitionRules {
    return this.learned ?? this.declared();
  }

  protected sendBody(body: Body, idempotencyKey: string): Promise<Submission> {
    return post(this.client, 'exhibitionSubmit', body, { idempotencyKey });
  }

  protected buildBody(proof: string | null): Body {
    return buildExhibitionBody(this.rules, this.values, this.team, proof);
  }

  protected override proofRequired(): boolean {
    return this.rules.fee !== null;
  }

  protected onAccepted(submission: Submission): void {
    this.submission = submission;
    this.dispatchEvent(new ConfExhibitSubmittedEvent({ id: submission.id, submission }));
  }

  protected receivedText(): string {
    return msg('Application received.', { id: 'exhibit.received' });
  }

  protected get accepted(): boolean {
    return this.submission !== null;
  }

  protected draftValue(): ReturnType<typeof exhibitDraftOf> | null {
    const draft = exhibitDraftOf(this.values, this.team);
    return isEmptyDraft(draft) ? null : draft;
  }

  protected override draftChanged(changed: PropertyValues): boolean {
    return changed.has('values') || changed.has('team');
  }

  protected resetForm(): void {
    this.submission = null;
    this.values = {};
    this.team = [];
  }

  /** Applies what a refusal says about the exhibition; its field messages show only while the window is open. */
  protected override async onRefused(error: ApiError): Promise<boolean> {
    const before = this.rules;
    const after = learnFromError(before, error);
    if (after !== before) {
      this.learned = after;
      // The window's own words already say closed or not yet open, with the date; only a
      // refusal of another kind adds the server's text.
      if (after.window !== 'open') this.windowMessage = KNOWN_WINDOW_CODES.has(error.code) ? null : error.message;
      await this.updateComplete;
    }
    return this.window === 'open';
  }

  private declared(): ExhibitionRules {
    return {
      ...DEFAULT_RULES,
      opensAt: this.opens?.trim() || null,
      closesAt: this.closes?.trim() || null,
      registrationRequired: this.requiresRegistration || this.registrationRequired,
      fee: parseFeeAttribute(this.fee),
    };
  }

  private readDraft(): void {
    const draft = readExhibitDraft(this.draft.read(), MAX_TEAM);
    if (!draft) return;
    this.values = { ...draft.values, ...this.values };
    this.team = draft.team;
  }

  private get window(): ExhibitionRules['window'] {
    return currentWindow(this.rules, this.currentTime().getTime());
  }

  /** The declared and the server-taught window both change with the clock: render when it does. */
  private scheduleWindowChange(): void {
    clearTimeout(this.windowTimer);
    const ms = this.now ? null : msUntilWindowChange(this.rules, this.currentTime().getTime());
    if (ms !== null) this.windowTimer = setTimeout(() => this.requestUpdate(), Math.min(ms + 50, MAX_TIMER_MS));
  }

  /** The host page's values fill what is still empty; the person's own answers (and draft) stay. */
  private applyPrefill(): void {
    const given = initialValues(PREFILLABLE, { ...prefillFromDataset({ ...this.dataset }), ...this.prefill }, null);
    const typed = Object.fromEntries(Object.entries(this.values).filter(([, v]) => v !== ''));
    this.values = { ...given, ...typed };
  }

  private get typeChoices(): readonly ExhibitTypeChoice[] {
    const own = parseTypesAttribute(this.types);
    return own.length ? own : DEFAULT_TYPES;
  }

  protected override attributeProblems(): Diagnostic[] {
    const out = super.attributeProblems();
    const tag = this.localName;
    if (this.fee && !parseFeeAttribute(this.fee)) {
      out.push({
        code: 'invalid_fee',
        message: `<${tag}> cannot read fee="${this.fee}".`,
        fix: 'Write an amount and a currency, e.g. fee="450 EUR".',
      });
    }
    for (const [name, v] of [
      ['opens', this.opens],
      ['closes', this.closes],
    ] as const) {
      if (v && Number.isNaN(Date.parse(v))) {
        out.push({
          code: `invalid_${name}`,
          message: `<${tag}> cannot read ${name}="${v}".`,
          fix: `Use an ISO date-time, e.g. ${name}="2026-05-01T09:00:00+02:00".`,
        });
      }
    }
    return out;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.windowTimer);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (!this.restored) {
      this.restored = true;
      this.readDraft();
      this.applyPrefill();
      this.startForm();
    } else if (changed.has('prefill')) {
      this.applyPrefill();
    }
    this.scheduleWindowChange();
    const w = this.window;
    this.setState('not-open', w === 'not-open');
    this.setState('closed', w === 'closed');
    this.setState('fee', this.rules.fee !== null);
    this.setState('submitted', this.submission !== null);
  }

  protected override valuesChanged(name: string): void {
    const m = /^teamPeople\.(\d+)$/.exec(name);
    if (m) this.team = this.team.map((p, i) => (i === Number(m[1]) ? this.value(name) : p));
  }

  private addMember = async (): Promise<void> => {
    this.team = [...this.team, ''];
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>(`[name="teamPeople.${this.team.length - 1}"]`)?.focus();
  };

  /** Focus goes to the row that took the removed one's place, else the one before, else "add". */
  private removeMember = async (index: number): Promise<void> => {
    const removed = this.team[index] ?? '';
    this.team = this.team.filter((_, i) => i !== index);
    const values = Object.fromEntries(Object.entries(this.values).filter(([k]) => !k.startsWith('teamPeople.')));
    this.team.forEach((p, i) => (values[`teamPeople.${i}`] = p));
    this.values = values;
    this.announce(
      removed
        ? msg(str`${removed} removed from the team.`, { id: 'exhibit.removed' })
        : msg('Team row removed.', { id: 'exhibit.removed-empty' }),
    );
    await this.updateComplete;
    const next = Math.min(index, this.team.length - 1);
    const target =
      next >= 0
        ? this.renderRoot.querySelector<HTMLElement>(`[name="teamPeople.${next}"]`)
        : this.renderRoot.querySelector<HTMLElement>('[part~="add-member"]');
    target?.focus();
  };

  protected override focusFirstError(): void {
    // A fee learned from the server has no field messages: start at its first field.
    const bad = this.controls().find((c) => this.error(c.name) !== undefined);
    if (!bad && this.formError && this.rules.fee && !this.value('payment.paymentMethodId')) {
      this.renderRoot.querySelector<HTMLElement>('[name="payment.paymentMethodId"]')?.focus();
      return;
    }
    super.focusFirstError();
  }

  /** The answers the application was sent with, for the success view (kept until reset). */
  private acceptedSummary(): AcceptedSummary {
    const fee = this.rules.fee;
    const methods = this.config.value?.length ? this.config.value : this.rules.paymentMethods;
    const methodId = this.value('payment.paymentMethodId');
    return {
      type: typeChoiceLabel(this.typeChoices, this.value('exhibitType')),
      presenter: this.value('presenter.fullName'),
      email: this.value('presenter.email'),
      fee: fee ? formatFee(fee, this.locale) : '',
      method: methods.find((m) => m.value === methodId)?.label ?? '',
    };
  }

  protected override renderContent(): unknown {
    if (this.submission)
      return renderAccepted(this.submission, this.acceptedSummary(), this.successMessage, () => this.reset());
    const w = this.window;
    if (w !== 'open') {
      const r = this.rules;
      const when = formatInstant(w === 'not-open' ? r.opensAt : r.closesAt, this.locale, this.displayZone(null));
      return renderWindow(w, when, this.windowMessage, w === 'closed' ? this.closedMessage : this.notOpenMessage);
    }
    return html`${this.proxyCheck.render()}${this.renderForm()}`;
  }

  private renderForm(): TemplateResult {
    const rules = this.rules;
    // The server's own list (from a fee refusal) when the registration config has none to give.
    const methods = this.config.value?.length ? this.config.value : rules.paymentMethods;
    const ctx: ExhibitContext = {
      rules,
      locale: this.locale,
      team: this.team,
      types: this.typeChoices,
      methods,
      // The server's message, or the neutral text when no proxy answered (the hint is the organizer's).
      methodsProblem:
        methods.length || this.config.loading ? null : this.config.error ? serverErrorText(this.config.error) : '',
      reloadMethods: () => void this.config.reload(),
      upload: this.upload,
      onFile: this.onFile,
      addMember: () => void this.addMember(),
      removeMember: (i) => void this.removeMember(i),
      maxTeam: MAX_TEAM,
      value: (n) => this.value(n),
      error: (n) => this.error(n),
    };
    const closes = rules.closesAt ? formatInstant(rules.closesAt, this.locale, this.displayZone(null)) : '';
    return this.renderFormFrame(
      html`${renderExhibit(ctx)}${renderPresenter(ctx)}${renderTeam(ctx)}
        ${rules.registrationRequired ? renderRegistration(ctx) : nothing}
        ${rules.fee ? renderPayment(ctx) : nothing}`,
      {
        submit: msg('Submit application', { id: 'exhibit.submit' }),
        resend: msg('Send as a new application', { id: 'exhibit.resend' }),
      },
      closes ? msg(str`Applications close on ${closes}.`, { id: 'exhibit.closes' }) : nothing,
    );
  }
}
