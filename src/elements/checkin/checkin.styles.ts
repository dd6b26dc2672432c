import { css } from 'lit';

/**
 * A door kiosk: the result fills most of the screen in one colour with one large word, readable
 * from two metres; everything else (input, counters, history, buttons) is smaller below it.
 * Colours keep a 4.5:1 contrast for their text in both themes.
 */
export const checkinStyles = css`
  :host {
    /* Read from two metres at a door, on a page of its own: the elements' sans-serif stack, not the page's. */
    font-family: var(--conf-font, var(--_own-font)) !important;
    --_ok: var(--conf-checkin-ok, #146c2e);
    --_already: var(--conf-checkin-already, #f0b400);
    --_on-already: #231a00;
    --_refused: var(--conf-checkin-refused, #b3261e);
    --_queued: var(--conf-checkin-queued, #3a3f9c);
    --_ready: var(--_subtle);
    --_result-height: var(--conf-checkin-result-height, 52vh);
  }
  :host(:fullscreen) {
    --_result-height: 62vh;
    overflow: auto;
    /* Full screen has no page behind it (the backdrop is black): the kiosk paints its own surface. */
    background: var(--_surface) !important;
  }
  .kiosk {
    display: grid;
    gap: var(--_space);
    padding: var(--_space);
  }
  .result {
    min-height: var(--_result-height);
    display: grid;
    align-content: center;
    justify-items: center;
    gap: 0.3em;
    padding: var(--_space);
    border-radius: var(--_radius);
    text-align: center !important;
    background: var(--_ready);
    color: var(--_text);
  }
  .result .word {
    margin: 0;
    font-size: clamp(40px, 8vw, 112px);
    font-weight: 800;
    line-height: 1.05;
  }
  .result .who {
    margin: 0;
    font-size: clamp(24px, 4vw, 56px);
    font-weight: 600;
  }
  .result .more {
    margin: 0;
    font-size: clamp(18px, 2.6vw, 34px);
  }
  .result.checked-in { background: var(--_ok); color: #fff; }
  .result.already, .result.already-here { background: var(--_already); color: var(--_on-already); }
  .result.refused, .result.setup { background: var(--_refused); color: #fff; }
  .result.queued { background: var(--_queued); color: #fff; }
  .scan-form {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
    align-items: end;
  }
  .scan-form label, .setup label {
    display: grid;
    gap: 0.25em;
    font-size: 0.95em;
  }
  .scan-form label { flex: 1 1 14em; }
  input, select {
    font-size: 1.25em;
    padding: 0.45em 0.6em;
    border: 2px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    min-width: 0;
  }
  input:focus-visible, select:focus-visible, button:focus-visible {
    outline: none;
    box-shadow: var(--_focus);
  }
  .button { font-size: 1.1em; min-height: 2.6em; }
  .button[aria-pressed='true'] {
    background: var(--_subtle);
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
  }
  .button[aria-pressed='true']::before { content: '✓ '; }
  .counters {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(8em, 1fr));
    gap: 0.5em;
    margin: 0;
  }
  .counters div {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.4em 0.6em;
  }
  .counters dt { font-size: 0.85em; color: var(--_muted); }
  .counters dd { margin: 0; font-size: 2em; font-weight: 700; }
  .history {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.25em;
  }
  /* On a phone a line wraps between its pieces (time, code, name, status), never inside one. */
  .history li {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.75em;
    padding: 0.3em 0.6em;
    border-inline-start: 6px solid var(--_border);
  }
  .history li > span {
    white-space: nowrap;
  }
  .history li > span:nth-child(3) {
    flex: 1 1 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .history li.checked-in { border-color: var(--_ok); }
  .history li.already { border-color: var(--_already); }
  .history li.refused { border-color: var(--_refused); }
  .history li.queued { border-color: var(--_queued); }
  .history .time { color: var(--_muted); font-variant-numeric: tabular-nums; }
  .history .code { font-family: ui-monospace, monospace; }
  .tools {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
  }
  .banner {
    margin: 0;
    padding: 0.6em 0.8em;
    border-radius: var(--_radius);
    border: 2px solid var(--_refused);
    font-weight: 600;
  }
  .setup {
    display: grid;
    gap: var(--_space);
    max-width: 36em;
    padding: var(--_space);
  }
  .setup h2 { margin: 0; font-size: 1.6em; }
  .setup .check { display: flex; gap: 0.5em; align-items: center; }
  .setup .check input { width: 1.3em; height: 1.3em; }
  /* Save stays on screen (a 768 px tablet's setup is taller than the screen): stuck to its foot. */
  .setup .actions {
    display: flex;
    gap: 0.5em;
    flex-wrap: wrap;
    position: sticky;
    bottom: 0;
    padding-block: 0.5em;
    background: var(--_backdrop);
    box-shadow: 0 -1px 0 var(--_border);
  }
  .setup .intro { margin: 0; font-size: 1.05em; }
  .setup .hint { margin: 0; color: var(--_muted); font-size: 0.9em; }
  .setup .error { margin: 0; color: var(--_danger); font-weight: 600; }
  .camera {
    display: grid;
    gap: 0.5em;
  }
  /*
   * A phone at the door: a smaller result panel and counters three to a row, so the scan field,
   * the counters and the controls stay on the first screen below it.
   */
  @media (max-width: 600px) {
    :host {
      --_result-height: var(--conf-checkin-result-height, 38vh);
    }
    .kiosk { gap: 0.75em; padding: 0.75em; }
    .counters { grid-template-columns: repeat(auto-fit, minmax(6.5em, 1fr)); gap: 0.4em; }
    .counters div { padding: 0.25em 0.5em; }
    .counters dd { font-size: 1.5em; }
  }
  video {
    width: 100%;
    max-height: 40vh;
    border-radius: var(--_radius);
    background: #000;
    object-fit: contain;
  }
`;
