/**
 * Deep links of the form `#<prefix>ID` (`#abstract-abs_12`, `#exhibit-exh_3`) that open one
 * record's details. Pure except {@link replaceHash}, so node:test covers the parsing.
 */

/** Ids as the API hands them out; anything else in a fragment is not ours to act on. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function recordHash(prefix: string, id: string): string {
  return `#${prefix}${encodeURIComponent(id)}`;
}

/** The id in `#<prefix>ID` (a hash or a full URL); null when the fragment is not such a link. */
export function parseRecordHash(prefix: string, hashOrUrl: string): string | null {
  const s = hashOrUrl.trim();
  const at = s.indexOf('#');
  const frag = at === -1 ? s : s.slice(at + 1);
  if (!frag.startsWith(prefix)) return null;
  let id: string;
  try {
    id = decodeURIComponent(frag.slice(prefix.length));
  } catch {
    return null;
  }
  return ID_PATTERN.test(id) ? id : null;
}

/** Replaces the URL's fragment without a history entry or a scroll; embedded pages may refuse. */
export function replaceHash(hash: string): void {
  try {
    const url = new URL(location.href);
    url.hash = hash;
    history.replaceState(history.state, '', url.href);
  } catch {
    // A sandboxed frame may forbid it; deep links are a convenience, not a requirement.
  }
}

/** The focused element if it lies inside `root` (through nested shadow roots), to return focus to later. */
export function focusedWithin(root: Node): HTMLElement | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el instanceof HTMLElement && root.contains(el) ? el : null;
}
