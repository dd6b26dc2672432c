/**
 * The schedule's pure logic: indexing, day and time-slot grouping, filtering and search,
 * now/next for venue screens. No DOM, no Lit: it runs under node:test and in the element alike.
 *
 * The index is built once per data load (and per display zone); everything a keystroke or a tab
 * change triggers works on precomputed arrays and lowercase haystacks, so 2,000 events filter
 * well within a frame. The haystacks are folded on first use (the first search, or
 * {@link prepareSearch} once the first screen is up), not while the programme's first render waits.
 */
import type { EventType, ScheduleEvent, Speaker, Venue } from '../../api/records.js';
import { dayKey } from '../../core/zone.js';

export const EVENT_TYPES = [
  'keynote',
  'talk',
  'panel',
  'workshop',
  'break',
  'social',
] as const satisfies readonly EventType[];

/** One event with everything rendering and filtering need, resolved once. */
export interface ScheduleItem {
  readonly event: ScheduleEvent;
  /** Epoch milliseconds. */
  readonly start: number;
  readonly end: number;
  /** `YYYY-MM-DD` of the start in the display zone. */
  readonly day: string;
  /** Undefined when the event names a venue the venue list lacks. */
  readonly venue: Venue | undefined;
  readonly speakers: readonly Speaker[];
  /** Folded title, description, speaker names and track, for search (folded on first read). */
  readonly haystack: string;
}

/** A {@link ScheduleItem} whose haystack is folded when first read: most loads never search. */
class Item implements ScheduleItem {
  private folded: string | undefined;
  constructor(
    readonly event: ScheduleEvent,
    readonly start: number,
    readonly end: number,
    readonly day: string,
    readonly venue: Venue | undefined,
    readonly speakers: readonly Speaker[],
  ) {}

  get haystack(): string {
    return (this.folded ??= fold(
      [this.event.title, this.event.description, this.event.track ?? '', ...this.speakers.map((s) => s.fullName)].join(
        '\n',
      ),
    ));
  }
}

export interface ScheduleData {
  events: readonly ScheduleEvent[];
  venues: readonly Venue[];
  speakers: readonly Speaker[];
}

export interface ScheduleIndex {
  readonly timeZone: string;
  /** Sorted by start, then venue order, then title. */
  readonly items: readonly ScheduleItem[];
  readonly byId: ReadonlyMap<string, ScheduleItem>;
  /** Days that have events, ascending. */
  readonly days: readonly string[];
  readonly byDay: ReadonlyMap<string, readonly ScheduleItem[]>;
  /** Venues in display order (sortOrder, then name), only those the data knows. */
  readonly venues: readonly Venue[];
  /** Event types present in the data, in {@link EVENT_TYPES} order. */
  readonly types: readonly EventType[];
  /** Events dropped because their times could not be read. */
  readonly skipped: number;
}

/**
 * Lowercases and strips diacritics so "muller" finds "Müller" and "cafe" finds "Café".
 * The query goes through the same fold as the haystack.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function compareVenues(a: Venue, b: Venue): number {
  return (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || String(a.name).localeCompare(String(b.name));
}

/** Builds the index. Tolerant: events with unreadable times are counted in `skipped`, not thrown. */
export function buildIndex(data: ScheduleData, timeZone: string): ScheduleIndex {
  const venues = [...data.venues].sort(compareVenues);
  const venueById = new Map(venues.map((v) => [v.id, v]));
  const venueRank = new Map(venues.map((v, i) => [v.id, i]));
  const speakerById = new Map(data.speakers.map((s) => [s.id, s]));
  // Events share their instants (a slot's talks start together): each distinct one is parsed and
  // given its day once, since asking `Intl` for the day of each of 2,000 events was most of the index.
  const instants = new Map<string, number>();
  const parse = (iso: string): number => {
    let ms = instants.get(iso);
    if (ms === undefined) instants.set(iso, (ms = Date.parse(iso)));
    return ms;
  };
  const days = new Map<number, string>();
  const dayOf = (ms: number): string => {
    let day = days.get(ms);
    if (day === undefined) days.set(ms, (day = dayKey(ms, timeZone)));
    return day;
  };
  let skipped = 0;
  const items: ScheduleItem[] = [];
  for (const event of data.events) {
    const start = parse(event.startsAt);
    let end = parse(event.endsAt);
    if (!Number.isFinite(start)) {
      skipped++;
      continue;
    }
    if (!Number.isFinite(end) || end < start) end = start;
    const speakers: Speaker[] = [];
    for (const id of event.speakerIds ?? []) {
      const s = speakerById.get(id);
      if (s) speakers.push(s);
    }
    items.push(new Item(event, start, end, dayOf(start), venueById.get(event.venueId), speakers));
  }
  const rank = (i: ScheduleItem): number => venueRank.get(i.event.venueId) ?? venues.length;
  items.sort((a, b) => a.start - b.start || rank(a) - rank(b) || a.event.title.localeCompare(b.event.title));

  const byDay = new Map<string, ScheduleItem[]>();
  const present = new Set<string>();
  for (const item of items) {
    let list = byDay.get(item.day);
    if (!list) byDay.set(item.day, (list = []));
    list.push(item);
    present.add(item.event.type);
  }
  return {
    timeZone,
    items,
    byId: new Map(items.map((i) => [i.event.id, i])),
    days: [...byDay.keys()].sort(),
    byDay,
    venues,
    types: EVENT_TYPES.filter((t) => present.has(t)),
    skipped,
  };
}

/**
 * Folds the haystacks of `items` from `from` on while `timeLeft()` (an idle callback's
 * `timeRemaining`) is above zero; returns the index to go on from, `items.length` when done. Run in
 * idle time after the first render, so the first keystroke finds them folded.
 */
export function prepareSearch(items: readonly ScheduleItem[], from: number, timeLeft: () => number): number {
  let i = from;
  while (i < items.length) {
    void items[i++]!.haystack;
    if (i % 64 === 0 && timeLeft() <= 0) break;
  }
  return i;
}

export interface ScheduleFilter {
  /** Only this day; null or undefined for every day. */
  day?: string | null;
  /** Only these venue ids; null, undefined or empty for all. */
  venues?: ReadonlySet<string> | null;
  /** Only these event types; null, undefined or empty for all. */
  types?: ReadonlySet<string> | null;
  /** Free text; every whitespace-separated term must occur. */
  query?: string;
  starredOnly?: boolean;
  starred?: ReadonlySet<string>;
}

/** Whether `filter` leaves anything out (else it matches every event of its day, or of all days). */
export function isFiltering(filter: ScheduleFilter): boolean {
  return Boolean(
    filter.venues?.size || filter.types?.size || filter.starredOnly || queryTerms(filter.query).length > 0,
  );
}

/** Splits a query into folded terms; an empty array means "no text filter". */
export function queryTerms(query: string | undefined): string[] {
  return query ? fold(query).split(/\s+/).filter(Boolean) : [];
}

export function matchesTerms(item: ScheduleItem, terms: readonly string[]): boolean {
  for (const t of terms) if (!item.haystack.includes(t)) return false;
  return true;
}

/**
 * Whether every item matching `next` also matches `previous`, as when `next` is `previous` typed
 * on: each folded term of `previous` occurs within one of `next`'s (so any haystack holding `next`'s
 * terms holds it too). Not for an empty `previous`, which filters nothing.
 */
export function narrows(previous: string, next: string): boolean {
  const before = queryTerms(previous);
  const after = queryTerms(next);
  return before.length > 0 && before.every((p) => after.some((n) => n.includes(p)));
}

/**
 * Applies every filter in one pass over the selected day's items (or all items); over `within`
 * instead when given, a list already known to hold every match (the last keystroke's matches).
 */
export function filterItems(
  index: ScheduleIndex,
  filter: ScheduleFilter,
  within?: readonly ScheduleItem[],
): ScheduleItem[] {
  const source = within ?? (filter.day ? (index.byDay.get(filter.day) ?? []) : index.items);
  const venues = filter.venues?.size ? filter.venues : null;
  const types = filter.types?.size ? filter.types : null;
  const starred = filter.starredOnly ? (filter.starred ?? new Set<string>()) : null;
  const terms = queryTerms(filter.query);
  const out: ScheduleItem[] = [];
  for (const item of source) {
    if (venues && !venues.has(item.event.venueId)) continue;
    if (types && !types.has(item.event.type)) continue;
    if (starred && !starred.has(item.event.id)) continue;
    if (terms.length && !matchesTerms(item, terms)) continue;
    out.push(item);
  }
  return out;
}

/** How many of `items` fall on each day: the counts on the day tabs while filtering. */
export function countByDay(items: readonly ScheduleItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.day, (counts.get(item.day) ?? 0) + 1);
  return counts;
}

/** Events starting at the same instant, across venues: one row of the list view. */
export interface TimeSlot {
  readonly start: number;
  readonly items: readonly ScheduleItem[];
}

/** Groups items (sorted by start, as the index keeps them) into time slots. */
export function groupBySlot(items: readonly ScheduleItem[]): TimeSlot[] {
  const slots: { start: number; items: ScheduleItem[] }[] = [];
  for (const item of items) {
    const last = slots[slots.length - 1];
    if (last && last.start === item.start) last.items.push(item);
    else slots.push({ start: item.start, items: [item] });
  }
  return slots;
}

/** Groups items by their display-zone day, days ascending. */
export function groupByDay(items: readonly ScheduleItem[]): { day: string; items: ScheduleItem[] }[] {
  const map = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    let list = map.get(item.day);
    if (!list) map.set(item.day, (list = []));
    list.push(item);
  }
  return [...map.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, list]) => ({ day, items: list }));
}

/** Running at `now`: started at or before it and not yet ended (the end instant is exclusive). */
export function isCurrent(item: ScheduleItem, now: number): boolean {
  return item.start <= now && now < item.end;
}

export interface VenueNowNext {
  readonly venue: Venue;
  /** Usually one; several when a venue double-books. */
  readonly current: readonly ScheduleItem[];
  readonly next: ScheduleItem | null;
}

/**
 * What runs now and what comes next, per venue, for the screen view. With a venue id, only that
 * venue (an empty array when it is unknown); without, every venue that still has something to
 * show, in display order.
 */
export function nowNext(index: ScheduleIndex, now: number, venueId?: string | null): VenueNowNext[] {
  const venues = venueId ? index.venues.filter((v) => v.id === venueId) : index.venues;
  const out: VenueNowNext[] = [];
  for (const venue of venues) {
    const current: ScheduleItem[] = [];
    let next: ScheduleItem | null = null;
    for (const item of index.items) {
      if (item.event.venueId !== venue.id) continue;
      if (isCurrent(item, now)) current.push(item);
      else if (item.start > now) {
        next = item;
        break; // items are sorted by start: the first future one is next
      }
    }
    if (venueId || current.length || next) out.push({ venue, current, next });
  }
  return out;
}

/** The day tab to open: today when the conference runs today, else the first day. */
export function initialDay(index: ScheduleIndex, now: number): string | null {
  const today = dayKey(now, index.timeZone);
  return index.days.includes(today) ? today : (index.days[0] ?? null);
}
