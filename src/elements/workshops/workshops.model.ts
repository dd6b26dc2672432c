/**
 * Pure logic of `<conf-workshops>`: tolerant reading of workshop records (the spec shows none of
 * their fields), search, and what an enrollment answer means. No DOM, so node:test covers it.
 */
import type { ApiError } from '../../api/errors.js';
import type { Money, WorkshopRegistration } from '../../api/records.js';
import { parseInstant } from '../../core/clock.js';
import { WORKSHOP_PREFIX, parseRecordHash } from '../../core/deep-link.js';
import { fold } from '../../core/text.js';
import type { EnrolledWorkshop } from '../../events/conf-workshop-enrolled.js';

/** A workshop as the list shows it: what the enrollment event carries, and the text search reads. */
export interface WorkshopCard extends EnrolledWorkshop {
  /** Folded title, description and venue, for search. */
  haystack: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;

function money(v: unknown): Money | null {
  const r = (v ?? null) as Partial<Money> | null;
  if (!r || typeof r.amount !== 'number' || !Number.isFinite(r.amount) || typeof r.currency !== 'string') return null;
  // A price of nothing is a free workshop, not a payment to ask for.
  return r.amount > 0 ? { amount: r.amount, currency: r.currency } : null;
}

/** Workshops as cards, in start order; records without an id or a title are left out. */
export function toCards(workshops: readonly unknown[], venues: ReadonlyMap<string, string>): WorkshopCard[] {
  const cards = workshops.flatMap((w): WorkshopCard[] => {
    const r = (w ?? {}) as Record<string, unknown>;
    const id = r.id == null ? '' : String(r.id);
    const title = text(r.title);
    if (!id || !title) return [];
    const venueId = r.venueId == null ? null : String(r.venueId);
    const venue = venueId ? (venues.get(venueId) ?? null) : null;
    const description = text(r.description);
    return [
      {
        id,
        title,
        description,
        start: parseInstant(r.startsAt),
        end: parseInstant(r.endsAt),
        venueId,
        venue,
        eventId: r.eventId == null ? null : String(r.eventId),
        capacity: count(r.capacity),
        seatsLeft: count(r.seatsLeft),
        waitlistCount: count(r.waitlistCount),
        price: money(r.price),
        haystack: fold([title, description, venue ?? ''].join(' ')),
      },
    ];
  });
  return cards.sort((a, b) => (a.start?.getTime() ?? Infinity) - (b.start?.getTime() ?? Infinity));
}

/** Venue names by id from the venues list. */
export function venueNames(venues: readonly unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const v of venues) {
    const r = (v ?? {}) as Record<string, unknown>;
    if (r.id != null && typeof r.name === 'string') names.set(String(r.id), r.name);
  }
  return names;
}

/** The conference's zone from the schedule's events (workshop records carry only offsets). */
export function conferenceZone(events: readonly unknown[]): string | null {
  for (const e of events) {
    const zone = ((e ?? {}) as Record<string, unknown>).timeZone;
    if (typeof zone === 'string' && zone) return zone;
  }
  return null;
}

/** Every word of the query, accent- and case-folded, appears in the card. */
export function search(cards: readonly WorkshopCard[], query: string): WorkshopCard[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...cards];
  return cards.filter((c) => words.every((w) => c.haystack.includes(w)));
}

/** Whether a new enrollment would get a seat, as far as the last read knows. */
export function availability(card: WorkshopCard): 'open' | 'full' | 'unknown' {
  if (card.seatsLeft === null) return 'unknown';
  return card.seatsLeft > 0 ? 'open' : 'full';
}

export function formatPrice(price: Money, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(price.amount / 10 ** digits);
  } catch {
    return `${(price.amount / 100).toFixed(2)} ${price.currency}`;
  }
}

/** The enrollment record of an answer: a created one, or the existing one of a repeat (409). */
export function readEnrollment(value: unknown): WorkshopRegistration | null {
  const r = (value ?? null) as Partial<WorkshopRegistration> | null;
  if (!r || typeof r.id !== 'string' || (r.status !== 'enrolled' && r.status !== 'waitlisted')) return null;
  const position = typeof r.waitlistPosition === 'number' && r.waitlistPosition > 0 ? r.waitlistPosition : null;
  return {
    id: r.id,
    workshopId: typeof r.workshopId === 'string' ? r.workshopId : '',
    registrationId: typeof r.registrationId === 'string' ? r.registrationId : '',
    status: r.status,
    waitlistPosition: r.status === 'waitlisted' ? position : null,
    createdAt: typeof r.createdAt === 'string' ? r.createdAt : '',
  };
}

/**
 * The card as a new place leaves it. The proxy may answer the next read from its cache for a
 * while (30 s by default), and "2 of 3 seats left" beside "you are on the waiting list" misleads.
 */
export function afterPlace(card: WorkshopCard, place: WorkshopRegistration): WorkshopCard {
  if (place.status === 'enrolled') {
    return card.seatsLeft === null ? card : { ...card, seatsLeft: Math.max(0, card.seatsLeft - 1) };
  }
  return { ...card, seatsLeft: 0, waitlistCount: Math.max(card.waitlistCount ?? 0, place.waitlistPosition ?? 0) };
}

/** The existing place a repeated enrollment names (409 `already_enrolled`), if any. */
export function existingEnrollment(error: ApiError): WorkshopRegistration | null {
  if (error.status !== 409) return null;
  const details = (error.details ?? null) as { workshopRegistration?: unknown } | null;
  return readEnrollment(details?.workshopRegistration);
}

export { workshopHash } from '../../core/deep-link.js';

export function parseWorkshopHash(hashOrUrl: string): string | null {
  return parseRecordHash(WORKSHOP_PREFIX, hashOrUrl);
}
