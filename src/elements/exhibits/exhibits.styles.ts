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

  /* --- sponsor wall: logos on even tiles, calm, no controls ------------------------------------ */
  /*
   * Tiles wide enough for a name on two lines, growing to fill each row (no empty columns at the
   * end of a short row); a last row that is not full is centred.
   */
  .wall {
    --_tile: max(calc(var(--_logo-size) * 2.6), 12em);
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--_space);
  }
  .wall > li {
    flex: 1 1 min(100%, var(--_tile));
    max-width: calc(var(--_tile) * 1.6);
  }
  .wall-item {
    display: grid;
    place-items: center;
    min-height: calc(var(--_logo-size) * 1.5);
    height: 100%;
    box-sizing: border-box;
    padding: 0.75em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    text-decoration: none;
    text-align: center;
  }
  a.wall-item:hover {
    border-color: var(--_primary);
  }
  .wall-logo {
    max-height: var(--_logo-size);
    max-width: 100%;
    object-fit: contain;
  }
  /* Long names break between syllables where the language allows, not at any letter. */
  .wall-name {
    font-weight: 650;
    font-size: 1em;
    line-height: 1.3;
    hyphens: auto;
    overflow-wrap: break-word;
  }
  .wall-group + .wall-group {
    margin-block-start: calc(var(--_space) * 1.5);
  }
  .wall-heading {
    margin: 0 0 0.6em;
    font-size: 1.1em;
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
