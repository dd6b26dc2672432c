/**
 * Deep links of the form `#<prefix>ID` (`#abstract-abs_12`, `#exhibit-exh_3`) that open one
 * record's details. Pure except {@link replaceHash}, so node:test covers the parsing.
 */

/** Ids as the API hands them out; anything else in a fragment is not ours to act on. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function recordHash(prefix: string, id: string): string {
  return `#${prefix}${encodeURIComponent(id)}`;
}

/** `#event-ID`: the deep link that opens one event's details in `<conf-schedule>` (others link to it). */
export const EVENT_PREFIX = 'event-';

export function eventHash(id: string): string {
  return recordHash(EVENT_PREFIX, id);
}

export function parseEventHash(hashOrUrl: string): string | null {
  return parseRecordHash(EVENT_PREFIX, hashOrUrl);
}

/** `#workshop-ID`: the deep link that opens a workshop's enroll view in `<conf-workshops>` (the schedule links to it). */
export const WORKSHOP_PREFIX = 'workshop-';

export function workshopHash(id: string): string {
  return recordHash(WORKSHOP_PREFIX, id);
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

/**
 * Which element answers a deep link, per kind of link (its prefix): two schedules, or two exhibit
 * lists, on one page must open one dialog or one banner, not two stacked ones. The first element
 * that can show the linked record holds it; the others leave that link alone. A held link is
 * given up when its dialog closes or its element leaves the page.
 */
const heldLinks = new Map<string, { link: string; owner: Element }>();

/** True when another element on the page already answers `link` (its dialog or banner is up). */
export function linkHeldElsewhere(kind: string, link: string, owner: Element): boolean {
  const held = heldLinks.get(kind);
  return held !== undefined && held.link === link && held.owner !== owner && held.owner.isConnected;
}

/** Records that `owner` shows `link`, the one link of its kind it can be showing. */
export function holdLink(kind: string, link: string, owner: Element): void {
  heldLinks.set(kind, { link, owner });
}

export function releaseLink(kind: string, owner: Element): void {
  if (heldLinks.get(kind)?.owner === owner) heldLinks.delete(kind);
}
