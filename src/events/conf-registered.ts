import type { Registration } from '../api/records.js';

/** Fired once a registration was created; `registration` is the server's record as returned. */
export interface ConfRegisteredDetail {
  id: string;
  registration: Registration;
}

export class ConfRegisteredEvent extends Event {
  static readonly type = 'conf-registered';
  constructor(readonly detail: ConfRegisteredDetail) {
    super(ConfRegisteredEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-registered': ConfRegisteredEvent;
  }
}
