import type { Exhibit } from '../api/records.js';

/**
 * Fired by `<conf-exhibits>` when an exhibit's details open (click, keyboard or `#exhibit-ID`
 * deep link); cancel it to handle the opening yourself.
 */
export interface ConfExhibitOpenDetail {
  id: string;
  exhibit: Exhibit;
}

export class ConfExhibitOpenEvent extends Event {
  static readonly type = 'conf-exhibit-open';
  constructor(readonly detail: ConfExhibitOpenDetail) {
    super(ConfExhibitOpenEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-exhibit-open': ConfExhibitOpenEvent;
  }
}
