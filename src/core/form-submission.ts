/**
 * The submission's code as a form fetches it on demand (`conf-form-element.ts`): the controller
 * and the attempt's keys, what a submission that ran adds to the form's actions — the retry
 * button after an outage, the choice after an unconfirmed submission, the status line — and the
 * showing of a failed one.
 */
import { msg, str } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import type { ApiError } from '../api/errors.js';
import type { SubmissionParts } from './form-parts.js';
import type { FormChecks } from './form-validity.js';
import type { SubmitPhase } from './submission-controller.js';

export { AttemptKey } from './attempt-key.js';
export { SubmissionController } from './submission-controller.js';

/** What the actions need of a submission (`SubmissionController` has it). */
export interface SubmissionState {
  phase: SubmitPhase;
  attempt: number;
  retries: number;
  retryable: boolean;
  unconfirmed: boolean;
}

/**
 * After an answer was lost (`outcome_unknown`): the server's message says it may have been
 * recorded; this says what the person can do, and offers sending it again only as a choice.
 */
function renderUnconfirmed(label: string, onResend: () => void): TemplateResult {
  return html`<div class="unconfirmed" part="unconfirmed">
    <p class="help">${msg('Look for a confirmation (for example an e-mail) first. If none arrives, you can send it again — if the first one was recorded after all, it will then be there twice.', { id: 'form.unconfirmed' })}</p>
    <button type="button" class="button" part="resend-button" @click=${onResend}>${label}</button>
  </div>`;
}

/** What a running submission is doing, for the status line. */
export function statusLine(s: { phase: SubmitPhase; attempt: number; retries: number }): string {
  switch (s.phase) {
    case 'waiting':
    case 'submitting':
      return msg('Sending…', { id: 'form.sending' });
    case 'retrying':
      return msg(str`The server is busy; trying again (${s.attempt} of ${s.retries + 1})…`, { id: 'form.retrying' });
    default:
      return '';
  }
}

/**
 * The actions' parts of a submission that ran: after an unconfirmed one, the choice to send it as
 * a new one in the submit button's place; after an outage, the retry button; the status line.
 */
export function submissionParts(
  s: SubmissionState,
  o: { busy: boolean; resendLabel: string; onRetry: () => void; onResend: () => void },
): SubmissionParts {
  const failed = s.phase === 'failed' && !o.busy;
  return {
    ...(failed && s.unconfirmed ? { unconfirmed: renderUnconfirmed(o.resendLabel, o.onResend) } : {}),
    ...(failed && s.retryable
      ? {
          retry: html`<button type="button" class="button" part="retry-button" @click=${o.onRetry}>${msg('Try again', { id: 'core.retry' })}</button>`,
        }
      : {}),
    status: statusLine(s),
  };
}

/**
 * Shows a failed submission: its message, and its field messages on their fields, in the
 * element's language where the code or the wording is known (`texts`: `server-messages.ts`, null
 * when it could not be fetched: the server's own words). `map`: server paths to control names,
 * and the messages that fit no control.
 */
export async function showRefusal(
  f: FormChecks,
  error: ApiError,
  retryable: boolean,
  texts: typeof import('./server-messages.js') | null,
  map: (fields: Record<string, string>) => { byControl: Record<string, string>; unmatched: string[] },
): Promise<void> {
  const fieldText = (m: string) => (texts ? f.say(() => texts.fieldMessageText(m)) : m);
  const shown = new Set(f.controls().map((c) => c.name));
  const mapped = map(error.fieldErrors);
  const byControl: Record<string, string> = {};
  const unmatched = mapped.unmatched.map(fieldText);
  for (const [name, raw] of Object.entries(mapped.byControl)) {
    const message = fieldText(raw);
    if (shown.has(name)) byControl[name] = message;
    else unmatched.push(message);
  }
  // A validation refusal whose every message stands beside its field only sums them up.
  const summary =
    error.code === 'validation_failed' && unmatched.length === 0 && Object.keys(byControl).length > 0
      ? 'server'
      : undefined;
  const message = texts ? f.say(() => texts.serverErrorText(error)) : error.message;
  f.show({
    clientErrors: {},
    serverErrors: byControl,
    formError: { message, unmatched, retryable, ...(summary ? { summary } : {}) },
  });
  await f.host.updateComplete;
  f.focusFirstError();
}
