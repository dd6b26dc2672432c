/**
 * Sections of `<conf-registration-form>` as templates over a small context, so the class keeps
 * the state and the handlers and this file keeps the markup.
 */
import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { Registration } from '../../api/records.js';
import { renderField, renderUpload, type FieldState } from '../../core/form-fields.js';
import { renderSection } from '../../core/form-parts.js';
import type { UploadController } from '../../core/upload-controller.js';
import {
  customControlName,
  paymentAsks,
  type ConfigView,
  type CustomFieldView,
  type PaymentChoice,
  type TicketChoice,
} from './registration-form.model.js';

export interface FormContext extends FieldState {
  view: ConfigView;
  locale: string;
  upload: UploadController;
  onFile: (e: Event) => void;
}

export type ProofMode = 'file' | 'url';

export function price(t: { amount: number | null; currency: string | null }, locale: string): string {
  if (t.amount === null || !t.currency) return '';
  if (t.amount === 0) return msg('free', { id: 'registration.free' });
  return new Intl.NumberFormat(locale, { style: 'currency', currency: t.currency }).format(t.amount / 100);
}

export function renderPerson(ctx: FormContext): TemplateResult {
  return renderSection(
    msg('About you', { id: 'registration.about-you' }),
    html`
    <div class="row">
      ${renderField(ctx, { name: 'firstName', label: msg('First name', { id: 'registration.first-name' }), kind: 'text', required: true, autocomplete: 'given-name', maxlength: 100 })}
      ${renderField(ctx, { name: 'lastName', label: msg('Last name', { id: 'registration.last-name' }), kind: 'text', required: true, autocomplete: 'family-name', maxlength: 100 })}
    </div>
    ${renderField(ctx, { name: 'email', label: msg('E-mail', { id: 'registration.email' }), kind: 'email', required: true, autocomplete: 'email', maxlength: 254 })}
    `,
  );
}

export function renderTicket(ctx: FormContext): TemplateResult {
  const chosen = ctx.view.tickets.find((t) => t.value === ctx.value('ticketTypeId'));
  const label = (t: TicketChoice) => [t.label, price(t, ctx.locale)].filter(Boolean).join(' — ');
  return html`<fieldset part="section">
    <legend>${msg('Ticket', { id: 'registration.ticket' })}</legend>
    ${renderField(ctx, {
      name: 'ticketTypeId',
      label: msg('Ticket type', { id: 'registration.ticket-type' }),
      kind: 'select',
      required: true,
      options: ctx.view.tickets.map((t) => ({ value: t.value, label: label(t) })),
      note: chosen?.description || undefined,
    })}
  </fieldset>`;
}

/**
 * The payment step asks only for what the chosen method needs (a transfer: its reference and a
 * proof; a card at the desk: nothing yet). The method's instructions (bank details) follow the
 * select as content, so choosing never moves the select itself.
 */
export function renderPayment(ctx: FormContext, mode: ProofMode): TemplateResult {
  const methodId = ctx.value('paymentMethodId');
  const method = ctx.view.paymentMethods.find((m) => m.value === methodId);
  const asks = paymentAsks(ctx.view, methodId);
  const proofLabel = msg('Payment proof', { id: 'registration.proof' });
  const modeName = 'proofMode';
  return html`<fieldset part="section payment">
    <legend>${msg('Payment', { id: 'registration.payment' })}</legend>
    <p class="help">${msg('This ticket is paid: choose how you pay.', { id: 'registration.payment-choose' })}</p>
    ${renderField(ctx, {
      name: 'paymentMethodId',
      label: msg('Payment method', { id: 'registration.payment-method' }),
      kind: 'select',
      required: true,
      options: ctx.view.paymentMethods,
      note: method?.instructions || undefined,
    })}
    ${
      asks.reference
        ? renderField(ctx, {
            name: 'paymentReference',
            label: msg('Payment reference', { id: 'registration.payment-reference' }),
            kind: 'text',
            required: true,
            autocomplete: 'off',
            maxlength: 200,
            help: msg('The transaction or transfer reference of your payment.', {
              id: 'registration.payment-reference-help',
            }),
          })
        : nothing
    }
    ${
      asks.proof
        ? html`<fieldset class="proof" part="proof">
          <legend>${proofLabel}<span class="req" aria-hidden="true">*</span></legend>
          <div class="choices">
            <label><input type="radio" name=${modeName} value="file" .checked=${mode === 'file'} />
              ${msg('Upload a file', { id: 'registration.proof-file' })}</label>
            <label><input type="radio" name=${modeName} value="url" .checked=${mode === 'url'} />
              ${msg('Link to a file (https)', { id: 'registration.proof-url' })}</label>
          </div>
          ${
            mode === 'file'
              ? renderUpload(
                  ctx.upload,
                  {
                    name: 'paymentProofUrl',
                    label: msg('Proof file', { id: 'registration.proof-file-label' }),
                    required: true,
                    error: ctx.error('paymentProofUrl'),
                  },
                  ctx.onFile,
                )
              : renderField(ctx, {
                  name: 'paymentProofUrl',
                  label: msg('Link to your proof', { id: 'registration.proof-url-label' }),
                  kind: 'url',
                  required: true,
                  pattern: 'https://.+',
                  patternHint: msg('Use an address that starts with https://.', {
                    id: 'registration.proof-url-format',
                  }),
                  placeholder: 'https://',
                  autocomplete: 'url',
                  help: msg('An https address where the organizers can open the proof.', {
                    id: 'registration.proof-url-help',
                  }),
                })
          }
        </fieldset>`
        : nothing
    }
  </fieldset>`;
}

const customSpec = (f: CustomFieldView) => ({
  name: customControlName(f.name),
  label: f.label,
  kind: f.kind,
  required: f.required,
  options: f.options,
  help: f.helpText || undefined,
  maxlength: 2000,
});

export function renderCustom(ctx: FormContext): TemplateResult | typeof nothing {
  if (ctx.view.fields.length === 0) return nothing;
  return renderSection(
    msg('More about you', { id: 'registration.more' }),
    html`
    ${ctx.view.fields.map((f) => renderField(ctx, customSpec(f)))}
    `,
  );
}

/** What happens after registering depends on the record's status; unknown ones get no promise. */
function nextStep(status: string): string {
  switch (status) {
    case 'confirmed':
      return msg('Your registration is confirmed. Keep this number for questions and at the registration desk.', {
        id: 'registration.next.confirmed',
      });
    case 'pending_review':
      return msg('The organizers will check your payment proof and confirm your registration by e-mail.', {
        id: 'registration.next.review',
      });
    case 'pending_payment':
      return msg('Your registration is waiting for your payment; it is confirmed by e-mail once the payment arrives.', {
        id: 'registration.next.payment',
      });
    default:
      return msg('Keep this number for any questions to the organizers.', { id: 'registration.next.other' });
  }
}

/** Copies `value` and says so on the button until the view is drawn again. */
async function copy(e: Event, value: string): Promise<void> {
  const button = e.currentTarget as HTMLButtonElement;
  try {
    await navigator.clipboard.writeText(value);
    button.dataset.copied = '';
  } catch {
    // No clipboard (an old browser, a denied permission): the value stays selectable text.
    delete button.dataset.copied;
  }
}

/** A value to copy (the record number, an IBAN) with its copy button; `label` names it for screen readers. */
export function renderCopyable(text: string, value: string, label: string, part: string): TemplateResult {
  return html`<span class="copyable"><code part=${part}>${text}</code><button type="button" class="button copy" part="copy-button"
      aria-label=${label} @click=${(e: Event) => copy(e, value)}>
      <span class="copy-idle">${msg('Copy', { id: 'registration.copy' })}</span>
      <span class="copy-done" role="status">${msg('Copied', { id: 'registration.copied' })}</span>
    </button></span>`;
}

/** An IBAN (groups of four, spaces optional) or a BIC after "BIC", in a method's instructions. */
const BANK_DETAIL =
  /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b|(?<=\bBIC:? )([A-Z0-9]{8}(?:[A-Z0-9]{3})?)\b/g;

/** Instructions as text, with each IBAN and BIC in them copyable. */
export function renderInstructions(text: string): (string | TemplateResult)[] {
  const out: (string | TemplateResult)[] = [];
  let at = 0;
  for (const m of text.matchAll(BANK_DETAIL)) {
    const found = m[0];
    out.push(text.slice(at, m.index));
    const iban = m[1] !== undefined;
    out.push(
      renderCopyable(
        found,
        found.replace(/ /g, ''),
        iban
          ? msg('Copy the IBAN', { id: 'registration.copy-iban' })
          : msg('Copy the BIC', { id: 'registration.copy-bic' }),
        iban ? 'iban' : 'bic',
      ),
    );
    at = m.index + found.length;
  }
  out.push(text.slice(at));
  return out;
}

/** The IBANs and BICs in a method's instructions, copyable, each after its name. */
function renderBankDetails(text: string): (string | TemplateResult)[] {
  const out: (string | TemplateResult)[] = [];
  for (const m of text.matchAll(BANK_DETAIL)) {
    const iban = m[1] !== undefined;
    if (out.length) out.push(', ');
    out.push(iban ? 'IBAN ' : 'BIC ');
    out.push(
      renderCopyable(
        m[0],
        m[0].replace(/ /g, ''),
        iban
          ? msg('Copy the IBAN', { id: 'registration.copy-iban' })
          : msg('Copy the BIC', { id: 'registration.copy-bic' }),
        iban ? 'iban' : 'bic',
      ),
    );
  }
  return out;
}

/**
 * Under the payment method in the summary. A method paid before registering (it asked for the
 * payment's reference or proof) keeps only its bank details: its instructions ("transfer …, then
 * register with the reference") were for before and read oddly after. A method paid later (a card
 * at the desk) keeps its instructions, which are still to follow.
 */
function renderPaymentNote(method: PaymentChoice): TemplateResult | typeof nothing {
  if (!method.instructions) return nothing;
  if (!method.requiresReference && !method.requiresProof) {
    return html`<p class="note" part="payment-instructions">${renderInstructions(method.instructions)}</p>`;
  }
  const details = renderBankDetails(method.instructions);
  if (details.length === 0) return nothing;
  return html`<p class="note" part="payment-details">${msg('Transferred to', { id: 'registration.summary.transferred-to' })}: ${details}</p>`;
}

/**
 * What was registered, from the server's record and the configuration it was made with: who,
 * the ticket and its price, and what is left of the chosen method's instructions (see renderPaymentNote).
 */
function renderSummary(r: Registration, view: ConfigView, locale: string): TemplateResult {
  const ticket = view.tickets.find((t) => t.value === r.ticketTypeId);
  const method = r.paymentMethodId ? view.paymentMethods.find((m) => m.value === r.paymentMethodId) : undefined;
  const amount = ticket ? price(ticket, locale) : '';
  return html`<dl class="summary" part="summary">
    <dt>${msg('Name', { id: 'registration.summary.name' })}</dt><dd>${r.firstName} ${r.lastName}</dd>
    <dt>${msg('E-mail', { id: 'registration.email' })}</dt><dd>${r.email}</dd>
    <dt>${msg('Ticket', { id: 'registration.ticket' })}</dt><dd>${ticket?.label ?? r.ticketTypeId}</dd>
    ${amount ? html`<dt>${msg('Amount', { id: 'registration.summary.amount' })}</dt><dd part="summary-amount">${amount}</dd>` : nothing}
    ${
      method
        ? html`<dt>${msg('Payment method', { id: 'registration.payment-method' })}</dt>
          <dd>${method.label}${renderPaymentNote(method)}</dd>`
        : nothing
    }
  </dl>`;
}

export function renderSuccess(
  r: Registration,
  view: ConfigView,
  locale: string,
  message: string | undefined,
  again: () => void,
): TemplateResult {
  return html`<section class="outcome success" part="success" aria-labelledby="success-title">
    <h2 id="success-title" tabindex="-1">
      <slot name="success">${message ?? msg('Thank you, your registration was received.', { id: 'registration.success' })}</slot>
    </h2>
    <p class="record">${msg('Registration number', { id: 'registration.number' })}:
      ${renderCopyable(r.id, r.id, msg('Copy the registration number', { id: 'registration.copy-number' }), 'record-id')}</p>
    ${renderSummary(r, view, locale)}
    <p part="next-step">${nextStep(String(r.status))}</p>
    <button type="button" class="button" part="again-button" @click=${again}>
      ${msg('Register another person', { id: 'registration.again' })}
    </button>
  </section>`;
}

export function renderBlocked(kind: 'closed' | 'try-later', message: string | undefined): TemplateResult {
  const text =
    kind === 'closed'
      ? (message ?? msg('Registration is closed.', { id: 'registration.closed' }))
      : (message ??
        msg('Registration is not open right now: no pricing phase is running. Please try again later.', {
          id: 'registration.try-later',
        }));
  return html`<div class="outcome blocked" part=${kind} role="status"><slot name=${kind}>${text}</slot></div>`;
}
