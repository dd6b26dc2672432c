/** What every sub-view (list, grid, screen, dialog) reads from the element. */
import { html, nothing, type TemplateResult } from 'lit';
import type { TimeFormatter, TimeLabel } from '../../core/time.js';
import { labels } from './labels.js';
import type { ScheduleIndex, ScheduleItem } from './schedule.model.js';

/** Venue screen: seconds each page of rooms stays up (the `page-seconds` default; the screen's code comes on demand). */
export const SCREEN_PAGE_SECONDS = 12;

export interface ViewContext {
  readonly index: ScheduleIndex;
  readonly fmt: TimeFormatter;
  /** Epoch ms: the clock, or the `now` attribute. */
  readonly now: number;
  readonly starred: ReadonlySet<string>;
  /** Ids passing the filters; on a small day the others stay rendered but hidden, on a larger one they are not built. */
  readonly visible: ReadonlySet<string>;
  /** Level of the view's top headings (`heading-level`): slot times in the list, titles in the grid. */
  readonly headingLevel: number;
  open(item: ScheduleItem): void;
  toggleStar(item: ScheduleItem): void;
}

/**
 * Labels of the time ranges already formatted, per formatter: a day's hundreds of events share a
 * few dozen ranges, and a label with the viewer's own time costs several `Intl` calls (a fifth of
 * a card's script time on a phone, paid again for every card a search or a scroll builds).
 */
const rangeLabels = new WeakMap<TimeFormatter, Map<string, TimeLabel>>();
/** Ranges kept per formatter before the cache starts over (a conference has far fewer). */
const MAX_RANGES = 2000;

function rangeLabel(fmt: TimeFormatter, start: number, end: number): TimeLabel {
  let labels = rangeLabels.get(fmt);
  if (!labels) rangeLabels.set(fmt, (labels = new Map()));
  const key = `${start}/${end}`;
  let label = labels.get(key);
  if (!label) {
    if (labels.size >= MAX_RANGES) labels.clear();
    label = fmt.range(new Date(start), new Date(end));
    labels.set(key, label);
  }
  return label;
}

/** A time range in the display zone, with the viewer's own beside it when that reads differently. */
export function timeRange(fmt: TimeFormatter, item: ScheduleItem): TemplateResult {
  const label = rangeLabel(fmt, item.start, item.end);
  // The space sits between the two parts, not at the edge of the inner template: the bundle's
  // template minifier trims a template's leading whitespace ("PM(09:30 AM" in the built bundle).
  return html`<span class="time" part="time"
    ><time datetime=${item.event.startsAt}>${label.text}</time> ${
      label.local
        ? html`<span class="local" part="local-time" title=${labels.viewerTime()}>(${label.local})</span>`
        : nothing
    }</span
  >`;
}

export function starButton(ctx: ViewContext, item: ScheduleItem): TemplateResult {
  const on = ctx.starred.has(item.event.id);
  return html`<button
    type="button"
    class="star"
    part="star"
    aria-pressed=${on ? 'true' : 'false'}
    aria-label=${on ? labels.unstar(item.event.title) : labels.star(item.event.title)}
    title=${on ? labels.unstar(item.event.title) : labels.star(item.event.title)}
    @click=${() => ctx.toggleStar(item)}
  >
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" /></svg>
  </button>`;
}

export function venueName(item: ScheduleItem): string {
  return item.venue?.name ?? item.event.venueId;
}
