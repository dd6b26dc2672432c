/** The list view's styles (list.view.ts), with the rendering cost of a long day. */
import { css } from 'lit';

/**
 * Rendering cost of the list, beside the code it governs. A day holds hundreds of cards; laying
 * out and painting all of them on every keystroke (clearing the search shows them all again) cost
 * up to a dozen frames. `content-visibility: auto` skips cards away from the viewport. It sits on
 * each card, not on the slot: a skipped box takes its placeholder size, and a slot's height
 * depends on how many cards share a row, which CSS cannot estimate; a slot estimated too short let
 * its cards overflow onto the next slot's, stars overlapping stars (WCAG 2.5.8 target size). A
 * card's placeholder is taller than a card usually is, so a skipped card never spills onto its
 * neighbour; once drawn the browser remembers its height (`auto`). Print draws everything.
 */
export const listStyles = css`
  /* --- list view ------------------------------------------------------------------------------ */
  /*
   * The day's slots in block flow, spaced by their own margins, not a grid's gap: a search
   * keystroke shows and hides dozens of slots, and laying out a grid of them again cost a phone
   * about a tenth more of the keystroke's frame. The list's negative end margin takes back the
   * last shown slot's, as the gap had none there; hidden slots have no box, hence no margin.
   */
  .list {
    display: flow-root;
    margin-block-end: -16px;
  }
  .list > .slot {
    margin-block-end: 16px;
  }
  .slot {
    display: grid;
    gap: 8px;
  }
  .slot-time {
    white-space: nowrap;
    font-size: 1.1em;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    position: sticky;
    /* Below the site's own sticky header, when the page says how tall it is. */
    top: var(--conf-sticky-top, 0px);
    z-index: 1;
    background: var(--_backdrop);
    padding-block: 4px;
  }
  .slot {
    scroll-margin-block-start: var(--conf-sticky-top, 0px);
  }
  .slot-items {
    display: grid;
    gap: 8px;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 272px), 1fr));
  }
  @container (min-width: 640px) {
    .slot {
      grid-template-columns: 104px 1fr;
      align-items: start;
    }
    .slot-time {
      padding-block: 8px;
    }
  }

  .slot-item {
    content-visibility: auto;
    contain-intrinsic-block-size: auto 240px;
  }
  /* A windowed list builds only what is near the screen: nothing to skip, and skipped boxes would be measured at the placeholder size. */
  .windowed .slot-item {
    content-visibility: visible;
  }
  .slot-gap {
    grid-column: 1 / -1;
    block-size: var(--gap-height, 0px);
  }
  @media print {
    .slot-item {
      content-visibility: visible;
    }
    /* Paper spaces slots its own way (schedule.styles.ts). */
    .list,
    .list > .slot {
      margin-block-end: 0;
    }
  }
`;
