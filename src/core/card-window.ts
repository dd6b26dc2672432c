/**
 * Windowing for the record lists' card grids (`<conf-speakers>`, `<conf-abstracts>`,
 * `<conf-exhibits>`): a list of hundreds of records builds only the cards on or near the screen,
 * and the rest as the page scrolls to them, so the first render and each search keystroke cost
 * about the same at 100 and at 2,000 records.
 *
 * The shown records are cut into chunks of whole grid rows (about {@link CHUNK_CARDS} cards). A
 * run of chunks away from the screen is one placeholder row across the grid, as tall as those
 * chunks were when last built, or as their rows are estimated to be. The list stays a real `<ul>`
 * whose cards carry `aria-setsize` and `aria-posinset` against every shown record.
 *
 * Built whatever the scroll: the first and last chunks (Tab into the list from either side meets
 * its first or last card), the chunk holding focus and its neighbours (a focused card is never
 * recycled away, and Tab or Shift+Tab always finds the next card built), and a chunk asked for by
 * {@link CardWindow.reveal} (a deep link's record). While printing, every card.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { cssProps } from './css-props.js';

/**
 * Lists of at most this many cards build them all: a small conference's speakers stay whole for
 * the browser's find-in-page, and cost little.
 */
export const EAGER_CARDS = 100;
/** About this many cards per chunk, in whole rows. */
const CHUNK_CARDS = 12;
/** How far beyond the viewport (in viewport heights, each side) cards are built. */
const MARGIN = 0.5;
/** Height of a row of cards until one has been measured (px). */
const ROW_ESTIMATE = 200;
/** Window changes in a row without a scroll before the window stops re-measuring (layout loop guard). */
const MAX_SETTLES = 4;

interface Card<R> {
  readonly r: R;
  readonly chunk: number;
  readonly pos: number;
}
interface Gap {
  readonly chunks: number[];
  readonly heights: number[];
}

export interface CardListOptions {
  /** The `<ul>`'s class and part. */
  cls: string;
  part: string;
  /** Columns of the grid (the element's own count): chunks end at the end of a row. */
  columns: number;
}

export class CardWindow implements ReactiveController {
  /** Chunks meeting the screen when last measured (by index). */
  private built = new Set<number>();
  /** Chunks the last render built: those, the ends, focus and a reveal. */
  private rendered = new Set<number>();
  /** Height of a chunk when last built, by its first record's id and length (px). */
  private heights = new Map<string, number>();
  private ids: string[] = [];
  private size = 0;
  private cols = 1;
  private rowHeight = ROW_ESTIMATE;
  /** The row height the last render's placeholders were drawn with. */
  private plannedRow = 0;
  private gap = 16;
  private windowed = false;
  private revealId: string | null = null;
  private pendingScroll: string | null = null;
  /** Records in the last render's list. */
  private count = 0;
  private frame = 0;
  private settles = 0;
  private printing = false;
  private print?: MediaQueryList;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    this.print = matchMedia('print');
    this.print.addEventListener('change', this.syncPrint);
    addEventListener('beforeprint', this.startPrint);
    addEventListener('afterprint', this.syncPrint);
    this.printing = this.print.matches;
    // Capturing: a scrolling box around the element scrolls it too.
    addEventListener('scroll', this.onScroll, { capture: true, passive: true });
    addEventListener('resize', this.onScroll, { passive: true });
    this.host.addEventListener('focusin', this.onFocus);
  }

  hostDisconnected(): void {
    this.print?.removeEventListener('change', this.syncPrint);
    removeEventListener('beforeprint', this.startPrint);
    removeEventListener('afterprint', this.syncPrint);
    removeEventListener('scroll', this.onScroll, { capture: true });
    removeEventListener('resize', this.onScroll);
    this.host.removeEventListener('focusin', this.onFocus);
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  hostUpdated(): void {
    const id = this.pendingScroll;
    if (id !== null && this.count > 0) {
      // Once the list holds the revealed record (a deep link can come before the list loads).
      const card = this.list()?.querySelector(`[data-id="${CSS.escape(id)}"]`);
      this.pendingScroll = null;
      const r = card?.getBoundingClientRect();
      if (r && (r.bottom < 0 || r.top > innerHeight)) card!.scrollIntoView({ block: 'center' });
    }
    if (this.windowed) this.schedule();
  }

  /**
   * Builds the card of `id` from now on and brings it on screen once the list holds it (behind
   * the dialog a deep link opened); resolves after the update that built it.
   */
  async reveal(id: string): Promise<void> {
    this.revealId = this.pendingScroll = id;
    this.host.requestUpdate();
    await this.host.updateComplete;
  }

  /** The `<ul>` of `records`' cards: those near the screen built by `card`, placeholders for the rest. */
  render<R extends { readonly id: string }>(
    records: readonly R[],
    o: CardListOptions,
    card: (r: R) => unknown,
  ): TemplateResult {
    const n = records.length;
    // role="list": Safari drops a `list-style: none` list's semantics without it.
    return html`<ul role="list" class=${o.cls} part=${o.part} data-window>
      ${repeat(
        this.plan(records, o.columns),
        (e) => ('r' in e ? e.r.id : `gap:${e.chunks[0]}`),
        (e) =>
          'r' in e
            ? html`<li data-chunk=${e.chunk} aria-setsize=${n} aria-posinset=${e.pos}>${card(e.r)}</li>`
            : html`<li
                aria-hidden="true"
                data-chunks=${e.chunks.join(' ')}
                data-heights=${e.heights.map(Math.round).join(' ')}
                ${cssProps({
                  'grid-column': '1 / -1',
                  height: `${Math.round(this.span(e.heights))}px`,
                  // Never the scroll anchor: it is replaced by cards, which keep the page still.
                  'overflow-anchor': 'none',
                })}
              ></li>`,
      )}
    </ul>`;
  }

  private plan<R extends { readonly id: string }>(records: readonly R[], columns: number): (Card<R> | Gap)[] {
    const n = (this.count = records.length);
    this.windowed = !this.printing && n > EAGER_CARDS;
    if (!this.windowed) return records.map((r, i) => ({ r, chunk: 0, pos: i + 1 }));
    const size = columns * Math.ceil(CHUNK_CARDS / columns);
    if (size !== this.size || columns !== this.cols) {
      this.size = size;
      this.cols = columns;
      this.heights.clear();
      this.ids = [];
    }
    if (n !== this.ids.length || records.some((r, i) => r.id !== this.ids[i])) {
      // Another search or filter, or new data: start from what would meet the screen.
      this.ids = records.map((r) => r.id);
      if (this.heights.size > 4096) this.heights.clear();
      this.built = this.estimate();
    }
    const chunks = Math.ceil(n / size);
    const keep = this.kept(chunks);
    this.plannedRow = this.rowHeight;
    const out: (Card<R> | Gap)[] = [];
    let gap: Gap | null = null;
    this.rendered.clear();
    for (let c = 0; c < chunks; c++) {
      if (this.built.has(c) || keep.has(c)) {
        this.rendered.add(c);
        if (gap) out.push(gap);
        gap = null;
        for (let i = c * size; i < Math.min(n, (c + 1) * size); i++) out.push({ r: records[i]!, chunk: c, pos: i + 1 });
      } else {
        gap ??= { chunks: [], heights: [] };
        gap.chunks.push(c);
        gap.heights.push(this.heightOf(c));
      }
    }
    if (gap) out.push(gap);
    return out;
  }

  private list(): HTMLElement | null | undefined {
    return this.host.shadowRoot?.querySelector<HTMLElement>('[data-window]');
  }

  /** A chunk's key for its measured height: its first record and length. */
  private key(c: number): string {
    return `${this.ids[c * this.size]}/${Math.min(this.size, this.ids.length - c * this.size)}`;
  }

  private rowsOf(c: number): number {
    return Math.ceil(Math.min(this.size, this.ids.length - c * this.size) / this.cols);
  }

  private heightOf(c: number): number {
    return this.heights.get(this.key(c)) ?? this.rowsOf(c) * (this.rowHeight + this.gap) - this.gap;
  }

  private span(heights: readonly number[]): number {
    return heights.reduce((a, b) => a + b, 0) + this.gap * (heights.length - 1);
  }

  /** The chunks built whatever the scroll: the ends, focus and its neighbours, a revealed record. */
  private kept(chunks: number): Set<number> {
    const keep = new Set([0, chunks - 1]);
    const focused = (this.host.shadowRoot?.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-chunk]');
    if (focused) {
      const c = Number(focused.dataset['chunk']);
      for (const k of [c - 1, c, c + 1]) keep.add(k);
    }
    const at = this.revealId === null ? -1 : this.ids.indexOf(this.revealId);
    if (at >= 0) keep.add(Math.floor(at / this.size));
    return keep;
  }

  /** Before these chunks are on the page: those whose estimated place meets the viewport. */
  private estimate(): Set<number> {
    let y = this.list()?.getBoundingClientRect().top ?? this.host.getBoundingClientRect().top + 100;
    const [lo, hi] = bounds();
    const out = new Set<number>();
    for (let c = 0; c * this.size < this.ids.length && y <= hi; c++) {
      const h = this.heightOf(c);
      if (y + h >= lo) out.add(c);
      y += h + this.gap;
    }
    return out;
  }

  private readonly onScroll = (): void => {
    this.settles = 0;
    this.schedule();
  };

  /** Focus moved onto a card: its chunk's neighbours must be built before the next Tab. */
  private readonly onFocus = (e: FocusEvent): void => {
    const card = (e.composedPath()[0] as Element).closest?.<HTMLElement>('[data-chunk]');
    if (!this.windowed || !card) return;
    const c = Number(card.dataset['chunk']);
    const last = Math.ceil(this.ids.length / this.size) - 1;
    if (!this.rendered.has(Math.max(0, c - 1)) || !this.rendered.has(Math.min(last, c + 1))) this.host.requestUpdate();
  };

  private readonly startPrint = (): void => this.setPrint(true);
  private readonly syncPrint = (): void => this.setPrint(!!this.print?.matches);

  private setPrint(on: boolean): void {
    if (on === this.printing) return;
    this.printing = on;
    // Updated within `beforeprint`'s microtasks, before the browser lays the page out for paper.
    this.host.requestUpdate();
  }

  private schedule(): void {
    if (this.frame || !this.windowed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.measure();
    });
  }

  /** Reads where each chunk is; builds those meeting the viewport, lets go of the rest. */
  private measure(): void {
    const list = this.list();
    if (!list || !this.windowed) return;
    const [lo, hi] = bounds();
    this.gap = parseFloat(getComputedStyle(list).rowGap) || 0;
    const next = new Set<number>();
    const boxes = new Map<number, [number, number]>();
    for (const el of list.children as HTMLCollectionOf<HTMLElement>) {
      const r = el.getBoundingClientRect();
      const { chunk, chunks, heights } = el.dataset;
      if (chunk) {
        const c = Number(chunk);
        const box = boxes.get(c);
        if (box) box[1] = Math.max(box[1], r.bottom);
        else boxes.set(c, [r.top, r.bottom]);
      } else if (chunks) {
        // A placeholder: its chunks stacked in order, each at its planned height.
        const hs = (heights ?? '').split(' ').map(Number);
        let y = r.top;
        chunks.split(' ').forEach((k, i) => {
          const h = hs[i] ?? 0;
          if (y + h >= lo && y <= hi) next.add(Number(k));
          y += h + this.gap;
        });
      }
    }
    let learned = false;
    for (const [c, [top, bottom]] of boxes) {
      if (bottom <= top) continue;
      // The rows of the first chunk built (the list's first, always built) set the estimate.
      if (!learned) this.rowHeight = (bottom - top + this.gap) / this.rowsOf(c) - this.gap;
      learned = true;
      this.heights.set(this.key(c), bottom - top);
      if (bottom >= lo && top <= hi) next.add(c);
    }
    const same = next.size === this.built.size && [...next].every((c) => this.built.has(c));
    // Placeholders drawn from the estimate before a row was measured: once more with the real row.
    if (same && Math.abs(this.rowHeight - this.plannedRow) < 1) return;
    // Chunks are kept for focus, the ends and reveals in `plan` whatever this says.
    this.built = next;
    if (++this.settles > MAX_SETTLES) return;
    this.host.requestUpdate();
  }
}

function bounds(): [number, number] {
  const vh = innerHeight || 800;
  return [-vh * MARGIN, vh * (1 + MARGIN)];
}
