/**
 * The venue screen: a clock, and per venue what runs now and what comes next, in type that grows
 * with the element's width (container query units), for a lobby display that nobody touches.
 * Rendering allocates only what one frame needs; nothing accumulates across ticks.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { labels, typeLabel } from './labels.js';
import type { ScheduleItem, VenueNowNext } from './schedule.model.js';
import { timeRange, type ViewContext } from './view-context.js';

function speakersLine(item: ScheduleItem): TemplateResult | typeof nothing {
  return item.speakers.length
    ? html`<p class="screen-speakers">${item.speakers.map((s) => s.fullName).join(', ')}</p>`
    : nothing;
}

function nextTemplate(ctx: ViewContext, item: ScheduleItem | null): TemplateResult {
  if (!item) return html`<p class="screen-none">${labels.nothingNext()}</p>`;
  const otherDay = item.day !== ctx.fmt.dateKey(new Date(ctx.now));
  return html`<p class="screen-when">
      ${otherDay ? html`<span class="screen-day">${ctx.fmt.shortDay(new Date(item.start))}</span> ` : nothing}${timeRange(ctx.fmt, item)}
    </p>
    <p class="screen-title">${item.event.title}</p>
    ${speakersLine(item)}`;
}

function venueTemplate(ctx: ViewContext, entry: VenueNowNext, single: boolean): TemplateResult {
  const { venue, current, next } = entry;
  return html`<li class="screen-venue" part="screen-venue">
    ${single ? nothing : html`<h3 class="screen-venue-name">${venue.name}</h3>`}
    <div class="screen-now" part="screen-now">
      <p class="screen-label">${labels.now()}</p>
      ${current.length
        ? current.map(
            (item) => html`<div class="screen-event">
              <p class="screen-when"><span class="badge">${typeLabel(item.event.type)}</span> ${timeRange(ctx.fmt, item)}</p>
              <p class="screen-title">${item.event.title}</p>
              ${speakersLine(item)}
            </div>`,
          )
        : html`<p class="screen-none">${labels.nothingNow()}</p>`}
    </div>
    <div class="screen-next" part="screen-next">
      <p class="screen-label">${labels.next()}</p>
      ${nextTemplate(ctx, next)}
    </div>
  </li>`;
}

export function renderScreen(ctx: ViewContext, entries: readonly VenueNowNext[], venueId: string | null): TemplateResult {
  const now = new Date(ctx.now);
  const single = venueId ? entries[0] : undefined;
  return html`<div class="screen" part="screen">
    <header class="screen-head">
      ${single ? html`<h2 class="screen-heading">${single.venue.name}</h2>` : nothing}
      <p class="clock" part="clock">
        <time datetime=${now.toISOString()}>${ctx.fmt.time(now)}</time>
        <span class="clock-day">${ctx.fmt.day(now)}</span>
      </p>
    </header>
    ${entries.length
      ? html`<ul class="screen-venues ${single ? 'single' : ''}">
          ${repeat(entries, (e) => e.venue.id, (e) => venueTemplate(ctx, e, Boolean(single)))}
        </ul>`
      : html`<p class="screen-done" part="empty">${labels.screenDone()}</p>`}
  </div>`;
}
