/** What `npm start` and `npm run sandbox` print once the server listens: how to call it. */
import { API_PREFIX } from '../src/api/contract.js';
import { DEMO_KEYS } from './seed/demo.js';

const KEY_NOTES: Record<keyof typeof DEMO_KEYS, string> = {
  all: 'demo conference, every scope',
  read: 'demo conference, registrations:read only',
  revoked: 'revoked: 401 api_key_revoked',
  expired: 'expired: 401 api_key_expired',
  planEnded: 'plan ended: 403 plan_ended',
  inactive: 'conference not live: 403 conference_inactive',
  other: 'second conference, every scope',
};

/** The seven demo keys, one line each with what it is for; `npm start` prints them too. */
export function demoKeyLines(): string[] {
  return [
    '  Demo keys (sandbox only):',
    ...(Object.keys(DEMO_KEYS) as (keyof typeof DEMO_KEYS)[]).map(
      (k) => `    ${DEMO_KEYS[k].padEnd(20)} ${KEY_NOTES[k]}`,
    ),
  ];
}

export function banner(url: string, extra: string[] = []): string {
  return [
    `Sandbox of Public API v1 listening on ${url}`,
    `  API base: ${url}${API_PREFIX}`,
    ...extra,
    ...demoKeyLines(),
    '  Try:',
    `    curl -H 'X-API-Key: ${DEMO_KEYS.all}' ${url}${API_PREFIX}/events/events?limit=3`,
  ].join('\n');
}
