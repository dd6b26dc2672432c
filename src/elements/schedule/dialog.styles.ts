/** The event dialog's styles (dialog.view.ts). */
import { css } from 'lit';

export const dialogStyles = css`
  /* --- dialog --------------------------------------------------------------------------------- */
  dialog {
    width: min(640px, calc(100vw - 32px));
    max-width: calc(100vw - 32px);
    overflow-x: hidden;
    max-height: calc(100dvh - 32px);
    padding: 0;
    border: 0;
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    box-shadow: 0 16px 48px rgb(0 0 0 / 0.3);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  .dialog-body {
    display: grid;
    gap: 14.4px;
    padding: 16px 20px 20px;
  }
  .dialog-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  .dialog-head .star {
    margin-inline-start: auto;
  }
  .dialog-close-form {
    margin: 0;
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border: 0;
    border-radius: 50%;
    background: none;
  }
  .icon-button svg {
    width: 20px;
    height: 20px;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
  }
  .dialog-title {
    font-size: 1.4em;
    line-height: 1.25;
    overflow-wrap: break-word;
  }
  /* It takes focus when the dialog opens (core/detail-dialog-controller.ts): no ring on a heading. */
  .dialog-title:focus {
    outline: none;
    box-shadow: none;
  }
  .facts {
    display: grid;
    gap: 5.6px;
    margin: 0;
  }
  /* Label and value side by side in every row, the track's too; values wrap inside the dialog. */
  .facts div {
    display: grid;
    grid-template-columns: 6.5em minmax(0, 1fr);
    gap: 8px;
  }
  .facts dt {
    color: var(--_muted);
  }
  .facts dd {
    overflow-wrap: break-word;
  }
  .description {
    display: grid;
    gap: 9.6px;
  }
  .dialog-speakers {
    display: grid;
    gap: 6.4px;
  }
  .dialog-speakers h3 {
    font-size: 1em;
  }
  .dialog-speakers ul {
    display: grid;
    gap: 4.8px;
  }
  .affiliation {
    display: block;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .dialog-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  .action-status {
    font-size: 0.9em;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
`;
