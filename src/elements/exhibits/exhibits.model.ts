/**
 * Pure logic of `<conf-exhibits>`: tolerant reading of exhibit records, the types present, search,
 * the type filter, and the `#exhibit-ID` deep link. No DOM, so node:test covers it.
 */
import type { Exhibit } from '../../api/records.js';
import { parseRecordHash, recordHash } from '../../core/deep-link.js';
import { recordFields, recordId, trimmedText as text } from '../../core/record-fields.js';
import { fold, initials } from '../../core/text.js';
import { webUrl } from '../../core/web-url.js';

/** An exhibit record read tolerantly: the fields `Exhibit` names as served, the rest as the cards show them. */
export interface ExhibitCard extends Pick<
  Exhibit,
  'id' | 'title' | 'shortDescription' | 'description' | 'logoUrl' | 'websiteUrl'
> {
  /** As served, lower-cased: `sponsor`, `startup`, … (the set is the platform's, not fixed). */
  type: string;
  /** Empty for none. */
  booth: string;
  /** The presenter's name; empty for none. */
  presenter: string;
  initials: string;
  /** Lower-cased, accent-free title, descriptions, booth and presenter the search matches against. */
  haystack: string;
  /** The record as served, for events. */
  raw: Exhibit;
}

export const EXHIBIT_HASH_PREFIX = 'exhibit-';

/** Types in the order a sponsors-first exhibition lists them; others follow alphabetically. */
const TYPE_ORDER = ['sponsor', 'commercial', 'startup', 'research', 'nonprofit', 'community'];

/** Only absolute web addresses: a `javascript:` link from bad data must never become an href or src. */
export const safeUrl = (v: unknown): string | null => webUrl(v, { absolute: true });

/** Reads an exhibit record; null when it has no id or title to show. */
export function toExhibitCard(raw: unknown): ExhibitCard | null {
  const r = recordFields(raw);
  if (!r) return null;
  const id = recordId(r);
  const title = text(r.title);
  if (!id || !title) return null;
  // Only published exhibits are public; a record saying otherwise must not be shown.
  if (r.published === false) return null;
  const presenterRecord = (r.presenter ?? {}) as Record<string, unknown>;
  const presenter = text(presenterRecord.fullName);
  const card = {
    id,
    title,
    type: text(r.exhibitType).toLowerCase(),
    shortDescription: text(r.shortDescription),
    description: text(r.description),
    booth: text(r.booth),
    logoUrl: safeUrl(r.logoUrl),
    websiteUrl: safeUrl(r.websiteUrl),
    presenter,
    initials: initials(title),
  };
  return {
    ...card,
    haystack: fold([title, card.shortDescription, card.description, card.booth, presenter].join(' ')),
    raw: raw as Exhibit,
  };
}

/** Readable records in the server's order (the organizer's). */
export function toExhibitCards(records: readonly unknown[]): ExhibitCard[] {
  return records.flatMap((r) => toExhibitCard(r) ?? []);
}

/** Types present among the cards, sponsors first. */
export function typesOf(cards: readonly ExhibitCard[]): string[] {
  const rank = (t: string) => {
    const i = TYPE_ORDER.indexOf(t);
    return i === -1 ? TYPE_ORDER.length : i;
  };
  return [...new Set(cards.map((c) => c.type).filter(Boolean))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Exhibits of `type` (all when empty) matching every word of the query. */
export function filterExhibits(cards: readonly ExhibitCard[], query: string, type = ''): ExhibitCard[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const wanted = type.trim().toLowerCase();
  return cards.filter((c) => (!wanted || c.type === wanted) && words.every((w) => c.haystack.includes(w)));
}

export const exhibitHash = (id: string): string => recordHash(EXHIBIT_HASH_PREFIX, id);
export const parseExhibitHash = (hashOrUrl: string): string | null => parseRecordHash(EXHIBIT_HASH_PREFIX, hashOrUrl);
