/**
 * The view after a registration was accepted: the record's number, what was registered and what
 * comes next. Fetched when a registration is sent (`registration-form.ts`), so the form's first
 * download does not hold it; its styles (the copy buttons) come with it.
 */
import { msg } from '@lit/localize';
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Registration } from '../../api/records.js';
import type { ConfigView, PaymentChoice } from './registration-form.model.js';
import { price } from './registration-form.views.js';

export const successSheets = [
  css`
    /* Breaks only between an IBAN's groups of four, never inside one. */
    .copyable code {
      font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
      font-weight: 600;
    }
    /* A value to copy (the record number, an IBAN): kept on one line with its copy button. */
    .copyable {
      display: inline-flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.2em 0.5em;
      max-width: 100%;
    }
    .copy .copy-done,
    .copy[data-copied] .copy-idle {
      display: none;
    }
    .copy[data-copied] .copy-done {
      display: inline;
    }
    .copy {
      min-height: 2.75em;
      min-width: 2.75em;
      padding: 0.2em 0.7em;
      font-size: 0.9em;
    }
  `,
];

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
function renderCopyable(text: string, value: string, label: string, part: string): TemplateResult {
  return html`<span class="copyable"><code part=${part}>${text}</code><button type="button" class="button copy" part="copy-button"
      aria-label=${label} @click=${(e: Event) => copy(e, value)}>
      <span class="copy-idle">${msg('Copy', { id: 'registration.copy' })}</span>
      <span class="copy-done" role="status">${msg('Copied', { id: 'registration.copied' })}</span>
    </button></span>`;
}

/** An IBAN (groups of four, spaces optional) or a BIC after "BIC", in a method's instructions. */
const BANK_DETAIL =
  /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b|(?<=\bBIC:? )([A-Z0-9]{8}(?:[A-Z0-9]{3})?)\b/g;

/**
 * A method's instructions with each IBAN and BIC in them copyable; `only`: the IBANs and BICs
 * alone, each after its name (IBAN DE89…, BIC …).
 */
function renderBankDetails(text: string, only = false): (string | TemplateResult)[] {
  const out: (string | TemplateResult)[] = [];
  let at = 0;
  for (const m of text.matchAll(BANK_DETAIL)) {
    const found = m[0];
    const iban = m[1] !== undefined;
    if (only) out.push(out.length ? ', ' : '', iban ? 'IBAN ' : 'BIC ');
    else out.push(text.slice(at, m.index));
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
  if (!only) out.push(text.slice(at));
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
    return html`<p class="note" part="payment-instructions">${renderBankDetails(method.instructions)}</p>`;
  }
  const details = renderBankDetails(method.instructions, true);
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
