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
  @container (min-width: 768px) {
    .toolbar {
      grid-template-columns: minmax(224px, 1fr) auto;
    }
    .toolbar .type-filter,
    .toolbar .share,
    .toolbar .message {
      grid-column: 1 / -1;
    }
  }
  .search-field {
    display: block;
  }
  .venue-filter {
    position: relative;
  }
  .venue-filter summary {
    list-style: none;
    width: 100%;
  }
  .venue-filter summary::-webkit-details-marker {
    display: none;
  }
  .venue-filter summary::after {
    content: '▾';
    margin-inline-start: auto;
  }
  .venue-filter fieldset,
  .type-filter {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  .venue-filter fieldset {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
    gap: 4px 16px;
    padding: 8px 4px;
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
    top: 0;
    z-index: 1;
    background: var(--_surface);
    padding-block: 4px;
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
    max-height: min(80vh, 960px);
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
    background: var(--_surface);
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
    background: var(--_surface);
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
    width: 1.75em;
    height: 1.75em;
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
  .view-screen > .stale {
    flex: none;
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
  .screen {
    flex: 1 1 0;
    min-height: 0;
    display: grid;
    grid-template-rows: auto minmax(0, 1fr);
    gap: 0.6em;
    /* Header type from the box's width and height, so a wide but short box keeps room for the venues. */
    font-size: clamp(14px, min(1.9cqw, 3.4cqh), 72px);
  }
  .screen-head {
    display: flex;
    /* A long room name on a narrow screen takes a line of its own rather than an ellipsis. */
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25em 1em;
    min-width: 0;
  }
  .screen-heading {
    font-size: 1.8em;
    line-height: 1.15;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .screen-page {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .clock {
    display: flex;
    flex-wrap: wrap;
    justify-content: end;
    align-items: baseline;
    gap: 0 0.6em;
    margin-inline-start: auto;
    text-align: end;
  }
  .clock time {
    font-size: 2.2em;
    font-weight: 700;
    line-height: 1;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .clock-day {
    color: var(--_muted);
    white-space: nowrap;
  }
  .screen-body {
    container-type: size;
    min-height: 0;
    overflow: hidden;
  }
  .screen-venues {
    --_gap: 0.75em;
    display: grid;
    height: 100%;
    gap: var(--_gap);
    grid-template-columns: repeat(var(--cols, 1), minmax(0, 1fr));
    /* Fixed tracks: a half-empty last page keeps the cards where the full pages had them. */
    grid-template-rows: repeat(var(--rows, 1), minmax(0, 1fr));
    /* The card's em budget (SCREEN_CARD_EM in schedule-screen.ts) fitted into the box. */
    font-size: clamp(10px, min(100cqw / (var(--cols, 1) * 18.75), 100cqh / (var(--rows, 1) * 16.5)), 44px);
  }
  .screen-venue {
    display: flex;
    flex-direction: column;
    gap: 0.55em;
    min-width: 0;
    min-height: 0;
    overflow: hidden;
    padding: 0.7em 0.85em;
    border-radius: var(--_radius);
    border: 1px solid var(--_border);
  }
  .screen-venue-name {
    flex: none;
    font-size: 1.2em;
    line-height: 1.2;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .screen-now {
    flex: 0 1 auto;
    min-height: 0;
    overflow: hidden;
  }
  .screen-next {
    flex: none;
    margin-block-start: auto;
  }
  .screen-label {
    font-size: 0.78em;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    font-weight: 700;
    color: var(--_accent-text);
    margin-inline-end: 0.3em;
  }
  .screen-when,
  .screen-speakers {
    color: var(--_muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .screen-when .badge {
    font-size: 0.72em;
  }
  .screen-title {
    font-weight: 700;
    line-height: 1.2;
    /* Long titles end in an ellipsis (the full one is the title attribute) instead of pushing out. */
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .screen-now .screen-title {
    font-size: 1.25em;
  }
  .screen-now.several .screen-title {
    -webkit-line-clamp: 1;
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
  }
  .single .screen-title {
    -webkit-line-clamp: 3;
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
  }
  .facts {
    display: grid;
    gap: 5.6px;
    margin: 0;
  }
  .facts div {
    display: grid;
    grid-template-columns: 80px 1fr;
    gap: 8px;
  }
  .facts dt {
    color: var(--_muted);
  }
  .facts .track {
    grid-column: 1 / -1;
    color: var(--_muted);
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
    dialog {
      display: none !important;
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
