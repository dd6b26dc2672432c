/**
 * The one check for every address an element builds from an attribute or from the API's data
 * before it becomes a link, an image, a download or a request: only web addresses (`http:`,
 * `https:`) and relative ones pass. `javascript:`, `data:`, `blob:`, `file:`, `vbscript:`… do not,
 * in any letter case, with or without the spaces, tabs and newlines the URL parser ignores, and
 * with HTML entities (`jav&#x61;script:`) already decoded by the page's HTML parser, since the
 * element reads the attribute's value, not its source text.
 *
 * The value is parsed by the browser's own URL parser, as the `<a>` or `fetch` that uses it would.
 * (Request bodies are checked more strictly, by `src/api/url-fields.ts`: absolute http(s) only.)
 */

/** A web page to resolve relative addresses against, so only a value's own scheme decides. */
const PROBE_BASE = 'https://relative.invalid/';

export interface WebUrlOptions {
  /** Refuse relative addresses too (data that must name another site, such as an exhibitor's website). */
  absolute?: boolean;
}

/**
 * The trimmed value when it is an http(s) address (absolute, protocol-relative or relative),
 * else null. With `absolute`, the normalized absolute address, or null for a relative one.
 */
export function webUrl(value: unknown, { absolute = false }: WebUrlOptions = {}): string | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (!s) return null;
  let url: URL;
  try {
    url = absolute ? new URL(s) : new URL(s, PROBE_BASE);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return absolute ? url.href : s;
}
