/**
 * The programme: fixed items (keynotes, breaks, panels, socials), parallel talk sessions cut
 * into 30/45-minute slots, and workshops with their schedule events. Speakers are assigned so
 * that everyone speaks at least once, nobody is in two places at once, and people mostly speak
 * in their own track.
 */
import type { EventType } from '../../../src/api/records.js';
import type { SeedEvent, SeedSpeaker, SeedWorkshop } from '../types.js';
import { TitleMaker, talkDescription, type TrackTheme } from './text.js';
import { addDays, fromMinutes, local, toMinutes, type Rng } from './util.js';

/** A place and time on the programme; `day` is 1-based, times are `HH:mm`. */
export interface Slot {
  day: number;
  start: string;
  end: string;
  venueId: string;
}

export interface FixedItem extends Slot {
  type: EventType;
  title: string;
  description: string;
  /** How many speakers to assign (0 for breaks and socials). */
  speakerCount: number;
  track: string | null;
}

/** A block of parallel talks: each venue gets one track and a run of back-to-back talks. */
export interface TalkSession {
  day: number;
  start: string;
  end: string;
  venueIds: readonly string[];
}

export interface WorkshopPlan {
  id: string;
  title: string;
  description: string;
  capacity: number;
  price: SeedWorkshop['price'];
  published: boolean;
  track: string;
  instructors: number;
  slot: Slot;
}

export interface ScheduleInput {
  rng: Rng;
  prefix: string;
  startsOn: string;
  tracks: readonly TrackTheme[];
  speakers: readonly SeedSpeaker[];
  trackOf: ReadonlyMap<string, string>;
  fixed: readonly FixedItem[];
  sessions: readonly TalkSession[];
  /** Single talks outside the sessions (e.g. a lunchtime stage). */
  singleTalks: readonly Slot[];
  workshops: readonly WorkshopPlan[];
}

const TALK_LENGTHS = [30, 45] as const;
const MAX_TALKS_PER_RUN = 3;

/** Every way to fill `minutes` with talks of 30/45 minutes, at most three talks. */
function compositions(minutes: number): number[][] {
  const out: number[][] = [];
  const walk = (left: number, acc: number[]): void => {
    if (left === 0) {
      out.push(acc);
      return;
    }
    if (acc.length >= MAX_TALKS_PER_RUN) return;
    for (const len of TALK_LENGTHS) if (len <= left) walk(left - len, [...acc, len]);
  };
  walk(minutes, []);
  return out;
}

export function buildSchedule(input: ScheduleInput): { events: SeedEvent[]; workshops: SeedWorkshop[] } {
  const { rng, prefix, startsOn, tracks, speakers, trackOf } = input;
  const trackByName = new Map(tracks.map((t) => [t.name, t]));
  const titles = new TitleMaker(rng, tracks);
  const usage = new Map<string, number>(speakers.map((s) => [s.id, 0]));
  const busy = new Map<string, [number, number][]>(speakers.map((s) => [s.id, []]));
  const events: SeedEvent[] = [];

  const abs = (day: number, hhmm: string): number => day * 1440 + toMinutes(hhmm);
  const isFree = (id: string, from: number, to: number): boolean =>
    (busy.get(id) ?? []).every(([a, b]) => b <= from || a >= to);
  const book = (id: string, from: number, to: number): void => {
    busy.get(id)?.push([from, to]);
    usage.set(id, (usage.get(id) ?? 0) + 1);
  };

  const pickSpeakers = (n: number, track: string | null, slot: Slot): string[] => {
    const from = abs(slot.day, slot.start);
    const to = abs(slot.day, slot.end);
    const ranked = speakers
      .filter((s) => isFree(s.id, from, to))
      .map((s) => ({
        id: s.id,
        key: [track !== null && trackOf.get(s.id) !== track ? 1 : 0, usage.get(s.id) ?? 0, rng.next()] as const,
      }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
    if (ranked.length < n) throw new Error(`Not enough free speakers on day ${slot.day} at ${slot.start}`);
    const chosen = ranked.slice(0, n).map((r) => r.id);
    for (const id of chosen) book(id, from, to);
    return chosen;
  };

  const eventId = (slot: Slot): string =>
    `${prefix}ev-${slot.day}-${slot.start.replace(':', '')}-${slot.venueId.replace(`${prefix}ven-`, '')}`;

  const push = (slot: Slot, fields: Omit<SeedEvent, 'id' | 'startsAt' | 'endsAt' | 'venueId'>): SeedEvent => {
    const date = addDays(startsOn, slot.day - 1);
    const event: SeedEvent = {
      id: eventId(slot),
      title: fields.title,
      type: fields.type,
      description: fields.description,
      startsAt: local(date, slot.start),
      endsAt: local(date, slot.end),
      venueId: slot.venueId,
      speakerIds: fields.speakerIds,
      track: fields.track,
      workshopId: fields.workshopId,
    };
    events.push(event);
    return event;
  };

  const talk = (slot: Slot, trackName: string): void => {
    const track = trackByName.get(trackName);
    if (!track) throw new Error(`Unknown track ${trackName}`);
    const { title, topic } = titles.next(trackName);
    const count = rng.weighted([
      [1, 70],
      [2, 22],
      [3, 8],
    ] as const);
    push(slot, {
      title,
      type: 'talk',
      description: talkDescription(rng, topic, track),
      speakerIds: pickSpeakers(count, trackName, slot),
      track: trackName,
      workshopId: null,
    });
  };

  // Keynotes first, so their speakers are fresh; then panels and other fixed items.
  const fixed = [...input.fixed].sort((a, b) => rank(a.type) - rank(b.type));
  for (const item of fixed) {
    push(item, {
      title: item.title,
      type: item.type,
      description: item.description,
      speakerIds: item.speakerCount > 0 ? pickSpeakers(item.speakerCount, item.track, item) : [],
      track: item.track,
      workshopId: null,
    });
  }

  const workshops: SeedWorkshop[] = [];
  for (const plan of input.workshops) {
    const date = addDays(startsOn, plan.slot.day - 1);
    let eventIdValue: string | null = null;
    if (plan.published) {
      const event = push(plan.slot, {
        title: plan.title,
        type: 'workshop',
        description: plan.description,
        speakerIds: pickSpeakers(plan.instructors, plan.track, plan.slot),
        track: plan.track,
        workshopId: plan.id,
      });
      eventIdValue = event.id;
    }
    workshops.push({
      id: plan.id,
      eventId: eventIdValue,
      title: plan.title,
      description: plan.description,
      startsAt: local(date, plan.slot.start),
      endsAt: local(date, plan.slot.end),
      venueId: plan.slot.venueId,
      capacity: plan.capacity,
      price: plan.price,
      published: plan.published,
    });
  }

  for (const session of input.sessions) {
    const minutes = toMinutes(session.end) - toMinutes(session.start);
    const options = compositions(minutes);
    if (options.length === 0) throw new Error(`Cannot fill ${minutes} minutes with talks`);
    const taken = new Set<string>();
    for (const venueId of session.venueIds) {
      const lengths = rng.pick(options);
      const trackName = chooseTrack(rng, tracks, titles, taken, lengths.length);
      taken.add(trackName);
      let at = toMinutes(session.start);
      for (const len of lengths) {
        talk({ day: session.day, start: fromMinutes(at), end: fromMinutes(at + len), venueId }, trackName);
        at += len;
      }
    }
  }

  for (const slot of input.singleTalks) talk(slot, chooseTrack(rng, tracks, titles, new Set(), 1));

  // Anyone not yet on the programme joins a talk in their track (or any talk) as co-speaker.
  for (const speaker of speakers) {
    if ((usage.get(speaker.id) ?? 0) > 0) continue;
    const fits = (e: SeedEvent): boolean => {
      const day = dayOf(startsOn, e.startsAt);
      return (
        e.type === 'talk' &&
        e.speakerIds.length < 3 &&
        isFree(speaker.id, abs(day, e.startsAt.slice(11)), abs(day, e.endsAt.slice(11)))
      );
    };
    const target = events.find((e) => fits(e) && e.track === trackOf.get(speaker.id)) ?? events.find(fits);
    if (!target) throw new Error(`No talk left for speaker ${speaker.id}`);
    const day = dayOf(startsOn, target.startsAt);
    target.speakerIds.push(speaker.id);
    book(speaker.id, abs(day, target.startsAt.slice(11)), abs(day, target.endsAt.slice(11)));
  }

  events.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : 1));
  return { events, workshops };
}

function rank(type: EventType): number {
  return type === 'keynote' ? 0 : type === 'panel' ? 1 : 2;
}

/** The track with the most topics left that is not yet used in this session. */
function chooseTrack(
  rng: Rng,
  tracks: readonly TrackTheme[],
  titles: TitleMaker,
  taken: ReadonlySet<string>,
  need: number,
): string {
  const ranked = tracks
    .filter((t) => !taken.has(t.name))
    .map((t) => ({ name: t.name, left: titles.left(t.name), tie: rng.next() }))
    .sort((a, b) => Number(b.left >= need) - Number(a.left >= need) || b.left - a.left || a.tie - b.tie);
  const best = ranked[0];
  if (!best) throw new Error('More parallel rooms than tracks');
  return best.name;
}

/** 1-based day number of a local time. */
function dayOf(startsOn: string, localTime: string): number {
  const a = Date.parse(`${startsOn}T00:00Z`);
  const b = Date.parse(`${localTime.slice(0, 10)}T00:00Z`);
  return Math.round((b - a) / 86_400_000) + 1;
}
