/**
 * A large conference for measuring the elements at scale (`--seed large`, the demo's
 * `/large.html`): 2,000 events in 12 rooms over 3 days (667 on the first), 800 speakers, 15-minute
 * talks from 08:00 to 21:45 in every room. Deterministic: every date and time derives from the
 * first day. Its own id, key and ids, so it can sit beside the demo conferences in one database.
 */
import { SCOPES } from '../../src/api/contract.js';
import { addDays, assertDate, fromMinutes, local, pad } from './demo/util.js';
import type { SeedConference, SeedEvent, SeedSpeaker, SeedVenue } from './types.js';

export const LARGE_CONFERENCE_ID = 'conf-large';
export const LARGE_KEY = 'demo-key-large';
export const LARGE_TIME_ZONE = 'Europe/Berlin';
export const LARGE_COUNTS = { events: 2000, venues: 12, days: 3, speakers: 800 } as const;

const FIRST_START = 8 * 60;
const TALK_MINUTES = 15;
const WORDS =
  'data cloud systems learning graph security privacy design ethics scale latency robust streams compilers edge types'.split(
    ' ',
  );
const GIVEN = 'Ada Grace Alan Rosa Kofi Mei Ines Omar Lena Tariq Yuki Sven Amara Pablo Nia Ravi'.split(' ');
const FAMILY =
  'Byron Hopper Turing Lindqvist Mensah Chen Duarte Haddad Vogel Aziz Sato Berg Okafor Ruiz Diallo Rao'.split(' ');

function venues(): SeedVenue[] {
  return Array.from({ length: LARGE_COUNTS.venues }, (_, i) => ({
    id: `lg-ven-${pad(i + 1, 2)}`,
    name: `Hall ${String.fromCharCode(65 + i)}`,
    description: `Hall ${String.fromCharCode(65 + i)}, one of twelve.`,
    floor: `Level ${1 + (i % 3)}`,
    capacity: 120 + 20 * (i % 5),
  }));
}

function speakers(): SeedSpeaker[] {
  return Array.from({ length: LARGE_COUNTS.speakers }, (_, i) => {
    const fullName = `${GIVEN[i % GIVEN.length]} ${FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length]} ${i + 1}`;
    return {
      id: `lg-sp-${pad(i + 1, 3)}`,
      fullName,
      affiliation: `${WORDS[i % WORDS.length]![0]!.toUpperCase()}${WORDS[i % WORDS.length]!.slice(1)} Labs`,
      jobTitle: 'Engineer',
      bio: `${fullName} works on ${WORDS[(i * 3) % WORDS.length]} and ${WORDS[(i * 7) % WORDS.length]}.`,
      photoUrl: null,
      links: [],
    };
  });
}

/** Event `i` runs on day `i % days`, in room `i % venues`, in the slot its place in that day gives. */
function events(startsOn: string, rooms: readonly SeedVenue[], people: readonly SeedSpeaker[]): SeedEvent[] {
  const { events: count, days } = LARGE_COUNTS;
  return Array.from({ length: count }, (_, i) => {
    const day = addDays(startsOn, i % days);
    const nth = Math.floor(i / days);
    const start = FIRST_START + Math.floor(nth / rooms.length) * TALK_MINUTES;
    const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 5) % WORDS.length]} at scale, part ${i + 1}`;
    return {
      id: `lg-ev-${pad(i + 1, 4)}`,
      title: title[0]!.toUpperCase() + title.slice(1),
      type: nth % 24 === 0 ? 'keynote' : nth % 11 === 0 ? 'panel' : 'talk',
      description: `A talk on ${WORDS[(i * 7) % WORDS.length]} and ${WORDS[(i * 11) % WORDS.length]}.`,
      startsAt: local(day, fromMinutes(start)),
      endsAt: local(day, fromMinutes(start + TALK_MINUTES)),
      venueId: rooms[nth % rooms.length]!.id,
      speakerIds: [people[i % people.length]!.id],
      track: null,
      workshopId: null,
    };
  });
}

export function largeConference(startsOn: string): SeedConference {
  assertDate(startsOn);
  const rooms = venues();
  const people = speakers();
  const name = 'Metropolis Tech Week';
  return {
    id: LARGE_CONFERENCE_ID,
    name,
    tagline: 'Two thousand talks in three days',
    city: 'Berlin',
    timeZone: LARGE_TIME_ZONE,
    startsOn,
    days: LARGE_COUNTS.days,
    status: 'live',
    planEndsAt: '2099-12-31T23:00:00.000Z',
    disabledModules: [],
    badges: [],
    venues: rooms,
    speakers: people,
    events: events(startsOn, rooms, people),
    workshops: [],
    abstracts: [],
    exhibits: [],
    registration: {
      publicRegistrationEnabled: false,
      openPhase: null,
      fields: [],
      ticketTypes: [
        {
          id: 'lg-tt-week',
          name: 'Week pass',
          description: 'All three days.',
          price: { amount: 9900, currency: 'EUR' },
        },
      ],
      paymentMethods: [
        { id: 'lg-pm-bank-transfer', name: 'Bank transfer', instructions: 'Use your e-mail.', active: true },
      ],
    },
    exhibition: { opensAt: null, closesAt: null, requiresRegistration: false, fee: null },
    registrations: [],
    site: {
      navigation: [{ label: 'About', slug: 'about' }],
      pages: [
        {
          slug: 'about',
          title: `About ${name}`,
          body: `${name}: ${LARGE_COUNTS.events} talks in ${LARGE_COUNTS.venues} halls from ${startsOn} to ${addDays(startsOn, LARGE_COUNTS.days - 1)}.`,
        },
      ],
    },
    keys: [{ secret: LARGE_KEY, label: 'Large conference: every scope', scopes: [...SCOPES] }],
  };
}

/** `--seed large`: the large conference alone. */
export function largeSeed(startsOn: string): SeedConference[] {
  return [largeConference(startsOn)];
}
