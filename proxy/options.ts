/**
 * The proxy's options, their defaults, and the checks that refuse a bad configuration when the
 * proxy is created (never per request). Messages name the option, never its secret value.
 */
import { API_PREFIX, UPLOAD_MAX_BYTES } from '../src/api/contract.js';
import { DEFAULT_CACHE_POLICY, type CachePolicy } from './cache/policy.js';
import { KIOSK_LOCKOUT_DEFAULTS, type KioskLockout } from './middleware/kiosk-token.js';
import {
  DEFAULT_WRITE_CEILING,
  DEFAULT_WRITE_LIMITS,
  WRITE_KINDS,
  type WindowLimit,
  type WriteKind,
} from './middleware/rate-limit.js';
import { createScrubber } from './secrets.js';
import { MEMORY_STORE_DEFAULTS } from './stores/memory.js';
import type { CacheStore, IdempotencyStore, RateLimitStore } from './stores/types.js';
import { DEFAULT_RETRY, type RetryPolicy } from './upstream/retry.js';

export interface ProxyOptions {
  /** Base URL of Public API v1 (`{base_url}`; a trailing `/api/public/v1` is tolerated). */
  upstream: string;
  /** The conference's API key. Sent only to `upstream`. */
  apiKey: string;
  /** Exact origins (`https://conf.example.org`) granted CORS and allowed to write. */
  allowedOrigins?: readonly string[];
  /**
   * The origin(s) at which browsers reach this proxy's own pages, when it serves a site itself
   * (the demo, a mount in your server): allowed like `allowedOrigins`. Same-origin is never
   * inferred from a request's `Host` header.
   */
  publicOrigin?: string | readonly string[];
  /** Token kiosks send as `X-Kiosk-Token` to reach the check-ins; without it check-ins are off. */
  kioskToken?: string | null;
  /** Read cache; `false` turns it off. */
  cache?: (Partial<CachePolicy> & { maxEntries?: number; maxBytes?: number; store?: CacheStore }) | false;
  idempotencyStore?: IdempotencyStore;
  /** How long a write's answer is replayed for its `Idempotency-Key` (default 24 h). */
  idempotencyTtlMs?: number;
  /**
   * Per-client-IP limits on writes; `false` turns them off. `max`/`windowMs`: all writes
   * together; `kinds`: each kind's own window (`false` for none). Kiosk check-ins are not counted.
   */
  rateLimit?:
    | {
        max?: number;
        windowMs?: number;
        store?: RateLimitStore;
        kinds?: Partial<Record<WriteKind, Partial<WindowLimit> | false>>;
      }
    | false;
  /**
   * Proof-of-work challenge on public writes (`GET /challenge`, header `X-Conf-Challenge`); off
   * unless set. `difficulty`: the largest counter (default 50,000); `ttlMs` (default 20 min);
   * `secret`: HMAC key, 32+ characters, the same on every instance (default: random per process);
   * `store`: where used challenges are remembered (default: memory, 100,000 entries).
   */
  writeChallenge?: boolean | { difficulty?: number; ttlMs?: number; secret?: string; store?: IdempotencyStore };
  /**
   * Limits on wrong kiosk tokens (see `middleware/kiosk-token.ts`); the store defaults to
   * `rateLimit.store`, else memory. `false` turns it off (tests only).
   */
  kioskLockout?: (Partial<KioskLockout> & { store?: RateLimitStore }) | false;
  /**
   * How many reverse proxies in front of this one append to `X-Forwarded-For` (0: use the socket
   * address). Only trust hops you run; otherwise clients pick their own rate-limit bucket.
   */
  trustedProxyHops?: number;
  /**
   * A request header that the platform in front sets to the client's address and that clients
   * cannot set themselves, e.g. `CF-Connecting-IP` on Cloudflare Workers, where there is no socket
   * address. Write limits then count that address. Name only a header the platform overwrites:
   * otherwise clients pick their own rate-limit bucket.
   */
  clientAddressHeader?: string;
  /** Timeout of each upstream API call. */
  upstreamTimeoutMs?: number;
  /** Timeout of streaming one upload to its signed address. */
  uploadTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** JSON request body cap (default 256 KB). */
  maxBodyBytes?: number;
  /** Upload cap (default 10 MB, the contract's). */
  maxUploadBytes?: number;
  /**
   * What request bodies may cost (see `middleware/body-guard.ts`): `budgetBytes` in flight across
   * all requests (default 256 MB; over it 503), `perAddress` bodies at once per client address
   * (default 4; over it 429), a body with no byte for `idleMs` (default 10 s) or slower than
   * `minBytesPerSecond` (default 8 KB/s, after `idleMs`) dropped with 408.
   */
  bodyLimits?: Partial<BodyLimits>;
  /**
   * Built element bundle served at `/conf-widgets.js`; null serves only the placeholder. Default:
   * this package's own `dist/conf-widgets.js` (see {@link packageBundlePath}).
   */
  bundlePath?: string | null;
  /** Forward `Prefer` scenario switches: only when the upstream is the bundled sandbox. */
  forwardScenarioHeaders?: boolean;
  /** Receives one JSON line per request and per incident. Default: `console.log`. */
  logger?: (line: string) => void;
  /** A `fetch` for upstream calls. Default: undici keep-alive agent on Node, `fetch` elsewhere. */
  fetchImpl?: typeof fetch;
  /** Clock, for tests. */
  now?: () => number;
}

export interface BodyLimits {
  budgetBytes: number;
  perAddress: number;
  idleMs: number;
  minBytesPerSecond: number;
}

export const BODY_LIMIT_DEFAULTS: BodyLimits = {
  budgetBytes: 256 * 1024 * 1024,
  perAddress: 4,
  idleMs: 10_000,
  minBytesPerSecond: 8 * 1024,
};

export interface ResolvedOptions {
  upstream: string;
  apiKey: string;
  /** `allowedOrigins` and `publicOrigin` together. */
  allowedOrigins: ReadonlySet<string>;
  /** `allowedOrigins` alone: what CONF_ALLOWED_ORIGINS says, which a refused origin's hint extends. */
  configuredOrigins: ReadonlySet<string>;
  kioskToken: string | null;
  cache: CachePolicy & { maxEntries: number; maxBytes: number; store?: CacheStore };
  idempotencyStore?: IdempotencyStore;
  idempotencyTtlMs: number;
  rateLimit: {
    max: number;
    windowMs: number;
    store?: RateLimitStore;
    kinds: Record<WriteKind, WindowLimit | null>;
  } | null;
  writeChallenge: { difficulty: number; ttlMs: number; secret: string | null; store?: IdempotencyStore } | null;
  kioskLockout: (KioskLockout & { store?: RateLimitStore }) | null;
  trustedProxyHops: number;
  /** Lower-cased; null: none. */
  clientAddressHeader: string | null;
  upstreamTimeoutMs: number;
  uploadTimeoutMs: number;
  retry: RetryPolicy;
  maxBodyBytes: number;
  maxUploadBytes: number;
  bodyLimits: BodyLimits;
  bundlePath: string | null;
  forwardScenarioHeaders: boolean;
  logger: (line: string) => void;
  fetchImpl?: typeof fetch;
  now: () => number;
}

class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function fail(message: string): never {
  throw new ConfigError(`conf-widgets proxy: ${message}`);
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) fail(`${name} must be a number >= 0.`);
  return value;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const n = nonNegative(name, value, fallback);
  if (n === 0) fail(`${name} must be greater than 0.`);
  return n;
}

export function normalizeUpstream(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    fail('upstream is required: the base URL of the conference API (e.g. https://api.example.org).');
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    fail('upstream must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('upstream must use http or https.');
  if (url.username || url.password) fail('upstream must not carry credentials; pass the key as apiKey.');
  if (url.search || url.hash) fail('upstream must not have a query or fragment.');
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length);
  return url.origin + path;
}

export function normalizeOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`allowed origin "${value}" is not a URL origin such as https://conf.example.org.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`allowed origin "${value}" must be http(s).`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    fail(`allowed origin "${value}" must be an origin only (scheme, host, port), without a path.`);
  }
  return url.origin;
}

export function resolveOptions(o: ProxyOptions): ResolvedOptions {
  try {
    return resolve(o);
  } catch (error) {
    // A message may quote a value (an origin, say), and a key pasted in the wrong place is one.
    const key = (o as Partial<ProxyOptions> | null)?.apiKey;
    if (error instanceof ConfigError && typeof key === 'string' && key !== '') {
      throw new ConfigError(createScrubber([key]).scrub(error.message));
    }
    throw error;
  }
}

function resolve(o: ProxyOptions): ResolvedOptions {
  if (!o || typeof o !== 'object') fail('options are required.');
  const upstream = normalizeUpstream(o.upstream);
  if (typeof o.apiKey !== 'string' || o.apiKey.trim() === '') {
    fail('apiKey is required: the conference API key the proxy holds.');
  }
  // Short keys would make scrubbing them from output mangle unrelated text.
  if (o.apiKey.length < 8 || /[\s\0]/.test(o.apiKey)) {
    fail('apiKey looks wrong: expected at least 8 characters without spaces.');
  }
  const publicOrigins =
    o.publicOrigin === undefined ? [] : typeof o.publicOrigin === 'string' ? [o.publicOrigin] : [...o.publicOrigin];
  const checkOrigin = (v: string) => {
    if (v === '*') fail('allowedOrigins must list origins; "*" would let any site use the key.');
    return normalizeOrigin(v);
  };
  const configured = (o.allowedOrigins ?? []).map(checkOrigin);
  const origins = [...configured, ...publicOrigins.map(checkOrigin)];
  let kioskToken: string | null = null;
  if (o.kioskToken !== undefined && o.kioskToken !== null && o.kioskToken !== '') {
    if (typeof o.kioskToken !== 'string' || o.kioskToken.length < 16 || /[\s\0]/.test(o.kioskToken)) {
      fail('kioskToken must be at least 16 characters without spaces.');
    }
    if (o.kioskToken === o.apiKey) fail('kioskToken must differ from apiKey.');
    kioskToken = o.kioskToken;
  }
  const cache: Partial<CachePolicy> & { maxEntries?: number; maxBytes?: number; store?: CacheStore } =
    o.cache === false ? { ttlMs: 0 } : (o.cache ?? {});
  const rl = o.rateLimit;
  const retry = { ...DEFAULT_RETRY, ...o.retry };
  if (!Number.isInteger(retry.retries) || retry.retries < 0) fail('retry.retries must be an integer >= 0.');
  const lockoutStore = (o.kioskLockout ? o.kioskLockout.store : undefined) ?? (rl ? rl.store : undefined);
  const hops = o.trustedProxyHops ?? 0;
  if (!Number.isInteger(hops) || hops < 0) fail('trustedProxyHops must be an integer >= 0.');
  const addressHeader = o.clientAddressHeader?.trim().toLowerCase() || null;
  if (addressHeader !== null && !/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(addressHeader))
    fail('clientAddressHeader must be a header name.');
  return {
    upstream,
    apiKey: o.apiKey,
    allowedOrigins: new Set(origins),
    configuredOrigins: new Set(configured),
    kioskToken,
    cache: {
      ttlMs: nonNegative('cache.ttlMs', cache.ttlMs, DEFAULT_CACHE_POLICY.ttlMs),
      staleWhileRevalidateMs: nonNegative(
        'cache.staleWhileRevalidateMs',
        cache.staleWhileRevalidateMs,
        DEFAULT_CACHE_POLICY.staleWhileRevalidateMs,
      ),
      staleIfErrorMs: nonNegative('cache.staleIfErrorMs', cache.staleIfErrorMs, DEFAULT_CACHE_POLICY.staleIfErrorMs),
      maxEntries: positive('cache.maxEntries', cache.maxEntries, MEMORY_STORE_DEFAULTS.cache.maxEntries),
      maxBytes: positive('cache.maxBytes', cache.maxBytes, MEMORY_STORE_DEFAULTS.cache.maxBytes),
      ...(cache.store ? { store: cache.store } : {}),
    },
    ...(o.idempotencyStore ? { idempotencyStore: o.idempotencyStore } : {}),
    idempotencyTtlMs: positive('idempotencyTtlMs', o.idempotencyTtlMs, 24 * 60 * 60 * 1000),
    rateLimit:
      rl === false
        ? null
        : {
            max: positive('rateLimit.max', rl?.max, DEFAULT_WRITE_CEILING.max),
            windowMs: positive('rateLimit.windowMs', rl?.windowMs, DEFAULT_WRITE_CEILING.windowMs),
            ...(rl?.store ? { store: rl.store } : {}),
            kinds: writeKinds(rl?.kinds),
          },
    writeChallenge: writeChallenge(o.writeChallenge),
    kioskLockout:
      o.kioskLockout === false
        ? null
        : {
            perAddress: positive(
              'kioskLockout.perAddress',
              o.kioskLockout?.perAddress,
              KIOSK_LOCKOUT_DEFAULTS.perAddress,
            ),
            global: positive('kioskLockout.global', o.kioskLockout?.global, KIOSK_LOCKOUT_DEFAULTS.global),
            windowMs: positive('kioskLockout.windowMs', o.kioskLockout?.windowMs, KIOSK_LOCKOUT_DEFAULTS.windowMs),
            knownGoodMs: positive(
              'kioskLockout.knownGoodMs',
              o.kioskLockout?.knownGoodMs,
              KIOSK_LOCKOUT_DEFAULTS.knownGoodMs,
            ),
            ...(lockoutStore ? { store: lockoutStore } : {}),
          },
    trustedProxyHops: hops,
    clientAddressHeader: addressHeader,
    upstreamTimeoutMs: positive('upstreamTimeoutMs', o.upstreamTimeoutMs, 10_000),
    uploadTimeoutMs: positive('uploadTimeoutMs', o.uploadTimeoutMs, 120_000),
    retry: {
      retries: retry.retries,
      baseDelayMs: nonNegative('retry.baseDelayMs', retry.baseDelayMs, DEFAULT_RETRY.baseDelayMs),
      maxDelayMs: nonNegative('retry.maxDelayMs', retry.maxDelayMs, DEFAULT_RETRY.maxDelayMs),
      budgetMs: nonNegative('retry.budgetMs', retry.budgetMs, DEFAULT_RETRY.budgetMs),
    },
    maxBodyBytes: positive('maxBodyBytes', o.maxBodyBytes, 256 * 1024),
    maxUploadBytes: Math.min(positive('maxUploadBytes', o.maxUploadBytes, UPLOAD_MAX_BYTES), UPLOAD_MAX_BYTES),
    bodyLimits: {
      budgetBytes: positive('bodyLimits.budgetBytes', o.bodyLimits?.budgetBytes, BODY_LIMIT_DEFAULTS.budgetBytes),
      perAddress: positive('bodyLimits.perAddress', o.bodyLimits?.perAddress, BODY_LIMIT_DEFAULTS.perAddress),
      idleMs: positive('bodyLimits.idleMs', o.bodyLimits?.idleMs, BODY_LIMIT_DEFAULTS.idleMs),
      minBytesPerSecond: nonNegative(
        'bodyLimits.minBytesPerSecond',
        o.bodyLimits?.minBytesPerSecond,
        BODY_LIMIT_DEFAULTS.minBytesPerSecond,
      ),
    },
    bundlePath: o.bundlePath === undefined ? packageBundlePath() : o.bundlePath,
    forwardScenarioHeaders: o.forwardScenarioHeaders === true,
    logger: o.logger ?? ((line) => console.log(line)),
    ...(o.fetchImpl ? { fetchImpl: o.fetchImpl } : {}),
    now: o.now ?? Date.now,
  };
}

function writeKinds(
  given: Partial<Record<string, Partial<WindowLimit> | false>> | undefined,
): Record<WriteKind, WindowLimit | null> {
  for (const kind of Object.keys(given ?? {})) {
    if (!(WRITE_KINDS as readonly string[]).includes(kind))
      fail(`rateLimit.kinds: "${kind}" is not one of ${WRITE_KINDS.join(', ')}.`);
  }
  const out = {} as Record<WriteKind, WindowLimit | null>;
  for (const kind of WRITE_KINDS) {
    const k = given?.[kind];
    const d = DEFAULT_WRITE_LIMITS[kind];
    out[kind] =
      k === false
        ? null
        : {
            max: positive(`rateLimit.kinds.${kind}.max`, k?.max, d.max),
            windowMs: positive(`rateLimit.kinds.${kind}.windowMs`, k?.windowMs, d.windowMs),
          };
  }
  return out;
}

/** Defaults of the write challenge; the cost they mean on a phone is in proxy/README.md. */
export const WRITE_CHALLENGE_DEFAULTS = { difficulty: 50_000, ttlMs: 20 * 60_000 } as const;

function writeChallenge(given: ProxyOptions['writeChallenge']): ResolvedOptions['writeChallenge'] {
  if (given === undefined || given === false) return null;
  const c = given === true ? {} : given;
  const difficulty = positive('writeChallenge.difficulty', c.difficulty, WRITE_CHALLENGE_DEFAULTS.difficulty);
  if (!Number.isInteger(difficulty) || difficulty > 0xffff_ffff)
    fail('writeChallenge.difficulty must be a whole number up to 4294967295.');
  const ttlMs = positive('writeChallenge.ttlMs', c.ttlMs, WRITE_CHALLENGE_DEFAULTS.ttlMs);
  if (ttlMs < 1000) fail('writeChallenge.ttlMs must be at least 1000.');
  if (c.secret !== undefined && (typeof c.secret !== 'string' || c.secret.length < 32)) {
    fail('writeChallenge.secret must be at least 32 characters.');
  }
  return { difficulty, ttlMs, secret: c.secret ?? null, ...(c.store ? { store: c.store } : {}) };
}

/**
 * This package's built loader, found from this module's own URL, not the working directory: the
 * proxy used as a library from `node_modules` serves the bundle it ships. From the published
 * package this module is `dist/node/proxy/options.js`; from the repository, `proxy/options.ts`.
 * Null where modules are not files (a Worker bundle: the bundle is a static asset there).
 */
export function packageBundlePath(moduleUrl: string | undefined = import.meta.url): string | null {
  if (typeof moduleUrl !== 'string' || !moduleUrl.startsWith('file:')) return null;
  const built = /\/dist\/node\/proxy\/[^/]+$/.test(new URL(moduleUrl).pathname);
  const url = new URL(built ? '../../conf-widgets.js' : '../dist/conf-widgets.js', moduleUrl);
  // Through `node:url` where the host has it (Windows drive letters), without a static import.
  const nodeUrl = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
  ).process?.getBuiltinModule?.('node:url') as typeof import('node:url') | undefined;
  return nodeUrl ? nodeUrl.fileURLToPath(url) : decodeURIComponent(url.pathname);
}
