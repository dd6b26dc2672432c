import type { Submission } from '../api/records.js';

/** Fired once an exhibition submission was accepted; `submission` is the server's record. */
export interface ConfExhibitSubmittedDetail {
  id: string;
  submission: Submission;
}

export class ConfExhibitSubmittedEvent extends Event {
  static readonly type = 'conf-exhibit-submitted';
  constructor(readonly detail: ConfExhibitSubmittedDetail) {
    super(ConfExhibitSubmittedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-exhibit-submitted': ConfExhibitSubmittedEvent;
  }
}
