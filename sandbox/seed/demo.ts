/**
 * Demo data for the sandbox: a believable three-day conference (Spreewerk, Berlin), a second,
 * smaller one (Lakeshore Data Summit, Toronto), and two tiny conferences whose keys are refused
 * (plan ended, not live). Deterministic: the same first day always gives the same data, and every
 * date and time is derived from it. The pieces live in `./demo/`.
 */
import { demoConference } from './demo/berlin.js';
import { inactiveConference, planEndedConference } from './demo/minimal.js';
import { otherConference } from './demo/toronto.js';
import type { SeedConference } from './types.js';

export { DEMO_KEYS } from './demo/keys.js';
export { DEMO_CONFERENCE_ID, DEMO_TIME_ZONE, demoConference } from './demo/berlin.js';
export { OTHER_CONFERENCE_ID, OTHER_TIME_ZONE, otherConference } from './demo/toronto.js';
export { inactiveConference, planEndedConference } from './demo/minimal.js';

/** Ids tests and docs can name. */
export const DEMO_IDS = {
  capacity3Workshop: 'ws-capacity-3',
  unpublishedWorkshop: 'ws-wasm-components',
  firstBadge: 'DEMO-0001',
  lastBadge: 'DEMO-0500',
  firstRegistration: 'reg-0001',
  requiredButDisabledField: 'vat_id',
  otherFirstBadge: 'OTHR-0001',
} as const;

/** Every seeded conference: [demo, other, planEnded, inactive]. */
export function allDemoConferences(startsOn: string): SeedConference[] {
  return [
    demoConference(startsOn),
    otherConference(startsOn),
    planEndedConference(startsOn),
    inactiveConference(startsOn),
  ];
}
