/**
 * Pure logic of `<conf-speakers>`: tolerant reading of speaker and event records, search, the
 * sessions of one speaker, and the grid's column count. No DOM, so node:test covers it.
 */
import type { ScheduleEvent, Speaker } from '../../api/records.js';
import { recordFields, recordId, trimmedText as text } from '../../core/record-fields.js';
import { fold, initials } from '../../core/text.js';
import { webUrl } from '../../core/web-url.js';

/** A speaker record read tolerantly (its fields as `Speaker` names them), with what the grid derives. */
export interface SpeakerCard extends Speaker {
  initials: string;
  /** Lower-cased, accent-free text the search matches against. */
  haystack: string;
  /** The record as served, for events. */
  raw: Speaker;
}

export interface SpeakerSession {
  id: string;
  title: string;
  start: Date;
  end: Date | null;
  venueId: string;
  timeZone: string | null;
}

/** Reads a speaker record; null when it has no id or name to show. */
export function toCard(raw: unknown): SpeakerCard | null {
  const r = recordFields(raw);
  if (!r) return null;
  const id = recordId(r);
  const fullName = text(r.fullName) || [text(r.firstName), text(r.lastName)].filter(Boolean).join(' ') || text(r.name);
  if (!id || !fullName) return null;
  const affiliation = text(r.affiliation);
  const jobTitle = text(r.jobTitle);
  const links = Array.isArray(r.links)
    ? r.links.flatMap((l: unknown) => {
        const o = (l ?? {}) as Record<string, unknown>;
        const url = webUrl(o.url);
        return url ? [{ label: text(o.label) || url, url }] : [];
      })
    : [];
  return {
    id,
    fullName,
    affiliation,
    jobTitle,
    bio: text(r.bio),
    photoUrl: webUrl(r.photoUrl),
    links,
    initials: initials(fullName),
    haystack: fold([fullName, affiliation, jobTitle].join(' ')),
    raw: raw as Speaker,
  };
}

export function toCards(records: readonly unknown[]): SpeakerCard[] {
  const cards = records.flatMap((r) => toCard(r) ?? []);
  return cards.sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** Speakers whose name, affiliation or job title contain every word of the query. */
export function search(cards: readonly SpeakerCard[], query: string): SpeakerCard[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...cards];
  return cards.filter((c) => words.every((w) => c.haystack.includes(w)));
}

/** The sessions a speaker appears in, in time order; unreadable events are skipped. */
export function sessionsOf(speakerId: string, events: readonly unknown[]): SpeakerSession[] {
  const out: SpeakerSession[] = [];
  for (const e of events) {
    const r = (e ?? {}) as Partial<ScheduleEvent> & Record<string, unknown>;
    if (!Array.isArray(r.speakerIds) || !r.speakerIds.map(String).includes(speakerId)) continue;
    const start = new Date(text(r.startsAt));
    if (Number.isNaN(start.getTime())) continue;
    const end = new Date(text(r.endsAt));
    out.push({
      id: String(r.id ?? ''),
      title: text(r.title) || '—',
      start,
      end: Number.isNaN(end.getTime()) ? null : end,
      venueId: text(r.venueId),
      timeZone: text(r.timeZone) || null,
    });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
