import { css } from 'lit';

export const exhibitsStyles = css`
  :host {
    --_logo-size: var(--conf-exhibits-logo-size, 64px);
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
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3em 0.75em;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .summary,
  .presenter {
    color: var(--_muted);
  }
  .summary {
    font-size: 0.92em;
  }
  .dialog-head {
    grid-template-columns: auto 1fr auto;
    align-items: center;
  }
  .dialog-head .close {
    align-self: start;
  }

  @media print {
    .types {
      display: none;
    }
    .grid {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
  }
`;
