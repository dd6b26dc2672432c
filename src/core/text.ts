/**
 * Small text and layout helpers the list elements share (speakers, exhibits, abstracts). Pure,
 * so node:test covers them.
 */

/** Folds case and accents so "jose" finds "José" and "MULLER" finds "Müller". */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/** Up to two letters for an avatar without a photo: first and last word's first letter. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const first = words[0]?.match(/\p{L}/u)?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.match(/\p{L}/u)?.[0] ?? '') : '';
  return (first + last).toLocaleUpperCase() || '?';
}

/** Grid columns for the element's own width: cards of at least `min` px, `gap` px apart. */
export function columnsFor(width: number, min = 180, gap = 16, max = 6): number {
  if (!(width > 0)) return 1;
  return Math.max(1, Math.min(max, Math.floor((width + gap) / (min + gap))));
}
