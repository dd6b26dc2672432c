import type { Speaker } from '../api/records.js';

/** Fired when a speaker's details open; cancel it to handle the click yourself. */
export interface ConfSpeakerOpenDetail {
  id: string;
  speaker: Speaker;
}

export class ConfSpeakerOpenEvent extends Event {
  static readonly type = 'conf-speaker-open';
  constructor(readonly detail: ConfSpeakerOpenDetail) {
    super(ConfSpeakerOpenEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-speaker-open': ConfSpeakerOpenEvent;
  }
}
