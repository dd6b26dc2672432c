/**
 * What the browser found wrong with a control, in the element's words. Needed once the person
 * sends a form, so fetched on demand (`conf-form-element.ts`), when they start on it.
 */
import { msg, str } from '@lit/localize';

type Validatable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

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
