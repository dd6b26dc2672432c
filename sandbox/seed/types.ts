/**
 * The shape of a seed dataset: everything the sandbox needs to create one conference.
 *
 * Times are local wall-clock times in the conference's time zone (`YYYY-MM-DDTHH:mm`), so a
 * dataset reads like a printed programme; the store turns them into instants with the zone's
 * offset (DST-aware). Ids are stable strings so tests and docs can name them.
 */
import type { EventType, Money, RegistrationFieldKind } from '../../src/api/records.js';
import type { Module, Scope } from '../../src/api/contract.js';

export interface SeedConference {
  id: string;
  name: string;
  tagline: string;
  city: string;
  /** IANA zone, never UTC for the demo. */
  timeZone: string;
  /** First day, `YYYY-MM-DD`. */
  startsOn: string;
  days: number;
  /** `live`: keys work; `draft`/`archived`: 403 conference_inactive. */
  status: 'live' | 'draft' | 'archived';
  /** ISO instant after which keys get 403 plan_ended. */
  planEndsAt: string;
  /** Modules switched off (403 module_disabled). */
  disabledModules: Module[];
  /** Badge codes issued, e.g. DEMO-0001 … DEMO-0500, each tied to an attendee. */
  badges: SeedBadge[];
  venues: SeedVenue[];
  speakers: SeedSpeaker[];
  events: SeedEvent[];
  workshops: SeedWorkshop[];
  abstracts: SeedAbstract[];
  exhibits: SeedExhibit[];
  registration: SeedRegistrationSettings;
  exhibition: SeedExhibitionSettings;
  /** Existing registrations (attendees), referenced by badges and by workshop enrollments. */
  registrations: SeedRegistration[];
  site: {
    navigation: { label: string; slug: string }[];
    pages: { slug: string; title: string; body: string }[];
  };
  keys: SeedKey[];
}

export interface SeedKey {
  /** The secret; stored hashed. Fixed for the demo (`demo-key-all`, …). */
  secret: string;
  label: string;
  scopes: Scope[];
  revoked?: boolean;
  /** ISO instant; in the past for `demo-key-expired`. */
  expiresAt?: string | null;
}

export interface SeedVenue {
  id: string;
  name: string;
  description: string;
  floor: string;
  capacity: number;
}

export interface SeedSpeaker {
  id: string;
  fullName: string;
  affiliation: string;
  jobTitle: string;
  bio: string;
  photoUrl: string | null;
  links: { label: string; url: string }[];
}

export interface SeedEvent {
  id: string;
  title: string;
  type: EventType;
  description: string;
  /** Local wall-clock time in the conference zone, `YYYY-MM-DDTHH:mm`. */
  startsAt: string;
  endsAt: string;
  venueId: string;
  speakerIds: string[];
  track: string | null;
  workshopId: string | null;
}

export interface SeedWorkshop {
  id: string;
  eventId: string | null;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  venueId: string;
  capacity: number;
  price: Money | null;
  published: boolean;
}

export interface SeedAbstract {
  id: string;
  title: string;
  body: string;
  track: string;
  keywords: string[];
  status: 'accepted' | 'rejected' | 'pending';
  authors: { fullName: string; affiliation: string | null; presenting: boolean }[];
}

export interface SeedExhibit {
  id: string;
  title: string;
  exhibitType: string;
  shortDescription: string;
  description: string;
  booth: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  presenter: { fullName: string; email: string };
  teamPeople: string[];
  published: boolean;
}

export interface SeedRegistrationSettings {
  publicRegistrationEnabled: boolean;
  openPhase: { id: string; name: string; startsAt: string; endsAt: string } | null;
  fields: {
    name: string;
    label: string;
    kind: RegistrationFieldKind;
    enabled: boolean;
    required: boolean;
    options?: { value: string; label: string }[];
    helpText?: string;
  }[];
  ticketTypes: { id: string; name: string; description: string; price: Money }[];
  /**
   * `requiresReference` / `requiresProof` (default true): what a paid registration with this
   * method must give when registering (a card paid at the desk: neither).
   */
  paymentMethods: {
    id: string;
    name: string;
    instructions: string;
    active: boolean;
    requiresReference?: boolean;
    requiresProof?: boolean;
  }[];
}

export interface SeedExhibitionSettings {
  /** ISO instants; null = no bound. */
  opensAt: string | null;
  closesAt: string | null;
  requiresRegistration: boolean;
  /** null = no fee. With a fee, `payment` with method, reference and proof is required. */
  fee: Money | null;
}

export interface SeedRegistration {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  ticketTypeId: string;
  status: 'pending_payment' | 'pending_review' | 'confirmed';
}

export interface SeedBadge {
  code: string;
  registrationId: string;
}
