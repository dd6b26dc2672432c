/**
 * Base of the form elements: values as a name → string map read from native `input`/`change`
 * events, native constraint validation before anything is sent, the server's field errors put
 * back on their controls (`setCustomValidity` plus visible text), and one live region for what
 * happens. `ConfFormElement` (conf-form-element.ts) adds the submission lifecycle on top.
 */
import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str } from '@lit/localize';
import type { ApiError } from '../api/errors.js';
import { ConfElement } from './conf-element.js';
import { readControl, validityText, type FieldState } from './form-fields.js';
import type { FormError } from './form-parts.js';
import { formStyles } from './form.styles.js';
import { registerMessages, withLocale } from './localize.js';
import { fieldMessageText, serverErrorText } from './server-messages.js';

registerMessages('de', () => import('./locales/form.de.js'));
registerMessages('fr', () => import('./locales/form.fr.js'));
registerMessages('es', () => import('./locales/form.es.js'));

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const summaryText = (count: number): string =>
  count === 1
    ? msg('One answer needs attention.', { id: 'form.invalid-one' })
    : msg(str`${count} answers need attention.`, { id: 'form.invalid-many' });

export abstract class ConfFieldsElement extends ConfElement implements FieldState {
  static override styles = [...ConfElement.styles, formStyles];
  static override minWidth = 280;

  /**
   * Milliseconds a person needs at least between seeing the form and sending it; an earlier
   * submit waits for the rest (bots submit at once). Default 3000.
   */
  @property({ attribute: false }) minFillMs = 3000;

  @state() protected values: Record<string, string> = {};
  /** What the browser found wrong (in the element's words), shown after a submit attempt until the control is valid. */
  @state() protected clientErrors: Record<string, string> = {};
  /** The server's messages by control name; cleared on the control's next input. */
  @state() protected serverErrors: Record<string, string> = {};
  @state() protected formError: FormError | null = null;
  /** Text of the polite live region. */
  @state() protected announcement = '';

  value(name: string): string {
    return this.values[name] ?? '';
  }

  error(name: string): string | undefined {
    return this.serverErrors[name] ?? this.clientErrors[name];
  }

  protected get form(): HTMLFormElement | null {
    return this.renderRoot.querySelector('form');
  }

  /** Named controls of the form, honeypot excluded. */
  protected controls(): Control[] {
    const form = this.form;
    if (!form) return [];
    return [...form.elements].filter(
      (el): el is Control =>
        (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) &&
        el.name !== '' &&
        !('ignore' in el.dataset) &&
        el.type !== 'radio',
    );
  }

  /** Called after a control's value changed (drafts, dependent sections). */
  protected valuesChanged(_name: string): void {}

  protected onInput = (e: Event): void => {
    const c = readControl(e);
    if (!c) return;
    this.values = { ...this.values, [c.name]: c.value };
    this.clearError(c.name, c.control);
    this.valuesChanged(c.name);
  };

  /** Drops the server's message of a control and re-checks it if it showed the browser's. */
  protected clearError(name: string, control?: Control): void {
    if (name in this.serverErrors) {
      const { [name]: _dropped, ...rest } = this.serverErrors;
      this.serverErrors = rest;
    }
    const message = control ? this.checkControl(control) : '';
    if (name in this.clientErrors && control) {
      const { [name]: _old, ...rest } = this.clientErrors;
      this.clientErrors = message ? { ...rest, [name]: message } : rest;
    }
    this.refreshSummary();
  }

  /**
   * Keeps a summary of field messages true as the person fixes fields: the count follows, and
   * once no field message is left the summary goes (it must not say "6 answers need attention"
   * over a form without any).
   */
  private refreshSummary(): void {
    const f = this.formError;
    if (!f?.summary) return;
    const count = Object.keys({ ...this.clientErrors, ...this.serverErrors }).length;
    if (count === 0 && f.unmatched.length === 0) this.formError = null;
    else if (f.summary === 'browser' && count > 0)
      this.formError = { ...f, message: this.say(() => summaryText(count)) };
  }

  /**
   * Re-checks a control and sets the message it carries: the server's while it stands, else the
   * element's own words for what the browser found wrong, in the element's language. Through
   * `setCustomValidity`, so the native check of the next submit, `:invalid` and what a screen
   * reader hears all agree with the text beside the control. '' when valid.
   */
  protected checkControl(c: Control): string {
    c.setCustomValidity('');
    const message = this.serverErrors[c.name] ?? (c.validity.valid ? '' : this.say(() => validityText(c)));
    c.setCustomValidity(message);
    return message;
  }

  /** `msg()` answers in the element's language only inside this (render does it by itself). */
  protected say<T>(fn: () => T): T {
    return withLocale(this.locale, fn);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // The server's messages make their controls invalid too, so a screen reader reads "invalid"
    // and the next submit stops there until the person changes the value.
    for (const c of this.controls()) this.checkControl(c);
  }

  /**
   * Native constraint validation of every shown control. Shows each message beside its control,
   * focuses the first invalid one and says how many need attention. True when all are valid.
   */
  protected async validate(): Promise<boolean> {
    this.serverErrors = {};
    this.formError = null;
    if (this.emptyFilledHoneypot()) {
      this.formError = {
        message: this.say(() =>
          msg(
            'Nothing was sent: your browser filled in a hidden field that is there to catch spam. It is empty again; check your answers and send the form again.',
            { id: 'form.honeypot' },
          ),
        ),
        unmatched: [],
        retryable: false,
      };
      await this.updateComplete;
      this.focusFirstError();
      return false;
    }
    await this.updateComplete;
    const errors: Record<string, string> = {};
    let first: Control | null = null;
    for (const c of this.controls()) {
      const message = c.willValidate ? this.checkControl(c) : '';
      if (message) {
        errors[c.name] = message;
        first ??= c;
      }
    }
    this.clientErrors = errors;
    const count = Object.keys(errors).length;
    if (count === 0) return true;
    this.formError = {
      message: this.say(() => summaryText(count)),
      unmatched: [],
      retryable: false,
      summary: 'browser',
    };
    await this.updateComplete;
    first?.focus();
    return false;
  }

  /**
   * Shows a failed submission: its message, and its field messages on their fields, in the
   * element's language where the code or the wording is known (`server-messages.ts`).
   */
  protected async showServerError(error: ApiError, retryable: boolean): Promise<void> {
    const shown = new Set(this.controls().map((c) => c.name));
    const mapped = this.mapErrorPaths(error.fieldErrors);
    const byControl: Record<string, string> = {};
    const unmatched = mapped.unmatched.map((m) => this.say(() => fieldMessageText(m)));
    for (const [name, raw] of Object.entries(mapped.byControl)) {
      const message = this.say(() => fieldMessageText(raw));
      if (shown.has(name)) byControl[name] = message;
      else unmatched.push(message);
    }
    this.clientErrors = {};
    this.serverErrors = byControl;
    // A validation refusal whose every message stands beside its field only sums them up.
    const summary =
      error.code === 'validation_failed' && unmatched.length === 0 && Object.keys(byControl).length > 0
        ? 'server'
        : undefined;
    const message = this.say(() => serverErrorText(error));
    this.formError = { message, unmatched, retryable, ...(summary ? { summary } : {}) };
    await this.updateComplete;
    this.focusFirstError();
  }

  /**
   * Server paths → control names, and messages that fit no control. Controls are named after the
   * body's paths, so by default every path is its control's name.
   */
  protected mapErrorPaths(fields: Record<string, string>): { byControl: Record<string, string>; unmatched: string[] } {
    return { byControl: fields, unmatched: [] };
  }

  /** The first control with a message, else the form-level message. */
  protected focusFirstError(): void {
    const bad = this.controls().find((c) => this.error(c.name) !== undefined);
    if (bad) bad.focus();
    else this.renderRoot.querySelector<HTMLElement>('[part~="form-error"]')?.focus();
  }

  protected announce(text: string): void {
    this.announcement = text;
  }

  /**
   * Bots fill every field they find; people never see or reach this one. Its name and label match
   * nothing a browser's autofill fills (no "website", "url", "name"), and it is out of the tab
   * order and the accessibility tree.
   */
  protected renderHoneypot(): TemplateResult {
    return html`<div class="hp" aria-hidden="true">
      <label for="hp-field">Leave this empty</label>
      <input id="hp-field" name="hp_x" type="text" tabindex="-1" autocomplete="off" data-ignore />
    </div>`;
  }

  /**
   * Empties a filled honeypot and says so. Autofill can fill it for a real person, who then needs
   * a way on: the next submit goes through (bots rarely read the answer and submit twice; the
   * minimum fill time and the proxy's write rate limit stand behind this). Both honeypot markups
   * are found by their `.hp` wrapper.
   */
  private emptyFilledHoneypot(): boolean {
    const input = this.renderRoot.querySelector<HTMLInputElement>('.hp input');
    if (!input || input.value.trim() === '') return false;
    input.value = '';
    return true;
  }

  /** The form-level alert (always present, so its changes are announced) and the live region. */
  protected renderRegions(errorContent: unknown): TemplateResult {
    return html`<div class="form-error" part="form-error" role="alert" tabindex="-1">${errorContent}</div>`;
  }

  protected renderLiveRegion(): TemplateResult {
    return html`<p class="visually-hidden" role="status" part="status">${this.announcement}</p>`;
  }
}
