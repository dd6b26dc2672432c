/**
 * The schedule's styles. Layout follows the element's own width through container queries on
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

  /* --- list view ------------------------------------------------------------------------------ */
  .list {
    display: grid;
    gap: 16px;
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
    /* --_hour-auto: from the day's shortest common event (schedule-grid.ts); the page's setting wins. */
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

  /* --- screen view ---------------------------------------------------------------------------- */
  /*
   * A kiosk cannot scroll: the screen fills the element's box and never overflows it. The page
   * gives the box its size (screen.html: the viewport); with no height set, a 16:9 box. The
   * explicit width keeps the ratio from widening a box whose height the page did set.
   */
  :host([view='screen']) {
    width: 100%;
    aspect-ratio: 16 / 9;
  }
  .root.view-screen {
    container-type: size;
    display: flex;
    flex-direction: column;
    gap: 0;
    height: 100%;
    overflow: hidden;
  }
  /* Diagnostics float over the screen's foot instead of pushing the programme off it. */
  :host([view='screen']) .notice {
    position: absolute;
    inset-inline: 0.5em;
    inset-block-end: 0.5em;
    z-index: 5;
    margin: 0;
    background: var(--_surface);
  }
  /*
   * The stale marker floats over the header's start too: a failed refresh must not shrink the
   * venue area, or the cards would regroup on every network blip.
   */
  .view-screen > .stale {
    position: absolute;
    inset-block-start: 0;
    inset-inline-start: 0;
    max-width: 60%;
    z-index: 5;
    margin: 0;
  }
  .view-screen > [part='loading'] {
    flex: 1 1 0;
    min-height: 0;
    display: flex;
    flex-direction: column;
  }
  .skeleton-screen {
    flex: 1 1 0;
    min-height: 0;
    grid-template-rows: auto 1fr 1fr;
  }
  /*
   * Signage read from the back of a room: one type size for the whole screen, fixed by the box's
   * short side (titles 1.5em: 37 px on a 1080 px high screen inside the demo's margins, 75 px on
   * 4K), never by how many rooms there are; rooms that do not fit at that size take turns (the
   * pager in schedule-screen.ts reads this size and SCREEN_CARD_EM says what a card needs).
   */
  .screen {
    flex: 1 1 0;
    min-height: 0;
    display: grid;
    grid-template-rows: auto minmax(0, 1fr);
    gap: 0.7em;
    font-size: max(12px, 2.5cqmin);
    line-height: 1.2;
  }
  .screen-head {
    display: flex;
    /* A long room or conference name on a narrow screen takes a line of its own rather than an ellipsis. */
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.8em;
    min-width: 0;
    padding-block-end: 0.45em;
    border-block-end: 2px solid var(--_border);
  }
  .screen-heading {
    font-size: 1.8em;
    line-height: 1.15;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .screen-page {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .screen-id {
    margin-inline-start: auto;
    min-width: 0;
    text-align: end;
  }
  .screen-conference {
    font-size: 1.35em;
    font-weight: 700;
    line-height: 1.15;
    overflow-wrap: anywhere;
  }
  .clock-day {
    color: var(--_muted);
  }
  .clock time {
    display: block;
    font-size: 2.6em;
    font-weight: 700;
    line-height: 1.15;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .screen-body {
    container-type: size;
    min-height: 0;
    overflow: hidden;
  }
  .screen-venues {
    display: grid;
    height: 100%;
    gap: 0.6em;
    grid-template-columns: repeat(var(--cols, 1), minmax(0, 1fr));
    /* Fixed tracks: a half-empty last page keeps the cards where the full pages had them. */
    grid-template-rows: repeat(var(--rows, 1), minmax(0, 1fr));
  }
  .screen-venue {
    display: flex;
    flex-direction: column;
    gap: 0.35em;
    min-width: 0;
    min-height: 0;
    overflow: hidden;
    padding: 0.55em 0.8em 0.6em;
    border-radius: var(--_radius);
    border: 2px solid var(--_border);
    background: color-mix(in srgb, var(--_text) 4%, var(--_surface));
  }
  /* A tall card (portrait screens) gives its titles a third and fourth line before any ellipsis. */
  .screen-venues:not(.single) > .screen-venue {
    container: venue / size;
  }
  @container venue (min-height: 21em) {
    .screen-title { --_lines: 3; }
  }
  @container venue (min-height: 25em) {
    .screen-title { --_lines: 4; }
  }
  .screen-venue-name {
    flex: none;
    font-size: 1.35em;
    line-height: 1.15;
    overflow-wrap: anywhere;
  }
  .screen-now {
    flex: 0 1 auto;
    min-height: 0;
    overflow: hidden;
  }
  /*
   * One height for every card's "next" of a row, pinned to the card's foot: the NEXT rules line
   * up across the row whatever each room's next session is. This is the height before the first
   * measurement (its line, two title lines, the speakers); fitScreenLines in schedule-screen.ts
   * then sets each row's height and lines from the room its cards leave.
   */
  .screen-next {
    flex: none;
    margin-block-start: auto;
    padding-block-start: 0.4em;
    border-block-start: 2px solid var(--_border);
    block-size: 7.1em;
    overflow: hidden;
  }
  .screen-next .screen-title {
    --_lines: 2;
  }
  .screen-label {
    font-size: 0.85em;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    font-weight: 800;
    color: var(--_accent-text);
  }
  /* Label, times and kind wrap as whole pieces: a time is never cut. */
  .screen-when {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.5em;
    color: var(--_muted);
  }
  .screen-when .time,
  .screen-when .badge,
  .screen-left,
  .screen-day {
    white-space: nowrap;
  }
  .screen-left {
    font-size: 0.85em;
  }
  /* Nothing runs yet: when it starts is this card's news, at the size of a title. */
  .screen-soon {
    color: var(--_text);
    font-size: 1.5em;
    font-weight: 700;
    line-height: 1.15;
  }
  .screen-when .badge {
    font-size: 0.85em;
  }
  .screen-when + .screen-title {
    margin-block-start: 0.1em;
  }
  /* Long titles and speaker lists end in an ellipsis (the full text is the title attribute). */
  .screen .clamp {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--_lines, 2);
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .screen-title {
    font-size: 1.5em;
    font-weight: 700;
    line-height: 1.15;
  }
  .screen-speakers {
    --_lines: 1;
    color: var(--_muted);
  }
  .screen-now.several .screen-title {
    --_lines: 1;
  }
  .screen-event + .screen-event {
    margin-block-start: 0.4em;
  }
  .screen-done {
    font-size: 1.5em;
  }
  /* One venue: its now and next take the whole box, stacked, or side by side when it is wide. */
  .screen-venues.single {
    font-size: clamp(14px, min(100cqw / 20, 100cqh / 22), 140px);
  }
  /* The room's own screen: its times matter more than one line, so they wrap instead of ending in "…". */
  .single .screen-when {
    white-space: normal;
    line-height: 1.3;
  }
  .single .local {
    display: block;
  }
  .single .screen-venue {
    display: grid;
    grid-template-rows: minmax(0, 1.4fr) minmax(0, 1fr);
    gap: 0.8em;
    padding: 0.8em 1em;
  }
  .single .screen-now,
  .single .screen-next {
    margin: 0;
    overflow: hidden;
  }
  .single .screen-next {
    border-block-start: 1px solid var(--_border);
    padding-block-start: 0.6em;
    block-size: auto;
  }
  .single .screen-next .screen-title {
    --_lines: 3;
  }
  .single .screen-title {
    --_lines: 3;
  }
  .single .screen-now .screen-title {
    font-size: 1.5em;
  }
  @container (min-aspect-ratio: 3 / 2) {
    .screen-venues.single {
      font-size: clamp(14px, min(100cqw / 30, 100cqh / 13), 140px);
    }
    .single .screen-venue {
      grid-template-rows: minmax(0, 1fr);
      grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
      gap: 1.2em;
    }
    .single .screen-next {
      border-block-start: 0;
      padding-block-start: 0;
      border-inline-start: 1px solid var(--_border);
      padding-inline-start: 1.2em;
    }
  }

  /* --- dialog --------------------------------------------------------------------------------- */
  dialog {
    width: min(640px, calc(100vw - 32px));
    max-width: calc(100vw - 32px);
    overflow-x: hidden;
    max-height: calc(100dvh - 32px);
    padding: 0;
    border: 0;
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    box-shadow: 0 16px 48px rgb(0 0 0 / 0.3);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  .dialog-body {
    display: grid;
    gap: 14.4px;
    padding: 16px 20px 20px;
  }
  .dialog-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  .dialog-head .star {
    margin-inline-start: auto;
  }
  .dialog-close-form {
    margin: 0;
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border: 0;
    border-radius: 50%;
    background: none;
  }
  .icon-button svg {
    width: 20px;
    height: 20px;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
  }
  .dialog-title {
    font-size: 1.4em;
    line-height: 1.25;
    overflow-wrap: break-word;
  }
  /* It takes focus when the dialog opens (core/detail-dialog-controller.ts): no ring on a heading. */
  .dialog-title:focus {
    outline: none;
    box-shadow: none;
  }
  .facts {
    display: grid;
    gap: 5.6px;
    margin: 0;
  }
  /* Label and value side by side in every row, the track's too; values wrap inside the dialog. */
  .facts div {
    display: grid;
    grid-template-columns: 6.5em minmax(0, 1fr);
    gap: 8px;
  }
  .facts dt {
    color: var(--_muted);
  }
  .facts dd {
    overflow-wrap: break-word;
  }
  .description {
    display: grid;
    gap: 9.6px;
  }
  .dialog-speakers {
    display: grid;
    gap: 6.4px;
  }
  .dialog-speakers h3 {
    font-size: 1em;
  }
  .dialog-speakers ul {
    display: grid;
    gap: 4.8px;
  }
  .affiliation {
    display: block;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .dialog-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  .action-status {
    font-size: 0.9em;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }

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
