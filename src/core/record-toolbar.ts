/**
 * What the record lists (`<conf-speakers>`, `<conf-exhibits>`, `<conf-abstracts>`) render alike:
 * the search toolbar with its live count, the view of a search that matched nothing, and the
 * loading skeleton. Styled by `toolbarStyles`, `cardGridStyles` and the element's own sheet.
 */
import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';

/** The search input's id; the filtered-empty view's button puts focus back there. */
export const SEARCH_INPUT_ID = 'q';

export interface RecordToolbar {
  /** The search field's label, e.g. "Search speakers". */
  label: string;
  placeholder: string;
  query: string;
  onQuery: (query: string) => void;
  /** What the live count says, e.g. "12 speakers". */
  count: unknown;
  /** Further fields after the search (a filter select). */
  fields?: unknown;
}

export function renderRecordToolbar(t: RecordToolbar): TemplateResult {
  return html`<div class="toolbar">
    <div class="field search">
      <label for=${SEARCH_INPUT_ID}>${t.label}</label>
      <input
        id=${SEARCH_INPUT_ID}
        class="input"
        part="search"
        type="search"
        autocomplete="off"
        placeholder=${t.placeholder}
        .value=${t.query}
        @input=${(e: Event) => t.onQuery((e.target as HTMLInputElement).value)}
      />
    </div>
    ${t.fields ?? nothing}
    <span class="count" role="status">${t.count}</span>
  </div>`;
}

export interface FilteredEmpty {
  onClear: () => void;
  /** The button's text; default "Clear search". */
  clearLabel?: string;
  /** A line under the message (e.g. that only the loaded records were searched). */
  detail?: string;
}

/** A search or filter that matched nothing, with the way back. */
export function renderFilteredEmpty(f: FilteredEmpty): TemplateResult {
  return html`<div class="status" part="empty">
    <span>${msg('No matches for this search.', { id: 'core.filtered-empty' })}</span>
    ${f.detail ? html`<span class="detail">${f.detail}</span>` : nothing}
    <button class="button" @click=${f.onClear}>${f.clearLabel ?? msg('Clear search', { id: 'core.clear-search' })}</button>
  </div>`;
}

/** The loading view: the toolbar's field and two rows of card placeholders. */
export function renderGridSkeleton(cols: number): TemplateResult {
  return html`<div class="toolbar"><span class="skeleton input"></span></div>
    <div class="grid cols-${cols}">
      ${Array.from({ length: cols * 2 }, () => html`<span class="skeleton card-skeleton"></span>`)}
    </div>`;
}
