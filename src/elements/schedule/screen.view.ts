/**
 * The venue screen: a clock, and per venue what runs now and what comes next, for a lobby display
 * that nobody touches and nobody can scroll. It always fits its own box: {@link screenLayout}
 * picks columns and rows from the box's width and height and the number of venues, the type is
 * sized from the box in container units, and when the venues cannot all be shown at a readable
 * size they are shown a page at a time ({@link ScreenPager}).
 * Rendering allocates only what one frame needs; nothing accumulates across ticks or pages.
 */
import { msg, str } from '@lit/localize';
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { html as staticHtml } from 'lit/static-html.js';
import { cssProps } from '../../core/css-props.js';
import { headingTag } from '../../core/heading.js';
import { labels, typeLabel } from './labels.js';
import type { ScheduleItem, VenueNowNext } from './schedule.model.js';
import { screenStyles } from './screen.styles.js';
import { SCREEN_PAGE_SECONDS, type ViewContext } from './view-context.js';

/** The venue screen's own texts, fetched with it. */
const screenLabels = {
  next: () => msg('Next', { id: 'schedule.next' }),
  nothingNow: () => msg('Nothing right now', { id: 'schedule.nothing-now' }),
  nothingNext: () => msg('Nothing more today', { id: 'schedule.nothing-next' }),
  screenPage: (n: number, of: number) => msg(str`Page ${n} of ${of}`, { id: 'schedule.screen-page' }),
  screenDone: () => msg('The programme has ended. Thank you for coming!', { id: 'schedule.screen-done' }),
  startsIn: (n: number) => msg(str`Starts in ${n} min`, { id: 'schedule.starts-in' }),
  minutesLeft: (n: number) => msg(str`${n} min left`, { id: 'schedule.minutes-left' }),
};

export { SCREEN_PAGE_SECONDS };
/** The view's sheets, adopted when this module arrives (it is fetched on demand, see `OnDemandView`). */
export const screenSheets = [screenStyles];

/**
 * A venue card's size in units of the screen's type size, gap included: what its content needs
 * (name; now: times and kind, a title of two lines, speakers; next likewise). The type size is not
 * chosen here: the style sheet fixes it from the box's short side (`.screen` in
 * `schedule.styles.ts`), so titles read the same from the back of the room on every screen, and
 * this budget says how many cards fit at that size.
 */
export const SCREEN_CARD_EM = { width: 19, height: 17 } as const;
/** More venues than this on one page read as a wall of text, however large the display. */
export const SCREEN_MAX_PER_PAGE = 12;

export interface ScreenLayout {
  readonly cols: number;
  readonly rows: number;
  /** Venues per page; every page uses the same grid, so paging never moves the cards. */
  readonly perPage: number;
  readonly pages: number;
}

/**
 * Columns, rows and paging for `count` venues in a box of `width` × `height` px whose type is
 * `fontPx`: as many cards per page as fit at that size, spread evenly over the pages (11 venues
 * as 6 + 5, not 10 + 1), in the grid that leaves the fewest empty cells and, among those, gives
 * cards closest to their natural shape, so the cards fill the box in landscape and portrait.
 */
export function screenLayout(count: number, width: number, height: number, fontPx: number): ScreenLayout {
  const n = Math.max(1, count);
  const maxCols = Math.max(1, Math.floor(width / (SCREEN_CARD_EM.width * fontPx)));
  const maxRows = Math.max(1, Math.floor(height / (SCREEN_CARD_EM.height * fontPx)));
  const pages = Math.ceil(n / Math.min(maxCols * maxRows, SCREEN_MAX_PER_PAGE));
  const perPage = Math.ceil(n / pages);
  const natural = SCREEN_CARD_EM.width / SCREEN_CARD_EM.height;
  let best = { cols: 1, rows: perPage, empty: Infinity, shape: Infinity };
  for (let cols = 1; cols <= Math.min(maxCols, perPage); cols++) {
    const rows = Math.ceil(perPage / cols);
    // perPage <= maxCols × maxRows, so the widest grid always passes this.
    if (rows > maxRows) continue;
    const empty = cols * rows - perPage;
    const shape = Math.abs(Math.log(width / cols / (height / rows) / natural));
    if (empty < best.empty || (empty === best.empty && shape < best.shape)) best = { cols, rows, empty, shape };
  }
  return { cols: best.cols, rows: best.rows, perPage, pages };
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
  private fontPx = 0;
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
          if (box) requestAnimationFrame(() => this.resize(box.width, box.height, body));
        });
        this.observer.observe(body);
      }
    }
    // Measured after every update and re-rendered in a microtask (still before the next paint, and
    // outside this update) when the box differs: the first frame already has the right grid, and a
    // box that shrank and grew back between two frames (a stale marker shown for one refresh)
    // never leaves the grid of the shrunken box behind. The screen updates about once a minute.
    if (body) {
      const { clientWidth, clientHeight } = body;
      if (Math.round(clientWidth) !== this.width || Math.round(clientHeight) !== this.height) {
        queueMicrotask(() => this.resize(clientWidth, clientHeight, body));
      }
    }
    if (body) fitScreenLines(body);
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
    const layout = screenLayout(count, this.width || 1600, this.height || 800, this.fontPx || 20);
    this.pages = layout.pages;
    if (this.page >= layout.pages) this.page = 0;
    return layout;
  }

  /** `body`'s type size is the style sheet's (from the screen's short side), read with its box. */
  private resize(width: number, height: number, body: Element): void {
    const w = Math.round(width);
    const h = Math.round(height);
    const font = Math.round(parseFloat(getComputedStyle(body).fontSize) * 10) / 10 || 20;
    if (w === this.width && h === this.height && font === this.fontPx) return;
    this.width = w;
    this.height = h;
    this.fontPx = font;
    this.host.requestUpdate();
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Title and speaker lines tried for what runs now, most first (see {@link fitScreenLines}). */
const NOW_LINES: readonly (readonly [title: number, speakers: number])[] = [
  [4, 2],
  [3, 2],
  [3, 1],
  [2, 2],
  [2, 1],
  [1, 1],
];

/** Lines tried for what comes next beyond its two title lines and one speaker line, most first. */
const NEXT_LINES: readonly (readonly [title: number, speakers: number])[] = [
  [4, 2],
  [3, 2],
  [3, 1],
  [2, 2],
];
const NEXT_BASE = [2, 1] as const;

function setLines(box: Element, [title, speakers]: readonly [number, number]): void {
  box.querySelector<HTMLElement>('.screen-title')?.style.setProperty('--_lines', String(title));
  box.querySelector<HTMLElement>('.screen-speakers')?.style.setProperty('--_lines', String(speakers));
}

function overflows(el: HTMLElement): boolean {
  return el.scrollHeight > el.clientHeight + 1;
}

interface Card {
  readonly card: HTMLElement;
  readonly now: HTMLElement;
  readonly next: HTMLElement;
}

/**
 * Gives each card's titles and speakers the lines its card has room for, instead of a fixed two:
 * a long title reads in full beside space that would stay empty, and a list of speakers ends
 * after a whole name when a second line fits.
 * Per row of cards, since the NEXT rules of a row line up (every "next" of the row gets one
 * height, pinned to the card's foot):
 * 1. the row's "next" blocks get the height of the tallest at two title lines and one speaker
 *    line, and each card's "now" tries the most lines first, stepping down until its box holds
 *    it (the box shrinks, hiding the overflow, when it does not): what runs comes first;
 * 2. then the row's "next" tries more lines, most first, at the height of its tallest, and keeps
 *    the first that takes nothing from any card's "now" — so a card with nothing running (or a
 *    row of short titles) gives its space to what comes next;
 * 3. each "next" then takes as many lines as fit in that height (a long title beside a short one).
 * Runs after each update: a dozen cards, a few layouts each, once a minute.
 */
export function fitScreenLines(body: Element): void {
  const rows = new Map<number, Card[]>();
  for (const card of body.querySelectorAll<HTMLElement>('.screen-venues:not(.single) > .screen-venue')) {
    const now = card.querySelector<HTMLElement>('.screen-now');
    const next = card.querySelector<HTMLElement>('.screen-next');
    if (!now || !next) continue;
    const top = Math.round(card.offsetTop);
    rows.set(top, [...(rows.get(top) ?? []), { card, now, next }]);
  }
  for (const row of rows.values()) fitRow(row);
}

/** The row's "next" blocks at `lines`, all as high as the tallest of them. */
function sizeNext(row: readonly Card[], lines: readonly [number, number]): void {
  for (const { next } of row) {
    setLines(next, lines);
    next.style.blockSize = 'auto';
  }
  const height = Math.max(...row.map(({ next }) => next.getBoundingClientRect().height));
  for (const { next } of row) next.style.blockSize = `${height}px`;
}

function fitRow(row: readonly Card[]): void {
  sizeNext(row, NEXT_BASE);
  for (const { now } of row) {
    if (now.classList.contains('several')) continue;
    for (const lines of NOW_LINES) {
      setLines(now, lines);
      if (!overflows(now)) break;
    }
  }
  const nowHeights = row.map(({ now }) => now.clientHeight);
  const fits = () =>
    row.every(
      ({ card, now, next }, i) => now.clientHeight >= nowHeights[i]! - 1 && !overflows(next) && !overflows(card),
    );
  let chosen: readonly [number, number] = NEXT_BASE;
  for (const lines of NEXT_LINES) {
    sizeNext(row, lines);
    if (fits()) {
      chosen = lines;
      break;
    }
  }
  if (chosen === NEXT_BASE) sizeNext(row, NEXT_BASE);
  // Within the row's height, a card whose next is shorter than the tallest takes what fits of it.
  for (const { next } of row) {
    for (const lines of [...NEXT_LINES, NEXT_BASE]) {
      setLines(next, lines);
      if (!overflows(next) || lines === chosen) break;
    }
  }
}

/**
 * The conference's time only: a screen is read in the venue, where the viewer's own zone (a kiosk
 * whose clock is set elsewhere) would only add a cut-off bracket.
 */
function screenTime(ctx: ViewContext, item: ScheduleItem): TemplateResult {
  return html`<span class="time" part="time"><time datetime=${item.event.startsAt}>${ctx.fmt.range(new Date(item.start), new Date(item.end)).text}</time></span>`;
}

/** Clamped to its lines like the title; the full list is the title attribute. */
function speakersLine(item: ScheduleItem): TemplateResult | typeof nothing {
  const names = item.speakers.map((s) => s.fullName).join(', ');
  return names ? html`<p class="screen-speakers clamp" title=${names}>${names}</p>` : nothing;
}

function titleLine(item: ScheduleItem): TemplateResult {
  return html`<p class="screen-title clamp" title=${item.event.title}>${item.event.title}</p>`;
}

/** Before a room's next session of the day: this close, the now box counts down to it. */
export const STARTS_IN_MINUTES = 180;

/** Whole minutes from `now` to `at`, rounded up: "starts in 1 min" until the minute it starts. */
function minutesUntil(now: number, at: number): number {
  return Math.max(1, Math.ceil((at - now) / 60_000));
}

function nowTemplate(ctx: ViewContext, current: readonly ScheduleItem[], next: ScheduleItem | null): TemplateResult {
  if (!current.length) {
    // Before the first talk (or in a gap): when the next one starts, not only that nothing runs.
    const soon =
      next && next.day === ctx.fmt.dateKey(new Date(ctx.now)) && next.start - ctx.now <= STARTS_IN_MINUTES * 60_000;
    return html`<p class="screen-when"><span class="screen-label">${labels.now()}</span> <span class="screen-none ${soon ? 'screen-soon' : ''}"
      >${soon ? screenLabels.startsIn(minutesUntil(ctx.now, next.start)) : screenLabels.nothingNow()}</span
    ></p>`;
  }
  return html`${current.map(
    (item) => html`<div class="screen-event">
      <p class="screen-when"><span class="screen-label">${labels.now()}</span> ${screenTime(ctx, item)} <span class="badge">${typeLabel(item.event.type)}</span>
        <span class="screen-left">${screenLabels.minutesLeft(minutesUntil(ctx.now, item.end))}</span></p>
      ${titleLine(item)}
      ${speakersLine(item)}
    </div>`,
  )}`;
}

function nextTemplate(ctx: ViewContext, item: ScheduleItem | null): TemplateResult {
  if (!item) {
    return html`<p class="screen-when"><span class="screen-label">${screenLabels.next()}</span> <span class="screen-none">${screenLabels.nothingNext()}</span></p>`;
  }
  const otherDay = item.day !== ctx.fmt.dateKey(new Date(ctx.now));
  return html`<p class="screen-when">
      <span class="screen-label">${screenLabels.next()}</span>
      ${otherDay ? html`<span class="screen-day">${ctx.fmt.shortDay(new Date(item.start))}</span>` : nothing} ${screenTime(ctx, item)}
    </p>
    ${titleLine(item)}
    ${speakersLine(item)}`;
}

function venueTemplate(ctx: ViewContext, entry: VenueNowNext, single: boolean): TemplateResult {
  const { venue, current, next } = entry;
  const h = headingTag(ctx.headingLevel);
  return html`<li class="screen-venue" part="screen-venue">
    ${single ? nothing : staticHtml`<${h} class="screen-venue-name">${venue.name}</${h}>`}
    <div class="screen-now ${current.length > 1 ? 'several' : ''}" part="screen-now">${nowTemplate(ctx, current, next)}</div>
    <div class="screen-next" part="screen-next">${nextTemplate(ctx, next)}</div>
  </li>`;
}

/** `conferenceName`: from the site document, beside the clock; null until known (or when the site is not published). */
export function renderScreen(
  ctx: ViewContext,
  entries: readonly VenueNowNext[],
  venueId: string | null,
  pager: ScreenPager,
  conferenceName: string | null = null,
): TemplateResult {
  const now = new Date(ctx.now);
  const single = venueId ? entries[0] : undefined;
  const layout = single ? { cols: 1, rows: 1, perPage: 1, pages: 1 } : pager.layout(entries.length);
  const page = layout.pages > 1 ? pager.page : 0;
  const shown = layout.pages > 1 ? entries.slice(page * layout.perPage, (page + 1) * layout.perPage) : entries;
  return html`<div class="screen ${single ? 'single' : ''}" part="screen">
    <header class="screen-head">
      ${single ? staticHtml`<${headingTag(ctx.headingLevel)} class="screen-heading">${single.venue.name}</${headingTag(ctx.headingLevel)}>` : nothing}
      <p class="screen-page" part="screen-page" aria-live="polite">
        ${layout.pages > 1 ? screenLabels.screenPage(page + 1, layout.pages) : ''}
      </p>
      <div class="screen-id">
        ${conferenceName ? html`<p class="screen-conference" part="screen-conference">${conferenceName}</p>` : nothing}
        <p class="clock-day">${ctx.fmt.day(now)}</p>
      </div>
      <p class="clock" part="clock"><time datetime=${now.toISOString()}>${ctx.fmt.time(now)}</time></p>
    </header>
    <div class="screen-body">
      ${
        entries.length
          ? html`<ul
            class="screen-venues ${single ? 'single' : ''}"
            ${cssProps({ '--cols': layout.cols, '--rows': layout.rows })}
          >
            ${repeat(
              shown,
              (e) => e.venue.id,
              (e) => venueTemplate(ctx, e, Boolean(single)),
            )}
          </ul>`
          : html`<p class="screen-done" part="empty">${screenLabels.screenDone()}</p>`
      }
    </div>
  </div>`;
}
