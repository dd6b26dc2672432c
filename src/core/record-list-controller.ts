/**
 * The record lists (`<conf-speakers>`, `<conf-exhibits>`, `<conf-abstracts>`): which records the
 * viewer's search and filters let through, which one's details are open, and the way back from a
 * search that matched nothing. Each element keeps what differs: its filters as attributes, its
 * cards and its dialog's body.
 *
 * The element renders {@link RecordListController.shown} through {@link RecordListController.cards},
 * which builds only the cards near the screen; an opened record's card is built and brought on
 * screen behind its dialog (a deep link to one far down the list).
 */
import type { ReactiveController } from 'lit';
import { CardWindow } from './card-window.js';
import { DetailDialogController, type DetailDialogHost } from './detail-dialog-controller.js';
import { SEARCH_INPUT_ID } from './record-toolbar.js';

export interface ListRecord {
  readonly id: string;
}

interface RecordListBase<R extends ListRecord> {
  /** Fragment prefix of the records' deep links, e.g. `speaker-` for `#speaker-ID`. */
  prefix: string;
  /** The records loaded so far; undefined before the first load. */
  records: () => readonly R[] | undefined;
  /** True once the first load has failed and no retry runs: a link waiting for the list is dropped. */
  loadFailed: () => boolean;
  /** The records the element's search and filters let through, in order. */
  filter: (records: readonly R[]) => R[];
  /** Empties the element's search and filters (the filtered-empty view's button). */
  resetFilters: () => void;
  /** Runs once the dialog shows `id`, e.g. to fetch what only the dialog needs. */
  onOpen?: (id: string) => void;
}

/** Only a listed record opens, a link waits for the list, and a refresh that withdraws the open record closes it. */
interface ListedOnly<R extends ListRecord> extends RecordListBase<R> {
  opensUnlisted?: false;
  /** The cancelable `conf-*-open` event for a record. */
  openEvent: (id: string, record: R) => Event;
}

/**
 * The dialog fetches its record itself: any id opens at once (a link may name one not loaded
 * yet), and a refresh that drops it from the list leaves it open.
 */
interface OpensUnlisted<R extends ListRecord> extends RecordListBase<R> {
  opensUnlisted: true;
  /** The cancelable `conf-*-open` event; `record` is undefined for one not loaded. */
  openEvent: (id: string, record: R | undefined) => Event;
}

export type RecordListOptions<R extends ListRecord> = ListedOnly<R> | OpensUnlisted<R>;

export class RecordListController<R extends ListRecord> implements ReactiveController {
  /** The dialog and its `#<prefix>ID` link; render its `<dialog @close=${details.onClose}>`. */
  readonly details: DetailDialogController;
  /** The windowed card list: `cards.render(shown, …)`. */
  readonly cards: CardWindow;

  constructor(
    private readonly host: DetailDialogHost,
    private readonly options: RecordListOptions<R>,
  ) {
    // Created first, so its `hostUpdated` (which shows the dialog) runs before this one's.
    this.details = new DetailDialogController(host, { prefix: options.prefix, openFromLink: this.openFromLink });
    host.addController(this);
    this.cards = new CardWindow(host);
  }

  /** The record whose details are open, or null. */
  get openId(): string | null {
    return this.details.openId;
  }

  /** The loaded record with this id. */
  find(id: string | null): R | undefined {
    return id === null ? undefined : this.options.records()?.find((r) => r.id === id);
  }

  /** The loaded records the search and filters let through (empty before the first load). */
  get shown(): R[] {
    const records = this.options.records();
    return records ? this.options.filter(records) : [];
  }

  /**
   * Opens a record's details after its cancelable open event; false when the event was cancelled
   * or the record is not in the list (and the list does not open unlisted ones).
   */
  open(id: string): boolean {
    const o = this.options;
    const record = this.find(id);
    let event: Event;
    if (o.opensUnlisted) event = o.openEvent(id, record);
    else if (record) event = o.openEvent(id, record);
    else return false;
    if (!this.host.dispatchEvent(event)) return false;
    this.details.show(id);
    void this.cards.reveal(id);
    this.options.onOpen?.(id);
    return true;
  }

  close(): void {
    this.details.close();
  }

  /** A card's link: a plain click opens the dialog; modified clicks keep the link's own meaning (a new tab). */
  onLinkClick(e: MouseEvent, id: string): void {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    this.open(id);
  }

  /** Empties the search and filters and puts the keyboard back in the search field. */
  readonly clearFilters = (): void => {
    this.options.resetFilters();
    void this.host.updateComplete.then(() =>
      this.host.renderRoot.querySelector<HTMLInputElement>(`#${SEARCH_INPUT_ID}`)?.focus(),
    );
  };

  hostUpdated(): void {
    if (this.options.opensUnlisted) return;
    // A refresh can withdraw the open record; an empty dialog must not stay on screen.
    const id = this.details.openId;
    const records = this.options.records();
    if (id !== null && records && !records.some((r) => r.id === id)) this.details.close();
  }

  private readonly openFromLink = (id: string): boolean => {
    if (this.options.opensUnlisted) {
      this.open(id);
      return true;
    }
    // A link can only be followed once the list is there; after a failed load it is dropped.
    if (this.options.records() === undefined) return this.options.loadFailed();
    this.open(id);
    return true;
  };
}
