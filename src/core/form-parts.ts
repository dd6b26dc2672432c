/**
 * Pieces every form element shows the same way: the form-level error (the server's own message),
 * the choice after an unconfirmed submission, and the status line while a submission runs.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { SubmitPhase } from './submission-controller.js';

export interface FormError {
  message: string;
  /** Field messages of the server that match no control shown. */
  unmatched: string[];
  retryable: boolean;
}

/** The form-level message: the server's own words, and field messages that fit no field. */
export function renderFormError(error: FormError | null): TemplateResult | typeof nothing {
  if (!error) return nothing;
  return html`<strong>${error.message}</strong>${error.unmatched.length
      ? html`<ul>${error.unmatched.map((m) => html`<li>${m}</li>`)}</ul>`
      : nothing}${error.retryable
      ? html`<span>${msg('Your answers are kept and nothing is sent twice. Try again in a moment.', { id: 'form.outage' })}</span>`
      : nothing}`;
}

/**
 * After an answer was lost (`outcome_unknown`): the server's message says it may have been
 * recorded; this says what the person can do, and offers sending it again only as a choice.
 */
export function renderUnconfirmed(label: string, onResend: () => void): TemplateResult {
  return html`<div class="unconfirmed" part="unconfirmed">
    <p class="help">${msg('Look for a confirmation (for example an e-mail) first. If none arrives, you can send it again — if the first one was recorded after all, it will then be there twice.', { id: 'form.unconfirmed' })}</p>
    <button type="button" class="button" part="resend-button" @click=${onResend}>${label}</button>
  </div>`;
}

/** What a running submission is doing, for the status line and the live region. */
export function statusLine(s: { phase: SubmitPhase; attempt: number; retries: number }): string {
  const attempt = s.attempt;
  const total = s.retries + 1;
  switch (s.phase) {
    case 'waiting':
    case 'submitting':
      return msg('Sending…', { id: 'form.sending' });
    case 'retrying':
      return msg(str`The server is busy; trying again (${attempt} of ${total})…`, { id: 'form.retrying' });
    default:
      return '';
  }
}
