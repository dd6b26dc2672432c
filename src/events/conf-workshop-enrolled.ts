import type { Money, WorkshopRegistration, WorkshopRegistrationStatus } from '../api/records.js';

/**
 * The workshop as `<conf-workshops>` lists it, read tolerantly from the API's workshop record
 * (null where the record gives no usable value). Stated here, as the event's public shape, so an
 * event never depends on an element's module; the element's card type extends it.
 */
export interface EnrolledWorkshop {
  id: string;
  title: string;
  description: string;
  start: Date | null;
  end: Date | null;
  venueId: string | null;
  /** The venue's name, when the venues list knows it. */
  venue: string | null;
  /** The schedule event of the workshop, for the link back to the schedule. */
  eventId: string | null;
  capacity: number | null;
  seatsLeft: number | null;
  waitlistCount: number | null;
  price: Money | null;
}

/**
 * Fired when `<conf-workshops>` learned a person's place in a workshop: a new enrollment or
 * waitlist place, or (`existing`) the place they already had, which a repeat does not double.
 */
export interface ConfWorkshopEnrolledDetail {
  /** The workshop registration's id. */
  id: string;
  workshop: EnrolledWorkshop;
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
