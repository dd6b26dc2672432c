/** Speakers: names, affiliations, job titles, bios and links, each tied to a home track. */
import type { SeedSpeaker } from '../types.js';
import type { NameSource } from './names.js';
import { speakerBio, type TrackTheme } from './text.js';
import { pad, slugify, type Rng } from './util.js';

const GENERIC_TITLES = [
  'Staff Software Engineer',
  'Principal Engineer',
  'Senior Software Engineer',
  'Engineering Manager',
  'Developer Advocate',
  'Head of Engineering',
  'Chief Technology Officer',
  'Independent Consultant',
  'Software Architect',
  'Tech Lead',
] as const;

export interface SpeakerSet {
  speakers: SeedSpeaker[];
  /** Speaker id → home track name. */
  trackOf: Map<string, string>;
}

export function buildSpeakers(opts: {
  rng: Rng;
  prefix: string;
  count: number;
  tracks: readonly TrackTheme[];
  orgs: readonly string[];
  names: NameSource;
}): SpeakerSet {
  const { rng, prefix, count, tracks, orgs, names } = opts;
  const speakers: SeedSpeaker[] = [];
  const trackOf = new Map<string, string>();
  const order = rng.shuffle(tracks);
  for (let i = 1; i <= count; i++) {
    const track = order[(i - 1) % order.length] as TrackTheme;
    const name = names.next();
    const jobTitle = rng.chance(0.7) ? rng.pick(track.jobTitles) : rng.pick(GENERIC_TITLES);
    const affiliation = rng.pick(orgs);
    const slug = slugify(name.fullName);
    const links: SeedSpeaker['links'] = [];
    if (rng.chance(0.6)) {
      const options = rng.shuffle([
        { label: 'Website', url: `https://${slug}.example.net/` },
        { label: 'Mastodon', url: `https://social.example/@${slug.replace(/-/g, '_')}` },
        { label: 'Code', url: `https://code.example/${slug}` },
        { label: 'Blog', url: `https://blog.example.org/${slug}` },
      ]);
      links.push(...options.slice(0, rng.int(1, 3)));
    }
    const id = `${prefix}sp-${pad(i, 3)}`;
    speakers.push({
      id,
      fullName: name.fullName,
      affiliation,
      jobTitle,
      bio: speakerBio(rng, { fullName: name.fullName, given: name.given, jobTitle, affiliation }, track),
      photoUrl: null,
      links,
    });
    trackOf.set(id, track.name);
  }
  return { speakers, trackOf };
}
