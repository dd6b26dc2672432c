/**
 * The schedule's own styles: host, toolbar and day tabs; each view has its own file
 * (card, list, grid, screen and dialog `.styles.ts`). Layout follows the element's own width through container queries on
 * `.root` (the same schedule sits in a sidebar and on a 4K lobby screen), and the venue screen
 * sizes its type in container units so it fills whatever display it is given.
 */
import { css } from 'lit';

export const scheduleStyles = css`
  :host {
    --_col: var(--conf-schedule-column-width, 176px);
    --_live: var(--conf-color-live, #c62828);
    --_star: var(--conf-color-star, #c98a00);
  }
  /*
   * The venue screen is read from across a room and fills a page of its own: it keeps the
   * elements' sans-serif stack (open, even letterforms) rather than inheriting a page's serif.
   */
  :host([view='screen']) {
    font-family: var(--conf-font, var(--_own-font)) !important;
  }
  .root {
    container-type: inline-size;
    display: grid;
    /* minmax(0, …): the wide grid scrolls inside its region instead of widening the toolbar. */
    grid-template-columns: minmax(0, 1fr);
    gap: 12px;
  }

  /* --- toolbar ---------------------------------------------------------------------------- */
  .toolbar {
    display: grid;
    gap: 8px;
    grid-template-columns: 1fr;
    align-items: start;
  }
  /* Wide: the filters sit in the toolbar's grid as before; the fold's box does not exist. */
  .foldable {
    display: contents;
  }
  .filters-toggle {
    display: none;
  }
  .now-jump {
    justify-self: start;
  }
  @container (min-width: 768px) {
    .toolbar {
      grid-template-columns: minmax(224px, 1fr) auto auto;
    }
    .toolbar .venue-filter {
      grid-column: 3;
    }
    .toolbar .type-filter,
    .toolbar .actions,
    .toolbar .share,
    .toolbar .message {
      grid-column: 1 / -1;
    }
  }
  /*
   * Narrow (a phone, a sidebar): search, "Jump to now" and one "Filters" button in a row; the
   * rooms, kinds and agenda actions unfold below it, so the programme starts on the first screen.
   */
  @container (max-width: 599px) {
    .toolbar {
      grid-template-columns: minmax(0, 1fr) auto auto;
    }
    .filters-toggle {
      display: inline-flex;
    }
    .filters-toggle .tab-count {
      margin-inline-start: 0.3em;
    }
    .toolbar .foldable {
      grid-column: 1 / -1;
      display: grid;
      gap: 8px;
    }
    .toolbar.folded .foldable {
      display: none;
    }
    .toolbar .share,
    .toolbar .message {
      grid-column: 1 / -1;
    }
  }
  .show-all {
    justify-self: start;
    margin-block-start: 12px;
  }
  .grid-fallback {
    color: var(--_muted);
    font-size: 0.9em;
    margin-block-end: 8px;
  }
  .search-field {
    display: block;
  }
  /* The rooms float over the programme in a panel: opening it moves nothing on the page. */
  .venue-filter {
    position: relative;
  }
  .venue-filter.open {
    z-index: 20;
  }
  .venue-toggle {
    width: 100%;
  }
  .venue-toggle::after {
    content: '▾';
    margin-inline-start: auto;
  }
  .venue-panel {
    position: absolute;
    inset-block-start: calc(100% + 4px);
    inset-inline-end: 0;
    min-width: max(100%, 14em);
    max-width: min(24em, 90vw);
    max-height: min(60vh, 26em);
    overflow-y: auto;
    padding: 4px;
    background: var(--_surface);
    color: var(--_text);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: 0 8px 28px rgb(0 0 0 / 0.2);
  }
  .venue-panel[hidden] {
    display: none;
  }
  .venue-panel ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .venue-option {
    display: flex;
    gap: 10px;
    align-items: center;
    min-height: 36px;
    padding: 4px 10px;
    border-radius: calc(var(--_radius) / 2);
    cursor: pointer;
  }
  .venue-option:hover,
  .venue-option:focus-visible {
    background: var(--_subtle);
  }
  .venue-option .tick {
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 18px;
    height: 18px;
    border: 2px solid var(--_muted);
    border-radius: 4px;
  }
  .venue-option[aria-selected='true'] .tick {
    background: var(--_primary);
    border-color: var(--_primary);
  }
  .venue-option[aria-selected='true'] .tick::after {
    content: '';
    width: 5px;
    height: 10px;
    margin-block-start: -2px;
    border: solid var(--_on-primary, #fff);
    border-width: 0 2px 2px 0;
    transform: rotate(45deg);
  }
  .type-filter {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  .check {
    display: flex;
    gap: 8px;
    align-items: center;
    min-height: 36px;
  }
  .type-filter {
    display: flex;
    flex-wrap: wrap;
    gap: 6.4px;
  }
  @container (max-width: 640px) {
    /* One swipeable row of chips instead of three rows pushing the programme down. */
    .type-filter {
      flex-wrap: nowrap;
      overflow-x: auto;
      padding-block-end: 4px;
      scrollbar-width: thin;
    }
    .chip {
      flex: none;
    }
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 5.6px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    padding: 3.2px 12px 3.2px 8px;
    min-height: 36px;
    cursor: pointer;
    font-size: 0.9em;
  }
  .chip:has(input:checked) {
    background: var(--_subtle);
    border-color: var(--_primary);
  }
  .chip input,
  .check input {
    accent-color: var(--_primary);
    margin: 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 6.4px;
  }
  .view-switch {
    display: inline-flex;
  }
  .view-switch .button:first-child {
    border-start-end-radius: 0;
    border-end-end-radius: 0;
  }
  .view-switch .button:last-child {
    border-start-start-radius: 0;
    border-end-start-radius: 0;
    margin-inline-start: -1px;
  }
  .button[aria-pressed='true'] {
    background: var(--_subtle);
    border-color: var(--_primary);
    font-weight: 600;
  }
  .share {
    display: grid;
    gap: 4px;
    font-size: 0.9em;
  }
  .message:empty {
    display: none;
  }
  .message {
    font-size: 0.9em;
    color: var(--_muted);
  }
  .import {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    align-items: center;
    padding: 12px var(--_space);
    border-radius: var(--_radius);
    background: var(--_subtle);
    border-inline-start: 4px solid var(--_primary);
  }
  .import p {
    flex: 1 1 256px;
  }

  /* --- day tabs ----------------------------------------------------------------------------- */
  .tabs {
    display: flex;
    gap: 4px;
    overflow-x: auto;
    border-block-end: 1px solid var(--_border);
    scrollbar-width: thin;
  }
  /*
   * A row that scrolls sideways (day tabs, and the chips on a phone) fades out at each edge it
   * continues past, so a cut tab reads as "more this way". A scroll-driven animation: no script,
   * and no fade at all while the row fits (its scroll timeline is then inactive).
   */
  @keyframes edge-fade {
    from { mask-image: linear-gradient(to left, transparent, #000 2.5em); }
    1%, 99% { mask-image: linear-gradient(to right, transparent, #000 2.5em, #000 calc(100% - 2.5em), transparent); }
    to { mask-image: linear-gradient(to right, transparent, #000 2.5em); }
  }
  .tabs,
  .type-filter {
    animation: edge-fade linear both;
    animation-timeline: scroll(self inline);
  }
  [role='tab'] {
    flex: 0 0 auto;
    border: 0;
    background: none;
    padding: 9.6px 16px;
    min-height: 44px;
    border-block-end: 3px solid transparent;
    color: var(--_muted);
    white-space: nowrap;
  }
  .tab-count {
    display: inline-block;
    min-width: 1.7em;
    margin-inline-start: 0.45em;
    padding: 0 0.45em;
    border-radius: 999px;
    background: var(--_subtle);
    color: var(--_accent-text);
    font-size: 0.8em;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    text-align: center;
  }
  .tab-count.none {
    color: var(--_muted);
    font-weight: 400;
  }
  [role='tab'][aria-selected='true'] {
    color: var(--_text);
    border-block-end-color: var(--_primary);
    font-weight: 600;
  }
`;

/** Last in the cascade: the loading skeleton, paper and forced colours, over every view. */
export const scheduleLastStyles = css`
  /* --- skeleton: the same rough shape as the content, so nothing jumps when it arrives ------- */
  .skeleton-list,
  .skeleton-screen {
    display: grid;
    gap: 12px;
  }
  .sk-toolbar { height: 40px; }
  .sk-tabs { height: 44px; width: 60%; }
  .sk-card { height: 88px; }
  .sk-clock { height: 4em; width: 40%; justify-self: end; }
  .sk-block { min-height: 0; }

  @media print {
    .tabs,
    .toolbar,
    .star,
    .import,
    .live,
    .show-all,
    .now-jump,
    dialog {
      display: none !important;
    }
    /* Paper has no "now": a running event prints as any other, and the page's background shows. */
    :host {
      background: transparent !important;
    }
    /*
     * Block flow, not grid, for the day's slots: Chromium moves a grid row that does not fit the
     * rest of a page whole onto the next one, so below a heading and an intro the first slot
     * left page 1 blank (how much was left depended on the viewer's zone, through the bracketed
     * local times). Blocks break between slots and cards like text.
     */
    .list,
    .slot {
      display: block;
    }
    .slot + .slot {
      margin-block-start: 16px;
    }
    .slot-time {
      margin-block-end: 8px;
    }
    .grid-scroll {
      overflow: visible;
      max-height: none;
    }
    /* A slot of twelve rooms can outgrow a page: only its time stays with its first event. */
    .slot-time {
      position: static;
      break-after: avoid;
    }
    .card {
      break-inside: avoid;
    }
    .print-day + .print-day {
      break-before: page;
    }
    .print-day-title {
      font-size: 1.3em;
      margin-block-end: 8px;
      break-after: avoid;
    }
    .print-note {
      margin-block-end: 12px;
      font-style: italic;
    }
  }
  @media (forced-colors: active) {
    .card {
      border-inline-start-width: 4px;
    }
    .star[aria-pressed='true'] svg {
      fill: CanvasText;
    }
  }
`;
