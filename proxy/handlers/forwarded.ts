/** The browser headers that may travel upstream: a fixed list, never the browser's whole set. */
import { FORWARDED_REQUEST_HEADERS, SCENARIO_HEADERS, pickHeaders } from '../upstream/headers.js';

/** Headers for a write: its language (for the upstream's messages) and, towards the sandbox, `Prefer`. */
export function writeHeaders(from: Headers, forwardScenarioHeaders: boolean): Record<string, string> {
  return pickHeaders(
    from,
    forwardScenarioHeaders ? [...FORWARDED_REQUEST_HEADERS, ...SCENARIO_HEADERS] : FORWARDED_REQUEST_HEADERS,
  );
}

/**
 * Headers for a read: none of the browser's own, since one answer is cached for every reader (and
 * by CDNs, which vary only on `Origin`): a header the upstream varied on would let the first
 * reader choose what everyone gets. `Prefer` reaches the sandbox; those reads bypass the cache.
 */
export function readHeaders(from: Headers, forwardScenarioHeaders: boolean): Record<string, string> {
  return forwardScenarioHeaders ? pickHeaders(from, SCENARIO_HEADERS) : {};
}
