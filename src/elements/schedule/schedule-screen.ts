/**
 * The venue screen: a clock, and per venue what runs now and what comes next, for a lobby display
 * that nobody touches and nobody can scroll. It always fits its own box: {@link screenLayout}
 * picks columns and rows from the box's width and height and the number of venues, the type is
 * sized from the box in container units, and when the venues cannot all be shown at a readable
 * size they are shown a page at a time ({@link ScreenPager}).
 * Rendering allocates only what one frame needs; nothing accumulates across ticks or pages.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { cssProps } from '../../core/css-props.js';
import { labels, typeLabel } from './labels.js';
import type { ScheduleItem, VenueNowNext } from './schedule.model.js';
import { timeRange, type ViewContext } from './view-context.js';

/**
 * A venue card's size in units of its own font size, gap included: what its content (name, now
 * with two title lines and speakers, next likewise) needs. `schedule.styles.ts` sizes the type
 * with the same numbers (`.screen-venues`), so the layout chosen here is the one drawn.
 */
export const SCREEN_CARD_EM = { width: 18.75, height: 16.5 } as const;
/** Below this card font size (px) a lobby screen is not readable from a few metres: page instead. */
export const SCREEN_MIN_FONT_PX = 15;
/** More venues than this on one page read as a wall of text, however large the display. */
export const SCREEN_MAX_PER_PAGE = 12;
export const SCREEN_PAGE_SECONDS = 12;

export interface ScreenLayout {
  readonly cols: number;
  readonly rows: number;
  /** Venues per page; every page uses the same grid, so paging never moves the cards. */
  readonly perPage: number;
  readonly pages: number;
}

function bestGrid(count: number, width: number, height: number): { cols: number; rows: number; font: number } {
  let best = { cols: 1, rows: count, font: -1 };
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const font = Math.min(width / (cols * SCREEN_CARD_EM.width), height / (rows * SCREEN_CARD_EM.height));
    // Strictly larger only: on a tie the fewer, wider columns keep titles on fewer lines.
    if (font > best.font) best = { cols, rows, font };
  }
  return best;
}

/**
 * Columns, rows and paging for `count` venues in a box of `width` × `height` px: the grid with
 * the largest type that shows everything, else the most venues per page still readable, spread
 * evenly over the pages (11 venues as 6 + 5, not 10 + 1).
 */
export function screenLayout(count: number, width: number, height: number): ScreenLayout {
  const n = Math.max(1, count);
  let perPage = 1;
  for (let p = Math.min(n, SCREEN_MAX_PER_PAGE); p >= 1; p--) {
    if (bestGrid(p, width, height).font >= SCREEN_MIN_FONT_PX) {
      perPage = p;
      break;
    }
  }
  const pages = Math.ceil(n / perPage);
  perPage = Math.ceil(n / pages);
  const { cols, rows } = bestGrid(perPage, width, height);
  return { cols, rows, perPage, pages };
}

/** What the pager needs from the element. */
export interface ScreenHost extends ReactiveControllerHost {
  readonly renderRoot: ParentNode;
  /** The venue area exists only in the screen view; other views skip searching for it. */
  readonly view: string;
  /** Seconds each page of venues stays up. */
  readonly pageSeconds: number;
}

/**
 * Measures the venue area and turns the pages. Holds at most one observer and one pending timer,
 * both dropped on disconnect and whenever the screen is not shown, so a kiosk left running for
 * days holds the same handful of objects on the last day as on the first.
 */
export class ScreenPager implements ReactiveController {
  /** Zero-based page shown. */
  page = 0;
  private pages = 1;
  private width = 0;
  private height = 0;
  private body: Element | null = null;
  private observer: ResizeObserver | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ScreenHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.body = null;
    this.stopTimer();
  }

  /** After each render: follow the venue area's box, and keep one page timer while there are pages. */
  hostUpdated(): void {
    // Only the screen view has a venue area; in the list, a search would walk every card.
    const body = this.host.view === 'screen' ? this.host.renderRoot.querySelector('.screen-body') : null;
    if (body !== this.body) {
      this.observer?.disconnect();
      this.body = body;
      if (body) {
        this.observer ??= new ResizeObserver((entries) => {
          const box = entries[0]?.contentRect;
          // Next frame: re-rendering inside the observer's callback is reported as a loop error.
          if (box) requestAnimationFrame(() => this.resize(box.width, box.height));
        });
        this.observer.observe(body);
        // Measured now and re-rendered in a microtask (still before the first paint, and outside
        // this update), so the first frame already has the right grid instead of jumping to it.
        const { clientWidth, clientHeight } = body;
        queueMicrotask(() => this.resize(clientWidth, clientHeight));
      }
    }
    if (!body || this.pages < 2) this.stopTimer();
    else if (this.timer === undefined) {
      const seconds = this.host.pageSeconds > 0 ? this.host.pageSeconds : SCREEN_PAGE_SECONDS;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.page = (this.page + 1) % this.pages;
        this.host.requestUpdate();
      }, seconds * 1000);
    }
  }

  /** The layout for `count` venues in the measured box; remembers the page count for the timer. */
  layout(count: number): ScreenLayout {
    // Before the first measurement: a 16:9 guess, replaced before the first frame is painted.
    const layout = screenLayout(count, this.width || 1600, this.height || 800);
    this.pages = layout.pages;
    if (this.page >= layout.pages) this.page = 0;
    return layout;
  }

  private resize(width: number, height: number): void {
    const w = Math.round(width);
    const h = Math.round(height);
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    this.host.requestUpdate();
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function speakersLine(item: ScheduleItem): TemplateResult | typeof nothing {
  return item.speakers.length
    ? html`<p class="screen-speakers">${item.speakers.map((s) => s.fullName).join(', ')}</p>`
    : nothing;
}

function nowTemplate(ctx: ViewContext, current: readonly ScheduleItem[]): TemplateResult {
  if (!current.length) {
    return html`<p class="screen-when"><span class="screen-label">${labels.now()}</span> <span class="screen-none">${labels.nothingNow()}</span></p>`;
  }
  return html`${current.map(
    (item) => html`<div class="screen-event">
      <p class="screen-when"><span class="screen-label">${labels.now()}</span> <span class="badge">${typeLabel(item.event.type)}</span> ${timeRange(ctx.fmt, item)}</p>
      <p class="screen-title" title=${item.event.title}>${item.event.title}</p>
      ${speakersLine(item)}
    </div>`,
  )}`;
}

function nextTemplate(ctx: ViewContext, item: ScheduleItem | null): TemplateResult {
  if (!item) {
    return html`<p class="screen-when"><span class="screen-label">${labels.next()}</span> <span class="screen-none">${labels.nothingNext()}</span></p>`;
  }
  const otherDay = item.day !== ctx.fmt.dateKey(new Date(ctx.now));
  return html`<p class="screen-when">
      <span class="screen-label">${labels.next()}</span>
      ${otherDay ? html`<span class="screen-day">${ctx.fmt.shortDay(new Date(item.start))}</span>` : nothing} ${timeRange(ctx.fmt, item)}
    </p>
    <p class="screen-title" title=${item.event.title}>${item.event.title}</p>
    ${speakersLine(item)}`;
}

function venueTemplate(ctx: ViewContext, entry: VenueNowNext, single: boolean): TemplateResult {
  const { venue, current, next } = entry;
  return html`<li class="screen-venue" part="screen-venue">
    ${single ? nothing : html`<h3 class="screen-venue-name">${venue.name}</h3>`}
    <div class="screen-now ${current.length > 1 ? 'several' : ''}" part="screen-now">${nowTemplate(ctx, current)}</div>
    <div class="screen-next" part="screen-next">${nextTemplate(ctx, next)}</div>
  </li>`;
}

export function renderScreen(
  ctx: ViewContext,
  entries: readonly VenueNowNext[],
  venueId: string | null,
  pager: ScreenPager,
): TemplateResult {
  const now = new Date(ctx.now);
  const single = venueId ? entries[0] : undefined;
  const layout = single ? { cols: 1, rows: 1, perPage: 1, pages: 1 } : pager.layout(entries.length);
  const page = layout.pages > 1 ? pager.page : 0;
  const shown = layout.pages > 1 ? entries.slice(page * layout.perPage, (page + 1) * layout.perPage) : entries;
  return html`<div class="screen ${single ? 'single' : ''}" part="screen">
    <header class="screen-head">
      ${single ? html`<h2 class="screen-heading">${single.venue.name}</h2>` : nothing}
      <p class="screen-page" part="screen-page" aria-live="polite">
        ${layout.pages > 1 ? labels.screenPage(page + 1, layout.pages) : ''}
      </p>
      <p class="clock" part="clock">
        <time datetime=${now.toISOString()}>${ctx.fmt.time(now)}</time>
        <span class="clock-day">${ctx.fmt.day(now)}</span>
      </p>
    </header>
    <div class="screen-body">
      ${entries.length
        ? html`<ul
            class="screen-venues ${single ? 'single' : ''}"
            ${cssProps({ '--cols': layout.cols, '--rows': layout.rows })}
          >
            ${repeat(shown, (e) => e.venue.id, (e) => venueTemplate(ctx, e, Boolean(single)))}
          </ul>`
        : html`<p class="screen-done" part="empty">${labels.screenDone()}</p>`}
    </div>
  </div>`;
}
