import type { ScheduleEvent } from '../api/records.js';

/**
 * Fired by `<conf-schedule>` when an event's details open (click, keyboard or `#event-ID` deep
 * link). Cancel it to handle the opening yourself (the dialog then stays closed).
 */
export interface ConfEventOpenDetail {
  id: string;
  event: ScheduleEvent;
}

export class ConfEventOpenEvent extends Event {
  static readonly type = 'conf-event-open';
  constructor(readonly detail: ConfEventOpenDetail) {
    super(ConfEventOpenEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-event-open': ConfEventOpenEvent;
  }
}
