/**
 * A small conference for the sandbox's own tests: few rows, every state the tests need (a
 * capacity-3 workshop, unpublished workshop and exhibit, rejected and pending abstracts, a disabled
 * and a required custom field, a free and a paid ticket, an inactive payment method).
 */
import { SCOPES, type Scope } from '../../src/api/contract.js';
import type { SeedConference, SeedKey } from '../seed/types.js';

/** Every scope the contract knows, so a new one reaches the `all` keys without an edit here. */
export const ALL_SCOPES: Scope[] = [...SCOPES];

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const FX = {
  id: 'fx',
  keys: {
    all: 'fx-key-all',
    read: 'fx-key-read',
    none: 'fx-key-none',
    revoked: 'fx-key-revoked',
    expired: 'fx-key-expired',
  },
  smallWorkshop: 'ws-small',
  paidWorkshop: 'ws-paid',
  hiddenWorkshop: 'ws-hidden',
  freeTicket: 'tt-student',
  paidTicket: 'tt-regular',
  bankTransfer: 'pm-bank',
  inactiveMethod: 'pm-cash',
  deskCard: 'pm-desk',
  acceptedAbstract: 'ab-1',
  rejectedAbstract: 'ab-2',
} as const;

export function fixtureConference(
  startsOn: string,
  overrides: Partial<SeedConference> & { id?: string; keys?: SeedKey[] } = {},
): SeedConference {
  const day = (n: number, time: string) => `${addDays(startsOn, n - 1)}T${time}`;
  const registrations = Array.from({ length: 30 }, (_, i) => ({
    id: `reg-${String(i + 1).padStart(3, '0')}`,
    firstName: `First${i + 1}`,
    lastName: `Last${i + 1}`,
    email: `person${i + 1}@example.org`,
    ticketTypeId: FX.paidTicket,
    status: 'confirmed' as const,
  }));
  return {
    id: FX.id,
    name: 'Fixture Conf',
    tagline: 'Small and complete',
    city: 'Berlin',
    timeZone: 'Europe/Berlin',
    startsOn,
    days: 2,
    status: 'live',
    planEndsAt: '2999-01-01T00:00:00Z',
    disabledModules: [],
    badges: registrations.map((r, i) => ({ code: `FX-${String(i + 1).padStart(4, '0')}`, registrationId: r.id })),
    venues: [
      { id: 'v-hall', name: 'Main Hall', description: 'Plenary', floor: '0', capacity: 500 },
      { id: 'v-room', name: 'Room B', description: 'Breakout', floor: '1', capacity: 40 },
    ],
    speakers: [
      {
        id: 'sp-1',
        fullName: 'Ada Example',
        affiliation: 'Uni',
        jobTitle: 'Professor',
        bio: 'Bio.',
        photoUrl: null,
        links: [],
      },
      {
        id: 'sp-2',
        fullName: 'Bo Sample',
        affiliation: 'Lab',
        jobTitle: 'Engineer',
        bio: 'Bio.',
        photoUrl: null,
        links: [{ label: 'Site', url: 'https://example.org' }],
      },
    ],
    events: [
      // Listed out of order on purpose: the API must sort by start, then venue order.
      {
        id: 'ev-3',
        title: 'Talk in B',
        type: 'talk',
        description: '',
        startsAt: day(1, '10:00'),
        endsAt: day(1, '10:30'),
        venueId: 'v-room',
        speakerIds: ['sp-2'],
        track: 'Tech',
        workshopId: null,
      },
      {
        id: 'ev-2',
        title: 'Talk in Hall',
        type: 'talk',
        description: '',
        startsAt: day(1, '10:00'),
        endsAt: day(1, '10:30'),
        venueId: 'v-hall',
        speakerIds: ['sp-1'],
        track: 'Tech',
        workshopId: null,
      },
      {
        id: 'ev-1',
        title: 'Opening keynote',
        type: 'keynote',
        description: '',
        startsAt: day(1, '09:00'),
        endsAt: day(1, '09:45'),
        venueId: 'v-hall',
        speakerIds: ['sp-1'],
        track: null,
        workshopId: null,
      },
      {
        id: 'ev-4',
        title: 'Small workshop',
        type: 'workshop',
        description: '',
        startsAt: day(2, '14:00'),
        endsAt: day(2, '16:00'),
        venueId: 'v-room',
        speakerIds: ['sp-2'],
        track: null,
        workshopId: 'ws-small',
      },
    ],
    workshops: [
      {
        id: FX.smallWorkshop,
        eventId: 'ev-4',
        title: 'Small workshop',
        description: 'Three seats.',
        startsAt: day(2, '14:00'),
        endsAt: day(2, '16:00'),
        venueId: 'v-room',
        capacity: 3,
        price: null,
        published: true,
      },
      {
        id: FX.paidWorkshop,
        eventId: null,
        title: 'Paid workshop',
        description: 'Costs money.',
        startsAt: day(2, '10:00'),
        endsAt: day(2, '12:00'),
        venueId: 'v-room',
        capacity: 20,
        price: { amount: 5000, currency: 'EUR' },
        published: true,
      },
      {
        id: FX.hiddenWorkshop,
        eventId: null,
        title: 'Draft workshop',
        description: '',
        startsAt: day(1, '14:00'),
        endsAt: day(1, '16:00'),
        venueId: 'v-room',
        capacity: 10,
        price: null,
        published: false,
      },
    ],
    abstracts: [
      {
        id: FX.acceptedAbstract,
        title: 'Accepted one',
        body: 'Body.',
        track: 'Tech',
        keywords: ['a'],
        status: 'accepted',
        authors: [
          { fullName: 'Ada Example', affiliation: 'Uni', presenting: true },
          { fullName: 'Co Author', affiliation: null, presenting: false },
        ],
      },
      {
        id: FX.rejectedAbstract,
        title: 'Rejected one',
        body: 'Body.',
        track: 'Tech',
        keywords: [],
        status: 'rejected',
        authors: [{ fullName: 'X', affiliation: null, presenting: true }],
      },
      {
        id: 'ab-3',
        title: 'Pending one',
        body: 'Body.',
        track: 'Tech',
        keywords: [],
        status: 'pending',
        authors: [{ fullName: 'Y', affiliation: null, presenting: true }],
      },
      {
        id: 'ab-4',
        title: 'Accepted two',
        body: 'Body.',
        track: 'Bio',
        keywords: [],
        status: 'accepted',
        authors: [{ fullName: 'Z', affiliation: null, presenting: true }],
      },
    ],
    exhibits: [
      {
        id: 'ex-1',
        title: 'Sponsor booth',
        exhibitType: 'sponsor',
        shortDescription: 'Short',
        description: 'Long',
        booth: 'A1',
        logoUrl: null,
        websiteUrl: null,
        presenter: { fullName: 'Pat Sponsor', email: 'pat@example.org' },
        teamPeople: [],
        published: true,
      },
      {
        id: 'ex-2',
        title: 'Hidden booth',
        exhibitType: 'startup',
        shortDescription: 'Short',
        description: 'Long',
        booth: null,
        logoUrl: null,
        websiteUrl: null,
        presenter: { fullName: 'Hid Den', email: 'h@example.org' },
        teamPeople: [],
        published: false,
      },
    ],
    registration: {
      publicRegistrationEnabled: true,
      openPhase: { id: 'ph-early', name: 'Early bird', startsAt: day(-30, '00:00'), endsAt: day(1, '00:00') },
      fields: [
        { name: 'organization', label: 'Organization', kind: 'text', enabled: true, required: true },
        {
          name: 'diet',
          label: 'Diet',
          kind: 'select',
          enabled: true,
          required: false,
          options: [
            { value: 'none', label: 'None' },
            { value: 'vegan', label: 'Vegan' },
          ],
        },
        { name: 'fax', label: 'Fax', kind: 'text', enabled: false, required: false },
      ],
      ticketTypes: [
        { id: FX.freeTicket, name: 'Student', description: 'Free', price: { amount: 0, currency: 'EUR' } },
        { id: FX.paidTicket, name: 'Regular', description: 'Paid', price: { amount: 30000, currency: 'EUR' } },
      ],
      paymentMethods: [
        { id: FX.bankTransfer, name: 'Bank transfer', instructions: 'IBAN …', active: true },
        { id: FX.inactiveMethod, name: 'Cash', instructions: '', active: false },
        {
          id: FX.deskCard,
          name: 'Card at the desk',
          instructions: 'Pay when you pick up your badge.',
          active: true,
          requiresReference: false,
          requiresProof: false,
        },
      ],
    },
    exhibition: { opensAt: null, closesAt: null, requiresRegistration: false, fee: null },
    registrations,
    site: {
      navigation: [{ label: 'Home', slug: 'home' }],
      pages: [{ slug: 'home', title: 'Welcome', body: 'Hello.\n\nSecond paragraph.' }],
    },
    keys: [
      { secret: FX.keys.all, label: 'all', scopes: ALL_SCOPES },
      { secret: FX.keys.read, label: 'read', scopes: ['registrations:read'] },
      { secret: FX.keys.none, label: 'none', scopes: [] },
      { secret: FX.keys.revoked, label: 'revoked', scopes: ALL_SCOPES, revoked: true },
      { secret: FX.keys.expired, label: 'expired', scopes: ALL_SCOPES, expiresAt: '2000-01-01T00:00:00Z' },
    ],
    ...overrides,
  };
}

/** The fixture plus conferences for the other key states: another live one, a draft, an ended plan. */
export function fixtureConferences(startsOn: string): SeedConference[] {
  return [
    fixtureConference(startsOn),
    fixtureConference(startsOn, {
      id: 'fx-other',
      name: 'Other Conf',
      keys: [{ secret: 'fx-key-other', label: 'all', scopes: ALL_SCOPES }],
    }),
    fixtureConference(startsOn, {
      id: 'fx-draft',
      status: 'draft',
      keys: [{ secret: 'fx-key-inactive', label: 'all', scopes: ALL_SCOPES }],
    }),
    fixtureConference(startsOn, {
      id: 'fx-ended',
      planEndsAt: '2001-01-01T00:00:00Z',
      keys: [{ secret: 'fx-key-plan-ended', label: 'all', scopes: ALL_SCOPES }],
    }),
  ];
}
