/**
 * Grid view layout: venues as columns, one row per 5 minutes, events spanning their duration,
 * events that overlap within one venue side by side in lanes.
 *
 * Rows count elapsed time from the grid's first hour, not wall-clock minutes, so a talk across a
 * DST change keeps its true length; the hour labels come from formatting each mark's instant.
 */
import type { Venue } from '../../api/records.js';
import { wallClock } from '../../core/zone.js';
import type { ScheduleItem } from './schedule.model.js';

export const GRID_STEP_MINUTES = 5;
const STEP_MS = GRID_STEP_MINUTES * 60_000;
const ROWS_PER_HOUR = 60 / GRID_STEP_MINUTES;

export interface GridColumn {
  readonly venue: Venue;
  /** Most events this venue runs at once; the column is split into this many lanes. */
  readonly lanes: number;
}

export interface GridCell {
  readonly item: ScheduleItem;
  /** 0-based column index into {@link GridLayout.columns}. */
  readonly column: number;
  /** 0-based first row. */
  readonly row: number;
  /** Rows covered, at least 1. */
  readonly span: number;
  /** 0-based lane within the overlapping group. */
  readonly lane: number;
  /** Lanes in this event's overlapping group (1 when it overlaps nothing). */
  readonly lanes: number;
}

export interface GridLayout {
  /** Epoch ms of row 0, a full hour in the display zone. */
  readonly start: number;
  readonly rows: number;
  readonly columns: readonly GridColumn[];
  /** Sorted by column, then row. */
  readonly cells: readonly GridCell[];
  /** Full hours: the row each starts and its instant, for the time axis. */
  readonly marks: readonly { row: number; at: number }[];
  /**
   * Rows of the shortest common event (the tenth percentile of spans, so a lone 5-minute
   * announcement does not stretch the whole day): the grid's hour is sized so that event reads.
   */
  readonly commonSpan: number;
}

/** Share of the day's events allowed to be shorter than {@link GridLayout.commonSpan}. */
const SHORT_OUTLIERS = 0.1;

function commonSpan(cells: readonly GridCell[]): number {
  if (cells.length === 0) return ROWS_PER_HOUR;
  const spans = cells.map((c) => c.span).sort((a, b) => a - b);
  return spans[Math.floor((spans.length - 1) * SHORT_OUTLIERS)]!;
}

export interface GridOptions {
  timeZone: string;
  /** Venue ids left out of the grid. */
  hidden?: ReadonlySet<string>;
}

function placeholderVenue(id: string): Venue {
  return { id, name: id, description: '', floor: '', capacity: 0, sortOrder: Number.MAX_SAFE_INTEGER };
}

/**
 * Lays out one day's items. `venues` gives the column order (already sorted); items in a venue
 * missing from it get a column of their own at the end rather than vanishing.
 */
export function layoutGrid(items: readonly ScheduleItem[], venues: readonly Venue[], options: GridOptions): GridLayout {
  const hidden = options.hidden ?? new Set<string>();
  const columns: Venue[] = venues.filter((v) => !hidden.has(v.id));
  const columnOf = new Map(columns.map((v, i) => [v.id, i]));
  const perColumn: ScheduleItem[][] = columns.map(() => []);
  let first = Infinity;
  let last = -Infinity;
  for (const item of items) {
    const id = item.event.venueId;
    if (hidden.has(id)) continue;
    let c = columnOf.get(id);
    if (c === undefined) {
      c = columns.push(item.venue ?? placeholderVenue(id)) - 1;
      columnOf.set(id, c);
      perColumn.push([]);
    }
    perColumn[c]!.push(item);
    first = Math.min(first, item.start);
    last = Math.max(last, item.end, item.start + STEP_MS);
  }
  if (first === Infinity) {
    return {
      start: 0,
      rows: 0,
      columns: columns.map((venue) => ({ venue, lanes: 1 })),
      cells: [],
      marks: [],
      commonSpan: ROWS_PER_HOUR,
    };
  }
  const w = wallClock(first, options.timeZone);
  const start = first - w.minute * 60_000 - (first % 60_000);
  const rows = Math.ceil((last - start) / STEP_MS / ROWS_PER_HOUR) * ROWS_PER_HOUR;

  const cells: GridCell[] = [];
  const laneCounts: number[] = [];
  perColumn.forEach((list, column) => {
    let maxLanes = 1;
    // Lanes are assigned on snapped rows, so two events drawn over each other always split.
    let laneEnds: number[] = [];
    let group: { item: ScheduleItem; row: number; span: number; lane: number }[] = [];
    let groupEnd = -1;
    const flush = (): void => {
      for (const g of group)
        cells.push({ item: g.item, column, row: g.row, span: g.span, lane: g.lane, lanes: laneEnds.length });
      maxLanes = Math.max(maxLanes, laneEnds.length);
      group = [];
      laneEnds = [];
    };
    const sorted = [...list].sort((a, b) => a.start - b.start || b.end - a.end);
    for (const item of sorted) {
      const row = Math.floor((item.start - start) / STEP_MS);
      const span = Math.max(1, Math.ceil((item.end - start) / STEP_MS) - row);
      if (row >= groupEnd) flush();
      let lane = laneEnds.findIndex((end) => end <= row);
      if (lane === -1) lane = laneEnds.push(0) - 1;
      laneEnds[lane] = row + span;
      groupEnd = Math.max(groupEnd, row + span);
      group.push({ item, row, span, lane });
    }
    flush();
    laneCounts[column] = maxLanes;
  });

  const marks: { row: number; at: number }[] = [];
  for (let row = 0; row < rows; row += ROWS_PER_HOUR) marks.push({ row, at: start + row * STEP_MS });
  return {
    start,
    rows,
    columns: columns.map((venue, i) => ({ venue, lanes: laneCounts[i] ?? 1 })),
    cells,
    marks,
    commonSpan: commonSpan(cells),
  };
}
