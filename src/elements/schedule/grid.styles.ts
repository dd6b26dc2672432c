/** The grid view's styles (grid.view.ts). */
import { css } from 'lit';

export const gridStyles = css`
  /* --- grid view ------------------------------------------------------------------------------ */
  .grid-scroll {
    overflow: auto;
    /*
     * The grid scrolls inside its own box, its room names stuck to that box's top: the box fits
     * the screen below a site's sticky header (--conf-sticky-top), and scrolling to it stops
     * below that header, so the room names are never under it.
     */
    max-height: min(80vh, 960px, calc(100vh - var(--conf-sticky-top, 0px) - 16px));
    scroll-margin-block-start: var(--conf-sticky-top, 0px);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overscroll-behavior-x: contain;
  }
  .grid {
    /* --_hour-auto: from the day's shortest common event (grid.view.ts); the page's setting wins. */
    --_hour: var(--conf-schedule-hour-height, var(--_hour-auto, 13.5em));
    display: grid;
    grid-template-columns: 80px repeat(var(--cols), minmax(var(--_col), 1fr));
    grid-template-rows: auto repeat(var(--rows), calc(var(--_hour) / 12));
    min-width: min-content;
    position: relative;
  }
  .grid-corner,
  .grid-venue {
    grid-row: 1;
    position: sticky;
    top: 0;
    z-index: 3;
    background: var(--_backdrop);
    border-block-end: 1px solid var(--_border);
  }
  .grid-corner {
    grid-column: 1;
    left: 0;
    z-index: 4;
  }
  .grid-venue {
    grid-column: var(--c);
    padding: 8px;
    display: grid;
    font-weight: 600;
  }
  .grid-venue .floor {
    font-weight: 400;
    font-size: 0.8em;
    color: var(--_muted);
  }
  .grid-hour {
    grid-column: 1 / -1;
    grid-row: var(--r) / span 12;
    border-block-start: 1px solid var(--_border);
    pointer-events: none;
  }
  .grid-hour span {
    position: sticky;
    left: 0;
    display: inline-block;
    width: 80px;
    white-space: nowrap;
    padding: 2.4px 6.4px;
    font-size: 0.8em;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
    background: var(--_backdrop);
    z-index: 2;
  }
  .grid-cell {
    /* Each card adapts what it shows to its own height (container queries below). */
    container: cell / size;
    grid-column: var(--c);
    grid-row: var(--r) / span var(--s);
    width: calc(100% / var(--lanes));
    margin-inline-start: calc(100% * var(--lane) / var(--lanes));
    padding: 2px;
    min-height: 0;
    z-index: 1;
  }
  .grid-cell .card {
    overflow: hidden;
    padding: 0.3em 0.45em;
    font-size: 0.88em;
    gap: 0.1em;
  }
  .grid-cell .card-top {
    min-height: 0;
  }
  .grid-cell .star {
    width: max(24px, 1.75em);
    height: max(24px, 1.75em);
  }
  /*
   * A title longer than its card ends in an ellipsis (the whole one is in the link's title and
   * the dialog); the lines it may take, and the extras shown, grow with the card's height.
   */
  .grid-cell .title {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--_lines, 2);
    overflow: hidden;
  }
  .grid-cell .meta,
  .grid-cell .speakers {
    display: block;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .grid-cell .local,
  .grid-cell .speakers {
    display: none;
  }
  @container cell (max-height: 6.25em) {
    .grid-cell .title { --_lines: 1; }
  }
  @container cell (max-height: 4.25em) {
    .grid-cell .meta { display: none; }
  }
  @container cell (min-height: 9em) {
    .grid-cell .local,
    .grid-cell .speakers { display: block; }
  }
  @container cell (min-height: 9.75em) {
    .grid-cell .title { --_lines: 3; }
  }
  @container cell (min-height: 14em) {
    .grid-cell .title { --_lines: 4; }
  }
`;
