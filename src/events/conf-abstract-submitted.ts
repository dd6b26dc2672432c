import type { AbstractSubmission } from '../api/records.js';

/** Fired once an abstract submission was accepted; `submission` is the server's record (authors and kept attachments). */
export interface ConfAbstractSubmittedDetail {
  id: string;
  submission: AbstractSubmission;
}

export class ConfAbstractSubmittedEvent extends Event {
  static readonly type = 'conf-abstract-submitted';
  constructor(readonly detail: ConfAbstractSubmittedDetail) {
    super(ConfAbstractSubmittedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-abstract-submitted': ConfAbstractSubmittedEvent;
  }
}
