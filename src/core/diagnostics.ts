/**
 * Embed diagnostics: when an element cannot do its job because of how it was embedded (proxy
 * unreachable, CORS, CSP, a container too narrow, an attribute value it does not know), it says
 * what is wrong and how to fix it, once in the console and visibly in the element, instead of
 * staying blank.
 */
import type { ApiError } from '../api/errors.js';

export interface Diagnostic {
  /** Stable, e.g. `network_error`, `csp_blocked`, `unknown_attribute_value`, `narrow_container`. */
  code: string;
  message: string;
  fix: string;
}

const cspBlocked = new Set<string>();
if (typeof document !== 'undefined') {
  // The browser reports CSP blocks only through this event; a fetch just fails like a network error.
  document.addEventListener('securitypolicyviolation', (e) => {
    if (e.blockedURI) cspBlocked.add(safeOrigin(e.blockedURI));
  });
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Whether the page's Content-Security-Policy blocked requests to `url`'s origin. */
export function wasBlockedByCsp(url: string): boolean {
  return cspBlocked.has(safeOrigin(url));
}

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

/**
 * Where the page is served from. A property so a browser test can stand for a public site; the
 * elements read it only through {@link showsSetupHints}.
 */
export const pageHost = {
  hostname: (): string => (typeof location === 'undefined' ? '' : location.hostname),
};

/** Hosts of an organizer's own machine, where set-up hints may show in the element. */
export function isDeveloperHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Whether set-up hints (proxy address, CORS, CSP advice) show inside the element: on the
 * organizer's own machine or with the `debug` attribute. A public site's visitors cannot act on
 * them, and they would tell anyone how the site is wired; the console always has them.
 */
export function showsSetupHints(debug: boolean): boolean {
  return debug || isDeveloperHost(pageHost.hostname());
}

export function unknownValue(tag: string, attribute: string, value: string, allowed: readonly string[]): Diagnostic {
  return {
    code: 'unknown_attribute_value',
    message: `<${tag}> does not know ${attribute}="${value}".`,
    fix: `Use one of: ${allowed.map((a) => `"${a}"`).join(', ')}.`,
  };
}

/** Logs each diagnostic once per element, since renders repeat. */
export function warnOnce(host: Element, seen: Set<string>, d: Diagnostic): void {
  const key = d.code + d.message;
  if (seen.has(key)) return;
  seen.add(key);
  console.warn(`<${host.localName}>: ${d.message} Fix: ${d.fix}`, host);
}
