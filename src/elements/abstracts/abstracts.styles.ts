import { css } from 'lit';

export const abstractsStyles = css`
  :host {
    --_excerpt-lines: var(--conf-abstracts-excerpt-lines, 3);
  }
  .authors {
    font-size: 0.92em;
  }
  strong.presenting {
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
  .excerpt {
    color: var(--_muted);
    font-size: 0.92em;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--_excerpt-lines);
    line-clamp: var(--_excerpt-lines);
    overflow: hidden;
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

  @media print {
    .grid {
      grid-template-columns: 1fr;
    }
    .excerpt {
      display: block;
    }
  }
`;
