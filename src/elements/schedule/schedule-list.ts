/**
 * The list view: one day, grouped by start time across venues, so parallel sessions sit together
 * however many rooms there are. A day of up to `EAGER_CARDS` cards keeps every card in the DOM,
 * filters only toggling `hidden`; a larger day builds only the cards passing the filters on or near
 * the screen (`ListWindow`), the others stand in as placeholder rows. `guard` skips rebuilding a
 * card whose inputs did not change, so a keystroke costs a pass of cheap attribute checks.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { html as staticHtml } from 'lit/static-html.js';
import { cssProps } from '../../core/css-props.js';
import { headingTag } from '../../core/heading.js';
import { eventHash } from './agenda.js';
import { labels, typeLabel } from './labels.js';
import type { CardEntry, GapEntry, PlannedSlot } from './list-window.controller.js';
import { isCurrent, type ScheduleItem } from './schedule.model.js';
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
  /* A windowed list builds only what is near the screen: nothing to skip, and skipped boxes would be measured at the placeholder size. */
  .windowed .slot-item {
    content-visibility: visible;
  }
  .slot-gap {
    grid-column: 1 / -1;
    block-size: var(--gap-height, 0px);
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

function itemTemplate(ctx: ViewContext, entry: CardEntry, size: number): TemplateResult {
  const { item } = entry;
  const id = item.event.id;
  const starred = ctx.starred.has(id);
  const live = isCurrent(item, ctx.now);
  const shown = ctx.visible.has(id);
  return html`<li
    class="slot-item"
    ?hidden=${!shown}
    data-chunk=${entry.chunk || nothing}
    aria-setsize=${shown ? size : nothing}
    aria-posinset=${shown ? entry.pos : nothing}
  >
    ${guard([item, starred, live, ctx.fmt, ctx.headingLevel], () => eventCard(ctx, item, live))}
  </li>`;
}

/** Chunks of cards not built: one row as tall as they are (estimated until built once). */
function gapTemplate(entry: GapEntry): TemplateResult {
  const height = entry.heights.reduce((a, b) => a + b, 0) + 8 * (entry.heights.length - 1);
  return html`<li
    class="slot-gap"
    aria-hidden="true"
    data-chunks=${entry.chunks.join(' ')}
    data-heights=${entry.heights.map((h) => Math.round(h)).join(' ')}
    ${cssProps({ '--gap-height': `${Math.round(height)}px` })}
  ></li>`;
}

/** `planned`: the day's slots as the window cut them ({@link ListWindow.plan}). */
export function renderList(ctx: ViewContext, planned: readonly PlannedSlot[], windowed = false): TemplateResult {
  const slotHeading = headingTag(ctx.headingLevel);
  const slots = planned.filter((p) => p.size > 0 || p.entries.length > 0);
  return html`<ol class="list ${windowed ? 'windowed' : ''}" part="list">
    ${repeat(
      slots,
      (p) => p.slot.start,
      (p) => {
        const { slot, size } = p;
        return staticHtml`<li class="slot" part="slot" data-start=${slot.start} ?hidden=${size === 0}>
          <${slotHeading} class="slot-time" part="slot-time">
            ${guard([slot.start, ctx.fmt], () => html`<time datetime=${new Date(slot.start).toISOString()}>${ctx.fmt.time(new Date(slot.start))}</time>`)}
          </${slotHeading}>
          <ul class="slot-items">
            ${repeat(
              p.entries,
              (e) => (e.kind === 'card' ? e.item.event.id : `gap:${e.chunks[0]}`),
              (e) => (e.kind === 'card' ? itemTemplate(ctx, e, size) : gapTemplate(e)),
            )}
          </ul>
        </li>`;
      },
    )}
  </ol>`;
}
