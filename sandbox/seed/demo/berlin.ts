/**
 * The demo conference: Spreewerk, a three-day European conference on web and open-source
 * engineering in Berlin (Europe/Berlin). Everything is derived from the first day.
 */
import { SCOPES } from '../../../src/api/contract.js';
import type { SeedConference, SeedRegistrationSettings, SeedVenue } from '../types.js';
import { buildAbstracts } from './abstracts.js';
import { BERLIN_EXHIBITS } from './berlin-exhibits.js';
import { berlinSite } from './berlin-site.js';
import { BERLIN_ORGS, BERLIN_TRACKS } from './berlin-tracks.js';
import { buildExhibits } from './exhibits.js';
import { DEMO_KEYS } from './keys.js';
import { NameSource } from './names.js';
import { buildRegistrations } from './registration.js';
import { buildSchedule, type FixedItem, type Slot, type TalkSession, type WorkshopPlan } from './schedule.js';
import { buildSpeakers } from './speakers.js';
import { Rng, addDays, assertDate, local, zonedInstant } from './util.js';

export const DEMO_CONFERENCE_ID = 'conf-demo';
export const DEMO_TIME_ZONE = 'Europe/Berlin';
const DAYS = 3;

const V = {
  main: 'ven-main-hall',
  hallB: 'ven-hall-b',
  hallC: 'ven-hall-c',
  spree: 'ven-spree-room',
  havel: 'ven-havel-room',
  dahme: 'ven-dahme-room',
  lab1: 'ven-lab-1',
  lab2: 'ven-lab-2',
  foyer: 'ven-foyer',
  stage: 'ven-foyer-stage',
  roof: 'ven-roof-terrace',
} as const;

const VENUES: SeedVenue[] = [
  {
    id: V.main,
    name: 'Main Hall',
    floor: 'Ground floor',
    capacity: 1200,
    description: 'The former locomotive hall: keynotes and the main stage, with live captions and an induction loop.',
  },
  {
    id: V.hallB,
    name: 'Hall B',
    floor: 'Ground floor',
    capacity: 450,
    description: 'The second large stage, next to the foyer. Live captions and an induction loop.',
  },
  {
    id: V.hallC,
    name: 'Hall C',
    floor: 'First floor',
    capacity: 300,
    description: 'Tiered seating above the foyer; lifts on both sides.',
  },
  {
    id: V.spree,
    name: 'Spree Room',
    floor: 'First floor',
    capacity: 120,
    description: 'A bright room overlooking the river, for focused track sessions.',
  },
  {
    id: V.havel,
    name: 'Havel Room',
    floor: 'First floor',
    capacity: 100,
    description: 'Track room at the end of the first-floor gallery.',
  },
  {
    id: V.dahme,
    name: 'Dahme Room',
    floor: 'Second floor',
    capacity: 80,
    description: 'The smallest talk room, good for in-depth sessions and discussion.',
  },
  {
    id: V.lab1,
    name: 'Workshop Lab 1',
    floor: 'Second floor',
    capacity: 40,
    description: 'Hands-on lab with tables, power at every seat and a large screen. Bring your laptop.',
  },
  {
    id: V.lab2,
    name: 'Workshop Lab 2',
    floor: 'Second floor',
    capacity: 30,
    description: 'Smaller lab for mentored, small-group workshops. Bring your laptop.',
  },
  {
    id: V.foyer,
    name: 'Foyer',
    floor: 'Ground floor',
    capacity: 900,
    description: 'Registration, catering and the exhibition. Coffee and lunch are served here.',
  },
  {
    id: V.stage,
    name: 'Foyer Stage',
    floor: 'Ground floor',
    capacity: 150,
    description: 'An open stage at the back of the foyer for lunchtime talks.',
  },
  {
    id: V.roof,
    name: 'Roof Terrace',
    floor: 'Rooftop',
    capacity: 400,
    description: 'The roof terrace with a view over Friedrichshain, for the evening socials. Covered in case of rain.',
  },
];

const TALK_ROOMS = [V.main, V.hallB, V.hallC, V.spree, V.havel, V.dahme] as const;

function fixedItems(): FixedItem[] {
  const items: FixedItem[] = [];
  const brk = (day: number, start: string, end: string, title: string, description: string): void => {
    items.push({ day, start, end, venueId: V.foyer, type: 'break', title, description, speakerCount: 0, track: null });
  };
  for (let day = 1; day <= DAYS; day++) {
    brk(
      day,
      '08:30',
      '09:00',
      day === 1 ? 'Registration and welcome coffee' : 'Doors open and morning coffee',
      day === 1
        ? 'Pick up your badge at the registration desk and grab a coffee. The exhibition opens at the same time.'
        : 'Coffee, tea and breakfast pastries in the foyer before the morning keynote.',
    );
    brk(day, '10:00', '10:30', 'Coffee break', 'Coffee, tea and fruit in the foyer. The exhibition booths are open.');
    brk(
      day,
      '12:30',
      '13:30',
      'Lunch',
      'Lunch is served in the foyer: vegetarian throughout, with vegan, gluten-free and halal options labelled. The Foyer Stage has a short talk at 12:45.',
    );
    brk(day, '15:00', '15:30', 'Afternoon coffee break', 'Coffee, tea and snacks in the foyer.');
  }
  const keynote = (day: number, start: string, end: string, title: string, description: string): void => {
    items.push({ day, start, end, venueId: V.main, type: 'keynote', title, description, speakerCount: 1, track: null });
  };
  keynote(
    1,
    '09:00',
    '10:00',
    'Opening keynote: The web we want to leave behind',
    'After the welcome from the organisers, the opening keynote asks what the web we build today will look like to the people who inherit it. It makes the case for durable, accessible and modest software, and for measuring our work by how long it keeps being useful.',
  );
  keynote(
    2,
    '09:00',
    '10:00',
    'Open source is infrastructure, so fund it like infrastructure',
    'Bridges get maintenance budgets; the libraries under every bank and hospital mostly do not. This keynote looks at what a decade of public and private funding experiments has taught us, and what would actually change the situation for maintainers.',
  );
  keynote(
    3,
    '09:00',
    '10:00',
    'Fast, accessible and honest: lessons from public-service software',
    'Public services cannot choose their users. Drawing on years of building government services used by millions, this keynote shows how performance, accessibility and plain language turn out to be the same discipline.',
  );
  keynote(
    3,
    '17:00',
    '17:45',
    'Closing keynote: Small tools, long lives',
    'The closing keynote celebrates the small, unglamorous tools that quietly run for decades, and what they teach us about scope, maintenance and kindness to future maintainers. Followed by a short farewell from the organisers.',
  );
  const panel = (day: number, venueId: string, title: string, track: string, description: string): void => {
    items.push({
      day,
      start: '17:00',
      end: '17:45',
      venueId,
      type: 'panel',
      title,
      description,
      speakerCount: 4,
      track,
    });
  };
  panel(
    1,
    V.main,
    'Who maintains the maintainers?',
    'Open Source Community',
    'Four maintainers of widely used projects talk openly about workload, funding, saying no, and handing a project over. Questions from the audience are welcome throughout.',
  );
  panel(
    1,
    V.hallB,
    'AI assistants in the codebase: productivity, quality and trust',
    'Data & AI Engineering',
    'A panel of engineers, a researcher and an engineering manager compare notes on a year of AI code assistants: where they help, where they quietly hurt, and how teams review the results.',
  );
  panel(
    2,
    V.main,
    'Regulation is coming: the Cyber Resilience Act and the Accessibility Act in practice',
    'Security & Privacy',
    'New European rules change what it means to ship software. The panel discusses what teams, open-source projects and small vendors need to do now, and what is still unclear.',
  );
  panel(
    2,
    V.hallB,
    'Platform teams: enabling or gatekeeping?',
    'DevOps & Cloud Native',
    'Platform engineering promises self-service, but many product teams experience a new bottleneck. Panellists from both sides of the divide discuss what good looks like.',
  );
  const social = (day: number, title: string, description: string): void => {
    items.push({
      day,
      start: '17:45',
      end: '19:00',
      venueId: V.roof,
      type: 'social',
      title,
      description,
      speakerCount: 0,
      track: null,
    });
  };
  social(
    1,
    'Welcome reception on the Roof Terrace',
    'Drinks, snacks and live music on the roof terrace to close the first day. Alcohol-free options are plentiful; the terrace is reachable by lift.',
  );
  social(
    2,
    'Community evening: meetups and drinks',
    'Local meetup groups host tables on the roof terrace: find your community, meet the speakers, and continue the hallway track into the evening.',
  );
  return items;
}

function sessions(): TalkSession[] {
  const out: TalkSession[] = [];
  for (let day = 1; day <= DAYS; day++) {
    out.push({ day, start: '10:30', end: '12:30', venueIds: TALK_ROOMS });
    out.push({ day, start: '13:30', end: '15:00', venueIds: TALK_ROOMS });
    out.push({ day, start: '15:30', end: '17:00', venueIds: TALK_ROOMS });
  }
  return out;
}

const eur = (amount: number): { amount: number; currency: string } => ({ amount, currency: 'EUR' });

function workshops(): WorkshopPlan[] {
  const slot = (day: number, venueId: string, start: string, end: string): Slot => ({ day, venueId, start, end });
  return [
    {
      id: 'ws-capacity-3',
      title: 'Accessibility audit clinic: bring your own product',
      track: 'Accessibility & Design',
      capacity: 3,
      price: null,
      published: true,
      instructors: 1,
      slot: slot(1, V.lab2, '10:30', '12:00'),
      description:
        'A mentored clinic for three teams at most. Bring a product you work on; an experienced auditor and a screen-reader user work through its key journeys with you and help you turn findings into a prioritised plan.',
    },
    {
      id: 'ws-web-components',
      title: 'Build a small design system with web components',
      track: 'Frontend & Web Platform',
      capacity: 30,
      price: eur(9900),
      published: true,
      instructors: 2,
      slot: slot(1, V.lab1, '10:30', '12:30'),
      description:
        'Starting from an empty repository, we build three accessible components with Lit, theme them with CSS custom properties and publish them as a package. You will leave with working code and a checklist for your own design system.',
    },
    {
      id: 'ws-opentelemetry',
      title: 'Hands-on OpenTelemetry: tracing a Node.js service end to end',
      track: 'Performance & Reliability',
      capacity: 24,
      price: eur(14900),
      published: true,
      instructors: 1,
      slot: slot(1, V.lab1, '13:30', '16:30'),
      description:
        'Instrument a small Node.js service and its database with OpenTelemetry, follow a request across process boundaries, and build the two dashboards you will actually look at during an incident.',
    },
    {
      id: 'ws-threat-modelling',
      title: 'Threat modelling for web teams',
      track: 'Security & Privacy',
      capacity: 16,
      price: null,
      published: true,
      instructors: 2,
      slot: slot(1, V.lab2, '13:30', '15:30'),
      description:
        'A practical, game-based introduction to threat modelling. In small groups we model a realistic web application, find the weak spots and agree on fixes, then discuss how to make this a habit in your team.',
    },
    {
      id: 'ws-sqlite-production',
      title: 'SQLite in production: a practical lab',
      track: 'Backend & APIs',
      capacity: 25,
      price: eur(9900),
      published: true,
      instructors: 1,
      slot: slot(2, V.lab1, '10:30', '12:30'),
      description:
        'Run a real web application on SQLite: write-ahead logging, backups and restores, migrations without downtime, and the limits you should know before you commit. Laptops with Node.js 20 required.',
    },
    {
      id: 'ws-kubernetes-operators',
      title: 'Writing your first Kubernetes operator',
      track: 'DevOps & Cloud Native',
      capacity: 20,
      price: eur(14900),
      published: true,
      instructors: 2,
      slot: slot(2, V.lab1, '13:30', '16:30'),
      description:
        'We write a small operator that manages a stateful application, test it against a local cluster and discuss when an operator is the wrong answer. Some Go experience is helpful but not required.',
    },
    {
      id: 'ws-first-contribution',
      title: 'Your first open-source contribution, mentored',
      track: 'Open Source Community',
      capacity: 12,
      price: null,
      published: true,
      instructors: 2,
      slot: slot(2, V.lab2, '10:30', '12:30'),
      description:
        'Maintainers of three friendly projects guide you from finding an issue to opening your first pull request. No prior open-source experience needed, just a laptop with Git installed.',
    },
    {
      id: 'ws-rag-evaluation',
      title: 'Building and evaluating retrieval-augmented search',
      track: 'Data & AI Engineering',
      capacity: 30,
      price: eur(14900),
      published: true,
      instructors: 1,
      slot: slot(3, V.lab1, '10:30', '12:30'),
      description:
        'Build a retrieval-augmented search over a document collection, then spend most of the time on evaluation: test sets, metrics and regression checks that tell you whether a change made things better.',
    },
    {
      id: 'ws-modern-css-layout',
      title: 'Modern CSS layout from scratch',
      track: 'Frontend & Web Platform',
      capacity: 40,
      price: null,
      published: true,
      instructors: 1,
      slot: slot(3, V.lab1, '13:30', '16:00'),
      description:
        'Grid, subgrid, container queries and logical properties, applied to real layouts step by step. Suitable for developers who learned CSS a few years ago and want to catch up properly.',
    },
    {
      id: 'ws-performance-profiling',
      title: 'Profiling web apps in the browser and on the server',
      track: 'Performance & Reliability',
      capacity: 20,
      price: eur(4900),
      published: true,
      instructors: 1,
      slot: slot(3, V.lab2, '13:30', '15:30'),
      description:
        'Find and fix real performance problems in a sample application using browser DevTools, flame graphs and server-side profilers. We focus on reading the tools, not on memorising tricks.',
    },
    {
      id: 'ws-wasm-components',
      title: 'WebAssembly components beyond the browser',
      track: 'Frontend & Web Platform',
      capacity: 20,
      price: eur(9900),
      published: false,
      instructors: 1,
      slot: slot(2, V.lab2, '13:30', '16:30'),
      description:
        'Draft: compose WebAssembly components written in different languages and run them on the server. Waiting for the instructor to confirm.',
    },
    {
      id: 'ws-gitops-flux',
      title: 'GitOps step by step',
      track: 'DevOps & Cloud Native',
      capacity: 18,
      price: eur(9900),
      published: false,
      instructors: 1,
      slot: slot(3, V.lab2, '10:30', '12:30'),
      description: 'Draft: set up a GitOps workflow for a small cluster from scratch. Cancelled for this edition.',
    },
    {
      id: 'ws-data-contracts',
      title: 'Data contracts in practice',
      track: 'Data & AI Engineering',
      capacity: 24,
      price: null,
      published: false,
      instructors: 1,
      slot: slot(3, V.lab1, '16:30', '18:00'),
      description: 'Draft: define, test and enforce data contracts between producing and consuming teams.',
    },
  ];
}

function registrationSettings(startsOn: string): SeedRegistrationSettings {
  const lastDay = addDays(startsOn, DAYS - 1);
  return {
    publicRegistrationEnabled: true,
    openPhase: {
      id: 'phase-regular',
      name: 'Regular',
      startsAt: local(addDays(startsOn, -120), '00:00'),
      endsAt: local(lastDay, '18:00'),
    },
    fields: [
      {
        name: 'organization',
        label: 'Organisation',
        kind: 'text',
        enabled: true,
        required: true,
        helpText: 'Printed on your badge. Write "Independent" if you are not attending for an organisation.',
      },
      { name: 'job_title', label: 'Job title', kind: 'text', enabled: true, required: false },
      {
        name: 'tshirt_size',
        label: 'T-shirt size',
        kind: 'select',
        enabled: true,
        required: true,
        options: [
          { value: 'xs', label: 'XS' },
          { value: 's', label: 'S' },
          { value: 'm', label: 'M' },
          { value: 'l', label: 'L' },
          { value: 'xl', label: 'XL' },
          { value: 'xxl', label: 'XXL' },
          { value: 'none', label: 'No T-shirt, thanks' },
        ],
      },
      {
        name: 'dietary',
        label: 'Dietary requirements',
        kind: 'select',
        enabled: true,
        required: false,
        options: [
          { value: 'none', label: 'No special requirements' },
          { value: 'vegan', label: 'Vegan' },
          { value: 'gluten_free', label: 'Gluten-free' },
          { value: 'halal', label: 'Halal' },
          { value: 'kosher', label: 'Kosher' },
          { value: 'other', label: 'Other (tell us below)' },
        ],
      },
      {
        name: 'accessibility_needs',
        label: 'Accessibility needs',
        kind: 'textarea',
        enabled: true,
        required: false,
        helpText:
          'Anything that helps you take part: reserved seating, sign-language interpretation, a quiet room, step-free routes.',
      },
      {
        name: 'first_time',
        label: 'This is my first time at Spreewerk',
        kind: 'checkbox',
        enabled: true,
        required: false,
      },
      {
        name: 'newsletter',
        label: 'Send me the programme updates by e-mail',
        kind: 'checkbox',
        enabled: true,
        required: false,
      },
      {
        name: 'years_experience',
        label: 'Years of professional experience',
        kind: 'number',
        enabled: true,
        required: false,
      },
      {
        name: 'arrival_date',
        label: 'Arrival date in Berlin',
        kind: 'date',
        enabled: true,
        required: false,
        helpText: 'Helps us plan the welcome desk on the day before the conference.',
      },
      { name: 'invoice_email', label: 'E-mail address for invoices', kind: 'email', enabled: true, required: false },
      {
        name: 'vat_id',
        label: 'VAT identification number',
        kind: 'text',
        enabled: false,
        required: true,
        helpText: 'Switched off for this edition; kept for company invoices.',
      },
      {
        name: 'referral_source',
        label: 'How did you hear about us?',
        kind: 'select',
        enabled: false,
        required: false,
        options: [
          { value: 'colleague', label: 'A colleague' },
          { value: 'social', label: 'Social media' },
          { value: 'meetup', label: 'A meetup' },
          { value: 'other', label: 'Other' },
        ],
      },
    ],
    ticketTypes: [
      {
        id: 'tt-student',
        name: 'Student',
        description: 'For students and apprentices; bring proof of enrolment to the registration desk.',
        price: eur(9900),
      },
      {
        id: 'tt-regular',
        name: 'Regular',
        description: 'Full access to all three days, including lunch and the evening socials.',
        price: eur(44900),
      },
      {
        id: 'tt-supporter',
        name: 'Supporter',
        description:
          'A regular ticket that also funds free tickets for people from under-represented groups. Thank you!',
        price: eur(79900),
      },
    ],
    paymentMethods: [
      // What the form asks for follows each method: a transfer is made first, so its reference
      // and receipt are given when registering; a card at the desk is paid later, so neither.
      {
        id: 'pm-bank-transfer',
        name: 'Bank transfer',
        active: true,
        requiresReference: true,
        requiresProof: true,
        instructions:
          "Transfer the amount to Spreewerk Events GmbH, IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, then register with the transfer's reference and its receipt as proof.",
      },
      {
        id: 'pm-card-on-site',
        name: 'Card at the desk',
        active: true,
        requiresReference: false,
        requiresProof: false,
        instructions:
          'Pay by debit or credit card when you pick up your badge; nothing to pay or upload now. Your badge is released after payment.',
      },
      { id: 'pm-paypal', name: 'PayPal', active: false, instructions: 'No longer offered.' },
    ],
  };
}

export function demoConference(startsOn: string): SeedConference {
  assertDate(startsOn);
  const rng = (part: string): Rng => new Rng(`spreewerk:${part}`);
  const year = startsOn.slice(0, 4);
  const speakerNames = new NameSource(rng('speaker-names'));
  const { speakers, trackOf } = buildSpeakers({
    rng: rng('speakers'),
    prefix: '',
    count: 90,
    tracks: BERLIN_TRACKS,
    orgs: BERLIN_ORGS,
    names: speakerNames,
  });
  const { events, workshops: seedWorkshops } = buildSchedule({
    rng: rng('schedule'),
    prefix: '',
    startsOn,
    tracks: BERLIN_TRACKS,
    speakers,
    trackOf,
    fixed: fixedItems(),
    sessions: sessions(),
    singleTalks: [1, 2, 3].map((day) => ({ day, start: '12:45', end: '13:15', venueId: V.stage })),
    workshops: workshops(),
  });

  const others = new NameSource(rng('other-names'));
  others.reserve(speakers.map((s) => s.fullName));
  const abstracts = buildAbstracts({
    rng: rng('abstracts'),
    prefix: '',
    tracks: BERLIN_TRACKS,
    orgs: BERLIN_ORGS,
    names: others,
    counts: { accepted: 44, rejected: 10, pending: 9 },
  });
  const exhibits = buildExhibits(rng('exhibits'), '', others, BERLIN_EXHIBITS);
  const { registrations, badges } = buildRegistrations({
    rng: rng('registrations'),
    prefix: '',
    names: others,
    count: 520,
    badgeCount: 500,
    badgePrefix: 'DEMO',
    tickets: [
      ['tt-student', 15],
      ['tt-regular', 75],
      ['tt-supporter', 10],
    ],
  });

  const name = `Spreewerk ${year}`;
  return {
    id: DEMO_CONFERENCE_ID,
    name,
    tagline: 'The European conference for web and open-source engineering',
    city: 'Berlin',
    timeZone: DEMO_TIME_ZONE,
    startsOn,
    days: DAYS,
    status: 'live',
    planEndsAt: zonedInstant(local(addDays(startsOn, DAYS + 365), '00:00'), DEMO_TIME_ZONE),
    disabledModules: [],
    badges,
    venues: VENUES.map((v) => ({ ...v })),
    speakers,
    events,
    workshops: seedWorkshops,
    abstracts,
    exhibits,
    registration: registrationSettings(startsOn),
    exhibition: {
      opensAt: zonedInstant(local(addDays(startsOn, -60), '00:00'), DEMO_TIME_ZONE),
      // Open through the last day: `npm start` seeds with today as day 1, and the demo's exhibit
      // form must accept applications. The closed window is shown by the other conference.
      closesAt: zonedInstant(local(addDays(startsOn, DAYS - 1), '18:00'), DEMO_TIME_ZONE),
      requiresRegistration: false,
      fee: eur(45000),
    },
    registrations,
    site: berlinSite(name, startsOn, DAYS),
    keys: [
      { secret: DEMO_KEYS.all, label: 'Demo: every scope', scopes: [...SCOPES] },
      { secret: DEMO_KEYS.read, label: 'Demo: registration config only', scopes: ['registrations:read'] },
      { secret: DEMO_KEYS.revoked, label: 'Demo: revoked', scopes: [...SCOPES], revoked: true },
      { secret: DEMO_KEYS.expired, label: 'Demo: expired', scopes: [...SCOPES], expiresAt: '2000-01-01T00:00:00.000Z' },
    ],
  };
}
