/**
 * Wall-clock times of a seed dataset (`YYYY-MM-DDTHH:mm` in the conference's zone) to instants,
 * and instants back to ISO strings with the zone's offset, DST-aware, through `Intl` only.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Offsets by zone and quarter hour: zones change offset only on quarter-hour boundaries, and
 * `formatToParts` is the slowest step of serving a schedule page.
 */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60 * 1000;

/** The zone's offset from UTC in minutes at an instant (e.g. 120 for Berlin in summer). */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const cacheKey = `${timeZone}|${Math.floor(epochMs / QUARTER_HOUR)}`;
  let offset = offsets.get(cacheKey);
  if (offset === undefined) {
    offset = computeOffset(epochMs, timeZone);
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(cacheKey, offset);
  }
  return offset;
}

function computeOffset(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A local wall-clock time in a zone to epoch milliseconds. */
export function localToEpoch(local: string, timeZone: string): number {
  const m = LOCAL.exec(local);
  if (!m) throw new Error(`Not a local date-time: ${local}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  // Two passes settle the offset around DST changes.
  let guess = wall - zoneOffsetMinutes(wall, timeZone) * 60000;
  guess = wall - zoneOffsetMinutes(guess, timeZone) * 60000;
  return guess;
}

/** Epoch milliseconds to `YYYY-MM-DDTHH:mm:ss+hh:mm` in the zone. */
export function epochToZonedIso(epochMs: number, timeZone: string): string {
  const offset = zoneOffsetMinutes(epochMs, timeZone);
  const local = new Date(epochMs + offset * 60000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Today's date (`YYYY-MM-DD`) in a zone. */
export function todayIn(timeZone: string, epochMs = Date.now()): string {
  return new Date(epochMs + zoneOffsetMinutes(epochMs, timeZone) * 60000).toISOString().slice(0, 10);
}

export function isoNow(now: () => number): string {
  return new Date(now()).toISOString();
}
