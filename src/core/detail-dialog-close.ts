/**
 * The one close button of every detail dialog (schedule, speakers, abstracts, exhibits): the word
 * "Close" (translated) with a cross, so each panel closes the same way. Styled by
 * `.dialog-close` in `detail-dialog.styles.ts`; an element without those sheets styles it itself.
 */
import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';

/** `onClose` absent: a submit button, for a `<form method="dialog">` that closes its dialog itself. */
export function renderCloseButton(onClose?: () => void): TemplateResult {
  return html`<button
    type=${onClose ? 'button' : 'submit'}
    class="button dialog-close"
    part="close-button"
    @click=${onClose ?? (() => undefined)}
  >
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" /></svg>
    <span>${msg('Close', { id: 'core.close' })}</span>
  </button>`;
}
