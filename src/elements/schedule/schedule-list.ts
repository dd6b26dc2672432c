/**
 * The list view: one day, grouped by start time across venues, so parallel sessions sit together
 * however many rooms there are. Every item of the day stays in the DOM; filters only toggle
 * `hidden`, and `guard` skips rebuilding a card whose inputs did not change, so a keystroke costs
 * a pass of cheap attribute checks rather than a rebuild.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { html as staticHtml } from 'lit/static-html.js';
import { headingTag } from '../../core/heading.js';
import { eventHash } from './agenda.js';
import { labels, typeLabel } from './labels.js';
import { isCurrent, type ScheduleItem, type TimeSlot } from './schedule.model.js';
import { starButton, timeRange, venueName, type ViewContext } from './view-context.js';

/**
 * Rendering cost of the list, beside the code it governs. A day holds hundreds of cards; laying
 * out and painting all of them on every keystroke (clearing the search shows them all again) cost
 * up to a dozen frames. `content-visibility: auto` skips cards away from the viewport. It sits on
 * each card, not on the slot: a skipped box takes its placeholder size, and a slot's height
 * depends on how many cards share a row, which CSS cannot estimate; a slot estimated too short let
 * its cards overflow onto the next slot's, stars overlapping stars (WCAG 2.5.8 target size). A
 * card's placeholder is taller than a card usually is, so a skipped card never spills onto its
 * neighbour; once drawn the browser remembers its height (`auto`). Print draws everything.
 */
export const listStyles = css`
  .slot-item {
    content-visibility: auto;
    contain-intrinsic-block-size: auto 240px;
  }
  @media print {
    .slot-item {
      content-visibility: visible;
    }
  }
`;

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
        href=${eventHash(event.id)}
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

function itemTemplate(ctx: ViewContext, item: ScheduleItem): TemplateResult {
  const id = item.event.id;
  const starred = ctx.starred.has(id);
  const live = isCurrent(item, ctx.now);
  return html`<li class="slot-item" ?hidden=${!ctx.visible.has(id)}>
    ${guard([item, starred, live, ctx.fmt, ctx.headingLevel], () => eventCard(ctx, item, live))}
  </li>`;
}

export function renderList(ctx: ViewContext, slots: readonly TimeSlot[]): TemplateResult {
  const slotHeading = headingTag(ctx.headingLevel);
  return html`<ol class="list" part="list">
    ${repeat(
      slots,
      (slot) => slot.start,
      (slot) => {
        let shown = 0;
        for (const i of slot.items) if (ctx.visible.has(i.event.id)) shown++;
        return staticHtml`<li class="slot" part="slot" ?hidden=${shown === 0}>
          <${slotHeading} class="slot-time" part="slot-time">
            ${guard([slot.start, ctx.fmt], () => html`<time datetime=${new Date(slot.start).toISOString()}>${ctx.fmt.time(new Date(slot.start))}</time>`)}
          </${slotHeading}>
          <ul class="slot-items">
            ${repeat(
              slot.items,
              (i) => i.event.id,
              (i) => itemTemplate(ctx, i),
            )}
          </ul>
        </li>`;
      },
    )}
  </ol>`;
}
