/** Fired when an element has (re)loaded its data and shows it. */
export interface ConfLoadedDetail {
  /** What was loaded, e.g. `speakers`. */
  resource: string;
  /** Number of records shown (before any search). */
  count: number;
  /** True when the data is the last good copy because a refresh failed. */
  stale: boolean;
}

export class ConfLoadedEvent extends Event {
  static readonly type = 'conf-loaded';
  constructor(readonly detail: ConfLoadedDetail) {
    super(ConfLoadedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-loaded': ConfLoadedEvent;
  }
}
