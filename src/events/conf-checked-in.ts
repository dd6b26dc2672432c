/**
 * Fired by `<conf-checkin>` for every scan it shows: at once with its answer, or `queued` when it
 * was stored to be sent later, and again with the final status once a stored scan was answered.
 */
export interface ConfCheckedInDetail {
  /** The code as scanned or typed. */
  code: string;
  status: 'checked-in' | 'already' | 'refused' | 'queued';
  /** Name and ticket type when the API gave them. */
  attendee: { name: string | null; ticket: string | null } | null;
  /** When the scan was made (ISO 8601). */
  time: string;
  /** For `refused`: the server's message, or `no-dates` / `not-a-conference-day` when the kiosk refused an attendance scan itself. */
  reason?: string;
}

export class ConfCheckedInEvent extends Event {
  static readonly type = 'conf-checked-in';
  constructor(readonly detail: ConfCheckedInDetail) {
    super(ConfCheckedInEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-checked-in': ConfCheckedInEvent;
  }
}
