/**
 * The public website's document (`GET /website/site`: conference, navigation, pages), shared by
 * `<conf-page>` and `<conf-site-nav>`. The spec does not show its fields, so it is read
 * tolerantly: what is missing or of the wrong type is left out, never a crash.
 *
 * A platform that does not serve `/website/site` (404) is read through the deprecated
 * `/website/pages` instead, and the console says so once per page load.
 */
import type { ApiClient, ReadContext } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { UNCHANGED } from './resource-controller.js';

export interface SiteConference {
  name: string;
  tagline: string;
  /** `YYYY-MM-DD`, or '' when not given. */
  startsOn: string;
  endsOn: string;
  city: string;
  timeZone: string;
}

export interface SiteNavItem {
  label: string;
  slug: string;
}

export interface SitePageText {
  slug: string;
  title: string;
  /** Plain text; paragraphs separated by blank lines. */
  body: string;
}

export interface Site {
  /** Null when the answer had none (always so from the deprecated `/website/pages`). */
  conference: SiteConference | null;
  navigation: SiteNavItem[];
  pages: SitePageText[];
  /** True when read from the deprecated `/website/pages`. */
  deprecated: boolean;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const isoDate = (v: unknown): string => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : '');

export function readPage(raw: unknown): SitePageText | null {
  const r = record(raw);
  const slug = text(r.slug).trim();
  if (!slug) return null;
  return { slug, title: text(r.title).trim() || slug, body: text(r.body ?? r.content) };
}

function readConference(raw: unknown): SiteConference | null {
  const r = record(raw);
  const name = text(r.name).trim();
  if (!name) return null;
  return {
    name,
    tagline: text(r.tagline).trim(),
    startsOn: isoDate(r.startsOn),
    endsOn: isoDate(r.endsOn) || isoDate(r.startsOn),
    city: text(r.city).trim(),
    timeZone: text(r.timeZone).trim(),
  };
}

function readNavigation(raw: unknown): SiteNavItem[] {
  if (!Array.isArray(raw)) return [];
  const out: SiteNavItem[] = [];
  for (const item of raw) {
    const r = record(item);
    const slug = text(r.slug).trim();
    if (slug) out.push({ slug, label: text(r.label).trim() || text(r.title).trim() || slug });
  }
  return out;
}

function readPages(raw: unknown): SitePageText[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: SitePageText[] = [];
  for (const p of raw) {
    const page = readPage(p);
    // The first of two pages with one slug wins, as a link can only lead to one.
    if (page && !seen.has(page.slug)) {
      seen.add(page.slug);
      out.push(page);
    }
  }
  return out;
}

/** The site document as the elements use it. Without a navigation, every page is listed in order. */
export function readSite(raw: unknown): Site {
  const r = record(raw);
  const pages = readPages(r.pages);
  const navigation = Array.isArray(r.navigation)
    ? readNavigation(r.navigation)
    : pages.map((p) => ({ slug: p.slug, label: p.title }));
  return { conference: readConference(r.conference), navigation, pages, deprecated: false };
}

/** The deprecated list of pages as a site: no conference, the pages in order as the navigation. */
export function siteFromPages(list: unknown[]): Site {
  const pages = readPages(list);
  return {
    conference: null,
    navigation: pages.map((p) => ({ slug: p.slug, label: p.title })),
    pages,
    deprecated: true,
  };
}

let fallbackSaid = false;

/** The console line of the fallback, once per page load however many elements and polls. */
function sayFallback(endpoint: string): void {
  if (fallbackSaid) return;
  fallbackSaid = true;
  console.warn(
    `conf-widgets: ${endpoint} answers 404 for /website/site, so the pages are read from the deprecated /website/pages ` +
      '(no conference name, dates or city). Fix: update the platform or the proxy so that /website/site is served.',
  );
}

/**
 * Loads the site through `client` (the element's, so reads are shared and stale answers marked).
 * With `revalidate`, returns {@link UNCHANGED} when nothing changed for the reader (`read`).
 */
export async function loadSite(
  client: ApiClient,
  options: { signal: AbortSignal; read?: ReadContext; revalidate?: boolean },
): Promise<Site | typeof UNCHANGED> {
  const { signal, read, revalidate = false } = options;
  // Asked first on every load, not remembered: a platform updated while the page is open is
  // read the current way at the next refresh.
  try {
    const a = await client.get('websiteSite', { signal, read });
    if (revalidate && !a.changed) return UNCHANGED;
    return readSite(a.body);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 404) throw e;
  }
  sayFallback(client.endpoint);
  const r = await client.listAll('websitePages', { signal, read });
  if (revalidate && !r.changed) return UNCHANGED;
  return siteFromPages(r.data);
}

/** The page with this slug (compared as typed, then without case), or null. */
export function findPage(site: Site, slug: string): SitePageText | null {
  const s = slug.trim();
  return (
    site.pages.find((p) => p.slug === s) ?? site.pages.find((p) => p.slug.toLowerCase() === s.toLowerCase()) ?? null
  );
}

/** The conference's dates as one range in the locale, e.g. "10–12 June 2026"; '' without dates. */
export function conferenceDates(conference: SiteConference, locale: string): string {
  if (!conference.startsOn) return '';
  // Calendar dates, not instants: read and written in UTC so no zone moves them a day.
  const start = new Date(`${conference.startsOn}T00:00:00Z`);
  const end = new Date(`${conference.endsOn || conference.startsOn}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return end > start ? f.formatRange(start, end) : f.format(start);
}
