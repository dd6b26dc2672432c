/**
 * Embed diagnostics: when an element cannot do its job because of how it was embedded (proxy
 * unreachable, CORS, CSP, a container too narrow, an attribute value it does not know), it says
 * what is wrong and how to fix it, once in the console and visibly in the element, instead of
 * staying blank. What every element needs at once is here (the CSP watch, which must listen from
 * the start); most texts are in `setup-texts.ts`, loaded (`setup-hints.ts`) when there is
 * something to say.
 */
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

export function safeOrigin(url: string): string {
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
