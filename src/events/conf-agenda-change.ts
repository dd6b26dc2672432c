/**
 * Fired by `<conf-schedule>` when "my agenda" changes (a star, an unstar, an imported shared
 * link), with every starred id, so a host page can mirror it.
 */
export interface ConfAgendaChangeDetail {
  /** Starred event ids, sorted. */
  starred: string[];
  /** Whether this browser kept the change (false when storage is blocked). */
  saved: boolean;
}

export class ConfAgendaChangeEvent extends Event {
  static readonly type = 'conf-agenda-change';
  constructor(readonly detail: ConfAgendaChangeDetail) {
    super(ConfAgendaChangeEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-agenda-change': ConfAgendaChangeEvent;
  }
}
