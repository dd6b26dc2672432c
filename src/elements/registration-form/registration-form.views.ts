/**
 * Sections of `<conf-registration-form>` as templates over a small context, so the class keeps
 * the state and the handlers and this file keeps the markup. The view after a registration comes
 * on demand (`success.view.ts`).
 */
import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { renderField, renderUpload, type FieldState, type UploadState } from '../../core/form-fields.js';
import { renderSection } from '../../core/form-parts.js';
import {
  customControlName,
  paymentAsks,
  type ConfigView,
  type CustomFieldView,
  type TicketChoice,
} from './registration-form.model.js';

export interface FormContext extends FieldState {
  view: ConfigView;
  locale: string;
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
  return renderSection(
    msg('Ticket', { id: 'registration.ticket' }),
    renderField(ctx, {
      name: 'ticketTypeId',
      label: msg('Ticket type', { id: 'registration.ticket-type' }),
      kind: 'select',
      required: true,
      options: ctx.view.tickets.map((t) => ({ value: t.value, label: label(t) })),
      note: chosen?.description || undefined,
    }),
  );
}

/**
 * The payment step asks only for what the chosen method needs (a transfer: its reference and a
 * proof; a card at the desk: nothing yet). The method's instructions (bank details) follow the
 * select as content, so choosing never moves the select itself.
 */
export function renderPayment(
  ctx: FormContext,
  mode: ProofMode,
  upload: UploadState,
  onFile: (e: Event) => void,
): TemplateResult {
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
                  upload,
                  {
                    name: 'paymentProofUrl',
                    label: msg('Proof file', { id: 'registration.proof-file-label' }),
                    required: true,
                    error: ctx.error('paymentProofUrl'),
                  },
                  onFile,
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
    ctx.view.fields.map((f) => renderField(ctx, customSpec(f))),
  );
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
