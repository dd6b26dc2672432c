import { css } from 'lit';

export const abstractsStyles = css`
  :host {
    --_excerpt-lines: var(--conf-abstracts-excerpt-lines, 3);
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 0.5em 1em;
    margin-block-end: var(--_space);
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
  .list {
    display: grid;
    gap: var(--_space);
    grid-template-columns: repeat(var(--_cols, 1), minmax(0, 1fr));
  }
  .cols-1 { --_cols: 1; }
  .cols-2 { --_cols: 2; }
  .cols-3 { --_cols: 3; }
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
  .authors {
    font-size: 0.92em;
  }
  .presenting {
    font-weight: 650;
    text-decoration: underline dotted;
    text-underline-offset: 0.2em;
  }
  .tags {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.3em 0.75em;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .track {
    padding: 0.1em 0.6em;
    border-radius: 999px;
    background: var(--_subtle);
    color: var(--_accent-text);
    font-weight: 600;
  }
  .excerpt {
    color: var(--_muted);
    font-size: 0.92em;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--_excerpt-lines);
    line-clamp: var(--_excerpt-lines);
    overflow: hidden;
  }
  .skeleton.card-skeleton {
    min-height: 10em;
  }
  .more {
    display: grid;
    justify-items: center;
    gap: 0.5em;
    margin-block-start: var(--_space);
  }
  .more [aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  .more-error {
    color: var(--_danger);
    font-size: 0.9em;
  }

  dialog {
    border: none;
    border-radius: calc(var(--_radius) * 1.5);
    padding: 0;
    width: min(44em, calc(100vw - 2em));
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
    grid-template-columns: 1fr auto;
    gap: var(--_space);
    align-items: start;
  }
  .dialog-head h2 {
    font-size: 1.35em;
    line-height: 1.3;
  }
  .detail {
    display: grid;
    gap: var(--_space);
  }
  .detail h3 {
    font-size: 1em;
    margin-block-end: 0.4em;
  }
  .author-list {
    display: grid;
    gap: 0.35em;
  }
  .author {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.2em 0.6em;
  }
  .author.presenting .author-name {
    font-weight: 650;
  }
  .author .affiliation {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .badge {
    font-size: 0.75em;
    font-weight: 600;
    padding: 0.1em 0.5em;
    border-radius: 999px;
    background: var(--_primary);
    color: var(--_on-primary);
  }
  .body {
    white-space: pre-line;
  }

  @media print {
    .list {
      grid-template-columns: 1fr;
    }
    .card {
      break-inside: avoid;
    }
    .excerpt {
      display: block;
    }
  }
`;
