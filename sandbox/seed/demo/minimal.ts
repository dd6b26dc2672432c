/**
 * Two tiny conferences that exist only to give their keys a 403: one live whose plan has ended,
 * one still in draft. Minimal, but complete enough to be a valid seed.
 */
import { SCOPES } from '../../../src/api/contract.js';
import type { SeedConference } from '../types.js';
import { DEMO_KEYS } from './keys.js';
import { addDays, assertDate, local } from './util.js';

function tiny(opts: {
  prefix: string;
  id: string;
  name: string;
  city: string;
  timeZone: string;
  startsOn: string;
  status: SeedConference['status'];
  planEndsAt: string;
  badgePrefix: string;
  key: string;
  keyLabel: string;
}): SeedConference {
  const { prefix: p, startsOn } = opts;
  const day = startsOn;
  const venueId = `${p}ven-hall`;
  const speakerId = `${p}sp-001`;
  const registrations = [1, 2, 3].map((n) => ({
    id: `${p}reg-000${n}`,
    firstName: ['Ada', 'Grace', 'Alan'][n - 1] as string,
    lastName: ['Byron', 'Hopper', 'Turing'][n - 1] as string,
    email: `attendee${n}@${p.replace(/-$/, '')}.example`,
    ticketTypeId: `${p}tt-day`,
    status: 'confirmed' as const,
  }));
  return {
    id: opts.id,
    name: opts.name,
    tagline: 'A one-day community event',
    city: opts.city,
    timeZone: opts.timeZone,
    startsOn,
    days: 1,
    status: opts.status,
    planEndsAt: opts.planEndsAt,
    disabledModules: [],
    badges: registrations.map((r, i) => ({ code: `${opts.badgePrefix}-000${i + 1}`, registrationId: r.id })),
    venues: [
      { id: venueId, name: 'Community Hall', description: 'The only room.', floor: 'Ground floor', capacity: 150 },
    ],
    speakers: [
      {
        id: speakerId,
        fullName: 'Rosa Lindqvist',
        affiliation: 'Fjordbyte',
        jobTitle: 'Staff Engineer',
        bio: 'Rosa Lindqvist is a Staff Engineer at Fjordbyte. She organises the local meetup.',
        photoUrl: null,
        links: [],
      },
    ],
    events: [
      {
        id: `${p}ev-1-0900-hall`,
        title: 'Welcome and coffee',
        type: 'break',
        description: 'Coffee and introductions.',
        startsAt: local(day, '09:00'),
        endsAt: local(day, '09:30'),
        venueId,
        speakerIds: [],
        track: null,
        workshopId: null,
      },
      {
        id: `${p}ev-1-0930-hall`,
        title: 'Keeping small projects alive',
        type: 'keynote',
        description: 'How a small team maintains a popular library for a decade.',
        startsAt: local(day, '09:30'),
        endsAt: local(day, '10:15'),
        venueId,
        speakerIds: [speakerId],
        track: null,
        workshopId: null,
      },
    ],
    workshops: [],
    abstracts: [],
    exhibits: [],
    registration: {
      publicRegistrationEnabled: true,
      openPhase: {
        id: `${p}phase-standard`,
        name: 'Standard',
        startsAt: local(addDays(startsOn, -60), '00:00'),
        endsAt: local(startsOn, '09:00'),
      },
      fields: [],
      ticketTypes: [
        {
          id: `${p}tt-day`,
          name: 'Day ticket',
          description: 'Entry for the day.',
          price: { amount: 2500, currency: 'EUR' },
        },
      ],
      paymentMethods: [
        {
          id: `${p}pm-bank-transfer`,
          name: 'Bank transfer',
          instructions: 'Use your e-mail as the reference.',
          active: true,
        },
      ],
    },
    exhibition: { opensAt: null, closesAt: null, requiresRegistration: false, fee: null },
    registrations,
    site: {
      navigation: [{ label: 'About', slug: 'about' }],
      pages: [
        {
          slug: 'about',
          title: `About ${opts.name}`,
          body: `${opts.name} is a one-day community event in ${opts.city}.`,
        },
      ],
    },
    keys: [{ secret: opts.key, label: opts.keyLabel, scopes: [...SCOPES] }],
  };
}

/** Live, but the plan ended on 2000-01-01: its key gets 403 plan_ended. */
export function planEndedConference(startsOn: string): SeedConference {
  assertDate(startsOn);
  return tiny({
    prefix: 'pe-',
    id: 'conf-plan-ended',
    name: 'Fjord DevDay',
    city: 'Oslo',
    timeZone: 'Europe/Oslo',
    startsOn,
    status: 'live',
    planEndsAt: '2000-01-01T00:00:00.000Z',
    badgePrefix: 'PLAN',
    key: DEMO_KEYS.planEnded,
    keyLabel: 'Demo: plan ended',
  });
}

/** Still a draft (not live): its key gets 403 conference_inactive. */
export function inactiveConference(startsOn: string): SeedConference {
  assertDate(startsOn);
  return tiny({
    prefix: 'in-',
    id: 'conf-inactive',
    name: 'Alpine Frontend Camp',
    city: 'Innsbruck',
    timeZone: 'Europe/Vienna',
    startsOn,
    status: 'draft',
    planEndsAt: '2099-12-31T23:00:00.000Z',
    badgePrefix: 'DRFT',
    key: DEMO_KEYS.inactive,
    keyLabel: 'Demo: conference not live',
  });
}
