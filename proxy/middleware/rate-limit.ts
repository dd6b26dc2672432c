/**
 * Per-client-IP limits on writes, each a fixed window; over one, 429 with `Retry-After` and no
 * upstream call. Two layers, both counted per address:
 * - all writes together: `max` per `windowMs` (the ceiling on what one address sends upstream);
 * - each kind of write on its own window (`limits`): registrations, workshop enrollments, abstract
 *   and exhibit submissions, uploads. The numbers and how they were chosen are in proxy/README.md
 *   ("Write limits"): a venue's shared address must survive the opening rush of enrollments,
 *   while creating registrations, which is what holds seats, stays slow for any one address.
 *
 * Check-ins from kiosks that presented their token are not counted: a venue's scanners share one
 * address and scan hundreds of badges an hour. The token exempts only the check-in endpoints; any
 * other write from a kiosk is counted like anyone's.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { EndpointId } from '../../src/api/contract.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import type { RateLimitStore } from '../stores/types.js';

export const WRITE_KINDS = ['registrations', 'enrollments', 'abstracts', 'exhibits', 'uploads'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export interface WindowLimit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Defaults for a conference of up to about 2,000 people (see proxy/README.md, "Write limits"). */
export const DEFAULT_WRITE_LIMITS: Readonly<Record<WriteKind, WindowLimit>> = {
  registrations: { max: 20, windowMs: 10 * MINUTE },
  enrollments: { max: 120, windowMs: MINUTE },
  abstracts: { max: 10, windowMs: 10 * MINUTE },
  exhibits: { max: 10, windowMs: 10 * MINUTE },
  uploads: { max: 30, windowMs: 10 * MINUTE },
};

/** The ceiling on all writes of one address: above the enrollments' peak plus the rest. */
export const DEFAULT_WRITE_CEILING: WindowLimit = { max: 150, windowMs: MINUTE };

const KIND_OF: Partial<Record<EndpointId, WriteKind>> = {
  registrationCreate: 'registrations',
  workshopRegister: 'enrollments',
  abstractSubmit: 'abstracts',
  exhibitionSubmit: 'exhibits',
};

const NOUNS: Record<WriteKind | 'all', string> = {
  registrations: 'registrations',
  enrollments: 'workshop enrollments',
  abstracts: 'abstract submissions',
  exhibits: 'exhibit submissions',
  uploads: 'uploads',
  all: 'submissions',
};

/** The kind of a write: its contract endpoint's, or `uploads` for `PUT /uploads/*`. */
export function writeKindOf(c: Context<ProxyEnv>): WriteKind | null {
  const route = c.get('route');
  if (route) return KIND_OF[route.id] ?? null;
  return c.req.method === 'PUT' ? 'uploads' : null;
}

export function rateLimit({
  store,
  max = DEFAULT_WRITE_CEILING.max,
  windowMs = DEFAULT_WRITE_CEILING.windowMs,
  limits = DEFAULT_WRITE_LIMITS,
  keyOf,
  now = Date.now,
  report = () => {},
}: {
  store: RateLimitStore;
  max?: number;
  windowMs?: number;
  /** Per kind of write; a kind left out (or null) has no window of its own. */
  limits?: Partial<Record<WriteKind, WindowLimit | null>>;
  keyOf: (c: Context<ProxyEnv>) => string;
  now?: () => number;
  report?: (event: string, error: unknown) => void;
}): MiddlewareHandler<ProxyEnv> {
  if (!(max >= 1) || !(windowMs >= 1)) throw new Error('rateLimit: max and windowMs must be >= 1.');
  for (const [kind, limit] of Object.entries(limits)) {
    if (!(WRITE_KINDS as readonly string[]).includes(kind))
      throw new Error(`rateLimit: unknown kind of write "${kind}".`);
    if (limit && (!(limit.max >= 1) || !(limit.windowMs >= 1)))
      throw new Error(`rateLimit: ${kind} needs max and windowMs >= 1.`);
  }

  async function count(key: string, limit: WindowLimit, noun: string): Promise<void> {
    let hit: { count: number; resetAt: number };
    try {
      hit = await store.hit(key, limit.windowMs);
    } catch (error) {
      // A broken shared store must not take writes down with it.
      report('rate_limit_store_failed', error);
      return;
    }
    if (hit.count > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((hit.resetAt - now()) / 1000));
      throw new ProxyError('rate_limited', `Too many ${noun} from this address; try again in ${wait(retryAfter)}.`, {
        details: { retryAfterSeconds: retryAfter },
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  return async function rateLimitMiddleware(c, next) {
    if (c.get('kiosk') && c.get('route')?.spec.audience === 'kiosk') return next();
    const address = keyOf(c);
    await count(`write:${address}`, { max, windowMs }, NOUNS.all);
    const kind = writeKindOf(c);
    const limit = kind ? limits[kind] : null;
    if (kind && limit) await count(`write:${kind}:${address}`, limit, NOUNS[kind]);
    await next();
  };
}

function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const UNITS: Record<string, number> = { s: 1000, m: MINUTE, h: 60 * MINUTE };

/**
 * The CLI's form of `rateLimit.kinds`: `registrations=20/10m,enrollments=120/1m,uploads=off`
 * (`s`, `m`, `h`; a bare number of minutes). Answers the kinds, or a message naming the problem.
 */
export function parseWriteLimits(spec: string): Partial<Record<WriteKind, WindowLimit | false>> | string {
  const out: Partial<Record<WriteKind, WindowLimit | false>> = {};
  for (const item of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z]+)=(?:(off|0)|(\d+)\/(\d+)([smh]?))$/.exec(item);
    const kind = m?.[1] as WriteKind | undefined;
    if (!m || !kind || !(WRITE_KINDS as readonly string[]).includes(kind)) {
      return `write limit "${item.slice(0, 40)}" must be KIND=N/DURATION (e.g. registrations=20/10m) or KIND=off; kinds: ${WRITE_KINDS.join(', ')}.`;
    }
    if (m[2]) {
      out[kind] = false;
      continue;
    }
    const max = Number(m[3]);
    const windowMs = Number(m[4]) * UNITS[m[5] || 'm']!;
    if (max < 1 || windowMs < 1)
      return `write limit "${item.slice(0, 40)}" needs a count and a duration of at least 1.`;
    out[kind] = { max, windowMs };
  }
  return out;
}
