/**
 * Where an element finds the proxy, in order: its own `endpoint` attribute, the nearest
 * `<conf-provider endpoint>`, and the origin that served the script, so a page that loads
 * `https://proxy.example.org/conf-widgets.js` needs no attribute at all.
 *
 * Only an http(s) address (absolute, protocol-relative or relative to the page) is a proxy. Any
 * other value (`javascript:`, `data:`, `blob:`, `file:`…) is refused before a request is made: the
 * next source is used, as if the attribute were not there, and the element reports the refused
 * value (`invalid_endpoint`, in the console and with `debug`). A typo therefore never sends data
 * anywhere but to the site's own proxy.
 */
import { webUrl } from './web-url.js';

export type EndpointSource = 'attribute' | 'provider' | 'script';

export interface ResolvedEndpoint {
  /** Absolute URL without a trailing slash. */
  readonly url: string;
  readonly source: EndpointSource;
  /** A value that was given but is not a URL, so the next source was used. */
  readonly rejected?: string;
}

/** Origin of the module that defined the elements (the bundle, when built). */
export const scriptOrigin: string = new URL(import.meta.url).origin;

/**
 * The last resolution, reused while its inputs stay the same: elements ask on every update (a
 * search keystroke among them), and each answer parses the address twice.
 */
let last: { key: string; answer: ResolvedEndpoint } | undefined;

export function resolveEndpoint(
  attribute: string | null | undefined,
  provided: string | null | undefined,
  base: string,
  fallbackOrigin: string = scriptOrigin,
): ResolvedEndpoint {
  const key = JSON.stringify([attribute ?? '', provided ?? '', base, fallbackOrigin]);
  if (last?.key !== key) last = { key, answer: resolve(attribute, provided, base, fallbackOrigin) };
  return last.answer;
}

function resolve(
  attribute: string | null | undefined,
  provided: string | null | undefined,
  base: string,
  fallbackOrigin: string = scriptOrigin,
): ResolvedEndpoint {
  let rejected: string | undefined;
  const candidates: [string | null | undefined, EndpointSource][] = [
    [attribute, 'attribute'],
    [provided, 'provider'],
    [fallbackOrigin, 'script'],
  ];
  for (const [value, source] of candidates) {
    const v = value?.trim();
    if (!v) continue;
    let absolute: string | null = null;
    try {
      absolute = webUrl(new URL(v, base).href, { absolute: true });
    } catch {
      // Not a URL at all: refused below like any other scheme.
    }
    if (absolute) {
      const href = absolute.replace(/\/+$/, '');
      return rejected === undefined ? { url: href, source } : { url: href, source, rejected };
    }
    rejected ??= v;
  }
  return { url: new URL(base).origin, source: 'script', rejected: rejected ?? '' };
}
