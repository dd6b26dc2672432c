import { css } from 'lit';

export const exhibitsStyles = css`
  :host {
    --_logo-size: var(--conf-exhibits-logo-size, 64px);
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    justify-content: space-between;
    gap: 0.5em 1em;
    margin-block-end: 0.75em;
  }
  .search {
    flex: 1 1 16em;
    display: grid;
    gap: 0.25em;
    max-width: 28em;
  }
  .search label {
    font-size: 0.85em;
    color: var(--_muted);
  }
  .count {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .types {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4em;
    margin-block-end: var(--_space);
  }
  .chip {
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
    padding: 0.3em 0.9em;
    min-height: 2.25em;
    font-size: 0.9em;
  }
  .chip:hover {
    border-color: var(--_primary);
  }
  .chip[aria-pressed='true'] {
    background: var(--_primary);
    border-color: var(--_primary);
    color: var(--_on-primary);
  }
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
  .logo {
    height: var(--_logo-size);
    max-width: 100%;
    object-fit: contain;
    object-position: left center;
  }
  .logo.initials {
    width: var(--_logo-size);
    display: grid;
    place-items: center;
    border-radius: var(--_radius);
    background: var(--_subtle);
    color: var(--_accent-text);
    font-weight: 650;
    font-size: calc(var(--_logo-size) / 2.8);
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
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3em 0.75em;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .type {
    padding: 0.05em 0.6em;
    border-radius: 999px;
    background: var(--_subtle);
    color: var(--_accent-text);
    font-weight: 600;
  }
  .summary {
    font-size: 0.92em;
    color: var(--_muted);
  }
  .skeleton.card-skeleton {
    min-height: 11em;
  }
  .skeleton.input {
    height: 2.5em;
    max-width: 28em;
  }

  dialog {
    border: none;
    border-radius: calc(var(--_radius) * 1.5);
    padding: 0;
    width: min(40em, calc(100vw - 2em));
    max-height: calc(100vh - 2em);
    background: var(--_surface);
    color: var(--_text);
    box-shadow: 0 20px 60px rgb(0 0 0 / 0.35);
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
    grid-template-columns: auto 1fr auto;
    gap: var(--_space);
    align-items: center;
  }
  .dialog-head h2 {
    font-size: 1.35em;
    line-height: 1.3;
  }
  .close {
    align-self: start;
  }
  .description {
    white-space: pre-line;
  }
  .presenter {
    color: var(--_muted);
  }

  @media print {
    .types {
      display: none;
    }
    .grid {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
    .card {
      break-inside: avoid;
    }
  }
`;
