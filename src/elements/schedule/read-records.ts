/**
 * Tolerant readers for the schedule's records (the response shapes are the sandbox's gap
 * decisions): take the fields the schedule needs, default the optional ones, drop a record that
 * lacks an id or a start rather than failing the whole programme. Lighter than a schema library
 * in the bundle, and a record that cannot be read is counted, not thrown.
 */
import type { EventType, ScheduleEvent, Speaker, Venue } from '../../api/records.js';
import { webUrl } from '../../core/web-url.js';

type Loose = Record<string, unknown>;

const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;

export function readEvent(raw: unknown): ScheduleEvent | null {
  if (!isObject(raw)) return null;
  const id = str(raw.id);
  const startsAt = str(raw.startsAt);
  if (!id || !startsAt) return null;
  return {
    id,
    title: str(raw.title, id),
    type: str(raw.type, 'talk') as EventType,
    description: str(raw.description),
    startsAt,
    endsAt: str(raw.endsAt, startsAt),
    timeZone: str(raw.timeZone),
    venueId: str(raw.venueId),
    speakerIds: Array.isArray(raw.speakerIds) ? raw.speakerIds.map((s) => str(s)).filter(Boolean) : [],
    track: typeof raw.track === 'string' ? raw.track : null,
    workshopId: typeof raw.workshopId === 'string' ? raw.workshopId : null,
  };
}

export function readVenue(raw: unknown): Venue | null {
  if (!isObject(raw)) return null;
  const id = str(raw.id);
  if (!id) return null;
  return {
    id,
    name: str(raw.name, id),
    description: str(raw.description),
    floor: str(raw.floor),
    capacity: num(raw.capacity),
    sortOrder: num(raw.sortOrder),
  };
}

export function readSpeaker(raw: unknown): Speaker | null {
  if (!isObject(raw)) return null;
  const id = str(raw.id);
  if (!id) return null;
  return {
    id,
    fullName: str(raw.fullName, id),
    affiliation: str(raw.affiliation),
    jobTitle: str(raw.jobTitle),
    bio: str(raw.bio),
    // Not shown by the schedule today; checked so no later use can make a javascript: src of it.
    photoUrl: webUrl(raw.photoUrl),
    links: [],
  };
}

export function readAll<T>(list: readonly unknown[], read: (raw: unknown) => T | null): T[] {
  const out: T[] = [];
  for (const raw of list) {
    const r = read(raw);
    if (r) out.push(r);
  }
  return out;
}
