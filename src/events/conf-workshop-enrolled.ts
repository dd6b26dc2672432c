import type { WorkshopRegistration, WorkshopRegistrationStatus } from '../api/records.js';
import type { WorkshopCard } from '../elements/workshops/workshops.model.js';

/**
 * Fired when `<conf-workshops>` learned a person's place in a workshop: a new enrollment or
 * waitlist place, or (`existing`) the place they already had, which a repeat does not double.
 */
export interface ConfWorkshopEnrolledDetail {
  /** The workshop registration's id. */
  id: string;
  workshop: WorkshopCard;
  workshopRegistration: WorkshopRegistration;
  status: WorkshopRegistrationStatus;
  /** 1-based waitlist position; null when enrolled. */
  position: number | null;
  /** True when the server answered with the place this registration already had. */
  existing: boolean;
}

export class ConfWorkshopEnrolledEvent extends Event {
  static readonly type = 'conf-workshop-enrolled';
  constructor(readonly detail: ConfWorkshopEnrolledDetail) {
    super(ConfWorkshopEnrolledEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'conf-workshop-enrolled': ConfWorkshopEnrolledEvent;
  }
}
