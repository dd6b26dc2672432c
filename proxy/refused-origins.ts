/**
 * The log line that tells an integrator why their site's elements get nothing: a browser on an
 * origin the proxy does not allow is refused (no CORS grant, or 403), and without a word in the
 * log that looks like a broken proxy. Each refused origin is logged once, with the exact setting
 * that allows it; the set of origins remembered is bounded, so a flood of forged `Origin`
 * headers costs a fixed amount of memory and one extra line.
 */

/** Distinct refused origins logged before the proxy stops naming new ones. */
export const MAX_LOGGED_ORIGINS = 100;
/** Longer `Origin` headers are not origins a site could have; they are cut in the log. */
const MAX_ORIGIN_LENGTH = 200;

export interface RefusedOriginLogOptions {
  allowedOrigins: ReadonlySet<string>;
  log: (line: Record<string, unknown>) => void;
  max?: number;
}

/** What the start-up line says when no site may call the proxy. */
export const NO_ORIGINS_NOTE =
  'No allowed origins: only pages this proxy serves itself can use it. Allow the site that embeds the elements with ' +
  'CONF_ALLOWED_ORIGINS=https://your.site (comma-separated) or --allow-origin https://your.site.';

/** The setting that allows `origin` as well as those allowed now. */
export function allowOriginFix(origin: string, allowed: ReadonlySet<string>): string {
  const all = [...allowed, origin].join(',');
  return `CONF_ALLOWED_ORIGINS=${all} (or --allow-origin ${origin}; in code, allowedOrigins: [..., '${origin}'])`;
}

export function refusedOriginLog({
  allowedOrigins,
  log,
  max = MAX_LOGGED_ORIGINS,
}: RefusedOriginLogOptions): (origin: string) => void {
  const seen = new Set<string>();
  let full = false;
  return function logRefusedOrigin(raw: string) {
    const origin = raw.length > MAX_ORIGIN_LENGTH ? `${raw.slice(0, MAX_ORIGIN_LENGTH)}…` : raw;
    if (seen.has(origin) || full) return;
    if (seen.size >= max) {
      full = true;
      log({
        level: 'warn',
        msg: 'origins_not_allowed_unlisted',
        detail: `${max} refused origins were logged; further ones are refused without a log line.`,
      });
      return;
    }
    seen.add(origin);
    if (origin === 'null') {
      log({
        level: 'warn',
        msg: 'origin_not_allowed',
        origin,
        detail:
          'A page opened from a file or inside a sandboxed iframe sends Origin: null, which no setting can allow.',
        fix: 'Serve the page over http(s) from a site whose origin is allowed.',
      });
      return;
    }
    log({
      level: 'warn',
      msg: 'origin_not_allowed',
      origin,
      detail: `A page on ${origin} called the proxy and was refused (CORS): its elements show nothing until this origin is allowed.`,
      fix: allowOriginFix(origin, allowedOrigins),
    });
  };
}
