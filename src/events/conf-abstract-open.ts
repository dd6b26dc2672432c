import type { Abstract } from '../api/records.js';

/**
 * Fired by `<conf-abstracts>` when an abstract's details open (click, keyboard or `#abstract-ID`
 * deep link); cancel it to handle the opening yourself.
 */
export interface ConfAbstractOpenDetail {
  id: string;
  /** The record from the list, or null when a deep link names one not loaded yet. */
  abstract: Abstract | null;
}

export class ConfAbstractOpenEvent extends Event {
  static readonly type = 'conf-abstract-open';
  constructor(readonly detail: ConfAbstractOpenDetail) {
    super(ConfAbstractOpenEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-abstract-open': ConfAbstractOpenEvent;
  }
}
