/**
 * What every data element needs of time: the clock (or a `now` attribute), the viewer's zone,
 * whether a zone exists, and a clock time in the viewer's own zone (the "saved at HH:MM" line).
 * Kept apart from `time.ts` (the schedule's formatter) and `zone.ts` (zone arithmetic), so a page
 * whose elements show no times, such as a registration form, never downloads those.
 */

/** `time-zone="local"`: the viewer's own zone. */
export const LOCAL_ZONE = 'local';

let viewer = { zone: '', readAt: -Infinity };

/**
 * The viewer's zone. Every time shown asks for it, and reading it builds an `Intl.DateTimeFormat`
 * (the largest single cost of rendering a long programme), so it is read again at most once a
 * second: a laptop that changes zone is noticed on the next render after that.
 */
export function viewerTimeZone(): string {
  const now = performance.now();
  if (now - viewer.readAt > 1000) viewer = { zone: new Intl.DateTimeFormat().resolvedOptions().timeZone, readAt: now };
  return viewer.zone;
}

/** Reads an ISO instant tolerantly; null when absent or unreadable. */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The clock, or the instant of a `now` attribute (fixed, for previews and tests). */
export function currentTime(nowAttribute: string | null | undefined): Date {
  return parseInstant(nowAttribute ?? undefined) ?? new Date();
}

const zoneChecks = new Map<string, boolean>();

/** True when `Intl` knows the zone; an unknown `time-zone` attribute must not crash rendering. */
export function isTimeZone(zone: string): boolean {
  // Asked on every update of every element; a formatter costs far more than a lookup.
  let known = zoneChecks.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: zones come from attributes and data, and a page could set many bad ones.
    if (zoneChecks.size >= 64) zoneChecks.clear();
    zoneChecks.set(zone, known);
  }
  return known;
}

/**
 * A clock-time formatter as the locale writes times: a 12-hour clock without a leading zero
 * ("01:30 PM" reads as a form), a 24-hour one with it. `extra` adds fields (seconds, the day).
 */
export function clockFormat(locale: string, zone: string, extra: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const f = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', ...extra, timeZone: zone });
  if (f.resolvedOptions().hour12 !== false) return f;
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', ...extra, timeZone: zone });
}

/** e.g. "9:30 AM" or "09:30"; the space before AM/PM is non-breaking, so the two never part. */
export function clockText(format: Intl.DateTimeFormat, d: Date): string {
  return format.format(d).replace(/ /g, '\u00a0');
}
