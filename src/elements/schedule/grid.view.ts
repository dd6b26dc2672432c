/**
 * The grid view: venues as columns, time down the side, events sized by duration. Positions are
 * custom properties set through the CSSOM ({@link cssProps}), so a strict CSP does not break them.
 * The grid scrolls sideways inside its own region on a phone instead of squeezing the columns.
 * A large day builds only the cards in and near that region's view ({@link GridWindow}).
 */
import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { cssProps } from '../../core/css-props.js';
import { eventCard } from './card.view.js';
import { GRID_STEP_MINUTES, type GridLayout } from './grid-layout.model.js';
import type { GridWindow } from './grid-window.controller.js';
import { gridStyles } from './grid.styles.js';
import { isCurrent } from './schedule.model.js';
import type { ViewContext } from './view-context.js';

/** The grid's own texts, fetched with it. */
const gridLabels = {
  grid: () => msg('Programme grid', { id: 'schedule.grid' }),
};

// What the element needs of the grid, in the one module it fetches on demand (see `OnDemandView`).
export { layoutGrid } from './grid-layout.model.js';
export { GridWindow } from './grid-window.controller.js';
export const gridSheets = [gridStyles];

/**
 * Height (em) a grid card needs for its type row, two title lines and its time: the hour is
 * sized so the day's shortest common event gets this much (`--conf-schedule-hour-height` wins).
 */
export const GRID_CARD_EM = 6.75;
const MAX_HOUR_EM = 24;

function hourEm(layout: GridLayout): number {
  const minutes = layout.commonSpan * GRID_STEP_MINUTES;
  return Math.min(MAX_HOUR_EM, Math.round(((GRID_CARD_EM * 60) / minutes) * 4) / 4);
}

/** `win`: which cells to build ({@link GridWindow}); the grid-scroll box reports its scrolling to it. */
export function renderGrid(ctx: ViewContext, layout: GridLayout, win: GridWindow): TemplateResult {
  const hour = hourEm(layout);
  return html`<div
    class="grid-scroll"
    part="grid"
    role="region"
    aria-label=${gridLabels.grid()}
    tabindex="0"
    @scroll=${win.onScroll}
  >
    <div
      class="grid"
      ${cssProps({ '--cols': Math.max(1, layout.columns.length), '--rows': Math.max(1, layout.rows), '--_hour-auto': `${hour}em` })}
    >
      <div class="grid-corner" aria-hidden="true"></div>
      ${layout.columns.map(
        (col, i) => html`<div class="grid-venue" part="grid-venue" ${cssProps({ '--c': i + 2 })}>
          <span class="name">${col.venue.name}</span>
          ${col.venue.floor ? html`<span class="floor">${col.venue.floor}</span>` : ''}
        </div>`,
      )}
      ${layout.marks.map(
        (mark) => html`<div class="grid-hour" aria-hidden="true" ${cssProps({ '--r': mark.row + 2 })}>
          <span>${ctx.fmt.time(new Date(mark.at))}</span>
        </div>`,
      )}
      ${repeat(
        win.cells(layout, ctx.visible, hour * 16),
        (cell) => cell.item.event.id,
        (cell) => {
          const id = cell.item.event.id;
          const starred = ctx.starred.has(id);
          const live = isCurrent(cell.item, ctx.now);
          return html`<div
            class="grid-cell"
            data-id=${id}
            ?hidden=${!ctx.visible.has(id)}
            ${cssProps({ '--c': cell.column + 2, '--r': cell.row + 2, '--s': cell.span, '--lane': cell.lane, '--lanes': cell.lanes })}
          >
            ${guard([cell.item, starred, live, ctx.fmt, ctx.headingLevel], () => eventCard(ctx, cell.item, live, true))}
          </div>`;
        },
      )}
    </div>
  </div>`;
}
