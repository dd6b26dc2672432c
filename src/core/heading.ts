/**
 * Heading levels that follow the page: an element's headings start at its `heading-level`
 * attribute (default 3, for an element placed under a section's `h2`) and nest one level deeper
 * per step, so a page's outline never jumps from `h2` to `h4`.
 */
import { unsafeStatic, type StaticValue } from 'lit/static-html.js';
import { DEFAULT_HEADING_LEVEL } from './conf-element.js';

const TAGS = [1, 2, 3, 4, 5, 6].map((n) => unsafeStatic(`h${n}`));

/** `heading-level` as given, kept to 1–6; anything else (empty, `abc`) is the default. */
export function headingLevel(value: unknown): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) && n >= 1 ? Math.min(6, n) : DEFAULT_HEADING_LEVEL;
}

/** The tag of a heading `depth` levels below the element's first (`depth` 0), for `lit/static-html`'s `html`. */
export function headingTag(level: number, depth = 0): StaticValue {
  return TAGS[Math.min(6, headingLevel(level) + depth) - 1]!;
}
