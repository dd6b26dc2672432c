import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { GridCell, GridLayout } from './grid-layout.model.js';

/** Days with at most this many cards build them all (filters only hide). */
export const EAGER_CELLS = 120;

/**
 * Windowing for the grid view: a day of many events builds only the cards whose rows and rooms
 * meet the grid's scrolling box (and half a box around it), the rest as the box scrolls to them.
 * Cards sit on the CSS grid by row and column, so the grid keeps its full size without any
 * placeholder: nothing else moves when a card is built or let go.
 *
 * Kept whatever the scroll: the focused card and its neighbours in reading order (room by room,
 * as Tab walks them, so Tab never skips a card not built), and a revealed card.
 */
interface Range {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

/** Width of the grid's time column (px, `.grid` in the styles). */
const TIME_COLUMN = 80;

export class GridWindow implements ReactiveController {
  private range: Range | null = null;
  private windowed = false;
  private frame = 0;
  private revealId: string | null = null;
  private layout?: GridLayout;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly scroller: () => HTMLElement | null | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('resize', this.onScroll, { passive: true });
    this.host.addEventListener('focusin', this.onScroll);
  }

  hostDisconnected(): void {
    removeEventListener('resize', this.onScroll);
    this.host.removeEventListener('focusin', this.onScroll);
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  hostUpdated(): void {
    if (this.windowed) this.onScroll();
  }

  reveal(id: string): void {
    this.revealId = id;
    this.host.requestUpdate();
  }

  /** The grid-scroll box's `scroll` listener. */
  readonly onScroll = (): void => {
    if (this.frame || !this.windowed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.measure();
    });
  };

  /** The cells to build: all of a small day (filters hide the rest), else the filtered ones in reach. */
  cells(layout: GridLayout, visible: ReadonlySet<string>, hourPx: number): readonly GridCell[] {
    this.layout = layout;
    this.windowed = layout.cells.length > EAGER_CELLS;
    if (!this.windowed) return layout.cells;
    const range = this.range ?? this.estimate(hourPx);
    const keep = this.kept(layout);
    return layout.cells.filter(
      (c) =>
        keep.has(c.item.event.id) ||
        (visible.has(c.item.event.id) &&
          c.row < range.r1 &&
          c.row + c.span > range.r0 &&
          c.column >= range.c0 &&
          c.column <= range.c1),
    );
  }

  private kept(layout: GridLayout): Set<string> {
    const keep = new Set<string>();
    if (this.revealId) keep.add(this.revealId);
    const focused = (this.host.shadowRoot?.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-id]');
    const id = focused?.dataset['id'];
    if (id) {
      const at = layout.cells.findIndex((c) => c.item.event.id === id);
      for (let i = Math.max(0, at - 2); at >= 0 && i <= at + 2 && i < layout.cells.length; i++)
        keep.add(layout.cells[i]!.item.event.id);
    }
    return keep;
  }

  /** Before the grid was measured: the first rows and rooms of a box as tall and wide as the window. */
  private estimate(hourPx: number): Range {
    const rowPx = Math.max(1, hourPx / 12);
    return {
      r0: 0,
      r1: Math.ceil((innerHeight * 1.5) / rowPx),
      c0: 0,
      c1: Math.ceil(innerWidth / 176),
    };
  }

  private measure(): void {
    const box = this.scroller();
    const grid = box?.firstElementChild as HTMLElement | null | undefined;
    const layout = this.layout;
    if (!box || !grid || !layout || layout.rows === 0) return;
    const header = grid.querySelector<HTMLElement>('.grid-venue')?.offsetHeight ?? 0;
    const rowPx = Math.max(1, (grid.offsetHeight - header) / layout.rows);
    const colPx = Math.max(1, (grid.offsetWidth - TIME_COLUMN) / Math.max(1, layout.columns.length));
    const marginY = box.clientHeight / 2;
    // Whole hours (12 rows), so scrolling re-renders once an hour of the day passes, not every frame.
    const next: Range = {
      r0: Math.floor((box.scrollTop - header - marginY) / rowPx / 12) * 12,
      r1: Math.ceil((box.scrollTop + box.clientHeight + marginY - header) / rowPx / 12) * 12,
      c0: Math.floor((box.scrollLeft - TIME_COLUMN) / colPx),
      c1: Math.ceil((box.scrollLeft + box.clientWidth - TIME_COLUMN) / colPx),
    };
    const r = this.range;
    if (r && r.r0 === next.r0 && r.r1 === next.r1 && r.c0 === next.c0 && r.c1 === next.c1) return;
    this.range = next;
    this.host.requestUpdate();
  }
}
