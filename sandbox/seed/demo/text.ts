/**
 * Composed prose: talk titles and descriptions, speaker bios, abstract titles and bodies. Parts
 * are varied and drawn without visible repetition, so a programme of 150 items reads like one
 * written by people rather than numbered by a loop.
 */
import { article, capitalize, type Rng } from './util.js';

/** One track of a conference: its name and the material its talks and people are made of. */
export interface TrackTheme {
  name: string;
  /** Noun phrases, lower case unless a proper noun; each becomes at most one talk. */
  topics: readonly string[];
  /** Topics that are practices or people matters rather than technology (subset of `topics`). */
  practices?: readonly string[];
  /** Topics that are problems to fight, e.g. "retry storms" (subset of `topics`). */
  problems?: readonly string[];
  /** What a talk in this track looks at ("the failure modes we hit under load"). */
  angles: readonly string[];
  keywords: readonly string[];
  /** What people in this track work on, for bios. */
  focus: readonly string[];
  jobTitles: readonly string[];
}

/** What a topic is, which decides the title shapes that read naturally with it. */
export type TopicKind = 'tech' | 'practice' | 'problem';

const ALL: readonly TopicKind[] = ['tech', 'practice', 'problem'];
const TECH_PRACTICE: readonly TopicKind[] = ['tech', 'practice'];
const TECH: readonly TopicKind[] = ['tech'];
const PROBLEM: readonly TopicKind[] = ['problem'];

const TITLE_TEMPLATES: readonly (readonly [string, readonly TopicKind[]])[] = [
  ['{T} in production: what nobody tells you', TECH],
  ['A field guide to {t}', ALL],
  ['{T}, the hard parts', TECH_PRACTICE],
  ['What we got wrong about {t}', ALL],
  ['{T} for the rest of us', TECH_PRACTICE],
  ['Rethinking {t} from first principles', TECH_PRACTICE],
  ['Lessons from three years of {t}', TECH_PRACTICE],
  ['Untangling {t}', ALL],
  ['{T} without the drama', TECH_PRACTICE],
  ['Debugging {t} in the wild', ['tech', 'problem']],
  ['The case for boring {t}', TECH],
  ['{T}: a migration story', TECH],
  ['Small team, serious {t}', TECH_PRACTICE],
  ['Everything I wish I had known about {t}', ALL],
  ['{T} at scale, on a budget', TECH],
  ['Beyond the tutorial: {t}', TECH],
  ['How we finally made {t} work', TECH_PRACTICE],
  ['{T} under pressure', TECH_PRACTICE],
  ['Measuring {t} honestly', ALL],
  ['Myths and realities of {t}', ALL],
  ['Practical {t}', TECH_PRACTICE],
  ['{T}, revisited', TECH_PRACTICE],
  ['The limits of {t}', TECH_PRACTICE],
  ['The economics of {t}', TECH_PRACTICE],
  ['{T} in a regulated industry', TECH],
  ['Living with {t}', ALL],
  ['Getting {t} right the second time', TECH_PRACTICE],
  ['Ten small habits for better {t}', TECH_PRACTICE],
  ['Taming {t}', PROBLEM],
  ['Surviving {t}', PROBLEM],
  ['The hidden cost of {t}', PROBLEM],
  ['Anatomy of {t}', PROBLEM],
];

/** Templates that put an adjective before the topic, which reads badly with "the …" topics. */
const ADJECTIVAL = new Set([
  'The case for boring {t}',
  'Small team, serious {t}',
  'Practical {t}',
  'Ten small habits for better {t}',
]);

function fill(template: string, topic: string): string {
  return template.replace('{T}', capitalize(topic)).replace('{t}', topic);
}

/**
 * Hands out talk titles: each topic once (then, only if a track runs dry, topics of other
 * tracks), templates spread evenly so none is noticeably overused.
 */
export class TitleMaker {
  private readonly remaining = new Map<string, string[]>();
  private readonly kinds = new Map<string, TopicKind>();
  private readonly templateUse = new Map<string, number>();
  private readonly titles = new Set<string>();

  constructor(
    private readonly rng: Rng,
    tracks: readonly TrackTheme[],
  ) {
    for (const track of tracks) {
      this.remaining.set(track.name, rng.shuffle(track.topics));
      for (const t of [...(track.practices ?? []), ...(track.problems ?? [])]) {
        if (!track.topics.includes(t)) throw new Error(`${t} is not a topic of ${track.name}`);
      }
      for (const t of track.practices ?? []) this.kinds.set(t, 'practice');
      for (const t of track.problems ?? []) this.kinds.set(t, 'problem');
    }
  }

  /** Topics still unused in a track. */
  left(track: string): number {
    return this.remaining.get(track)?.length ?? 0;
  }

  /** Takes the next topic of `track` (or of the fullest other track) and a title for it. */
  next(track: string): { title: string; topic: string } {
    let pool = this.remaining.get(track);
    if (!pool || pool.length === 0) {
      const fullest = [...this.remaining.values()].sort((a, b) => b.length - a.length)[0];
      if (!fullest || fullest.length === 0) throw new Error('Out of talk topics');
      pool = fullest;
    }
    const topic = pool.shift() as string;
    const kind = this.kinds.get(topic) ?? 'tech';
    const fitting = TITLE_TEMPLATES.filter(
      ([t, kinds]) => kinds.includes(kind) && !(topic.startsWith('the ') && ADJECTIVAL.has(t)),
    ).map(([t]) => t);
    const least = Math.min(...fitting.map((t) => this.templateUse.get(t) ?? 0));
    const candidates = [
      ...this.rng.shuffle(fitting.filter((t) => (this.templateUse.get(t) ?? 0) <= least + 1)),
      ...this.rng.shuffle(fitting.filter((t) => (this.templateUse.get(t) ?? 0) > least + 1)),
    ];
    for (const template of candidates) {
      const title = fill(template, topic);
      if (this.titles.has(title)) continue;
      this.titles.add(title);
      this.templateUse.set(template, (this.templateUse.get(template) ?? 0) + 1);
      return { title, topic };
    }
    throw new Error(`No unused title for ${topic}`);
  }
}

const OPENERS = [
  'In many teams, {t} has quietly become a default, and the rough edges are starting to show.',
  'Every team that adopts {t} goes through the same stages: enthusiasm, confusion and, eventually, a setup that works.',
  'Most material on {t} stops right where real projects begin.',
  'On a slide, {t} looks simple; in a real codebase, it turns out to be surprisingly subtle.',
  'Two years ago we bet on {t}; this is an honest account of how that went.',
  'There is a lot of folklore around {t} and very little measurement.',
  "Work on {t} sits between several teams, which is exactly why it so often ends up being nobody's job.",
  'When our product outgrew its first architecture, {t} was the part we had underestimated most.',
  'Few topics generate as many strong opinions, and as few shared numbers, as {t}.',
  'Getting started with {t} is easy; finishing well is not.',
  'We rely on {t} every day, and we still learn something new about it every month.',
  'If you have ever inherited a project built around {t}, this session is for you.',
] as const;

const MIDDLES = [
  'This talk walks through {a}, with code and numbers from a real project.',
  'We look at {a} and the trade-offs that rarely make it into the documentation.',
  'The session focuses on {a}, drawing on incidents, experiments and a few honest mistakes.',
  'Expect a candid look at {a}, including what we would do differently today.',
  'Using concrete examples, this talk covers {a} and how to explain those choices to the rest of the team.',
  'We take apart {a} step by step, from the first prototype to steady operation.',
] as const;

const CLOSERS = [
  'You will leave with a checklist you can apply on Monday.',
  'No prior experience with {t} is needed, but familiarity with the basics helps.',
  'Aimed at practitioners who know the basics and want fewer surprises.',
  'Slides, sample code and further reading will be shared after the session.',
  'Bring your questions: the last ten minutes are reserved for discussion.',
  'Useful for engineers, leads and anyone who has to make the call.',
  'The examples are framework-agnostic and apply well beyond the stack we use.',
] as const;

/** 2–4 sentences about a talk on `topic`. */
export function talkDescription(rng: Rng, topic: string, track: TrackTheme): string {
  const sentences = [fill(rng.pick(OPENERS), topic), rng.pick(MIDDLES).replace('{a}', rng.pick(track.angles))];
  const closers = rng.shuffle(CLOSERS).slice(0, rng.int(0, 2));
  for (const c of closers) sentences.push(fill(c, topic));
  return sentences.join(' ');
}

const BIO_FOCUS = [
  "{g}'s work centres on {f}.",
  '{g} spends most days on {f}.',
  'These days {g} focuses on {f}.',
  '{g} cares deeply about {f}.',
  'At work, {g} leads efforts around {f}.',
] as const;

const BIO_BEFORE = [
  'spent six years in agency work, shipping sites for publishers and museums',
  'worked on public-sector digital services',
  'taught web development at a coding school',
  'ran the infrastructure of a regional newspaper',
  'was a researcher in distributed systems',
  'built payment systems for a fintech start-up',
  'maintained a widely used open-source library for several years',
  'worked as a support engineer, which still shapes how they write documentation',
  'co-founded a small product studio',
  'was a freelance developer for clients across three continents',
  'worked on embedded software for medical devices',
  'studied linguistics and only later moved into software',
] as const;

const BIO_ASIDE = [
  'co-organises a local meetup',
  'contributes to open-source documentation in their spare time',
  'mentors new contributors through community programmes',
  'writes an occasional newsletter about the craft of software',
  'is happiest on a bicycle somewhere without mobile reception',
  'speaks regularly at community events',
  'volunteers as a coach at beginner-friendly coding workshops',
  'collects old programming manuals and reads them for fun',
] as const;

/** 2–4 sentences about a person. */
export function speakerBio(
  rng: Rng,
  person: { fullName: string; given: string; jobTitle: string; affiliation: string },
  track: TrackTheme,
): string {
  const { fullName, given, jobTitle, affiliation } = person;
  const sentences = [
    `${fullName} is ${article(jobTitle)} ${jobTitle} at ${affiliation}.`,
    rng.pick(BIO_FOCUS).replace('{g}', given).replace('{f}', rng.pick(track.focus)),
  ];
  if (rng.chance(0.6)) sentences.push(`Before joining ${affiliation}, ${given} ${rng.pick(BIO_BEFORE)}.`);
  if (rng.chance(0.5)) sentences.push(`Outside work, ${given} ${rng.pick(BIO_ASIDE)}.`);
  return sentences.join(' ');
}

const ABSTRACT_TITLES = [
  'An empirical study of {t} in open-source projects',
  '{T} in practice: evidence from {c}',
  'Evaluating {t} across production systems',
  'A taxonomy of failures in {t}',
  'Measuring the cost of {t}',
  'Lessons from deploying {t} in {c}',
  '{T}: a comparative evaluation',
  'Do practitioners trust {t}? A survey',
  'Reducing risk in {t} with lightweight tooling',
  'Towards sustainable {t}: a case study from {c}',
  'What drives adoption of {t}? Interviews with {n} teams',
] as const;

const CONTEXTS = [
  'a municipal IT department',
  'a mid-sized e-commerce platform',
  'public broadcasting',
  'a hospital network',
  'a university research cluster',
  'a fintech start-up',
  'a national rail operator',
  'the humanitarian sector',
  'an open-source foundation',
  'a logistics company',
  'a news organisation',
  'a regional energy provider',
] as const;

const ASPECTS = [
  'long-term maintenance cost',
  'effect on delivery speed',
  'failure modes',
  'impact on end users',
  'operational overhead',
  'effect on onboarding',
] as const;

const UNITS = [
  'repositories',
  'production incidents',
  'deployments',
  'pull requests',
  'survey responses',
  'support tickets',
] as const;

const FINDINGS = [
  'most of the benefit comes from a small number of well-chosen defaults',
  'teams underestimate the coordination cost by a wide margin',
  'simple heuristics outperform elaborate tooling in most cases',
  'the largest gains appear after the first six months, not before',
  'documentation quality predicts adoption more strongly than tooling does',
  'failures cluster around configuration changes rather than code changes',
  'small, reversible steps reduce incident rates without slowing delivery',
  'the main obstacles are organisational rather than technical',
] as const;

const CONTRIBUTIONS = [
  'a reusable checklist for practitioners',
  'an openly licensed dataset',
  'an open-source measurement harness',
  'a set of design guidelines',
  'a decision framework for teams weighing the trade-offs',
] as const;

/** A unique abstract title and a 3–5 sentence body. */
export class AbstractWriter {
  private readonly titles = new Set<string>();

  constructor(private readonly rng: Rng) {}

  title(topic: string): string {
    const rng = this.rng;
    for (const template of rng.shuffle(ABSTRACT_TITLES)) {
      const title = fill(template, topic)
        .replace('{c}', rng.pick(CONTEXTS))
        .replace('{n}', String(rng.int(8, 40)));
      if (this.titles.has(title)) continue;
      this.titles.add(title);
      return title;
    }
    throw new Error(`No unused abstract title for ${topic}`);
  }

  body(topic: string): string {
    const rng = this.rng;
    const sentences = [
      `Interest in ${topic} has grown quickly, yet evidence about its ${rng.pick(ASPECTS)} remains mostly anecdotal.`,
      rng.chance(0.5)
        ? `We analysed ${rng.int(12, 400)} ${rng.pick(UNITS)} from ${rng.pick(CONTEXTS)} over ${rng.int(6, 30)} months.`
        : `We report on a ${rng.int(6, 24)}-month rollout in ${rng.pick(CONTEXTS)}, combining interviews with operational data.`,
      `Our results show that ${rng.pick(FINDINGS)}.`,
    ];
    if (rng.chance(0.7)) sentences.push(`We contribute ${rng.pick(CONTRIBUTIONS)}.`);
    if (rng.chance(0.4)) sentences.push('The presentation closes with open questions for the community.');
    return sentences.join(' ');
  }
}
