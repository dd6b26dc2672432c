/**
 * Pieces every form element shows the same way: the form-level error, the actions (submit, retry
 * after an outage, the choice after an unconfirmed submission) and the status line while a
 * submission runs.
 */
import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { SubmitPhase } from './submission-controller.js';

export interface FormError {
  message: string;
  /** Field messages of the server that match no control shown. */
  unmatched: string[];
  retryable: boolean;
  /**
   * The message only sums up field messages — the browser's (`'browser'`, a count that is kept
   * current) or the server's validation (`'server'`) — and goes once no field message is left.
   */
  summary?: 'browser' | 'server';
}

/** One titled group of fields (`part="section"`, plus `extraPart` when given). */
export function renderSection(legend: string, content: unknown, extraPart?: string): TemplateResult {
  return html`<fieldset part=${extraPart ? `section ${extraPart}` : 'section'}><legend>${legend}</legend>${content}</fieldset>`;
}

/** The form-level message: the server's own words, and field messages that fit no field. */
export function renderFormError(error: FormError | null): TemplateResult | typeof nothing {
  if (!error) return nothing;
  return html`<strong>${error.message}</strong>${
    error.unmatched.length ? html`<ul>${error.unmatched.map((m) => html`<li>${m}</li>`)}</ul>` : nothing
  }${
    error.retryable
      ? html`<span>${msg('Your answers are kept and nothing is sent twice. Try again in a moment.', { id: 'form.outage' })}</span>`
      : nothing
  }`;
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

/** What the actions block needs of a submission (`SubmissionController` has it). */
export interface SubmissionState {
  phase: SubmitPhase;
  attempt: number;
  retries: number;
  retryable: boolean;
  unconfirmed: boolean;
}

/**
 * The submit button (disabled and saying "Sending…" while busy), the retry button after an
 * outage, and after an unconfirmed submission the choice to send it as a new one in its place.
 */
export function renderActions(
  s: SubmissionState,
  o: { busy: boolean; submitLabel: string; resendLabel: string; onRetry: () => void; onResend: () => void },
): TemplateResult {
  const failed = s.phase === 'failed' && !o.busy;
  return html`<div class="actions">
    ${
      failed && s.unconfirmed
        ? renderUnconfirmed(o.resendLabel, o.onResend)
        : html`<button type="submit" class="button primary" part="submit-button" ?disabled=${o.busy}>
          ${o.busy ? msg('Sending…', { id: 'form.sending' }) : o.submitLabel}
        </button>`
    }
    ${
      failed && s.retryable
        ? html`<button type="button" class="button" part="retry-button" @click=${o.onRetry}>${msg('Try again', { id: 'core.retry' })}</button>`
        : nothing
    }
    <span class="help" aria-hidden="true">${statusLine(s)}</span>
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
