/**
 * The check of a form's answers before it is sent, and what the browser found wrong with each
 * control in the element's words. Needed once the person sends a form, so fetched on demand
 * (`conf-form-element.ts`), when they start on it.
 */
import { msg, str } from '@lit/localize';
import type { FormError } from './form-parts.js';

type Validatable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What the check reads and sets of a form (`ConfFormElement` hands it over). */
export interface FormChecks {
  host: { readonly renderRoot: HTMLElement | DocumentFragment; readonly updateComplete: Promise<boolean> };
  /** Named controls of the form, honeypot excluded. */
  controls(): Validatable[];
  /** Re-checks a control and sets the message it carries; '' when valid. */
  check(c: Validatable): string;
  say<T>(fn: () => T): T;
  focusFirstError(): void;
  show(s: {
    clientErrors?: Record<string, string>;
    serverErrors?: Record<string, string>;
    formError?: FormError | null;
  }): void;
}

/** The form-level summary of the field messages the browser's check found. */
export const summaryText = (count: number): string =>
  count === 1
    ? msg('One answer needs attention.', { id: 'form.invalid-one' })
    : msg(str`${count} answers need attention.`, { id: 'form.invalid-many' });

/**
 * Native constraint validation of every shown control. Shows each message beside its control,
 * focuses the first invalid one and says how many need attention. True when all are valid.
 *
 * A filled honeypot is emptied and said first. Autofill can fill it for a real person, who then
 * needs a way on: the next submit goes through (bots rarely read the answer and submit twice; the
 * minimum fill time and the proxy's write rate limit stand behind this). Both honeypot markups
 * are found by their `.hp` wrapper.
 */
export async function validateForm(f: FormChecks): Promise<boolean> {
  f.show({ serverErrors: {}, formError: null });
  const honeypot = f.host.renderRoot.querySelector<HTMLInputElement>('.hp input');
  if (honeypot && honeypot.value.trim() !== '') {
    honeypot.value = '';
    f.show({
      formError: {
        message: f.say(() =>
          msg(
            'Nothing was sent: your browser filled in a hidden field that is there to catch spam. It is empty again; check your answers and send the form again.',
            { id: 'form.honeypot' },
          ),
        ),
        unmatched: [],
        retryable: false,
      },
    });
    await f.host.updateComplete;
    f.focusFirstError();
    return false;
  }
  await f.host.updateComplete;
  const errors: Record<string, string> = {};
  let first: Validatable | null = null;
  for (const c of f.controls()) {
    const message = c.willValidate ? f.check(c) : '';
    if (message) {
      errors[c.name] = message;
      first ??= c;
    }
  }
  f.show({ clientErrors: errors });
  const count = Object.keys(errors).length;
  if (count === 0) return true;
  f.show({
    formError: { message: f.say(() => summaryText(count)), unmatched: [], retryable: false, summary: 'browser' },
  });
  await f.host.updateComplete;
  first?.focus();
  return false;
}

/**
 * What the browser found wrong with a control, in the element's words: the native
 * `validationMessage` speaks the browser's language, not the element's `lang`. '' when valid.
 */
export function validityText(c: Validatable): string {
  const v = c.validity;
  const type = c.type;
  if (v.valueMissing) {
    if (type === 'checkbox') return msg('Tick this box to go on.', { id: 'form.invalid.checkbox' });
    if (type === 'file') return msg('Choose a file.', { id: 'form.invalid.file' });
    if (c instanceof HTMLSelectElement) return msg('Choose one of the options.', { id: 'form.invalid.select' });
    return msg('Fill in this field.', { id: 'form.invalid.missing' });
  }
  if (v.typeMismatch) {
    return type === 'email'
      ? msg('Enter an e-mail address, such as name@example.org.', { id: 'form.invalid.email' })
      : msg('Enter a full web address, such as https://example.org.', { id: 'form.invalid.url' });
  }
  if (v.badInput) {
    if (type === 'number') return msg('Enter a number.', { id: 'form.invalid.number' });
    if (type === 'date') return msg('Enter a complete date.', { id: 'form.invalid.date' });
    return msg('Enter a valid value.', { id: 'form.invalid.other' });
  }
  // The hint is the field's own words (its title), as the browser's message would quote it.
  if (v.patternMismatch) return c.title || msg('Use the format asked for.', { id: 'form.invalid.pattern' });
  if (c instanceof HTMLSelectElement) return v.valid ? '' : msg('Enter a valid value.', { id: 'form.invalid.other' });
  const length = c.value.length;
  if (v.tooShort)
    return msg(str`Use at least ${c.minLength} characters (now ${length}).`, { id: 'form.invalid.too-short' });
  if (v.tooLong)
    return msg(str`Use at most ${c.maxLength} characters (now ${length}).`, { id: 'form.invalid.too-long' });
  if (c instanceof HTMLInputElement) {
    if (v.rangeUnderflow) return msg(str`The lowest allowed value is ${c.min}.`, { id: 'form.invalid.min' });
    if (v.rangeOverflow) return msg(str`The highest allowed value is ${c.max}.`, { id: 'form.invalid.max' });
    if (v.stepMismatch) return msg('This value is not one of the allowed steps.', { id: 'form.invalid.step' });
  }
  return v.valid ? '' : msg('Enter a valid value.', { id: 'form.invalid.other' });
}
