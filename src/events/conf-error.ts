import type { ApiError } from '../api/errors.js';

/** Fired when loading or refreshing failed; the element shows the message too. */
export interface ConfErrorDetail {
  resource: string;
  status: number;
  code: string;
  message: string;
  /** True when the element keeps showing older data. */
  stale: boolean;
  error: ApiError;
}

export class ConfErrorEvent extends Event {
  static readonly type = 'conf-error';
  constructor(readonly detail: ConfErrorDetail) {
    super(ConfErrorEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-error': ConfErrorEvent;
  }
}
