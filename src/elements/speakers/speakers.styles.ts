import { css } from 'lit';

export const speakersStyles = css`
  :host {
    --_card-min: var(--conf-speakers-card-min, 180px);
    --_photo-size: var(--conf-speakers-photo-size, 96px);
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    justify-content: space-between;
    gap: 0.5em 1em;
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
  }
  .close {
    align-self: start;
  }
  .bio {
    white-space: pre-line;
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
    .grid {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
    .card {
      break-inside: avoid;
      min-height: 0;
    }
  }
`;
