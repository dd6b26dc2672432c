/**
 * The schedule's `#event-ID` links, as `core/deep-link.ts` writes them (`eventHash`, which the
 * other elements link to events with; a test holds the two equal). Written here so that showing
 * the cards does not download the deep-link code the record lists share: the event dialog, which
 * uses it, is fetched on demand.
 */
export const EVENT_LINK = 'event-';

export function eventHref(id: string): string {
  return `#${EVENT_LINK}${encodeURIComponent(id)}`;
}

/** Whether a fragment (`location.hash`) is an event link, so the dialog's code is worth fetching. */
export function isEventLink(hash: string): boolean {
  return hash.startsWith(`#${EVENT_LINK}`);
}
