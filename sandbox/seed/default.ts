/**
 * The datasets a fresh database is seeded with. `startsOn` defaults to today in the conference's
 * own zone, so the demo is always "live today".
 */
import { todayIn } from '../../src/core/zone.js';
import { allDemoConferences } from './demo.js';
import type { SeedConference } from './types.js';

export type SeedFactory = (startsOn: string) => SeedConference[];

/** The demo conference, the second conference, and the plan-ended and draft ones. */
export const defaultSeed: SeedFactory = allDemoConferences;

/** Builds the datasets; without a start date, uses today in the first conference's zone. */
export function buildSeed(factory: SeedFactory, startsOn: string | undefined, now: number): SeedConference[] {
  if (startsOn) return factory(startsOn);
  const utcToday = new Date(now).toISOString().slice(0, 10);
  const first = factory(utcToday);
  const zone = first[0]?.timeZone;
  const local = zone ? todayIn(zone, now) : utcToday;
  return local === utcToday ? first : factory(local);
}
