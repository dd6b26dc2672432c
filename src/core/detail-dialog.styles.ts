import { css } from 'lit';

/*
 * Sheets shared by the elements with a card grid and a detail dialog (<conf-speakers>,
 * <conf-abstracts>, <conf-exhibits>): one copy of each rule in the bundle, and one constructed
 * sheet on the page, since Lit adopts the same CSSResult into every element that lists it. Each
 * element's own sheet, listed after these, sets what differs.
 */

/** The search toolbar's row. */
export const toolbarStyles = css`
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 0.5em 1em;
  }
`;

/** A grid of equal columns; the element sets `cols-N` from its own width. */
export const cardGridStyles = css`
  .grid {
    display: grid;
    gap: var(--_space);
    grid-template-columns: repeat(var(--_cols, 1), minmax(0, 1fr));
  }
  .cols-1 { --_cols: 1; }
  .cols-2 { --_cols: 2; }
  .cols-3 { --_cols: 3; }
  .cols-4 { --_cols: 4; }
  .cols-5 { --_cols: 5; }
`;

/** The close button every detail dialog shows (`renderCloseButton` in detail-dialog-close.ts). */
export const closeButtonStyles = css`
  .dialog-close {
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
    align-self: start;
    justify-self: end;
  }
  .dialog-close svg {
    width: 1.1em;
    height: 1.1em;
    fill: none;
    stroke: currentColor;
    stroke-width: 2.2;
    stroke-linecap: round;
  }
`;

/** The modal detail dialog: frame, backdrop, body and head, and its close button. */
export const dialogStyles = css`
  dialog {
    border: none;
    border-radius: calc(var(--_radius) * 1.5);
    padding: 0;
    width: min(42em, calc(100vw - 2em));
    max-width: calc(100vw - 2em);
    max-height: calc(100vh - 2em);
    background: var(--_surface);
    color: var(--_text);
    box-shadow: 0 20px 60px rgb(0 0 0 / 0.35);
    overflow-x: hidden;
    /* Its parts fold by the dialog's own width (a 320 px phone leaves it 288 px). */
    container-type: inline-size;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.5);
  }
  .dialog-body {
    display: grid;
    gap: var(--_space);
    padding: calc(var(--_space) * 1.5);
  }
  .dialog-head {
    display: grid;
    gap: var(--_space);
  }
  .dialog-head h2 {
    font-size: 1.35em;
    overflow-wrap: break-word;
    min-width: 0;
  }
  /* The heading takes focus when the dialog opens (detail-dialog-controller.ts): no ring on it. */
  .dialog-head h2:focus {
    outline: none;
    box-shadow: none;
  }
  .dialog-head > * {
    min-width: 0;
  }
  @container (max-width: 30em) {
    .dialog-body {
      padding: var(--_space);
    }
    /* Close on a row of its own above the rest, never squeezed or clipped beside a long name. */
    .dialog-head .dialog-close {
      grid-row: 1;
      grid-column: 1 / -1;
    }
  }
`;

/**
 * The record lists (`<conf-abstracts>`, `<conf-exhibits>`): fields, cards whose title link covers
 * the whole card, and the dialog's head. Use after the sheets above ({@link recordListSheets}).
 */
export const recordListStyles = css`
  .toolbar {
    margin-block-end: 0.75em;
  }
  .field {
    display: grid;
    gap: 0.25em;
    flex: 0 1 14em;
  }
  .field.search {
    flex: 1 1 16em;
    max-width: 28em;
  }
  .field label {
    font-size: 0.85em;
    color: var(--_muted);
  }
  .count {
    margin-inline-start: auto;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .card {
    position: relative;
    display: grid;
    align-content: start;
    gap: 0.4em;
    height: 100%;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    transition: border-color 0.15s;
  }
  .card:hover {
    border-color: var(--_primary);
  }
  .card:focus-within {
    box-shadow: var(--_focus);
  }
  .title {
    font-size: 1.05em;
    font-weight: 650;
    line-height: 1.3;
  }
  .title a {
    color: inherit;
    text-decoration: none;
  }
  /* The whole card is the link's target; the link stays the one focusable, named thing. */
  .title a::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: var(--_radius);
  }
  .title a:focus-visible {
    box-shadow: none;
  }
  .pill {
    padding: 0.05em 0.6em;
    border-radius: 999px;
    background: var(--_subtle);
    color: var(--_accent-text);
    font-weight: 600;
  }
  .skeleton.card-skeleton {
    min-height: 10em;
  }

  .dialog-head {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: start;
  }
  .dialog-head h2 {
    line-height: 1.3;
  }
  .text-block {
    white-space: pre-line;
  }

  @media print {
    .card {
      break-inside: avoid;
    }
  }
`;

/** Every sheet of a record list, in order. */
export const recordListSheets = [toolbarStyles, cardGridStyles, dialogStyles, closeButtonStyles, recordListStyles];
