/**
 * The second conference: Lakeshore Data Summit, two days on data engineering and applied machine
 * learning in Toronto (America/Toronto). Smaller, registration closed, its own ids (`oc-…`).
 */
import { SCOPES } from '../../../src/api/contract.js';
import type { SeedConference, SeedVenue } from '../types.js';
import { buildAbstracts } from './abstracts.js';
import { buildExhibits, type ExhibitDef } from './exhibits.js';
import { DEMO_KEYS } from './keys.js';
import { NameSource } from './names.js';
import { buildRegistrations } from './registration.js';
import { buildSchedule, type FixedItem, type TalkSession, type WorkshopPlan } from './schedule.js';
import { buildSpeakers } from './speakers.js';
import type { TrackTheme } from './text.js';
import { Rng, addDays, assertDate, dateRange, local, zonedInstant } from './util.js';

export const OTHER_CONFERENCE_ID = 'conf-other';
export const OTHER_TIME_ZONE = 'America/Toronto';
const DAYS = 2;
const P = 'oc-';

const TRACKS: readonly TrackTheme[] = [
  {
    name: 'Data Platforms',
    topics: [
      'lakehouse table formats',
      'change data capture',
      'streaming ingestion',
      'data catalogues',
      'cost attribution for warehouses',
      'Apache Iceberg',
      'DAG orchestration',
      'schema evolution',
      'multi-region replication',
      'data retention policies',
      'query federation',
      'backfills',
    ],
    practices: ['cost attribution for warehouses', 'data retention policies'],
    angles: [
      'what broke when data volumes grew tenfold',
      'the platform decisions that were hardest to reverse',
      'keeping costs predictable as usage grows',
    ],
    keywords: ['data engineering', 'warehousing', 'streaming', 'platforms', 'storage'],
    focus: [
      'data platforms for growing organisations',
      'streaming systems and their operations',
      'making data infrastructure boring and dependable',
    ],
    jobTitles: ['Data Platform Engineer', 'Staff Data Engineer', 'Data Architect'],
  },
  {
    name: 'Applied Machine Learning',
    topics: [
      'model monitoring',
      'LLM evaluation harnesses',
      'fine-tuning small models',
      'ranking systems',
      'forecasting in retail',
      'fraud detection',
      'model cards',
      'active learning',
      'GPU scheduling',
      'guardrails for chat features',
      'recommendation diversity',
      'offline evaluation',
    ],
    practices: [
      'LLM evaluation harnesses',
      'model cards',
      'active learning',
      'offline evaluation',
      'recommendation diversity',
      'forecasting in retail',
      'fraud detection',
    ],
    angles: [
      'moving from a notebook to a monitored service',
      'evaluation that convinced sceptical stakeholders',
      'the human review loop around the model',
    ],
    keywords: ['machine learning', 'MLOps', 'evaluation', 'LLMs', 'models'],
    focus: [
      'putting machine learning into production responsibly',
      'evaluation and monitoring of models',
      'ML systems that product teams can reason about',
    ],
    jobTitles: ['Machine Learning Engineer', 'Applied Scientist', 'MLOps Lead'],
  },
  {
    name: 'Analytics Engineering',
    topics: [
      'dbt at scale',
      'semantic layers',
      'metric definitions',
      'self-serve dashboards',
      'data tests',
      'experimentation platforms',
      'privacy-safe analytics',
      'data literacy programmes',
      'DuckDB for analysts',
      'SQL style guides',
      'product analytics',
      'executive reporting',
    ],
    practices: [
      'metric definitions',
      'data tests',
      'data literacy programmes',
      'SQL style guides',
      'executive reporting',
      'experimentation platforms',
      'product analytics',
    ],
    angles: [
      'getting everyone to agree on what a metric means',
      'testing data like we test code',
      'the organisational habits behind trustworthy numbers',
    ],
    keywords: ['analytics', 'SQL', 'dbt', 'metrics', 'BI'],
    focus: [
      'analytics engineering and trustworthy metrics',
      'helping teams make decisions with data',
      'SQL-first data modelling',
    ],
    jobTitles: ['Analytics Engineer', 'Head of Analytics', 'BI Developer'],
  },
];

const ORGS = [
  'Maple Compute',
  'Lakeview Analytics',
  'Quarry Labs',
  'Northern Rail Data',
  'Borealis Storage',
  'Harbour Health',
  'Lakeshore Polytechnic',
  'Ontario Grocers Co-op',
  'Trillium Insurance',
  'Cedar Fintech',
  'Great Lakes Media',
  'Provincial Digital Service',
];

const V = {
  ballroom: `${P}ven-harbourfront-ballroom`,
  bay: `${P}ven-bay-room`,
  don: `${P}ven-don-room`,
  studio: `${P}ven-workshop-studio`,
  atrium: `${P}ven-atrium`,
} as const;

const VENUES: SeedVenue[] = [
  {
    id: V.ballroom,
    name: 'Harbourfront Ballroom',
    floor: 'Level 1',
    capacity: 600,
    description: 'The main room, for keynotes and the larger sessions.',
  },
  {
    id: V.bay,
    name: 'Bay Room',
    floor: 'Level 2',
    capacity: 150,
    description: 'Track room with a view of the harbour.',
  },
  { id: V.don, name: 'Don Room', floor: 'Level 2', capacity: 120, description: 'Track room next to the Bay Room.' },
  {
    id: V.studio,
    name: 'Workshop Studio',
    floor: 'Level 3',
    capacity: 30,
    description: 'Hands-on workshops; power at every table.',
  },
  {
    id: V.atrium,
    name: 'Atrium',
    floor: 'Level 1',
    capacity: 500,
    description: 'Registration, meals, coffee and the sponsor booths.',
  },
];

function fixedItems(): FixedItem[] {
  const items: FixedItem[] = [];
  for (let day = 1; day <= DAYS; day++) {
    const brk = (start: string, end: string, title: string, description: string): void => {
      items.push({
        day,
        start,
        end,
        venueId: V.atrium,
        type: 'break',
        title,
        description,
        speakerCount: 0,
        track: null,
      });
    };
    brk(
      '08:30',
      '09:00',
      day === 1 ? 'Registration and breakfast' : 'Breakfast',
      'Coffee, tea and a light breakfast in the Atrium.',
    );
    brk('12:00', '13:00', 'Lunch', 'Lunch in the Atrium, with vegetarian and vegan options.');
    brk('14:30', '15:00', 'Coffee break', 'Coffee and snacks in the Atrium.');
  }
  items.push({
    day: 1,
    start: '09:00',
    end: '09:45',
    venueId: V.ballroom,
    type: 'keynote',
    speakerCount: 1,
    track: null,
    title: 'Opening keynote: Data work is care work',
    description:
      'The opening keynote argues that most data problems are really problems of attention and ownership, and shows what changes when teams treat their datasets as products that people depend on.',
  });
  items.push({
    day: 2,
    start: '09:00',
    end: '09:45',
    venueId: V.ballroom,
    type: 'keynote',
    speakerCount: 1,
    track: null,
    title: 'The model is the easy part',
    description:
      'A tour of the unglamorous systems around every successful machine-learning feature: labelling, evaluation, monitoring and the humans who review the edge cases.',
  });
  items.push({
    day: 2,
    start: '16:30',
    end: '17:15',
    venueId: V.ballroom,
    type: 'keynote',
    speakerCount: 1,
    track: null,
    title: 'Closing keynote: Ten years of numbers we believed',
    description:
      'A candid look back at metrics that drove decisions and later turned out to be wrong, and the practices that would have caught them earlier.',
  });
  items.push({
    day: 1,
    start: '16:30',
    end: '17:15',
    venueId: V.ballroom,
    type: 'panel',
    speakerCount: 4,
    track: 'Applied Machine Learning',
    title: 'Evaluating language-model features: what actually works?',
    description:
      'Practitioners from retail, finance and the public sector compare their evaluation setups and the surprises that came with them.',
  });
  items.push({
    day: 1,
    start: '17:30',
    end: '19:00',
    venueId: V.atrium,
    type: 'social',
    speakerCount: 0,
    track: null,
    title: 'Lakeside networking reception',
    description: 'Drinks and snacks in the Atrium, with sponsor booths open until 19:00.',
  });
  return items;
}

function sessions(): TalkSession[] {
  const out: TalkSession[] = [];
  for (let day = 1; day <= DAYS; day++) {
    out.push({ day, start: '10:15', end: '12:00', venueIds: [V.bay, V.don] });
    out.push({ day, start: '13:00', end: '14:30', venueIds: [V.ballroom, V.bay] });
    out.push({ day, start: '15:00', end: '16:30', venueIds: [V.don] });
  }
  return out;
}

const cad = (amount: number): { amount: number; currency: string } => ({ amount, currency: 'CAD' });

function workshops(): WorkshopPlan[] {
  return [
    {
      id: `${P}ws-dbt-duckdb`,
      title: 'Analytics engineering with dbt and DuckDB',
      track: 'Analytics Engineering',
      capacity: 25,
      price: cad(15000),
      published: true,
      instructors: 1,
      slot: { day: 1, venueId: V.studio, start: '10:15', end: '12:00' },
      description:
        'Model a small retail dataset with dbt on top of DuckDB, add tests and documentation, and publish a metric everyone can agree on.',
    },
    {
      id: `${P}ws-streaming`,
      title: 'Stream processing from first principles',
      track: 'Data Platforms',
      capacity: 20,
      price: cad(15000),
      published: true,
      instructors: 2,
      slot: { day: 1, venueId: V.studio, start: '13:00', end: '15:30' },
      description:
        'Build a small streaming pipeline, then break it on purpose: late events, duplicates, restarts. Learn which guarantees you really need.',
    },
    {
      id: `${P}ws-llm-evaluation`,
      title: 'Evaluating LLM features, hands on',
      track: 'Applied Machine Learning',
      capacity: 20,
      price: null,
      published: true,
      instructors: 1,
      slot: { day: 2, venueId: V.studio, start: '13:00', end: '15:30' },
      description:
        'Write an evaluation set, automate it and wire it into CI, so prompt and model changes are tested like any other change.',
    },
    {
      id: `${P}ws-spark-tuning`,
      title: 'Spark performance tuning',
      track: 'Data Platforms',
      capacity: 18,
      price: cad(12000),
      published: false,
      instructors: 1,
      slot: { day: 2, venueId: V.studio, start: '10:15', end: '12:00' },
      description: 'Draft: finding and fixing slow Spark jobs. Not yet confirmed.',
    },
  ];
}

const EXHIBITS: readonly ExhibitDef[] = [
  {
    title: 'Maple Compute',
    exhibitType: 'sponsor',
    booth: 'T-1',
    published: true,
    website: 'https://maple-compute.example/',
    shortDescription: 'GPU and CPU cloud hosted in Canada.',
    description:
      'Maple Compute offers GPU and CPU capacity in Canadian data centres with simple, per-second billing. Ask about research credits.',
  },
  {
    title: 'Lakeview Analytics',
    exhibitType: 'commercial',
    booth: 'T-2',
    published: true,
    website: 'https://lakeview.example/',
    shortDescription: 'A semantic layer for every BI tool.',
    description: 'Define metrics once and use them in every dashboard and notebook. Live demo at the booth.',
  },
  {
    title: 'Quarry Labs',
    exhibitType: 'startup',
    booth: 'T-3',
    published: true,
    website: 'https://quarry-labs.example/',
    shortDescription: 'Data quality monitoring that explains itself.',
    description: 'Quarry watches your tables for anomalies and tells you which upstream change caused them.',
  },
  {
    title: 'Toronto Data Meetup',
    exhibitType: 'community',
    booth: 'T-4',
    published: true,
    website: 'https://to-data-meetup.example/',
    shortDescription: 'Monthly talks and workshops for data people in Toronto.',
    description:
      'Free monthly meetups with talks, lightning talks and a mentoring programme for people new to data work.',
  },
  {
    title: 'Applied ML Group, Lakeshore Polytechnic',
    exhibitType: 'research',
    booth: 'T-5',
    published: true,
    website: 'https://applied-ml-lakeshore.example/',
    shortDescription: 'Applied machine-learning research with local industry partners.',
    description:
      'The group works with Ontario companies on forecasting, fraud detection and evaluation methods, and publishes its tools openly.',
  },
  {
    title: 'Borealis Storage',
    exhibitType: 'sponsor',
    booth: null,
    published: false,
    website: null,
    shortDescription: 'Object storage.',
    description: 'Sponsorship pending.',
  },
  {
    title: 'Open Data Ontario Collective',
    exhibitType: 'nonprofit',
    booth: null,
    published: false,
    website: null,
    shortDescription: 'Volunteer open-data group.',
    description: 'Application under review.',
  },
];

export function otherConference(startsOn: string): SeedConference {
  assertDate(startsOn);
  const rng = (part: string): Rng => new Rng(`lakeshore:${part}`);
  const weights = { 'north-american': 6, indian: 2, chinese: 2, 'irish-british': 2 };
  const { speakers, trackOf } = buildSpeakers({
    rng: rng('speakers'),
    prefix: P,
    count: 15,
    tracks: TRACKS,
    orgs: ORGS,
    names: new NameSource(rng('speaker-names'), weights),
  });
  const { events, workshops: seedWorkshops } = buildSchedule({
    rng: rng('schedule'),
    prefix: P,
    startsOn,
    tracks: TRACKS,
    speakers,
    trackOf,
    fixed: fixedItems(),
    sessions: sessions(),
    singleTalks: [],
    workshops: workshops(),
  });
  const others = new NameSource(rng('other-names'), weights);
  others.reserve(speakers.map((s) => s.fullName));
  const abstracts = buildAbstracts({
    rng: rng('abstracts'),
    prefix: P,
    tracks: TRACKS,
    orgs: ORGS,
    names: others,
    counts: { accepted: 6, rejected: 2, pending: 2 },
  });
  const exhibits = buildExhibits(rng('exhibits'), P, others, EXHIBITS);
  const { registrations, badges } = buildRegistrations({
    rng: rng('registrations'),
    prefix: P,
    names: others,
    count: 108,
    badgeCount: 100,
    badgePrefix: 'OTHR',
    tickets: [
      [`${P}tt-standard`, 80],
      [`${P}tt-academic`, 20],
    ],
  });
  const year = startsOn.slice(0, 4);
  const name = `Lakeshore Data Summit ${year}`;
  const when = dateRange(startsOn, addDays(startsOn, DAYS - 1));
  return {
    id: OTHER_CONFERENCE_ID,
    name,
    tagline: 'Two days of data engineering and applied machine learning by the lake',
    city: 'Toronto',
    timeZone: OTHER_TIME_ZONE,
    startsOn,
    days: DAYS,
    status: 'live',
    planEndsAt: zonedInstant(local(addDays(startsOn, DAYS + 365), '00:00'), OTHER_TIME_ZONE),
    disabledModules: [],
    badges,
    venues: VENUES.map((v) => ({ ...v })),
    speakers,
    events,
    workshops: seedWorkshops,
    abstracts,
    exhibits,
    registration: {
      publicRegistrationEnabled: false,
      openPhase: null,
      fields: [
        { name: 'company', label: 'Company', kind: 'text', enabled: true, required: true },
        {
          name: 'role',
          label: 'Role',
          kind: 'select',
          enabled: true,
          required: false,
          options: [
            { value: 'engineer', label: 'Engineer' },
            { value: 'scientist', label: 'Scientist' },
            { value: 'analyst', label: 'Analyst' },
            { value: 'manager', label: 'Manager' },
            { value: 'other', label: 'Other' },
          ],
        },
        { name: 'dietary', label: 'Dietary requirements', kind: 'textarea', enabled: true, required: false },
      ],
      ticketTypes: [
        {
          id: `${P}tt-standard`,
          name: 'Standard',
          description: 'Both days, meals and the reception.',
          price: cad(59900),
        },
        {
          id: `${P}tt-academic`,
          name: 'Academic',
          description: 'For students and university staff.',
          price: cad(19900),
        },
      ],
      paymentMethods: [
        {
          id: `${P}pm-credit-card`,
          name: 'Credit card',
          active: true,
          instructions: 'Pay online with the link in your confirmation e-mail.',
        },
        {
          id: `${P}pm-invoice`,
          name: 'Invoice',
          active: true,
          instructions: 'We send an invoice payable within 30 days.',
        },
      ],
    },
    exhibition: {
      opensAt: null,
      closesAt: zonedInstant(local(addDays(startsOn, -14), '23:59'), OTHER_TIME_ZONE),
      requiresRegistration: true,
      fee: null,
    },
    registrations,
    site: {
      navigation: [
        { label: 'About', slug: 'about' },
        { label: 'Venue', slug: 'venue' },
        { label: 'Code of conduct', slug: 'code-of-conduct' },
        { label: 'FAQ', slug: 'faq' },
      ],
      pages: [
        {
          slug: 'about',
          title: `About ${name}`,
          body: `${name} brings together around 500 data engineers, analysts and machine-learning practitioners in Toronto, ${when}.\n\nTwo days of talks, workshops and conversations about building data systems people can trust.`,
        },
        {
          slug: 'venue',
          title: 'Venue',
          body: 'The summit takes place at the Harbourfront Conference Centre, 120 Lakeshore Quay, Toronto.\n\nTake the 509 or 510 streetcar from Union Station. The venue is fully accessible.',
        },
        {
          slug: 'code-of-conduct',
          title: 'Code of conduct',
          body: 'Everyone at the summit deserves a harassment-free experience. Harassment of any kind is not tolerated.\n\nIf something happens, talk to a staff member in a green lanyard or write to the organisers; reports are handled confidentially.',
        },
        {
          slug: 'faq',
          title: 'FAQ',
          body: 'Is registration still open? No, registration for this edition is closed. Join the mailing list to hear about next year.\n\nAre the talks recorded? Yes, recordings are published about a month after the event.',
        },
      ],
    },
    keys: [{ secret: DEMO_KEYS.other, label: 'Demo: second conference, every scope', scopes: [...SCOPES] }],
  };
}
