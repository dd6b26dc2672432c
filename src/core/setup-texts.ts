/**
 * The texts of the set-up hints, in English for the organizer (see `diagnostics.ts`): a chunk of
 * their own, loaded by {@link loadSetupTexts} only once an element has a problem to report.
 */
import type { ApiError } from '../api/errors.js';
import { safeOrigin, wasBlockedByCsp, type Diagnostic } from './diagnostics.js';

/** Turns a failed request into a diagnostic, or null when the server answered (its message is enough). */
export function diagnoseRequestError(error: ApiError, endpoint: string): Diagnostic | null {
  if (error.code === 'network_error') {
    const origin = safeOrigin(endpoint);
    if (wasBlockedByCsp(endpoint)) {
      return {
        code: 'csp_blocked',
        message: `This page's Content-Security-Policy blocks requests to ${origin}.`,
        fix: `Add ${origin} to the connect-src (and script-src) directives of the page's Content-Security-Policy.`,
      };
    }
    const crossOrigin = typeof location !== 'undefined' && origin !== location.origin;
    return {
      code: 'network_error',
      message: `The conference proxy at ${origin} could not be reached.`,
      fix: crossOrigin
        ? `Check that the proxy is running at ${origin} and lists ${location.origin} in its allowed origins (CORS); ` +
          `or set the endpoint attribute to the right address.`
        : `Check that the proxy is running at ${origin}, or set the endpoint attribute to its address.`,
    };
  }
  if (error.code === 'invalid_response') {
    return {
      code: 'invalid_response',
      message: `${safeOrigin(endpoint)} did not answer like the conference proxy.`,
      fix: 'Point the endpoint attribute (or <conf-provider endpoint>) at the proxy, not at the website.',
    };
  }
  return null;
}

/** A base attribute problem of every element (`ConfElement.attributeProblems`), as found. */
export type ElementProblem =
  | { code: 'unknown_time_zone'; value: string }
  | { code: 'invalid_now'; value: string }
  | { code: 'invalid_refresh' }
  | { code: 'invalid_endpoint'; value: string; used: string }
  | { code: 'narrow_container'; width: number; minWidth: number };

/** What a problem of {@link ElementProblem} means and how to fix it. */
export function describeElementProblem(tag: string, p: ElementProblem): Diagnostic {
  switch (p.code) {
    case 'unknown_time_zone':
      return {
        code: p.code,
        message: `<${tag}> does not know the time zone "${p.value}"; it shows the conference's instead.`,
        fix: 'Use an IANA zone name such as "Europe/Berlin", or "local" for the viewer\'s zone.',
      };
    case 'invalid_now':
      return {
        code: p.code,
        message: `<${tag}> cannot read now="${p.value}" as a date and time; it uses the clock instead.`,
        fix: 'Use an ISO 8601 instant with its offset, e.g. now="2026-06-10T09:30:00+02:00", or remove it.',
      };
    case 'invalid_refresh':
      return {
        code: p.code,
        message: `<${tag}> refresh must be a number of seconds.`,
        fix: 'e.g. refresh="60", or remove it.',
      };
    case 'invalid_endpoint':
      return {
        code: p.code,
        message: `<${tag}> ignores the endpoint "${p.value}": only an http(s) or relative address can be the proxy. Its requests go to ${p.used} instead.`,
        fix: 'Set endpoint to the proxy\'s URL, e.g. endpoint="https://conf.example.org".',
      };
    case 'narrow_container':
      return {
        code: p.code,
        message: `<${tag}> is ${p.width}px wide, too narrow to be readable.`,
        fix: `Give it at least ${p.minWidth}px, e.g. a wider column or width: 100%.`,
      };
  }
}
