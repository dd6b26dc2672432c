/**
 * Pure logic of `<conf-abstracts>`: tolerant reading of abstract records (with their authors),
 * merging pages as they load, search, the track filter, and the `#abstract-ID` deep link. No DOM,
 * so node:test covers it.
 */
import type { Abstract, AbstractAuthor } from '../../api/records.js';
import { parseRecordHash, recordHash } from '../../core/deep-link.js';
import { recordFields, recordId, trimmedText as text } from '../../core/record-fields.js';
import { fold } from '../../core/text.js';

/** An author as the cards show them: no affiliation is an empty one. */
export interface AuthorView extends Omit<AbstractAuthor, 'affiliation'> {
  affiliation: string;
}

/** An abstract record read tolerantly (the fields `Abstract` names), with what the list derives. */
export interface AbstractCard extends Pick<Abstract, 'id' | 'title' | 'body' | 'track' | 'keywords'> {
  /** Empty when the server sent none (e.g. without `include=authors`). */
  authors: AuthorView[];
  /** Lower-cased, accent-free title, author names and keywords the search matches against. */
  haystack: string;
  /** The record as served, for events. */
  raw: Abstract;
}

/** The abstracts loaded so far and how many the server has. */
export interface AbstractPage {
  items: AbstractCard[];
  total: number;
}

export const DEFAULT_PAGE_SIZE = 20;
/** The API's largest page (contract's PAGING_MAX_LIMIT); larger page-size values are clamped. */
export const MAX_PAGE_SIZE = 200;
export const ABSTRACT_HASH_PREFIX = 'abstract-';

function readAuthors(v: unknown): AuthorView[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((a: unknown) => {
    const r = (a ?? {}) as Record<string, unknown>;
    const fullName = text(r.fullName) || text(r.name);
    return fullName ? [{ fullName, affiliation: text(r.affiliation), presenting: r.presenting === true }] : [];
  });
}

/** Reads an abstract record; null when it has no id or title to show. */
export function toAbstractCard(raw: unknown): AbstractCard | null {
  const r = recordFields(raw);
  if (!r) return null;
  const id = recordId(r);
  const title = text(r.title);
  if (!id || !title) return null;
  // Only accepted abstracts are public; a record saying otherwise must not be shown.
  if (r.status !== undefined && r.status !== 'accepted') return null;
  const keywords = Array.isArray(r.keywords) ? r.keywords.map(text).filter(Boolean) : [];
  const authors = readAuthors(r.authors);
  const track = text(r.track);
  return {
    id,
    title,
    body: text(r.body),
    track,
    keywords,
    authors,
    haystack: fold([title, ...authors.map((a) => a.fullName), ...keywords].join(' ')),
    raw: raw as Abstract,
  };
}

/** Appends a page to what is loaded, skipping records already there (pages can shift between requests). */
export function mergePage(loaded: readonly AbstractCard[], records: readonly unknown[]): AbstractCard[] {
  const seen = new Set(loaded.map((c) => c.id));
  const out = [...loaded];
  for (const r of records) {
    const c = toAbstractCard(r);
    if (c && !seen.has(c.id)) {
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/** Offsets of the pages that together hold the first `wanted` records. */
export function pageOffsets(wanted: number, pageSize: number): number[] {
  const size = Math.max(1, pageSize);
  const out: number[] = [];
  for (let o = 0; o < Math.max(wanted, size); o += size) out.push(o);
  return out;
}

/** The `page-size` attribute as a usable page size. */
export function clampPageSize(v: unknown): number {
  const n = Math.floor(Number(v));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
}

/** Tracks present among the cards, in alphabetical order. */
export function tracksOf(cards: readonly AbstractCard[]): string[] {
  return [...new Set(cards.map((c) => c.track).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** Abstracts in `track` (all when empty) whose title, authors or keywords contain every word of the query. */
export function filterAbstracts(cards: readonly AbstractCard[], query: string, track = ''): AbstractCard[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return cards.filter((c) => (!track || c.track === track) && words.every((w) => c.haystack.includes(w)));
}

export const abstractHash = (id: string): string => recordHash(ABSTRACT_HASH_PREFIX, id);
export const parseAbstractHash = (hashOrUrl: string): string | null => parseRecordHash(ABSTRACT_HASH_PREFIX, hashOrUrl);
