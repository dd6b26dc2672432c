/**
 * The list view: one day, grouped by start time across venues, so parallel sessions sit together
 * however many rooms there are. A day of up to `EAGER_CARDS` cards keeps every card in the DOM,
 * filters only toggling `hidden`; a larger day builds only the cards passing the filters on or near
 * the screen (`ListWindow`), the others stand in as placeholder rows. `guard` skips rebuilding a
 * card whose inputs did not change, so a keystroke costs a pass of cheap attribute checks.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { html as staticHtml } from 'lit/static-html.js';
import { cssProps } from '../../core/css-props.js';
import { headingTag } from '../../core/heading.js';
import { eventCard } from './card.view.js';
import type { CardEntry, GapEntry, PlannedSlot } from './list-window.controller.js';
import { isCurrent } from './schedule.model.js';
import type { ViewContext } from './view-context.js';

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
    data-id=${entry.chunk ? id : nothing}
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
