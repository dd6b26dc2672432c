/**
 * Response records as the sandbox serves them.
 *
 * The spec does not show response fields (API-v1.md 2.3); these shapes are the sandbox's gap
 * decisions. Elements must read them tolerantly: take the fields they need, ignore the rest, and
 * show a clear message when a needed field is missing. Types only: nothing here reaches a bundle.
 */

/** Page metadata on every list answer: `{ data: T[], meta: ListMeta }`. */
export interface ListMeta {
  total: number;
  limit: number;
  offset: number;
}
export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}
export interface RecordResult<T> {
  data: T;
}

export interface Money {
  /** Minor units (cents). */
  amount: number;
  currency: string;
}

export interface Health {
  status: 'ok';
  conferenceId: string;
  conferenceName: string;
  scopes: string[];
  time: string;
}

export interface Venue {
  id: string;
  name: string;
  description: string;
  floor: string;
  capacity: number;
  sortOrder: number;
}

export type EventType = 'keynote' | 'talk' | 'panel' | 'workshop' | 'break' | 'social';

export interface ScheduleEvent {
  id: string;
  title: string;
  type: EventType;
  description: string;
  /** ISO 8601 with the conference's UTC offset, e.g. `2026-06-10T09:00:00+02:00`. */
  startsAt: string;
  endsAt: string;
  /** IANA time zone of the conference. */
  timeZone: string;
  venueId: string;
  speakerIds: string[];
  track: string | null;
  workshopId: string | null;
}

export interface Speaker {
  id: string;
  fullName: string;
  affiliation: string;
  jobTitle: string;
  bio: string;
  photoUrl: string | null;
  links: { label: string; url: string }[];
}

export interface Workshop {
  id: string;
  eventId: string | null;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  venueId: string;
  capacity: number;
  enrolledCount: number;
  seatsLeft: number;
  waitlistCount: number;
  price: Money | null;
}

export type WorkshopRegistrationStatus = 'enrolled' | 'waitlisted';

export interface WorkshopRegistration {
  id: string;
  workshopId: string;
  registrationId: string;
  status: WorkshopRegistrationStatus;
  /** 1-based position when waitlisted, else null. */
  waitlistPosition: number | null;
  createdAt: string;
}

export interface BadgeCheckin {
  id: string;
  badgeCode: string;
  attendeeName: string;
  ticketType: string;
  location: string | null;
  checkedInAt: string;
}

export interface AttendanceRecord {
  id: string;
  badgeCode: string;
  attendeeName: string;
  day: number;
  location: string | null;
  recordedAt: string;
}

export interface AbstractAuthor {
  fullName: string;
  affiliation: string | null;
  presenting: boolean;
}

export interface Abstract {
  id: string;
  title: string;
  body: string;
  track: string;
  keywords: string[];
  status: 'accepted';
  authorCount: number;
  /** Present only with `include=authors`. */
  authors?: AbstractAuthor[];
}

export interface Exhibit {
  id: string;
  title: string;
  exhibitType: string;
  shortDescription: string;
  description: string;
  booth: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  presenter: { fullName: string };
}

export type RegistrationFieldKind = 'text' | 'email' | 'select' | 'checkbox' | 'number' | 'date' | 'textarea';

export interface RegistrationField {
  name: string;
  label: string;
  kind: RegistrationFieldKind;
  enabled: boolean;
  required: boolean;
  options?: { value: string; label: string }[];
  helpText?: string;
}

export interface TicketType {
  id: string;
  name: string;
  description: string;
  price: Money;
}

export interface PaymentMethod {
  id: string;
  name: string;
  instructions: string;
  /**
   * Sandbox gap decision (the spec does not show the item's shape): whether a paid registration
   * with this method gives a payment reference / a proof when registering; absent means yes.
   */
  requiresReference?: boolean;
  requiresProof?: boolean;
}

export interface OpenPhase {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
}

export interface RegistrationConfig {
  fields: RegistrationField[];
  ticket_types: TicketType[];
  payment_methods: PaymentMethod[];
  public_registration_enabled: boolean;
  open_phase: OpenPhase | null;
}

export interface Registration {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  ticketTypeId: string;
  paymentMethodId: string | null;
  status: 'pending_payment' | 'pending_review' | 'confirmed';
  createdAt: string;
}

export interface Submission {
  id: string;
  title: string;
  status: 'submitted';
  createdAt: string;
}

/** A created abstract submission (gap decision: its authors and kept attachments are echoed). */
export interface AbstractSubmission extends Submission {
  authors: { fullName: string }[];
  attachments: { url: string; name: string | null }[];
}

export interface UploadAddress {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  storageUri: string;
  expiresAt: string;
  maxBytes: number;
}

export interface SitePage {
  slug: string;
  title: string;
  /** Plain text paragraphs separated by blank lines. */
  body: string;
}

export interface SiteDocument {
  conference: {
    id: string;
    name: string;
    tagline: string;
    timeZone: string;
    startsOn: string;
    endsOn: string;
    city: string;
  };
  navigation: { label: string; slug: string }[];
  pages: SitePage[];
}
