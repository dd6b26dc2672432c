/** The browser headers that may travel upstream: a fixed list, never the browser's whole set. */
import { FORWARDED_REQUEST_HEADERS, SCENARIO_HEADERS, pickHeaders } from '../upstream/headers.js';

export function forwardedHeaders(from: Headers, forwardScenarioHeaders: boolean): Record<string, string> {
  return pickHeaders(from, forwardScenarioHeaders ? [...FORWARDED_REQUEST_HEADERS, ...SCENARIO_HEADERS] : FORWARDED_REQUEST_HEADERS);
}
