/**
 * Small deterministic helpers for the demo data: a seeded PRNG, calendar arithmetic on
 * `YYYY-MM-DD` strings, local wall-clock times and text utilities. Nothing here reads the clock.
 */
import { localToEpoch } from '../../../src/core/zone.js';

/** FNV-1a, 32 bit: turns a seed string into a PRNG state. */
function hash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mulberry32: tiny, fast, good enough for believable demo data, and fully reproducible. */
export class Rng {
  private state: number;

  constructor(seed: string) {
    this.state = hash(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Throws unless `date` is a real calendar date written `YYYY-MM-DD`. */
export function assertDate(date: string): void {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`Expected a date as YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(t).toISOString().slice(0, 10) !== date) {
    throw new Error(`Not a calendar date: ${date}`);
  }
}

/** `YYYY-MM-DD` plus `n` days (n may be negative). */
export function addDays(date: string, n: number): string {
  assertDate(date);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Minutes since midnight from `HH:mm`. */
export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** `HH:mm` from minutes since midnight. */
export function fromMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Local wall-clock time `YYYY-MM-DDTHH:mm`. */
export function local(date: string, hhmm: string): string {
  return `${date}T${hhmm}`;
}

/** The UTC instant (ISO, `Z`) of a local wall-clock time `YYYY-MM-DDTHH:mm` in `timeZone`. */
export function zonedInstant(localTime: string, timeZone: string): string {
  // Stricter than localToEpoch: seed data always names the minute, so anything else is a typo.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(localTime))
    throw new Error(`Expected YYYY-MM-DDTHH:mm, got ${localTime}`);
  return new Date(localToEpoch(localTime, timeZone)).toISOString();
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

function parts(date: string): { y: number; m: number; d: number; weekday: string; month: string } {
  assertDate(date);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '';
  return { y, m, d, weekday, month: MONTHS[m - 1] ?? '' };
}

/** `Tuesday 9 June 2026`. */
export function longDate(date: string): string {
  const p = parts(date);
  return `${p.weekday} ${p.d} ${p.month} ${p.y}`;
}

/** `9–11 June 2026`, `30 June – 2 July 2026`, `30 December 2026 – 1 January 2027`. */
export function dateRange(first: string, last: string): string {
  const a = parts(first);
  const b = parts(last);
  if (a.y !== b.y) return `${a.d} ${a.month} ${a.y} – ${b.d} ${b.month} ${b.y}`;
  if (a.m !== b.m) return `${a.d} ${a.month} – ${b.d} ${b.month} ${b.y}`;
  return `${a.d}–${b.d} ${a.month} ${a.y}`;
}

/** Latin letters without diacritics, for e-mail addresses and slugs. */
export function asciiFold(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .replace(/[Øø]/g, 'o')
    .replace(/[Łł]/g, 'l')
    .replace(/[Đđ]/g, 'd')
    .replace(/Æ/g, 'Ae')
    .replace(/æ/g, 'ae')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export function slugify(text: string): string {
  return asciiFold(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Upper-cases the first letter, leaving names like "gRPC" or "iOS" alone. */
export function capitalize(text: string): string {
  if (/^[a-z][A-Z]/.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `a` or `an` for the word that follows. */
export function article(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
