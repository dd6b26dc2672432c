/**
 * Links of the site navigation: the organizer's URL pattern with the page's slug in it, and
 * whether a link is the page being shown.
 */
import { webUrl } from '../../core/web-url.js';

export const SLUG_PLACEHOLDER = '{slug}';
export const DEFAULT_HREF_PATTERN = '/{slug}';

/**
 * The pattern with every `{slug}` replaced by the encoded slug (a slug can add no path or query),
 * or null when the result is not an http(s) or relative address: a `javascript:` pattern makes no
 * link, whatever its letter case, entities or leading spaces.
 */
export function pageHref(pattern: string, slug: string): string | null {
  return webUrl(pattern.split(SLUG_PLACEHOLDER).join(encodeURIComponent(slug)));
}

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether `href` (resolved against `base`) names the page at `location`: same origin and path
 * (a trailing slash aside), the link's query parameters, and its fragment when it has one.
 */
export function isCurrentHref(href: string, location: string, base: string = location): boolean {
  let link: URL;
  let here: URL;
  try {
    link = new URL(href, base);
    here = new URL(location);
  } catch {
    return false;
  }
  if (link.origin !== here.origin) return false;
  if (trimSlash(decoded(link.pathname)) !== trimSlash(decoded(here.pathname))) return false;
  // The link's query parameters must be there; others (tracking, paging) may be added.
  for (const [k, v] of link.searchParams) if (!here.searchParams.getAll(k).includes(v)) return false;
  if (link.hash && link.hash !== here.hash) return false;
  return true;
}
