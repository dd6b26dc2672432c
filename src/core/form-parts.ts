/**
 * Pieces every form element shows the same way: the form-level error and the actions (the
 * submit button; what a submission adds, the retry after an outage, the choice after an
 * unconfirmed submission and the status line, comes with the submission's code).
 */
import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';

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
 * What the actions show beside the submit button once a submission ran (`submission-controller.ts`
 * draws them): after an unconfirmed submission the choice to send it as a new one, in the
 * button's place; the retry button after an outage; the status line.
 */
export interface SubmissionParts {
  unconfirmed?: TemplateResult;
  retry?: TemplateResult;
  status?: string;
}

/**
 * The submit button (disabled and saying "Sending…" while busy), and what a submission that ran
 * adds (see {@link SubmissionParts}).
 */
export function renderActions(o: { busy: boolean; submitLabel: string }, parts: SubmissionParts = {}): TemplateResult {
  return html`<div class="actions">
    ${
      parts.unconfirmed ??
      html`<button type="submit" class="button primary" part="submit-button" ?disabled=${o.busy}>
          ${o.busy ? msg('Sending…', { id: 'form.sending' }) : o.submitLabel}
        </button>`
    }
    ${parts.retry ?? nothing}
    <span class="help" aria-hidden="true">${parts.status ?? ''}</span>
  </div>`;
}
