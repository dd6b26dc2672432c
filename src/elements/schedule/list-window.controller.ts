import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ScheduleItem, TimeSlot } from './schedule.model.js';

/**
 * Windowing for the list view: a day builds only the cards on or near the screen, and the rest as
 * they approach, so the first render and each search keystroke cost about the same at 200 and at
 * 5,000 events.
 *
 * Our own rather than `@lit-labs/virtualizer`: the list is grouped (a sticky time heading per
 * slot, the cards of a slot in a grid of columns that follows the element's width), which the
 * virtualizer's one flat list of equally laid out children does not express; its absolute
 * positioning would also break the sticky slot times and the browser's own scroll anchoring.
 * Here every slot keeps its heading (a day has dozens of slots, not thousands), so "now" always
 * has a slot to scroll to, and a slot's cards are cut into chunks of whole rows, at least
 * {@link CHUNK_MIN} cards (a phone's one column: three cards, about half its screen, so a chunk
 * that only touches the screen's edge builds little that is not seen). A chunk away from the
 * screen is one placeholder row as tall as it was when last built, or as its rows are estimated.
 *
 * Kept whatever the scroll: the chunk holding focus and the chunks before and after it in the
 * day's order (a focused card is never recycled away, and Tab or Shift+Tab always finds the next
 * card built, even across slots), and a chunk asked for by {@link ListWindow.reveal} (a deep link
 * or "now" to a card not built yet). The page is the scroll container: positions are read against
 * the viewport on `scroll`, `resize` and focus in the next frame, and after a render once the page
 * is idle (a render builds the chunks its estimate puts on screen; the half screen beyond them
 * comes from that measure).
 */
/** A chunk holds whole rows of cards, at least this many. */
export const CHUNK_MIN = 3;
/**
 * Days with at most this many cards build them all (filters only hide): about two screens of a
 * phone, where the window would build most of the day anyway. A bigger day, such as the demo's 62
 * cards, builds what is near the screen: whole, it made 4,100 nodes and a first render slower than
 * a plain `innerHTML` of the same cards.
 */
export const EAGER_CARDS = 12;
/** How far beyond the viewport (in viewport heights, each side) cards are built. */
const MARGIN = 0.5;
/** What a render builds below the screen before the idle margin (in viewport heights): room for estimates that run tall. */
const ESTIMATE_SLACK = 0.1;
/** Height of a row of cards until one has been measured (px). */
const ROW_ESTIMATE = 132;
/** Gap between rows and between a slot's heading and its cards (`.slot-items`, `.slot`). */
const ROW_GAP = 8;
/** A learned row height this far from the one the placeholders were drawn with draws them again (px). */
const ROW_TOLERANCE = 4;
/** Longest wait for an idle moment before the cards beyond the screen are built after a render (ms). */
const IDLE_WAIT = 150;
/** Window changes in a row without a scroll before the window stops re-measuring (layout loop guard). */
const MAX_SETTLES = 4;

/** Cards per chunk for a number of columns: whole rows, at least {@link CHUNK_MIN}. */
export function chunkSize(columns: number): number {
  const c = Math.max(1, columns);
  return c * Math.ceil(CHUNK_MIN / c);
}

export interface CardEntry {
  readonly kind: 'card';
  readonly item: ScheduleItem;
  readonly chunk: string;
  /** Position among the slot's shown cards, from 1 (`aria-posinset`). */
  readonly pos: number;
}

export interface GapEntry {
  readonly kind: 'gap';
  /** Keys of the chunks the placeholder stands for, in order. */
  readonly chunks: readonly string[];
  /** Estimated or last measured height of each of those chunks (px). */
  readonly heights: readonly number[];
}

export type Entry = CardEntry | GapEntry;

export interface PlannedSlot {
  readonly slot: TimeSlot;
  /** Cards of the slot passing the filters (`aria-setsize`). */
  readonly size: number;
  readonly entries: readonly Entry[];
}

interface Chunk {
  readonly key: string;
  readonly items: readonly ScheduleItem[];
  readonly from: number;
}

export class ListWindow implements ReactiveController {
  /** Chunks meeting the screen when last measured (or estimated). */
  private built = new Set<string>();
  /** Chunks the last plan built: those, focus and its neighbours, a reveal. */
  private rendered = new Set<string>();
  /** Every chunk of the last plan in the day's order, for the focused chunk's neighbours. */
  private order: string[] = [];
  /** Height of each chunk when last built (px), for its placeholder. */
  private heights = new Map<string, number>();
  private rowHeight = ROW_ESTIMATE;
  /** Space above a slot's cards (its heading on a phone), until measured (px). */
  private headSpace = 40;
  private columns = 1;
  /** The row height and columns the last plan's chunks and placeholders were drawn with. */
  private planned = { rowHeight: 0, columns: 0 };
  /** What the chunks were cut from: a new day or filter cuts them anew. */
  private source?: { slots: readonly TimeSlot[]; visible: ReadonlySet<string>; size: number };
  /** Whether the last plan had placeholders (else there is nothing to measure). */
  private windowed = false;
  private revealId: string | null = null;
  private frame = 0;
  /** A pending idle measure (`requestIdleCallback`'s handle, or a timeout's where it is missing). */
  private idle: number | undefined;
  private settles = 0;
  /**
   * Where the list's top was in the page and how tall the viewport was, as `measure` last read
   * them: `plan` runs during a render, where reading layout would force the browser to lay out the
   * old DOM first (a search keystroke's largest single cost on a phone). `scrolled` is the page's
   * scroll position as of the last scroll event or measure (reading it in a render forces layout too).
   */
  private seen: { listTop: number; viewport: number } | null = null;
  private scrolled = 0;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly list: () => HTMLElement | null | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('scroll', this.onScroll, { passive: true });
    addEventListener('resize', this.onScroll, { passive: true });
    this.host.addEventListener('focusin', this.onFocus);
  }

  hostDisconnected(): void {
    removeEventListener('scroll', this.onScroll);
    removeEventListener('resize', this.onScroll);
    this.host.removeEventListener('focusin', this.onFocus);
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.idle !== undefined) {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(this.idle);
      else clearTimeout(this.idle);
      this.idle = undefined;
    }
  }

  hostUpdated(): void {
    if (this.windowed) this.scheduleIdle();
  }

  /** Builds the chunk holding this event from now on, wherever the page is scrolled (until another is revealed). */
  reveal(id: string): void {
    this.revealId = id;
    this.host.requestUpdate();
  }

  /** The day's slots cut into built cards and placeholders; every card when `all` (paper) or the day is small. */
  plan(slots: readonly TimeSlot[], visible: ReadonlySet<string>, all: boolean): PlannedSlot[] {
    const total = slots.reduce((n, slot) => n + slot.items.length, 0);
    if (all || total <= EAGER_CARDS) {
      this.windowed = false;
      return slots.map((slot) => {
        let pos = 0;
        const entries: Entry[] = slot.items.map((item) => ({
          kind: 'card',
          item,
          chunk: '',
          pos: visible.has(item.event.id) ? ++pos : 0,
        }));
        return { slot, size: pos, entries };
      });
    }
    const size = chunkSize(this.columns);
    const cut = slots.map((slot) => this.cut(slot, visible, size));
    // Few cards pass the filters (a narrow search, `max-items`): all of them, nothing to measure.
    const shown = cut.reduce((n, chunks) => n + chunks.reduce((m, c) => m + c.items.length, 0), 0);
    this.windowed = shown > EAGER_CARDS;
    const source = this.source;
    if (!source || source.slots !== slots || source.visible !== visible || source.size !== size) {
      this.source = { slots, visible, size };
      // Another search or day: measured afresh (the loop guard counts changes of one list only).
      this.settles = 0;
      this.heights.clear();
      this.built = this.estimate(cut);
    }
    this.planned = { rowHeight: this.rowHeight, columns: this.columns };
    this.order = cut.flatMap((chunks) => chunks.map((c) => c.key));
    const keep = this.kept(cut);
    this.rendered = new Set();
    const out: PlannedSlot[] = [];
    cut.forEach((chunks, s) => {
      if (chunks.length === 0) return;
      const entries: Entry[] = [];
      let gap: { chunks: string[]; heights: number[] } | null = null;
      for (const chunk of chunks) {
        if (!this.windowed || this.built.has(chunk.key) || keep.has(chunk.key)) {
          this.rendered.add(chunk.key);
          if (gap) entries.push({ kind: 'gap', ...gap });
          gap = null;
          chunk.items.forEach((item, i) =>
            entries.push({ kind: 'card', item, chunk: chunk.key, pos: chunk.from + i + 1 }),
          );
        } else {
          gap ??= { chunks: [], heights: [] };
          gap.chunks.push(chunk.key);
          gap.heights.push(this.heightOf(chunk));
        }
      }
      if (gap) entries.push({ kind: 'gap', ...gap });
      const size = chunks.reduce((n, c) => n + c.items.length, 0);
      out.push({ slot: slots[s]!, size, entries });
    });
    return out;
  }

  private cut(slot: TimeSlot, visible: ReadonlySet<string>, size: number): Chunk[] {
    const shown = slot.items.filter((i) => visible.has(i.event.id));
    const chunks: Chunk[] = [];
    // The size is in the key: a chunk's measured height belongs to its cards and columns.
    for (let from = 0; from < shown.length; from += size)
      chunks.push({ key: `${slot.start}:${size}:${from / size}`, items: shown.slice(from, from + size), from });
    return chunks;
  }

  private heightOf(chunk: Chunk): number {
    return (
      this.heights.get(chunk.key) ?? Math.ceil(chunk.items.length / this.columns) * (this.rowHeight + ROW_GAP) - ROW_GAP
    );
  }

  /** The chunks a reveal or focus holds on to: the focused card's and those before and after it in the day. */
  private kept(cut: readonly Chunk[][]): Set<string> {
    const keep = new Set<string>();
    // By the card's event, not its chunk's key: the chunks may have been cut anew (another width).
    const focused = (this.host.shadowRoot?.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-chunk]');
    const ids = [focused?.dataset['id'], this.revealId];
    if (!ids[0] && !ids[1]) return keep;
    for (const chunks of cut)
      for (const c of chunks) {
        if (!c.items.some((i) => ids.includes(i.event.id))) continue;
        keep.add(c.key);
        if (c.items.some((i) => i.event.id === ids[0])) {
          const at = this.order.indexOf(c.key);
          for (const k of this.order.slice(Math.max(0, at - 1), at + 2)) keep.add(k);
        }
      }
    return keep;
  }

  /**
   * Before anything of these chunks is on the page: the chunks whose estimated place meets the
   * viewport, counted from where the list is now (or would start: below the element's toolbar).
   * The screen only, without the margin: a search keystroke or a new day shows its whole screen in
   * its first frame, and the cards half a screen beyond it, which no one sees yet, are built by
   * the measure of the frame after (a third of the cards a phone's keystroke used to build).
   */
  private estimate(cut: readonly Chunk[][]): Set<string> {
    const list = this.list();
    let y = this.seen
      ? this.seen.listTop - this.scrolled
      : list
        ? list.getBoundingClientRect().top
        : this.host.getBoundingClientRect().top + 160;
    // Built at once: the screen, and a tenth of a screen more below, since the heights are estimates
    // (a search's cards may be taller than the rows measured before it): the screen is full in the
    // keystroke's own frame; the rest of the margin comes when the page is idle.
    const [lo, hi] = this.bounds(this.seen?.viewport, 0, ESTIMATE_SLACK);
    const out = new Set<string>();
    for (const chunks of cut) {
      if (chunks.length === 0) continue;
      y += this.headSpace; // the slot's heading, when it sits above the cards
      for (const c of chunks) {
        const h = this.heightOf(c);
        if (y + h >= lo && y <= hi) out.add(c.key);
        y += h + ROW_GAP;
        if (y > hi) return out;
      }
      y += 16 - ROW_GAP;
    }
    return out;
  }

  private bounds(viewport = innerHeight, margin = MARGIN, below = margin): [number, number] {
    const vh = viewport || 800;
    return [-vh * margin, vh * (1 + below)];
  }

  /** Focus moved onto a card: the chunks on either side must be built before the next Tab. */
  private readonly onFocus = (e: FocusEvent): void => {
    this.onScroll(e);
    const key = (e.composedPath()[0] as Element).closest?.<HTMLElement>('[data-chunk]')?.dataset['chunk'];
    const at = key ? this.order.indexOf(key) : -1;
    if (!this.windowed || at < 0) return;
    const around = this.order.slice(Math.max(0, at - 1), at + 2);
    if (around.some((k) => !this.rendered.has(k))) this.host.requestUpdate();
  };

  private readonly onScroll = (e: Event): void => {
    // Scroll events come with layout done (before the frame's animation callbacks): cheap to read here.
    if (e.type === 'scroll') this.scrolled = scrollY;
    this.settles = 0;
    this.schedule();
  };

  /** A scroll, a resize, a focus: measured in the next frame, before it is painted (nothing in the list changed, so layout is clean). */
  private schedule(): void {
    if (this.frame || !this.windowed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.measure();
    });
  }

  /**
   * A render: measured once the page is idle after it, so its screen is painted first. Measured in
   * the next frame instead, before its paint, the new cards were laid out twice (once forced by
   * the measure, once more with the margin it built) before anything showed: 18-26 ms of forced
   * layout and a 10 ms render in a phone's (CPU 4x) first load at 2,000 events. Within
   * {@link IDLE_WAIT} whatever the page does, so the half screen beyond is ready for a scroll.
   */
  private scheduleIdle(): void {
    if (this.idle !== undefined || !this.windowed) return;
    const run = () => {
      this.idle = undefined;
      this.measure();
    };
    this.idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: IDLE_WAIT })
        : (setTimeout(run, 50) as unknown as number);
  }

  /** Reads where each chunk is; builds those meeting the viewport, lets go of the rest. */
  private measure(): void {
    const list = this.list();
    if (!list || !this.windowed) return;
    this.scrolled = scrollY;
    this.seen = { listTop: list.getBoundingClientRect().top + this.scrolled, viewport: innerHeight };
    // How far a slot's cards start below its top: its heading's height on a phone, none where the
    // time stands beside the cards (a wide list).
    const slot = list.querySelector<HTMLElement>('.slot:not([hidden])');
    const items = slot?.querySelector<HTMLElement>('.slot-items');
    if (slot && items) this.headSpace = items.getBoundingClientRect().top - slot.getBoundingClientRect().top;
    const [lo, hi] = this.bounds(this.seen.viewport);
    const next = new Set<string>();
    const boxes = new Map<string, { top: number; bottom: number; cards: number }>();
    let first: HTMLElement | null = null;
    for (const el of list.querySelectorAll<HTMLElement>('[data-chunk], [data-chunks]')) {
      const r = el.getBoundingClientRect();
      const key = el.dataset['chunk'];
      if (key) {
        first ??= el;
        const box = boxes.get(key);
        if (box) {
          box.top = Math.min(box.top, r.top);
          box.bottom = Math.max(box.bottom, r.bottom);
          box.cards++;
        } else boxes.set(key, { top: r.top, bottom: r.bottom, cards: 1 });
        continue;
      }
      // A placeholder: its chunks stacked in order, each at its planned height.
      const keys = (el.dataset['chunks'] ?? '').split(' ');
      const heights = (el.dataset['heights'] ?? '').split(' ').map(Number);
      let y = r.top;
      keys.forEach((k, i) => {
        const h = heights[i] ?? 0;
        if (y + h >= lo && y <= hi) next.add(k);
        y += h + ROW_GAP;
      });
    }
    if (first) this.learnColumns(first);
    let [span, rows] = [0, 0];
    for (const [key, box] of boxes) {
      const h = box.bottom - box.top;
      if (h > 0) {
        this.heights.set(key, h);
        span += h + ROW_GAP;
        rows += Math.ceil(box.cards / this.columns);
      }
      if (box.bottom >= lo && box.top <= hi) next.add(key);
    }
    // The rows built so far, on average, for the placeholders of chunks never built.
    if (rows > 0) this.rowHeight = span / rows - ROW_GAP;
    const same = next.size === this.built.size && [...next].every((k) => this.built.has(k));
    // Placeholders drawn (and chunks cut) before a row was measured: once more with the real rows.
    const learned =
      this.planned.columns === this.columns && Math.abs(this.planned.rowHeight - this.rowHeight) < ROW_TOLERANCE;
    if (same && learned) return;
    // Chunks are kept for focus and reveals in `plan` whatever this says.
    this.built = next;
    if (++this.settles > MAX_SETTLES) return;
    this.host.requestUpdate();
  }

  /** How many cards share a row, from a built card and its row's width. */
  private learnColumns(card: HTMLElement): void {
    const row = card.parentElement;
    if (!row || card.offsetWidth === 0) return;
    this.columns = Math.max(1, Math.round((row.clientWidth + ROW_GAP) / (card.offsetWidth + ROW_GAP)));
  }
}
