/** What every sub-view (list, grid, screen, dialog) reads from the element. */
import { html, nothing, type TemplateResult } from 'lit';
import type { TimeFormatter } from '../../core/time.js';
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
  /** Ids passing the filters; items outside stay rendered but hidden, so typing never rebuilds DOM. */
  readonly visible: ReadonlySet<string>;
  /** Level of the view's top headings (`heading-level`): slot times in the list, titles in the grid. */
  readonly headingLevel: number;
  open(item: ScheduleItem): void;
  toggleStar(item: ScheduleItem): void;
}

/** A time range in the display zone, with the viewer's own beside it when that reads differently. */
export function timeRange(fmt: TimeFormatter, item: ScheduleItem): TemplateResult {
  const label = fmt.range(new Date(item.start), new Date(item.end));
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
