/**
 * Wall-clock arithmetic in IANA time zones through `Intl` only (no date library in the bundle, no
 * DOM): offsets, the wall clock at an instant, and local date-times back to instants. The one
 * time-zone module of the browser code and the sandbox (which turns its seed's local times into
 * instants with it).
 *
 * Formatters and offsets are cached per zone: constructing an `Intl.DateTimeFormat` costs far more
 * than formatting with one, a schedule asks for thousands of instants at load, and `formatToParts`
 * is the slowest step of the sandbox serving a schedule page.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export { isTimeZone } from './clock.js';

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and quarter hour: zones change offset only on quarter-hour boundaries. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60 * 1000;

/** Minutes east of UTC of `zone` at an instant (e.g. 120 for Berlin in summer). */
export function offsetMinutes(at: Date | number, zone: string): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const cacheKey = `${zone}|${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(cacheKey);
  if (offset === undefined) {
    offset = readOffset(ms, zone);
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(cacheKey, offset);
  }
  return offset;
}

function readOffset(ms: number, zone: string): number {
  let f = offsetFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, f);
  }
  const name = f.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name);
  if (!m) return 0;
  const sign = m[1] === '-' ? -1 : 1;
  return sign * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(zone: string): Intl.DateTimeFormat {
  let f = wallFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    wallFormats.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at instant `ms`. */
export function wallClock(ms: number, zone: string): WallClock {
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const p of wallFormat(zone).formatToParts(ms)) {
    if (p.type === 'year' || p.type === 'month' || p.type === 'day' || p.type === 'hour' || p.type === 'minute') {
      out[p.type] = Number(p.value);
    }
  }
  // Some engines still print midnight as 24 with h23 in older ICU data.
  if (out.hour === 24) out.hour = 0;
  return out;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of the instant in the zone: the key a schedule's day tab stands for. */
export function dayKey(ms: number, zone: string): string {
  const w = wallClock(ms, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Today's date (`YYYY-MM-DD`) in a zone. */
export function todayIn(zone: string, epochMs = Date.now()): string {
  return new Date(epochMs + offsetMinutes(epochMs, zone) * 60000).toISOString().slice(0, 10);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A local wall-clock time in a zone (`YYYY-MM-DD[THH:mm[:ss]]`) to epoch milliseconds, DST-aware. */
export function localToEpoch(local: string, zone: string): number {
  const m = LOCAL.exec(local);
  if (!m) throw new Error(`Not a local date-time: ${local}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  // Two passes settle the offset around DST changes.
  let guess = wall - offsetMinutes(wall, zone) * 60000;
  guess = wall - offsetMinutes(guess, zone) * 60000;
  return guess;
}

/** Epoch milliseconds to `YYYY-MM-DDTHH:mm:ss+hh:mm` in the zone. */
export function epochToZonedIso(epochMs: number, zone: string): string {
  const offset = offsetMinutes(epochMs, zone);
  const local = new Date(epochMs + offset * 60000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
