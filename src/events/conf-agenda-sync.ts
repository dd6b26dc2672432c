/**
 * Page-wide, on `window`: a `<conf-schedule>` whose stars changed tells the other schedules of the
 * page that share its agenda (same storage key), so every copy shows the same stars (the `storage`
 * event does this between tabs only; it never fires in the tab that wrote). Internal to
 * the elements: a host page listens for `conf-agenda-change` instead. Neither bubbles nor crosses
 * a shadow root (it is dispatched on `window`).
 */
export interface ConfAgendaSyncDetail {
  /** The agenda's storage key: only schedules with the same key follow. */
  key: string;
  /** Starred event ids, sorted. */
  starred: readonly string[];
  /** The schedule that changed them (it ignores its own event). */
  source: EventTarget;
}

export class ConfAgendaSyncEvent extends Event {
  static readonly type = 'conf-widgets:agenda-sync';
  constructor(readonly detail: ConfAgendaSyncDetail) {
    super(ConfAgendaSyncEvent.type);
  }
}

declare global {
  interface WindowEventMap {
    'conf-widgets:agenda-sync': ConfAgendaSyncEvent;
  }
}
