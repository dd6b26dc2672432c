/** Abstracts: accepted, rejected and pending, with 1–5 authors each and one presenter. */
import type { SeedAbstract } from '../types.js';
import type { NameSource } from './names.js';
import { AbstractWriter, type TrackTheme } from './text.js';
import { pad, type Rng } from './util.js';

export function buildAbstracts(opts: {
  rng: Rng;
  prefix: string;
  tracks: readonly TrackTheme[];
  orgs: readonly string[];
  names: NameSource;
  counts: { accepted: number; rejected: number; pending: number };
}): SeedAbstract[] {
  const { rng, prefix, tracks, orgs, names, counts } = opts;
  const writer = new AbstractWriter(rng);
  const statuses: SeedAbstract['status'][] = rng.shuffle([
    ...Array<SeedAbstract['status']>(counts.accepted).fill('accepted'),
    ...Array<SeedAbstract['status']>(counts.rejected).fill('rejected'),
    ...Array<SeedAbstract['status']>(counts.pending).fill('pending'),
  ]);
  const topics = new Map(tracks.map((t) => [t.name, rng.shuffle(t.topics)]));
  return statuses.map((status, i) => {
    const track = tracks[i % tracks.length] as TrackTheme;
    const pool = topics.get(track.name) ?? [];
    const topic = pool.length > 0 ? (pool.pop() as string) : rng.pick(track.topics);
    const authorCount = rng.weighted([
      [1, 15],
      [2, 25],
      [3, 30],
      [4, 20],
      [5, 10],
    ] as const);
    const presenter = rng.int(0, authorCount - 1);
    const sharedOrg = rng.pick(orgs);
    const authors = Array.from({ length: authorCount }, (_, a) => ({
      fullName: names.next().fullName,
      affiliation: rng.chance(0.08) ? null : rng.chance(0.6) ? sharedOrg : rng.pick(orgs),
      presenting: a === presenter,
    }));
    const keywords = [topic.replace(/^the /, ''), ...rng.shuffle(track.keywords).slice(0, rng.int(2, 4))];
    return {
      id: `${prefix}abs-${pad(i + 1, 3)}`,
      title: writer.title(topic),
      body: writer.body(topic),
      track: track.name,
      keywords,
      status,
      authors,
    };
  });
}
