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
 *
 * Grouped lists ({@link CardWindow.renderGroups}, the sponsor wall under a heading per type) are
 * one window over the groups, not a window per group: chunk numbers run on from one group's list
 * into the next, and a group's chunks start at its first record, so a chunk never straddles two
 * lists. Every group's heading and `<ul>` are always rendered (the page's outline and the
 * browser's find-in-page of the headings stay), a group's chunks away from the screen are
 * placeholders in its own list, and the set size and positions are each list's own. Focus keeps
 * its chunk's neighbours across a group's end, so Tab walks from the last card of one group into
 * the first of the next; the whole window's first and last chunks are its ends; the threshold of
 * {@link EAGER_CARDS} counts every group's records together.
 *
 * A list that lays out its own columns (a wrapping flex row: the sponsor wall, whose tiles' width
 * comes from its CSS) passes `wraps`: its `columns` is then a first guess, and the window counts
 * the cards on a built row, so chunks stay whole rows and a placeholder never leaves a short row
 * in the middle of the wall.
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
/** Height of a group's heading and the space above it, until the lists are on the page (px). */
const HEADING_ESTIMATE = 48;

interface Card<R> {
  readonly r: R;
  readonly chunk: number;
  /** Position in its own group's list, from 1. */
  readonly pos: number;
}
interface Gap {
  readonly chunks: number[];
  readonly heights: number[];
}
type Entry<R> = Card<R> | Gap;

export interface CardListOptions {
  /** The `<ul>`'s class and part. */
  cls: string;
  part: string;
  /** Columns of the grid (the element's own count): chunks end at the end of a row. */
  columns: number;
  /**
   * The list wraps its cards by its own CSS (a flex row): `columns` is a first guess, replaced by
   * the count of cards the window finds on a built row.
   */
  wraps?: boolean;
}

export class CardWindow implements ReactiveController {
  /** Chunks meeting the screen when last measured (by index). */
  private built = new Set<number>();
  /** Chunks the last render built: those, the ends, focus and a reveal. */
  private rendered = new Set<number>();
  /** Height of a chunk when last built, by its first record's id and length (px). */
  private heights = new Map<string, number>();
  /** Every group's record ids, one group after the other. */
  private ids: string[] = [];
  /** Each group's length. */
  private lengths: number[] = [];
  /** Where each chunk starts in {@link ids}, then where the last one ends. */
  private starts: number[] = [0];
  /** The group (list) of each chunk. */
  private groupOf: number[] = [];
  /** Where each group starts in {@link ids}. */
  private groupStarts: number[] = [];
  private size = 0;
  private cols = 1;
  /** A wrapping list's columns as counted on a built row; 0 before one was counted. */
  private counted = 0;
  private wraps = false;
  /** The list's class, chunk size and columns the heights were measured with. */
  private layout = '';
  private rowHeight = ROW_ESTIMATE;
  /** The row height the last render's placeholders were drawn with. */
  private plannedRow = 0;
  private gap = 16;
  private windowed = false;
  private revealId: string | null = null;
  private pendingScroll: string | null = null;
  /** Records in the last render's lists. */
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
      const card = this.host.shadowRoot?.querySelector(`[data-window] [data-id="${CSS.escape(id)}"]`);
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
    return this.renderGroups([records], o, card)[0]!;
  }

  /**
   * One `<ul>` per group, in order, windowed together (see the module's comment); the element
   * puts each under its heading. Every group's list is rendered, however far from the screen.
   */
  renderGroups<R extends { readonly id: string }>(
    groups: readonly (readonly R[])[],
    o: CardListOptions,
    card: (r: R) => unknown,
  ): TemplateResult[] {
    return this.plan(groups, o).map((entries, g) => this.renderList(entries, groups[g]!.length, o, card));
  }

  private renderList<R extends { readonly id: string }>(
    entries: readonly Entry<R>[],
    n: number,
    o: CardListOptions,
    card: (r: R) => unknown,
  ): TemplateResult {
    // role="list": Safari drops a `list-style: none` list's semantics without it.
    return html`<ul role="list" class=${o.cls} part=${o.part} data-window>
      ${repeat(
        entries,
        (e) => ('r' in e ? e.r.id : `gap:${e.chunks[0]}`),
        (e) =>
          'r' in e
            ? html`<li data-chunk=${e.chunk} aria-setsize=${n} aria-posinset=${e.pos}>${card(e.r)}</li>`
            : html`<li
                aria-hidden="true"
                data-chunks=${e.chunks.join(' ')}
                data-heights=${e.heights.map(Math.round).join(' ')}
                ${cssProps({
                  // A row of its own, across a grid or a wrapping flex list.
                  'grid-column': '1 / -1',
                  flex: '0 0 100%',
                  'max-width': 'none',
                  height: `${Math.round(this.span(e.heights))}px`,
                  // Never the scroll anchor: it is replaced by cards, which keep the page still.
                  'overflow-anchor': 'none',
                })}
              ></li>`,
      )}
    </ul>`;
  }

  private plan<R extends { readonly id: string }>(groups: readonly (readonly R[])[], o: CardListOptions): Entry<R>[][] {
    const n = (this.count = groups.reduce((sum, g) => sum + g.length, 0));
    this.windowed = !this.printing && n > EAGER_CARDS;
    this.wraps = !!o.wraps;
    if (!this.windowed) return groups.map((g) => g.map((r, i) => ({ r, chunk: 0, pos: i + 1 })));
    const columns = this.wraps && this.counted ? this.counted : o.columns;
    const size = columns * Math.ceil(CHUNK_CARDS / columns);
    const layout = `${o.cls}/${size}/${columns}`;
    if (layout !== this.layout) {
      this.layout = layout;
      this.size = size;
      this.cols = columns;
      this.heights.clear();
      this.ids = [];
    }
    if (this.changed(groups)) {
      // Another search or filter, or new data: start from what would meet the screen.
      this.ids = groups.flatMap((g) => g.map((r) => r.id));
      this.lengths = groups.map((g) => g.length);
      this.cut();
      if (this.heights.size > 4096) this.heights.clear();
      this.built = this.estimate();
    }
    const chunks = this.starts.length - 1;
    const keep = this.kept(chunks);
    this.plannedRow = this.rowHeight;
    const out = groups.map((): Entry<R>[] => []);
    let gap: Gap | null = null;
    this.rendered.clear();
    for (let c = 0; c < chunks; c++) {
      const g = this.groupOf[c]!;
      const list = out[g]!;
      // A placeholder stands for chunks of its own list only.
      if (c > 0 && this.groupOf[c - 1] !== g) gap = null;
      if (this.built.has(c) || keep.has(c)) {
        this.rendered.add(c);
        gap = null;
        const first = this.groupStarts[g]!;
        for (let i = this.starts[c]!; i < this.starts[c + 1]!; i++) {
          list.push({ r: groups[g]![i - first]!, chunk: c, pos: i - first + 1 });
        }
      } else {
        if (!gap) list.push((gap = { chunks: [], heights: [] }));
        gap.chunks.push(c);
        gap.heights.push(this.heightOf(c));
      }
    }
    return out;
  }

  /** Whether the groups' records differ from those the chunks were cut for. */
  private changed(groups: readonly (readonly { readonly id: string }[])[]): boolean {
    if (groups.length !== this.lengths.length || groups.some((g, i) => g.length !== this.lengths[i])) return true;
    let at = 0;
    return groups.some((g) => g.some((r) => r.id !== this.ids[at++]));
  }

  /** Cuts each group into chunks of whole rows, numbered on across the groups. */
  private cut(): void {
    this.starts = [];
    this.groupOf = [];
    this.groupStarts = [];
    let at = 0;
    this.lengths.forEach((length, g) => {
      this.groupStarts.push(at);
      for (let i = 0; i < length; i += this.size) {
        this.starts.push(at + i);
        this.groupOf.push(g);
      }
      at += length;
    });
    this.starts.push(at);
  }

  private lists(): HTMLElement[] {
    return [...(this.host.shadowRoot?.querySelectorAll<HTMLElement>('[data-window]') ?? [])];
  }

  private lengthOf(c: number): number {
    return this.starts[c + 1]! - this.starts[c]!;
  }

  /** A chunk's key for its measured height: its first record and length. */
  private key(c: number): string {
    return `${this.ids[this.starts[c]!]}/${this.lengthOf(c)}`;
  }

  private rowsOf(c: number): number {
    return Math.ceil(this.lengthOf(c) / this.cols);
  }

  private heightOf(c: number): number {
    return this.heights.get(this.key(c)) ?? this.rowsOf(c) * (this.rowHeight + this.gap) - this.gap;
  }

  private span(heights: readonly number[]): number {
    return heights.reduce((a, b) => a + b, 0) + this.gap * (heights.length - 1);
  }

  /** The chunk holding record `i` (an index into {@link ids}). */
  private chunkAt(i: number): number {
    let c = 0;
    while (this.starts[c + 1]! <= i) c++;
    return c;
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
    if (at >= 0) keep.add(this.chunkAt(at));
    return keep;
  }

  /** Before these chunks are on the page: those whose estimated place meets the viewport. */
  private estimate(): Set<number> {
    let y = this.lists()[0]?.getBoundingClientRect().top ?? this.host.getBoundingClientRect().top + 100;
    const [lo, hi] = bounds();
    const out = new Set<number>();
    for (let c = 0; c < this.starts.length - 1 && y <= hi; c++) {
      if (c > 0 && this.groupOf[c] !== this.groupOf[c - 1]) y += HEADING_ESTIMATE;
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
    const last = this.starts.length - 2;
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
    const lists = this.lists();
    if (lists.length === 0 || !this.windowed) return;
    const [lo, hi] = bounds();
    this.gap = parseFloat(getComputedStyle(lists[0]!).rowGap) || 0;
    const next = new Set<number>();
    const boxes = new Map<number, [number, number]>();
    const rows = new RowCount();
    for (const list of lists) {
      rows.startList();
      for (const el of list.children as HTMLCollectionOf<HTMLElement>) {
        const r = el.getBoundingClientRect();
        const { chunk, chunks, heights } = el.dataset;
        if (chunk) {
          rows.card(r.top);
          const c = Number(chunk);
          const box = boxes.get(c);
          if (box) box[1] = Math.max(box[1], r.bottom);
          else boxes.set(c, [r.top, r.bottom]);
        } else if (chunks) {
          rows.placeholder();
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
    }
    const columns = this.wraps ? rows.columns(this.cols) : this.cols;
    if (columns !== this.cols) {
      // Chunks of whole rows again: the next render cuts them anew.
      this.counted = columns;
      if (++this.settles <= MAX_SETTLES) this.host.requestUpdate();
      return;
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

/**
 * Counts a wrapping list's columns from its built cards. A run of cards starts a line (at a list's
 * start or after a placeholder, which takes a whole line); the first run that wraps holds the
 * columns on its first line. A run that ends at a placeholder on its first line, longer than the
 * guess, shows the guess too small without telling how much: the count then doubles it.
 */
class RowCount {
  private line = 0;
  private top = 0;
  private wrapped = 0;
  private unwrapped = 0;

  startList(): void {
    this.line = 0;
  }

  card(top: number): void {
    if (this.line < 0) return;
    if (this.line === 0) this.top = top;
    if (Math.abs(top - this.top) < 1) this.line++;
    else {
      this.wrapped ||= this.line;
      // This run's first line is counted.
      this.line = -1;
    }
  }

  placeholder(): void {
    if (this.line > 0) this.unwrapped = Math.max(this.unwrapped, this.line);
    this.line = 0;
  }

  columns(guess: number): number {
    if (this.wrapped) return this.wrapped;
    return this.unwrapped > guess ? this.unwrapped * 2 : guess;
  }
}

function bounds(): [number, number] {
  const vh = innerHeight || 800;
  return [-vh * MARGIN, vh * (1 + MARGIN)];
}
