/**
 * API key and conference checks, in the spec's order: key (401) then conference (403).
 * The key comes from `X-API-Key` or `Authorization: Bearer`.
 */
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env.js';
import { SandboxError } from '../errors.js';
import type { ReadCache } from '../read-cache.js';
import type { Store } from '../store/index.js';

/** The store, and the read cache that keeps keys and conferences between requests (absent: none). */
interface Lookup {
  store: Store;
  cache?: ReadCache | null;
}

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api"' };

export function readKey(headers: { header(name: string): string | undefined }): string | null {
  const direct = headers.header('x-api-key')?.trim();
  if (direct) return direct;
  const auth = headers.header('authorization')?.trim();
  const m = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
  return m ? m[1]! : null;
}

export function apiKey({ store, cache }: Lookup): MiddlewareHandler<SandboxEnv> {
  return async function apiKeyAuth(c, next) {
    const secret = readKey(c.req);
    if (!secret) {
      throw new SandboxError(
        'unauthorized',
        'An API key is required: send it in the X-API-Key header or as Authorization: Bearer <key>.',
        undefined,
        CHALLENGE,
      );
    }
    const counters = c.get('counters');
    // Kept by the secret itself: the map lives in this process only, like the request's headers.
    const key =
      cache && counters
        ? cache.object(`key\n${secret}`, ['api_keys'], counters, () => store.keys.findBySecret(secret))
        : store.keys.findBySecret(secret);
    if (!key) throw new SandboxError('invalid_api_key', 'The API key is not valid.', undefined, CHALLENGE);
    if (key.revokedAt !== null)
      throw new SandboxError('api_key_revoked', 'The API key has been revoked.', undefined, CHALLENGE);
    if (key.expiresAt !== null && key.expiresAt <= store.now()) {
      throw new SandboxError('api_key_expired', 'The API key has expired.', undefined, CHALLENGE);
    }
    c.set('key', key);
    await next();
  };
}

export function liveConference({ store, cache }: Lookup): MiddlewareHandler<SandboxEnv> {
  return async function conferenceIsLive(c, next) {
    const id = c.get('key').conferenceId;
    const counters = c.get('counters');
    const conference =
      cache && counters
        ? cache.object(`conference\n${id}`, ['conferences'], counters, () => store.conferences.get(id))
        : store.conferences.get(id);
    if (!conference || conference.status !== 'live') {
      throw new SandboxError('conference_inactive', 'The conference of this key is not live.');
    }
    if (conference.planEndsAt <= store.now()) {
      throw new SandboxError('plan_ended', "The conference's plan has ended; its keys no longer work.");
    }
    c.set('conference', conference);
    await next();
  };
}
