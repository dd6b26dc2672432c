/**
 * A form that reads nothing before it is sent would learn that the proxy cannot be reached (down,
 * a wrong address, the site's origin not allowed by CORS, a CSP) only when the visitor, having
 * filled it in, presses send. This controller makes one read through the proxy when the form
 * appears, so such a problem shows at once: a neutral message with a retry for the visitor, and
 * the set-up hint for the organizer (console; in the element where hints show).
 *
 * Only "no answer from the proxy" counts. Any answer in the API's shape, even a refusal (403: a
 * module or scope), proves that the proxy answers this page.
 */
import { msg } from '@lit/localize';
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { INVALID_RESPONSE, NETWORK_ERROR, type ApiClient } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { Diagnostic } from './diagnostics.js';
import { asApiError } from './resource-controller.js';
import { serverErrorText } from './server-messages.js';
import { loadSetupTexts } from './setup-hints.js';

export interface ProxyCheckHost extends ReactiveControllerHost {
  readonly client: ApiClient;
}

export interface ProxyCheckOptions {
  /** The read that proves the proxy answers; it should be one the form needs anyway, or a light one. */
  probe: (client: ApiClient, signal: AbortSignal) => Promise<unknown>;
  /** Shows the organizer's hint (the host's `notice`). */
  notice: (d: Diagnostic) => void;
  /** Removes it again (the host's `clearNotice`). */
  clearNotice: (code: string) => void;
}

const UNREACHABLE = new Set([NETWORK_ERROR, INVALID_RESPONSE]);

export class ProxyCheckController implements ReactiveController {
  /** Why the proxy does not answer this page, or null (answered, or not checked yet). */
  problem: ApiError | null = null;
  checking = false;
  private passed = false;
  private shownCode: string | null = null;
  private abort: AbortController | null = null;

  constructor(
    private readonly host: ProxyCheckHost,
    private readonly options: ProxyCheckOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (!this.passed) void this.check();
  }

  hostDisconnected(): void {
    this.abort?.abort();
    this.abort = null;
  }

  /** Reads through the proxy; true when it answered. */
  async check(): Promise<boolean> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.checking = true;
    this.host.requestUpdate();
    let problem: ApiError | null = null;
    try {
      await this.options.probe(this.host.client, abort.signal);
    } catch (e) {
      if (abort.signal.aborted) return false;
      const error = asApiError(e);
      if (UNREACHABLE.has(error.code)) problem = error;
    }
    // The hint's texts are fetched only when there is a problem, and before it shows.
    const texts = problem ? await loadSetupTexts() : null;
    if (abort.signal.aborted) return false;
    this.checking = false;
    this.problem = problem;
    this.passed = problem === null;
    this.showHint(problem && texts ? texts.diagnoseRequestError(problem, this.host.client.endpoint) : null);
    this.host.requestUpdate();
    return this.passed;
  }

  private showHint(d: Diagnostic | null): void {
    if (this.shownCode && this.shownCode !== d?.code) this.options.clearNotice(this.shownCode);
    this.shownCode = d?.code ?? null;
    if (d) this.options.notice(d);
  }

  /** The visitor's view of the problem, above the form; nothing while the proxy answers. */
  render(): TemplateResult | typeof nothing {
    const problem = this.problem;
    if (!problem) return nothing;
    return html`<div class="status error" part="unreachable" role="alert">
      <strong>${msg('This form cannot be sent at the moment.', { id: 'form.unreachable' })}</strong>
      <span class="detail">${serverErrorText(problem)}</span>
      <button class="button" part="retry-button" type="button" ?disabled=${this.checking} @click=${() => void this.check()}>
        ${msg('Try again', { id: 'core.retry' })}
      </button>
    </div>`;
  }
}
