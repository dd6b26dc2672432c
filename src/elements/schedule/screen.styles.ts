/** The venue screen's styles (screen.view.ts): type sized in container units to fill any display. */
import { css } from 'lit';

export const screenStyles = css`
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
   * pager in screen.view.ts reads this size and SCREEN_CARD_EM says what a card needs).
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
   * measurement (its line, two title lines, the speakers); fitScreenLines in screen.view.ts
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
`;
