/** An event card, in the list and the grid (card.view.ts). */
import { css } from 'lit';

export const cardStyles = css`
  /* --- cards (list and grid) ---------------------------------------------------------------- */
  [hidden] {
    display: none !important;
  }
  .card {
    --_type: var(--_primary);
    display: grid;
    gap: 3.2px;
    height: 100%;
    padding: 9.6px 12px;
    border: 1px solid var(--_border);
    border-inline-start: 4px solid var(--_type);
    border-radius: var(--_radius);
    background: var(--_surface);
    align-content: start;
    position: relative;
  }
  .type-keynote { --_type: var(--conf-color-keynote, #7b2cbf); }
  .type-talk { --_type: var(--conf-color-talk, var(--_primary)); }
  .type-panel { --_type: var(--conf-color-panel, #00838f); }
  .type-workshop { --_type: var(--conf-color-workshop, #2e7d32); }
  .type-break { --_type: var(--conf-color-break, #8d8d8d); }
  .type-social { --_type: var(--conf-color-social, #d84315); }
  .card.type-break {
    border-style: dashed;
    border-inline-start-style: solid;
  }
  .card-top {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 28px;
  }
  .badge {
    font-size: 0.75em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    font-weight: 600;
    color: var(--_muted);
  }
  .live {
    font-size: 0.75em;
    font-weight: 700;
    color: #fff;
    background: var(--_live);
    border-radius: 999px;
    padding: 0 0.5em;
  }
  .star {
    margin-inline-start: auto;
    display: inline-grid;
    place-items: center;
    width: 36px;
    height: 36px;
    border: 0;
    border-radius: 50%;
    background: none;
    color: var(--_muted);
    flex: none;
    /* Above the title link's card-wide target. */
    position: relative;
    z-index: 1;
  }
  .star svg {
    width: 20.8px;
    height: 20.8px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.6;
    stroke-linejoin: round;
  }
  .star[aria-pressed='true'] {
    color: var(--_star);
  }
  .star[aria-pressed='true'] svg {
    fill: currentColor;
  }
  .title {
    font-size: 1.05em;
    line-height: 1.3;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .title a {
    color: inherit;
    text-decoration: none;
  }
  .title a:hover {
    text-decoration: underline;
  }
  /*
   * The whole card is the title link's target (WCAG 2.2 target size: a one-line title alone is
   * under 24 px high); the link stays the one focusable, named thing, the star sits above it.
   */
  .title a::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: var(--_radius);
  }
  .meta,
  .speakers {
    font-size: 0.9em;
    color: var(--_muted);
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0 12px;
  }
  .local {
    font-size: 0.92em;
  }
`;
