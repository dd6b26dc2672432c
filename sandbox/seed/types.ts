/**
 * The shape of a seed dataset: everything the sandbox needs to create one conference.
 *
 * Times are local wall-clock times in the conference's time zone (`YYYY-MM-DDTHH:mm`), so a
 * dataset reads like a printed programme; the store turns them into instants with the zone's
 * offset (DST-aware). Ids are stable strings so tests and docs can name them.
 *
 * Each record is derived from the one the sandbox serves (`src/api/records.ts`): what the seed
 * leaves out is computed when serving, what it adds is never served.
 */
import type { Module, Scope } from '../../src/api/contract.js';
import type {
  Abstract,
  AbstractAuthor,
  Exhibit,
  Money,
  OpenPhase,
  PaymentMethod,
  Registration,
  RegistrationField,
  ScheduleEvent,
  SiteDocument,
  SitePage,
  Speaker,
  TicketType,
  Venue,
  Workshop,
} from '../../src/api/records.js';

export interface SeedConference extends Pick<
  SiteDocument['conference'],
  'id' | 'name' | 'tagline' | 'city' | 'timeZone' | 'startsOn'
> {
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
    navigation: SiteDocument['navigation'];
    pages: SitePage[];
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

/** `sortOrder` is served as the venue's place in the seed. */
export type SeedVenue = Omit<Venue, 'sortOrder'>;

export type SeedSpeaker = Speaker;

/** `startsAt`/`endsAt`: local wall-clock times in the conference zone, `YYYY-MM-DDTHH:mm`. */
export type SeedEvent = Omit<ScheduleEvent, 'timeZone'>;

/** Times as in {@link SeedEvent}; the counts are the enrollments'. Unpublished ones are never served. */
export interface SeedWorkshop extends Omit<Workshop, 'enrolledCount' | 'seatsLeft' | 'waitlistCount'> {
  published: boolean;
}

/** Only accepted abstracts are served; their authors always come with the seed. */
export interface SeedAbstract extends Omit<Abstract, 'status' | 'authorCount' | 'authors'> {
  status: 'accepted' | 'rejected' | 'pending';
  authors: AbstractAuthor[];
}

/** The presenter's email and the team are the organizer's, never served. */
export interface SeedExhibit extends Omit<Exhibit, 'presenter'> {
  presenter: Exhibit['presenter'] & { email: string };
  teamPeople: string[];
  published: boolean;
}

export interface SeedRegistrationSettings {
  publicRegistrationEnabled: boolean;
  openPhase: OpenPhase | null;
  fields: RegistrationField[];
  ticketTypes: TicketType[];
  /**
   * `requiresReference` / `requiresProof` (default true): what a paid registration with this
   * method must give when registering (a card paid at the desk: neither). Inactive ones are not served.
   */
  paymentMethods: (PaymentMethod & { active: boolean })[];
}

export interface SeedExhibitionSettings {
  /** ISO instants; null = no bound. */
  opensAt: string | null;
  closesAt: string | null;
  requiresRegistration: boolean;
  /** null = no fee. With a fee, `payment` with method, reference and proof is required. */
  fee: Money | null;
}

export type SeedRegistration = Omit<Registration, 'paymentMethodId' | 'createdAt'>;

export interface SeedBadge {
  code: string;
  registrationId: string;
}
