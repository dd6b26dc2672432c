/**
 * Wall-clock arithmetic in an IANA time zone, through `Intl` only (no date library in the bundle).
 *
 * Formatters are cached per zone: constructing an `Intl.DateTimeFormat` costs far more than
 * formatting with one, and the schedule asks for thousands of instants at load.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `Intl` knows the zone; an unknown `time-zone` attribute must not crash rendering. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at instant `ms`. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const p of formatterFor(timeZone).formatToParts(ms)) {
    if (p.type === 'year' || p.type === 'month' || p.type === 'day' || p.type === 'hour' || p.type === 'minute') {
      out[p.type] = Number(p.value);
    }
  }
  // Some engines still print midnight as 24 with h23 in older ICU data.
  if (out.hour === 24) out.hour = 0;
  return out;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of the instant in the zone: the key a day tab stands for. */
export function dayKey(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}
