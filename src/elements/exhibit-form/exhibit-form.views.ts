/** Sections and outcomes of `<conf-exhibit-form>`, as templates over a small context. */
import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { Submission } from '../../api/records.js';
import { controlId, fieldError, renderField, renderUpload, type FieldState } from '../../core/form-fields.js';
import { renderSection } from '../../core/form-parts.js';
import type { UploadController } from '../../core/upload-controller.js';
import { formatFee, type ExhibitionRules, type ExhibitTypeChoice } from './exhibit-form.model.js';

export interface ExhibitContext extends FieldState {
  rules: ExhibitionRules;
  locale: string;
  team: readonly string[];
  /** Exhibit types offered: the organizer's `types`, else the form's default list. */
  types: readonly ExhibitTypeChoice[];
  methods: readonly { value: string; label: string }[];
  /**
   * Why no payment method can be offered: the registration config's error (the server's message),
   * or '' when it answered without any; null while methods are shown or still loading.
   */
  methodsProblem: string | null;
  reloadMethods: () => void;
  upload: UploadController;
  onFile: (e: Event) => void;
  addMember: () => void;
  removeMember: (index: number) => void;
  /** At most this many team rows (the API's limit). */
  maxTeam: number;
}

/** Labels of the known exhibit types, each read in the element's language when it is shown. */
const TYPE_LABELS: Record<string, () => string> = {
  sponsor: () => msg('Sponsor', { id: 'exhibit.type.sponsor' }),
  startup: () => msg('Start-up', { id: 'exhibit.type.startup' }),
  research: () => msg('Research', { id: 'exhibit.type.research' }),
  nonprofit: () => msg('Non-profit', { id: 'exhibit.type.nonprofit' }),
  community: () => msg('Community', { id: 'exhibit.type.community' }),
  commercial: () => msg('Commercial', { id: 'exhibit.type.commercial' }),
};

function typeLabel(type: string): string {
  const label = Object.hasOwn(TYPE_LABELS, type) ? TYPE_LABELS[type] : undefined;
  return label ? label() : type;
}

export function renderExhibit(ctx: ExhibitContext): TemplateResult {
  return renderSection(
    msg('Your exhibit', { id: 'exhibit.section' }),
    html`
    ${renderField(ctx, { name: 'title', label: msg('Title', { id: 'exhibit.title' }), kind: 'text', required: true, maxlength: 200 })}
    ${renderField(ctx, {
      name: 'exhibitType',
      label: msg('Type of exhibit', { id: 'exhibit.type' }),
      kind: 'select',
      required: true,
      options: ctx.types.map((t) => ({ value: t.value, label: t.label ?? typeLabel(t.value) })),
    })}
    ${renderField(ctx, { name: 'shortDescription', label: msg('Short description', { id: 'exhibit.description' }), kind: 'textarea', required: true, maxlength: 1000 })}
    ${renderField(ctx, {
      name: 'driveUrl',
      label: msg('Link to your shared files', { id: 'exhibit.drive' }),
      kind: 'url',
      placeholder: 'https://',
      help: msg('Logos, booth plan, brochures: a folder the organizers can open.', { id: 'exhibit.drive-help' }),
    })}
    `,
  );
}

export function renderPresenter(ctx: ExhibitContext): TemplateResult {
  return renderSection(
    msg('Presenter', { id: 'exhibit.presenter' }),
    html`
    <div class="row">
      ${renderField(ctx, { name: 'presenter.fullName', label: msg('Full name', { id: 'exhibit.full-name' }), kind: 'text', required: true, autocomplete: 'name', maxlength: 200 })}
      ${renderField(ctx, { name: 'presenter.email', label: msg('E-mail', { id: 'exhibit.email' }), kind: 'email', required: true, autocomplete: 'email', maxlength: 254 })}
    </div>
    `,
  );
}

/** Team rows: each with its own label and a remove button that names the row it removes. */
export function renderTeam(ctx: ExhibitContext): TemplateResult {
  return html`<fieldset part="section team">
    <legend>${msg('Team', { id: 'exhibit.team' })}</legend>
    <p class="help">${msg('Who else staffs the booth (optional).', { id: 'exhibit.team-help' })}</p>
    ${
      ctx.team.length
        ? html`<ul class="team-list">
          ${ctx.team.map((name, i) => {
            const control = `teamPeople.${i}`;
            const id = controlId(control);
            const label = msg(str`Team member ${i + 1}`, { id: 'exhibit.member' });
            const error = ctx.error(control);
            return html`<li class="team-row" part="team-row">
              <label for=${id}>${label}</label>
              <div class="team-input">
                <input id=${id} name=${control} class="input" part="input" type="text" autocomplete="off" maxlength="200"
                  .value=${name} aria-describedby=${error ? `${id}-error` : nothing} aria-invalid=${error ? 'true' : nothing} />
                <button type="button" class="button" part="remove-member" data-index=${i} @click=${() => ctx.removeMember(i)}>
                  ${msg('Remove', { id: 'exhibit.remove' })}<span class="visually-hidden"> ${label}</span>
                </button>
              </div>
              ${fieldError(id, error)}
            </li>`;
          })}
        </ul>`
        : nothing
    }
    ${
      ctx.team.length < ctx.maxTeam
        ? html`<button type="button" class="button add-member" part="add-member" @click=${ctx.addMember}>
          ${msg('Add a team member', { id: 'exhibit.add' })}
        </button>`
        : nothing
    }
  </fieldset>`;
}

export function renderRegistration(ctx: ExhibitContext): TemplateResult {
  return html`<fieldset part="section registration">
    <legend>${msg('Registration', { id: 'exhibit.registration' })}</legend>
    ${renderField(ctx, {
      name: 'registrationId',
      label: msg('Registration number', { id: 'exhibit.registration-id' }),
      kind: 'text',
      required: true,
      autocomplete: 'off',
      help: msg('Exhibitors must be registered for the conference: the number from your registration confirmation.', {
        id: 'exhibit.registration-help',
      }),
    })}
  </fieldset>`;
}

export function renderPayment(ctx: ExhibitContext): TemplateResult {
  const fee = ctx.rules.fee;
  const amount = fee ? formatFee(fee, ctx.locale) : '';
  const methodField =
    ctx.methodsProblem === null
      ? renderField(ctx, {
          name: 'payment.paymentMethodId',
          label: msg('Payment method', { id: 'exhibit.payment-method' }),
          kind: 'select',
          required: true,
          options: ctx.methods,
        })
      : renderMethodsProblem(ctx.methodsProblem, ctx.reloadMethods);
  return html`<fieldset part="section payment">
    <legend>${msg('Exhibition fee', { id: 'exhibit.fee' })}</legend>
    ${
      amount
        ? html`<p part="fee">${msg(str`The exhibition fee is ${amount}. Pay it first, then add your payment details and proof.`, { id: 'exhibit.fee-text' })}</p>`
        : html`<p part="fee">${msg('This exhibition has a fee. Pay it first, then add your payment details and proof.', { id: 'exhibit.fee-unknown' })}</p>`
    }
    ${methodField}
    ${renderField(ctx, { name: 'payment.paymentReference', label: msg('Payment reference', { id: 'exhibit.payment-reference' }), kind: 'text', required: true, autocomplete: 'off', maxlength: 200 })}
    ${renderUpload(ctx.upload, { name: 'payment.proofUrl', label: msg('Payment proof', { id: 'exhibit.proof' }), required: true, error: ctx.error('payment.proofUrl') }, ctx.onFile)}
  </fieldset>`;
}

/**
 * No payment method to offer: said plainly with the server's reason, instead of a box asking
 * for an id nobody outside the organizers knows. The server's answer to a submission can still
 * name the methods (a fee refusal carries them), which then fill the choice.
 */
function renderMethodsProblem(serverMessage: string, reload: () => void): TemplateResult {
  return html`<div class="methods-problem" part="methods-problem" role="status">
    <p>${
      serverMessage
        ? html`<strong>${msg('The payment methods could not be loaded.', { id: 'exhibit.methods-failed' })}</strong> ${serverMessage}`
        : html`<strong>${msg('This conference lists no payment method.', { id: 'exhibit.methods-none' })}</strong>`
    }</p>
    <p>${msg('Try again, or ask the organizers how to pay the fee.', { id: 'exhibit.methods-next' })}</p>
    <button type="button" class="button" part="methods-retry" @click=${reload}>${msg('Try again', { id: 'core.retry' })}</button>
  </div>`;
}

export function formatInstant(iso: string | null, locale: string, zone: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(
    new Date(iso),
  );
}

/** Window not open yet, or closed: said plainly, with the date when known. */
export function renderWindow(
  kind: 'not-open' | 'closed',
  when: string,
  serverMessage: string | null,
  message: string | undefined,
): TemplateResult {
  const text =
    message ??
    (kind === 'not-open'
      ? when
        ? msg(str`Exhibitor applications open on ${when}.`, { id: 'exhibit.not-open-at' })
        : msg('Exhibitor applications are not open yet.', { id: 'exhibit.not-open' })
      : when
        ? msg(str`Exhibitor applications closed on ${when}.`, { id: 'exhibit.closed-at' })
        : msg('Exhibitor applications are closed.', { id: 'exhibit.closed' }));
  return html`<div class="outcome blocked" part=${kind} role="status">
    <slot name=${kind}><strong>${text}</strong></slot>
    ${serverMessage ? html`<span class="help">${serverMessage}</span>` : nothing}
  </div>`;
}

/** What the success view repeats of the application (the server's record carries only id and title). */
export interface AcceptedSummary {
  type: string;
  presenter: string;
  email: string;
  /** The fee paid, formatted; '' without a fee. */
  fee: string;
  method: string;
}

/** The type's label as the form offered it. */
export function typeChoiceLabel(types: readonly ExhibitTypeChoice[], value: string): string {
  const t = types.find((c) => c.value === value);
  return t?.label ?? typeLabel(value);
}

export function renderAccepted(
  s: Submission,
  summary: AcceptedSummary,
  message: string | undefined,
  again: () => void,
): TemplateResult {
  return html`<section class="outcome success" part="success" aria-labelledby="success-title">
    <h2 id="success-title" tabindex="-1">
      <slot name="success">${message ?? msg('Thank you, your application was received.', { id: 'exhibit.success' })}</slot>
    </h2>
    <p>${msg('Application number', { id: 'exhibit.number' })}: <span class="record-id" part="record-id">${s.id}</span></p>
    <dl class="summary" part="summary">
      <dt>${msg('Title', { id: 'exhibit.title' })}</dt><dd>${s.title}</dd>
      <dt>${msg('Type of exhibit', { id: 'exhibit.type' })}</dt><dd>${summary.type}</dd>
      <dt>${msg('Presenter', { id: 'exhibit.presenter' })}</dt><dd>${summary.presenter} (${summary.email})</dd>
      ${
        summary.fee
          ? html`<dt>${msg('Exhibition fee', { id: 'exhibit.fee' })}</dt><dd part="summary-amount">${summary.fee}${summary.method ? ` — ${summary.method}` : ''}</dd>`
          : nothing
      }
    </dl>
    <p part="next-step">${
      summary.fee
        ? msg(
            str`The organizers check your payment proof and review the application; they answer by e-mail to ${summary.email}.`,
            { id: 'exhibit.next-fee' },
          )
        : msg(str`The organizers review the application and answer by e-mail to ${summary.email}.`, {
            id: 'exhibit.next-review',
          })
    }</p>
    <p>${msg('Keep this number for any questions to the organizers.', { id: 'exhibit.next' })}</p>
    <button type="button" class="button" part="again-button" @click=${again}>
      ${msg('Submit another application', { id: 'exhibit.again' })}
    </button>
  </section>`;
}
