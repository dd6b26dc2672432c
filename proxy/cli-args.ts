/**
 * Command line and environment of the proxy CLI, parsed into proxy options. Pure, so the help
 * text and the error messages are tested without starting a server.
 */
import { parseArgs } from 'node:util';
import { parseWriteLimits } from './middleware/rate-limit.js';
import type { ProxyOptions } from './options.js';

export const HELP = `conf-widgets proxy: holds a conference API key and serves the elements' API to browsers.

Usage: npm run proxy -- --upstream URL --key KEY [options]
       (from the installed package: npx conf-widgets proxy --upstream URL --key KEY [options])

Options (each also read from the environment variable shown):
  --upstream URL          Base URL of Public API v1                      CONF_BASE_URL
  --key KEY               The conference API key (prefer the variable:   CONF_API_KEY
                          arguments show up in process lists)
  --port P                Port to listen on (default 8787)               PORT
  --host HOST             Address to listen on (default 0.0.0.0)         HOST
  --allow-origin ORIGIN   Origin allowed to call the proxy, e.g.         CONF_ALLOWED_ORIGINS
                          https://conf.example.org (repeatable; the      (comma-separated)
                          variable takes a comma-separated list)
  --public-origin ORIGIN  Origin of pages this proxy serves itself        CONF_PUBLIC_ORIGIN
                          (allowed like --allow-origin; never taken
                          from the Host header)
  --kiosk-token TOKEN     Token check-in kiosks send as X-Kiosk-Token    CONF_KIOSK_TOKEN
                          (16+ characters; without it check-ins are off)
  --cache-ttl SECONDS     Read cache freshness (default 30; 0 = off)     CONF_CACHE_TTL
  --rate-limit N          All writes per client IP per minute            CONF_RATE_LIMIT
                          (default 150; 0 = every write limit off)
  --write-limit SPEC      Each kind's own window per client IP, e.g.     CONF_WRITE_LIMITS
                          registrations=20/10m,enrollments=120/1m
                          (kinds: registrations, enrollments, abstracts,
                          exhibits, uploads; KIND=off for none)
  --write-challenge       Ask public writes for a solved proof-of-work   CONF_WRITE_CHALLENGE=1
                          challenge (GET /challenge); HMAC secret from   CONF_WRITE_CHALLENGE_SECRET
                          the variable (same on every instance)
  --challenge-difficulty N
                          Largest counter to find (default 50000)        CONF_WRITE_CHALLENGE_DIFFICULTY
  --trust-proxy HOPS      Reverse proxies in front whose                 CONF_TRUST_PROXY
                          X-Forwarded-For is trusted (default 0)
  --timeout MS            Upstream call timeout (default 10000)          CONF_UPSTREAM_TIMEOUT
  --bundle PATH           Element bundle served at /conf-widgets.js      CONF_BUNDLE_PATH
                          (default dist/conf-widgets.js)
  --body-budget MB        Request bodies in flight at once, all clients  CONF_BODY_BUDGET_MB
                          together (default 256; over it 503)
  --bodies-per-address N  Writes and uploads in flight at once from one  CONF_BODIES_PER_ADDRESS
                          client address (default 4; over it 429)
  --body-idle SECONDS     Drop a request body that sends no byte for     CONF_BODY_IDLE
                          this long (default 10; 408)
  --redis URL             Share cache, idempotency and rate limits       CONF_REDIS_URL
                          through Redis (several instances)
  --help                  Show this text

Endpoints: /api/public/v1/... (the contract's browser endpoints), PUT /uploads/<kind>,
/conf-widgets.js, /healthz, /readyz, and /challenge with --write-challenge.
`;

export interface CliConfig {
  options: ProxyOptions;
  port: number;
  host: string;
  redisUrl: string | null;
}

export type CliParse = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; config: CliConfig };

function count(name: string, raw: string | undefined, fallback: number): number | string {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) return `${name} must be a whole number (got "${raw.slice(0, 20)}").`;
  return Number(raw);
}

export function parseCli(argv: string[], env: Record<string, string | undefined>): CliParse {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        upstream: { type: 'string' },
        key: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'public-origin': { type: 'string', multiple: true },
        'write-limit': { type: 'string' },
        'write-challenge': { type: 'boolean' },
        'challenge-difficulty': { type: 'string' },
        'kiosk-token': { type: 'string' },
        'cache-ttl': { type: 'string' },
        'rate-limit': { type: 'string' },
        'trust-proxy': { type: 'string' },
        timeout: { type: 'string' },
        bundle: { type: 'string' },
        redis: { type: 'string' },
        'body-budget': { type: 'string' },
        'bodies-per-address': { type: 'string' },
        'body-idle': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // parseArgs quotes the offending argument, which could be a key typed in the wrong place.
    const code = (error as { code?: string }).code;
    return { kind: 'error', message: `Unknown or malformed option (${code ?? 'invalid'}). See --help.` };
  }
  if (values.help) return { kind: 'help' };
  const upstream = values.upstream ?? env.CONF_BASE_URL;
  const apiKey = values.key ?? env.CONF_API_KEY;
  if (!upstream) return { kind: 'error', message: 'Missing upstream: pass --upstream URL or set CONF_BASE_URL.' };
  if (!apiKey) return { kind: 'error', message: 'Missing API key: set CONF_API_KEY (or pass --key).' };
  const origins = values['allow-origin'] ?? (env.CONF_ALLOWED_ORIGINS ?? '').split(',');
  const numbers = {
    port: count('--port', values.port ?? env.PORT, 8787),
    ttl: count('--cache-ttl', values['cache-ttl'] ?? env.CONF_CACHE_TTL, 30),
    rate: count('--rate-limit', values['rate-limit'] ?? env.CONF_RATE_LIMIT, 150),
    hops: count('--trust-proxy', values['trust-proxy'] ?? env.CONF_TRUST_PROXY, 0),
    timeout: count('--timeout', values.timeout ?? env.CONF_UPSTREAM_TIMEOUT, 10_000),
    budget: count('--body-budget', values['body-budget'] ?? env.CONF_BODY_BUDGET_MB, 256),
    perAddress: count('--bodies-per-address', values['bodies-per-address'] ?? env.CONF_BODIES_PER_ADDRESS, 4),
    idle: count('--body-idle', values['body-idle'] ?? env.CONF_BODY_IDLE, 10),
  };
  for (const value of Object.values(numbers)) if (typeof value === 'string') return { kind: 'error', message: value };
  const { port, ttl, rate, hops, timeout, budget, perAddress, idle } = numbers as Record<keyof typeof numbers, number>;
  if (budget < 1 || perAddress < 1 || idle < 1) {
    return { kind: 'error', message: '--body-budget, --bodies-per-address and --body-idle must be at least 1.' };
  }
  if (port > 65535) return { kind: 'error', message: '--port must be at most 65535.' };
  const kinds = parseWriteLimits(values['write-limit'] ?? env.CONF_WRITE_LIMITS ?? '');
  if (typeof kinds === 'string') return { kind: 'error', message: `--write-limit: ${kinds}` };
  const difficulty = count(
    '--challenge-difficulty',
    values['challenge-difficulty'] ?? env.CONF_WRITE_CHALLENGE_DIFFICULTY,
    0,
  );
  if (typeof difficulty === 'string') return { kind: 'error', message: difficulty };
  const challenge = values['write-challenge'] === true || /^(1|true|yes|on)$/i.test(env.CONF_WRITE_CHALLENGE ?? '');
  const challengeSecret = env.CONF_WRITE_CHALLENGE_SECRET;
  const publicOrigins = values['public-origin'] ?? (env.CONF_PUBLIC_ORIGIN ?? '').split(',');
  const kioskToken = values['kiosk-token'] ?? env.CONF_KIOSK_TOKEN;
  const bundlePath = values.bundle ?? env.CONF_BUNDLE_PATH;
  return {
    kind: 'run',
    config: {
      port,
      host: values.host ?? env.HOST ?? '0.0.0.0',
      redisUrl: values.redis ?? env.CONF_REDIS_URL ?? null,
      options: {
        upstream,
        apiKey,
        allowedOrigins: origins.map((o) => o.trim()).filter(Boolean),
        publicOrigin: publicOrigins.map((o) => o.trim()).filter(Boolean),
        ...(kioskToken ? { kioskToken } : {}),
        cache: ttl === 0 ? false : { ttlMs: ttl * 1000 },
        rateLimit: rate === 0 ? false : { max: rate, windowMs: 60_000, kinds },
        ...(challenge
          ? {
              writeChallenge: {
                ...(difficulty > 0 ? { difficulty } : {}),
                ...(challengeSecret ? { secret: challengeSecret } : {}),
              },
            }
          : {}),
        trustedProxyHops: hops,
        upstreamTimeoutMs: timeout,
        bodyLimits: { budgetBytes: budget * 1024 * 1024, perAddress, idleMs: idle * 1000 },
        ...(bundlePath ? { bundlePath } : {}),
      },
    },
  };
}
