/**
 * An event card: type, live mark and star on top, the title (the link that opens the dialog),
 * time and room, speakers. The list and the grid show the same card (`card.styles.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { html as staticHtml } from 'lit/static-html.js';
import { headingTag } from '../../core/heading.js';
import { eventHref } from './event-link.js';
import { labels, typeLabel } from './labels.js';
import type { ScheduleItem } from './schedule.model.js';
import { starButton, timeRange, venueName, type ViewContext } from './view-context.js';

/** `compact`: the grid's card, whose title is the view's top heading (in the list, the slot's time is). */
export function eventCard(ctx: ViewContext, item: ScheduleItem, live: boolean, compact = false): TemplateResult {
  const { event } = item;
  const h = headingTag(ctx.headingLevel, compact ? 0 : 1);
  const names = item.speakers.map((s) => s.fullName).join(', ');
  return staticHtml`<article class="card type-${event.type}" part="event event-${event.type}${live ? ' event-live' : ''}">
    <div class="card-top">
      <span class="badge" part="badge">${typeLabel(event.type)}</span>
      ${live ? html`<span class="live" part="live">${labels.live()}</span>` : nothing}
      ${starButton(ctx, item)}
    </div>
    <${h} class="title">
      <a
        href=${eventHref(event.id)}
        part="event-title"
        title=${compact ? event.title : nothing}
        @click=${(e: MouseEvent) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          ctx.open(item);
        }}
        >${event.title}</a
      >
    </${h}>
    <p class="meta">
      ${timeRange(ctx.fmt, item)}
      <span class=${compact ? 'visually-hidden' : 'venue'}>${venueName(item)}</span>
    </p>
    ${names ? html`<p class="speakers">${names}</p>` : nothing}
  </article>`;
}
