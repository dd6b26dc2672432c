/**
 * The shared style surface. Public knobs are `--conf-*` custom properties (inherited through the
 * shadow boundary on purpose); everything else derives from them into private `--_*` locals on
 * `:host`. `all: initial` on the host stops inherited host-page text styles (letter-spacing,
 * text-transform, line-height, …) from leaking in; host selectors cannot reach inside at all.
 */
import { css } from 'lit';

export const themeStyles = css`
  :host {
    all: initial;
    display: block;
    contain: layout style;
    color-scheme: light;

    --_primary: var(--conf-color-primary, #2456c8);
    /*
     * Text on the primary colour: black or white, whichever reads on it (OKLCH lightness above
     * ~0.565 takes black), so a site's brand colour never leaves a button at 3:1.
     */
    --_on-primary: var(--conf-color-on-primary, oklch(from var(--_primary) clamp(0, (0.565 - l) * 1000, 1) 0 0));
    --_text: var(--conf-color-text, #1b1f27);
    --_surface: var(--conf-color-surface, #fff);
    --_muted: var(--conf-color-muted, color-mix(in srgb, var(--_text) 72%, var(--_surface)));
    --_border: var(--conf-color-border, color-mix(in srgb, var(--_text) 16%, var(--_surface)));
    --_subtle: var(--conf-color-subtle, color-mix(in srgb, var(--_primary) 7%, var(--_surface)));
    --_accent-text: color-mix(in srgb, var(--_primary) 78%, var(--_text));
    --_danger: var(--conf-color-danger, #b3261e);
    --_warning: var(--conf-color-warning, #8a5a00);
    --_font-size: var(--conf-font-size, 16px);
    /*
     * The elements' own font stack, for views read from a distance (the venue screen, the check-in
     * kiosk), which fill a page of their own and must not take a CMS theme's serif body text.
     */
    --_own-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    --_radius: var(--conf-radius, 8px);
    --_space: var(--conf-spacing, 16px);
    --_focus: var(--conf-focus-ring, 0 0 0 3px color-mix(in srgb, var(--_primary) 45%, transparent));
    /* What shows behind the element: the page's colour (set by core/conf-element.ts), or its surface. */
    --_backdrop: var(--_backdrop-color, var(--_surface));

    /*
     * Important so a host page's universal rules (such as '* { letter-spacing: 2px }' or a reset) cannot
     * restyle the host box: inside a shadow tree, important declarations win over the page's.
     * Theme through the --conf-* properties instead. Sizes are px/em, never rem, because resets
     * often change the page's root font size.
     *
     * The page's font by default, so the elements read as part of the site; 'all: initial' above
     * would otherwise reset it to the browser's default serif. --conf-font overrides.
     */
    font-family: var(--conf-font, inherit) !important;
    font-size: var(--_font-size) !important;
    font-style: normal !important;
    font-weight: 400 !important;
    line-height: 1.45 !important;
    letter-spacing: normal !important;
    word-spacing: normal !important;
    text-transform: none !important;
    text-indent: 0 !important;
    text-shadow: none !important;
    text-align: start !important;
    color: var(--_text) !important;
    /*
     * Transparent: a light element is part of the page it sits on, not a white band on a tinted
     * page. Its surface colour stays for its controls and cards; the panel rule below paints it.
     */
    background: transparent !important;
    border: 0 !important;
    padding: 0 !important;
    box-sizing: border-box !important;
  }
  :host([hidden]) {
    display: none;
  }
  /*
   * Dark: forced by theme="dark"; otherwise the dark state, which the element sets from its theme
   * ("auto": the system's setting) or, without one, from the host page (core/page-scheme.ts).
   * :is() forgives a browser that cannot parse :state(), so theme="dark" works there still.
   */
  :host(:is([theme='dark'], :state(dark))) {
    color-scheme: dark;
    --_text: var(--conf-color-text, #e7e9ee);
    --_surface: var(--conf-color-surface, #14171d);
    /*
     * A site's primary is usually picked for a light page: on the dark surface it is lifted to at
     * least OKLCH lightness 0.72 (same hue and chroma), so buttons, chips, links and focus rings
     * keep 4.5:1 there; a colour already light enough is kept as it is.
     */
    --_primary: oklch(from var(--conf-color-primary, #8fb0ff) max(l, 0.72) c h);
    --_danger: var(--conf-color-danger, #ffb4ab);
    --_warning: var(--conf-color-warning, #f3c56b);
  }
  /*
   * A panel: the element's own surface, padding and corners, so its text is never flush with the
   * edges of a slab on the page (important, as the host box's reset above is). Asked for by the
   * page (the panel attribute); always in dark; and a light element on a dark or unknown backdrop
   * (the panel state, core/conf-element.ts), which its dark text would not read on.
   */
  :host(:is([panel], [theme='dark'], :state(dark), :state(panel))) {
    --_backdrop: var(--_surface);
    background: var(--_surface) !important;
    padding: var(--conf-panel-padding, var(--_space)) !important;
    border-radius: var(--_radius) !important;
  }

  /* Our own reset, so the inside looks the same on every host page. */
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  /* h5 and h6 too: heading-level can put an element's headings that deep. */
  h1, h2, h3, h4, h5, h6, p, ul, ol, li, figure, dl, dd {
    margin: 0;
    padding: 0;
  }
  ul, ol {
    list-style: none;
  }
  img {
    display: block;
    max-width: 100%;
  }
  a {
    color: var(--_accent-text);
  }
  button, input, select, textarea {
    font: inherit;
    color: inherit;
    letter-spacing: inherit;
  }
  button {
    cursor: pointer;
  }
  /*
   * A real outline, with the soft halo beside it: forced colours (Windows high contrast) drop
   * box-shadows, so a halo alone leaves keyboard users without any visible focus there.
   */
  :focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 1px;
    box-shadow: var(--_focus);
  }
  @media (forced-colors: active) {
    :focus-visible {
      outline: 3px solid Highlight;
      outline-offset: 2px;
    }
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  .button {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    padding: 0.45em 0.9em;
    min-height: 2.5em;
  }
  .button.primary {
    background: var(--_primary);
    color: var(--_on-primary);
    border-color: var(--_primary);
  }
  .input {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    padding: 0.45em 0.75em;
    min-height: 2.5em;
    width: 100%;
  }

  /* Paper is white: black text in every theme (the same specificity as the dark rule, and later). */
  @media print {
    :host,
    :host(:is([theme], [panel], :state(dark), :state(panel))) {
      color-scheme: light;
      --_text: #000;
      --_surface: #fff;
      --_muted: #444;
      --_border: #999;
      --_subtle: #fff;
      --_primary: #000;
      --_accent-text: #000;
      --_backdrop: #fff;
      padding: 0 !important;
      /* No white band around the element on paper: the page's own background shows. */
      background: transparent !important;
    }
    /* Controls do nothing on paper; a card that is a button (a speaker) is content and stays. */
    .no-print,
    button:not(.card),
    input {
      display: none !important;
    }
  }
`;

/** Views of the async states, shared by every data element. */
export const statusStyles = css`
  .status {
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_subtle);
    color: var(--_text);
    display: grid;
    gap: 0.5em;
    justify-items: start;
  }
  .status.error {
    border-inline-start: 4px solid var(--_danger);
  }
  .status .detail {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .stale {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em 1em;
    padding: 0.5em var(--_space);
    margin-block-end: 0.75em;
    border-radius: var(--_radius);
    border-inline-start: 4px solid var(--_warning);
    background: var(--_subtle);
    font-size: 0.9em;
  }
  .notice {
    padding: 0.5em var(--_space);
    margin-block-end: 0.75em;
    border: 1px dashed var(--_warning);
    border-radius: var(--_radius);
    font-size: 0.85em;
  }
  .notice strong {
    display: block;
  }
  .skeleton {
    display: block;
    border-radius: var(--_radius);
    background: linear-gradient(90deg, var(--_subtle), color-mix(in srgb, var(--_text) 8%, var(--_surface)), var(--_subtle));
    background-size: 200% 100%;
    animation: conf-shimmer 1.4s ease-in-out infinite;
  }
  .default-skeleton {
    height: 6em;
  }
  @keyframes conf-shimmer {
    from { background-position: 100% 0; }
    to { background-position: -100% 0; }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton { animation: none; }
  }
  @media print {
    .stale, .notice { display: none; }
  }
`;
