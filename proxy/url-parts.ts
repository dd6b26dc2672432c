/**
 * Path and query of an already-normalized request URL, without a full `URL` parse: every request
 * needs them several times, and on the cached-read path parsing is a measurable share of the work.
 */
export interface UrlParts {
  origin: string;
  path: string;
  /** Query without the `?`, or ''. */
  search: string;
}

export function splitUrl(href: string): UrlParts {
  const scheme = href.indexOf('//');
  const slash = href.indexOf('/', scheme + 2);
  if (slash === -1) return { origin: href, path: '/', search: '' };
  const q = href.indexOf('?', slash);
  return {
    origin: href.slice(0, slash),
    path: q === -1 ? href.slice(slash) : href.slice(slash, q),
    search: q === -1 ? '' : href.slice(q + 1),
  };
}
