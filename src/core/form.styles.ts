/**
 * Styles shared by the form elements. Single column that stays usable at 320 px; controls at
 * least 44 px high for touch; errors marked by colour, an icon-free text and the border, never
 * by colour alone.
 */
import { css } from 'lit';

export const formStyles = css`
  /* A form fills its column as the lists do; --conf-form-max-width narrows it where a page wants. */
  :host {
    --_gap: var(--conf-form-gap, 0.9em);
    max-width: var(--conf-form-max-width, none);
  }
  /* Radios, checkboxes and progress bars in the brand colour (inherited by every control). */
  form,
  .outcome {
    accent-color: var(--_primary);
  }
  form {
    display: grid;
    gap: var(--_gap);
    min-width: 0;
  }
  fieldset {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.75em var(--_space) var(--_space);
    margin: 0;
    display: grid;
    gap: var(--_gap);
    min-width: 0;
  }
  legend {
    font-weight: 600;
    padding: 0 0.3em;
  }
  .row {
    display: grid;
    gap: var(--_gap);
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 14em), 1fr));
  }
  .field {
    display: grid;
    gap: 0.3em;
    min-width: 0;
  }
  .field > label {
    font-weight: 600;
  }
  .field.check {
    grid-template-columns: auto 1fr;
    align-items: start;
    column-gap: 0.6em;
  }
  .field.check > input {
    width: 1.25em;
    height: 1.25em;
    margin: 0.15em 0 0;
  }
  .field.check > .help,
  .field.check > .field-error {
    grid-column: 2;
  }
  .field.check > label {
    font-weight: 400;
  }
  .input {
    min-height: 2.75em;
  }
  textarea.input {
    resize: vertical;
  }
  .input.file {
    padding: 0.4em;
  }
  /* The file picker's button as one of ours, not the browser's grey one. */
  .input.file::file-selector-button {
    font: inherit;
    min-height: 2.4em;
    margin-inline-end: 0.75em;
    padding: 0.3em 0.9em;
    border: 1px solid var(--_primary);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_primary);
    color: var(--_on-primary);
    cursor: pointer;
  }
  .input[aria-invalid='true'] {
    border-color: var(--_danger);
    border-width: 2px;
  }
  .help {
    color: var(--_muted);
    font-size: 0.9em;
  }
  /* Instructions that matter (a method's bank details): body text below the control. */
  .note {
    padding: 0.6em 0.8em;
    border-inline-start: 3px solid var(--_primary);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_subtle);
    overflow-wrap: break-word;
  }
  .req {
    color: var(--_danger);
    margin-inline-start: 0.2em;
  }
  .field-error {
    color: var(--_danger);
    font-size: 0.9em;
    font-weight: 600;
  }
  .field-error::before {
    content: '! ';
  }
  .choices {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4em 1.2em;
  }
  .choices label {
    display: inline-flex;
    gap: 0.4em;
    align-items: center;
    min-height: 2.75em;
  }
  .upload-status {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em 1em;
    align-items: center;
  }
  progress {
    inline-size: min(100%, 16em);
    accent-color: var(--_primary);
  }
  .ok {
    font-weight: 600;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.6em;
    align-items: center;
  }
  .unconfirmed p {
    margin: 0 0 0.75em;
  }
  .button {
    min-height: 2.75em;
  }
  .button[disabled] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .form-error {
    padding: 0.75em var(--_space);
    border-radius: var(--_radius);
    border-inline-start: 4px solid var(--_danger);
    background: var(--_subtle);
    display: grid;
    gap: 0.4em;
    justify-items: start;
  }
  .form-error:empty {
    display: none;
  }
  .form-error ul {
    list-style: disc;
    padding-inline-start: 1.2em;
  }
  .outcome {
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_subtle);
    display: grid;
    gap: 0.6em;
    justify-items: start;
  }
  .outcome.success {
    border-inline-start: 4px solid var(--_primary);
    /* The summary stacks by the room the element has, not the window's. */
    container-type: inline-size;
  }
  .outcome.blocked {
    border-inline-start: 4px solid var(--_warning);
  }
  .outcome h2,
  .outcome .view-title {
    font-size: 1.2em;
  }
  /*
   * What was submitted, in the success view: labels beside values where there is room, label over
   * value on a phone. Values break between words (an e-mail only when it cannot fit a line).
   */
  .summary {
    display: grid;
    grid-template-columns: minmax(5em, max-content) minmax(0, 1fr);
    gap: 0.3em 1em;
    margin: 0;
    justify-self: stretch;
  }
  .summary dt {
    font-weight: 600;
  }
  .summary dd {
    margin: 0;
    overflow-wrap: break-word;
    min-width: 0;
  }
  @container (max-width: 30em) {
    .summary {
      grid-template-columns: minmax(0, 1fr);
      gap: 0.1em;
    }
    .summary dd + dt {
      margin-block-start: 0.6em;
    }
  }
  .summary .note {
    margin-block-start: 0.4em;
  }
  .record-id {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  /* The honeypot: off-screen, out of the tab order and hidden from assistive technology. */
  .hp {
    position: absolute;
    inset-inline-start: -10000px;
    width: 1px;
    height: 1px;
    overflow: hidden;
  }
  @media (prefers-reduced-motion: no-preference) {
    .button {
      transition: background-color 0.15s;
    }
  }
`;
