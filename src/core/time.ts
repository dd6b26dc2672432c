/**
 * Times in the conference's zone, with the viewer's own time beside them when their zone's offset
 * differs at that instant. Offsets are compared per instant, not by zone name, so a viewer in
 * London looking at a Berlin conference sees the extra label all year, while one in Paris never
 * does, and DST changes between the two zones are handled by `Intl` itself.
 *
 * Pure (only `Intl`), so it runs under node:test as well as in the browser. The zone arithmetic
 * itself is in `zone.ts`, shared with the sandbox.
 */
import { clockFormat, clockText, viewerTimeZone } from './clock.js';
import { offsetMinutes } from './zone.js';

export { currentTime, isTimeZone, LOCAL_ZONE, parseInstant, viewerTimeZone } from './clock.js';
export { offsetMinutes } from './zone.js';

/** Short day names a formatter remembers at most (a programme has a handful of days; local labels add more). */
const SHORT_DAYS_KEPT = 512;

export interface TimeLabel {
  /** In the display zone, e.g. `09:00–09:45`. */
  text: string;
  /** The same in the viewer's zone, when its offset differs; with the zone's short name. */
  local?: string;
}

/**
 * Formats instants for one locale and display zone; caches its `Intl` formatters, since a
 * schedule formats thousands of times per render.
 */
export class TimeFormatter {
  private static readonly shared = new Map<string, TimeFormatter>();

  /**
   * The one formatter for a locale and zones, shared by every element and render: building
   * `Intl` formatters is what costs (tens of ms per search keystroke in a large schedule when a
   * render got a new one), and a stable instance lets templates `guard` on it. The few
   * locale × zone pairs a page uses bound the cache.
   */
  static for(locale: string, zone: string, viewerZone: string = viewerTimeZone()): TimeFormatter {
    const key = `${locale}|${zone}|${viewerZone}`;
    let f = TimeFormatter.shared.get(key);
    if (!f) {
      f = new TimeFormatter(locale, zone, viewerZone);
      TimeFormatter.shared.set(key, f);
    }
    return f;
  }

  private readonly cache = new Map<string, Intl.DateTimeFormat>();

  constructor(
    readonly locale: string,
    /** The zone times are shown in (the conference's, unless overridden). */
    readonly zone: string,
    /** The viewer's zone, for the label beside. */
    readonly viewerZone: string = viewerTimeZone(),
  ) {}

  private fmt(key: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    const k = key + '|' + zone;
    let f = this.cache.get(k);
    if (!f) {
      f = new Intl.DateTimeFormat(this.locale, { ...options, timeZone: zone });
      this.cache.set(k, f);
    }
    return f;
  }

  /**
   * e.g. "9:30 AM" or "09:30": a 12-hour clock without a leading zero ("01:30 PM" reads as a
   * form), a 24-hour one with it, as those locales write times. The space before AM/PM is
   * non-breaking, so "10:30" and "AM" never sit on two lines.
   */
  time(d: Date, zone = this.zone): string {
    return clockText(this.clock('t', zone, {}), d);
  }

  /** e.g. "11:38:47 AM" or "09:05:07": {@link time} with seconds (a log of scans). */
  timeWithSeconds(d: Date, zone = this.zone): string {
    return clockText(this.clock('ts', zone, { second: '2-digit' }), d);
  }

  /** e.g. "Nov 26, 9:30 AM" or "26. Nov., 09:30": {@link time} with the day, for another day's instant. */
  dayTime(d: Date, zone = this.zone): string {
    const text = this.clock('dt', zone, { day: 'numeric', month: 'short' }).format(d);
    // Only the space before AM/PM (the one after the minutes) is kept together.
    return text.replace(/(\d) (?=\D+$)/, '$1\u00a0');
  }

  /** {@link clockFormat}, cached per kind and zone. */
  private clock(key: string, zone: string, extra: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    const k = key + '|' + zone;
    let f = this.cache.get(k);
    if (!f) {
      f = clockFormat(this.locale, zone, extra);
      this.cache.set(k, f);
    }
    return f;
  }

  /** e.g. "Wednesday, 10 June" */
  day(d: Date, zone = this.zone): string {
    return this.fmt('d', zone, { weekday: 'long', day: 'numeric', month: 'long' }).format(d);
  }

  /** e.g. "Wed 10 Jun"; remembered, as the schedule's day tabs ask again on every update. */
  shortDay(d: Date, zone = this.zone): string {
    const k = zone + '|' + d.getTime();
    let text = this.shortDays.get(k);
    if (text === undefined) {
      if (this.shortDays.size >= SHORT_DAYS_KEPT) this.shortDays.clear();
      text = this.fmt('sd', zone, { weekday: 'short', day: 'numeric', month: 'short' }).format(d);
      this.shortDays.set(k, text);
    }
    return text;
  }
  private readonly shortDays = new Map<string, string>();

  /** Calendar date `YYYY-MM-DD` of the instant in the display zone, for grouping by day. */
  dateKey(d: Date, zone = this.zone): string {
    const parts = this.fmt('k', zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(d);
    const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  }

  zoneName(d: Date, zone = this.zone): string {
    const parts = this.fmt('z', zone, { hour: 'numeric', timeZoneName: 'short' }).formatToParts(d);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  }

  /** Whether the viewer would read a different clock time at `d`. */
  differsForViewer(d: Date): boolean {
    return offsetMinutes(d, this.zone) !== offsetMinutes(d, this.viewerZone);
  }

  range(start: Date, end?: Date | null): TimeLabel {
    const span = (zone: string) => (end ? `${this.time(start, zone)}–${this.time(end, zone)}` : this.time(start, zone));
    const label: TimeLabel = { text: span(this.zone) };
    if (this.differsForViewer(start)) {
      // A different calendar day for the viewer is worth saying, else "01:00" misleads.
      const dayNote =
        this.dateKey(start, this.viewerZone) !== this.dateKey(start) ? ` ${this.shortDay(start, this.viewerZone)}` : '';
      label.local = `${span(this.viewerZone)}${dayNote} ${this.zoneName(start, this.viewerZone)}`;
    }
    return label;
  }
}
