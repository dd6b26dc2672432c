/**
 * iCalendar (RFC 5545) export of one event or the starred agenda.
 *
 * Times go out in UTC (`…Z`): every calendar app reads them, no VTIMEZONE block is needed, and the
 * app shows them in the attendee's own zone. UIDs are stable (event id plus a domain) so importing
 * the same agenda twice updates events instead of duplicating them.
 */
import type { ScheduleItem } from './schedule.model.js';

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** Escapes a TEXT value (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 sequence. Continuation
 * lines start with one space, which counts towards their 75.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** `20260610T070000Z`. */
export function icsUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface IcsOptions {
  /** DTSTAMP: when the file was made. */
  now: number;
  /** Right-hand side of each UID, e.g. the proxy's host. */
  uidDomain: string;
  /** Calendar name shown by apps that support X-WR-CALNAME. */
  calendarName?: string;
  /** Builds the URL property per event, e.g. the page's `#event-ID` deep link. */
  eventUrl?: (item: ScheduleItem) => string | null;
}

function eventLines(item: ScheduleItem, options: IcsOptions): string[] {
  const { event, venue, speakers } = item;
  const description = [
    speakers.length
      ? speakers.map((s) => (s.affiliation ? `${s.fullName} (${s.affiliation})` : s.fullName)).join(', ')
      : '',
    event.description ?? '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const location = venue ? [venue.name, venue.floor].filter(Boolean).join(', ') : event.venueId;
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.id}@${options.uidDomain}`,
    `DTSTAMP:${icsUtc(options.now)}`,
    `DTSTART:${icsUtc(item.start)}`,
    `DTEND:${icsUtc(Math.max(item.end, item.start))}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  if (location) lines.push(`LOCATION:${escapeText(location)}`);
  lines.push(`CATEGORIES:${escapeText(event.type)}`);
  const url = options.eventUrl?.(item);
  if (url) lines.push(`URL:${url}`);
  lines.push('END:VEVENT');
  return lines;
}

/** One VCALENDAR with a VEVENT per item, CRLF line endings, folded lines. */
export function toIcs(items: readonly ScheduleItem[], options: IcsOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//conf-widgets//conf-schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (options.calendarName) lines.push(`X-WR-CALNAME:${escapeText(options.calendarName)}`);
  for (const item of items) lines.push(...eventLines(item, options));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name safe on every OS: letters, digits and dashes. */
export function icsFileName(title: string): string {
  const base = title
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${base || 'agenda'}.ics`;
}
