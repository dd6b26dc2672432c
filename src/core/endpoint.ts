/**
 * Where an element finds the proxy, in order: its own `endpoint` attribute, the nearest
 * `<conf-provider endpoint>`, and the origin that served the script, so a page that loads
 * `https://proxy.example.org/conf-widgets.js` needs no attribute at all.
 */

export type EndpointSource = 'attribute' | 'provider' | 'script';

export interface ResolvedEndpoint {
  /** Absolute URL without a trailing slash. */
  url: string;
  source: EndpointSource;
  /** A value that was given but is not a URL, so the next source was used. */
  rejected?: string;
}

/** Origin of the module that defined the elements (the bundle, when built). */
export const scriptOrigin: string = new URL(import.meta.url).origin;

export function resolveEndpoint(
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
    try {
      const url = new URL(v, base);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not http');
      const href = url.href.replace(/\/+$/, '');
      return rejected === undefined ? { url: href, source } : { url: href, source, rejected };
    } catch {
      rejected ??= v;
    }
  }
  return { url: new URL(base).origin, source: 'script', rejected: rejected ?? '' };
}
