import { css } from 'lit';

/** After the shared toolbar, grid and dialog sheets of `core/detail-dialog.styles.ts`. */

export const speakersStyles = css`
  :host {
    --_card-min: var(--conf-speakers-card-min, 180px);
    --_photo-size: var(--conf-speakers-photo-size, 96px);
  }
  .toolbar {
    justify-content: space-between;
    margin-block-end: var(--_space);
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
  .cols-6 { --_cols: 6; }
  .card {
    all: unset;
    box-sizing: border-box;
    cursor: pointer;
    display: grid;
    justify-items: center;
    align-content: start;
    gap: 0.35em;
    width: 100%;
    min-height: 13em;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    text-align: center;
    transition: border-color 0.15s, transform 0.15s;
  }
  .card:hover {
    border-color: var(--_primary);
  }
  .card:focus-visible {
    box-shadow: var(--_focus);
  }
  .avatar {
    width: var(--_photo-size);
    height: var(--_photo-size);
    border-radius: 50%;
    object-fit: cover;
    background: var(--_subtle);
    display: grid;
    place-items: center;
    font-size: calc(var(--_photo-size) / 2.6);
    font-weight: 600;
    color: var(--_accent-text);
    flex: none;
  }
  .name {
    font-weight: 650;
    font-size: 1.05em;
  }
  .affiliation {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .skeleton.card-skeleton {
    min-height: 13em;
  }
  .list-single .card {
    grid-template-columns: auto 1fr;
    justify-items: start;
    text-align: start;
    min-height: 0;
    align-items: center;
    --_photo-size: 56px;
  }
  .card .text {
    display: grid;
    gap: 0.15em;
  }

  dialog {
    width: min(40em, calc(100vw - 2em));
  }
  .dialog-head {
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
  }
  @container (max-width: 30em) {
    .dialog-head {
      --_photo-size: 64px;
    }
  }
  .bio {
    white-space: pre-line;
    overflow-wrap: break-word;
  }
  .sessions h3,
  .links h3 {
    font-size: 1em;
    margin-block-end: 0.5em;
  }
  .sessions ul {
    display: grid;
    gap: 0.5em;
  }
  .session {
    padding: 0.5em 0.75em;
    border-radius: var(--_radius);
    background: var(--_subtle);
    display: grid;
    gap: 0.15em;
  }
  .session-title {
    font-weight: 650;
  }
  .session .when {
    font-size: 0.9em;
    color: var(--_muted);
  }
  .links ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em 1em;
  }

  @media print {
    .toolbar,
    dialog {
      display: none;
    }
    .grid {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
    .card {
      break-inside: avoid;
      min-height: 0;
    }
  }
`;
