/**
 * Check-ins (`kiosk` endpoints) need `X-Kiosk-Token` equal to the configured token, compared in
 * constant time on fixed-length hashes (so neither content nor length leaks through timing).
 * With no token configured, check-ins are closed. Sets `kiosk` for later middleware.
 *
 * Wrong tokens are counted, so the token cannot be guessed: per client address (`perAddress`
 * failures per `windowMs`) and across all addresses (`global`), in the same kind of store as the
 * write rate limit. A wrong token is counted before it is answered (the store's hit is atomic), so
 * concurrent guesses cannot slip past the count. Once an address has `perAddress` failures in the
 * window it is locked until the window ends: every token it presents, the right one too, gets 429
 * with `Retry-After` — otherwise the answer to a guess made while locked would still tell right
 * from wrong. Once all addresses together have `global` failures, addresses that have not
 * presented the right token in the last `knownGoodMs` are locked the same way; addresses that
 * have (the venue's kiosks) keep working, each still under its own per-address count. A right
 * token is never counted. A missing token is refused without counting: it guesses nothing.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { constantTimeEqual, sha256 } from '../digest.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import { memoryRateLimitStore } from '../stores/memory.js';
import type { RateLimitStore } from '../stores/types.js';

export interface KioskLockout {
  /** Wrong tokens one address may present per window before it is locked (default 10). */
  perAddress: number;
  /** Wrong tokens all addresses together may present per window (default 100). */
  global: number;
  /** The fixed window, also how long a lock lasts at most (default 10 minutes). */
  windowMs: number;
  /**
   * How long an address that presented the right token is exempt from the global lock (24 h): a
   * fixed window opened by a right token, opened again by the next right token after it ends.
   */
  knownGoodMs: number;
}

export const KIOSK_LOCKOUT_DEFAULTS: KioskLockout = {
  perAddress: 10,
  global: 100,
  windowMs: 10 * 60_000,
  knownGoodMs: 24 * 60 * 60_000,
};

type Window = { count: number; resetAt: number };

export function kioskToken({
  token,
  lockout = KIOSK_LOCKOUT_DEFAULTS,
  store = memoryRateLimitStore(),
  keyOf = () => 'unknown',
  now = Date.now,
  log = () => {},
  report = () => {},
}: {
  token: string | null;
  /** Limits on wrong tokens; null counts nothing (tests of other behaviour only). */
  lockout?: KioskLockout | null;
  store?: RateLimitStore;
  keyOf?: (c: Context<ProxyEnv>) => string;
  now?: () => number;
  /** Receives one line when an address (or the whole proxy) becomes locked. */
  log?: (line: Record<string, unknown>) => void;
  report?: (event: string, error: unknown) => void;
}): MiddlewareHandler<ProxyEnv> {
  if (token !== null && token.length < 16) throw new Error('kioskToken: at least 16 characters.');
  if (
    lockout &&
    !(lockout.perAddress >= 1 && lockout.global >= 1 && lockout.windowMs >= 1 && lockout.knownGoodMs >= 1)
  ) {
    throw new Error('kioskToken: lockout limits must be >= 1.');
  }
  const expected = token === null ? null : sha256(token);
  // When a shared store fails, counting goes on in this process rather than not at all.
  const fallback = memoryRateLimitStore({ now });
  let failing = false;
  async function use<T>(run: (s: RateLimitStore) => Promise<T>): Promise<T> {
    try {
      const result = await run(store);
      failing = false;
      return result;
    } catch (error) {
      if (!failing) report('kiosk_lockout_store_failed', error);
      failing = true;
      return run(fallback);
    }
  }

  function locked(window: Window, reason: string): ProxyError {
    const retryAfter = Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
    return new ProxyError('rate_limited', 'Too many wrong kiosk tokens; check-ins from this address are paused.', {
      details: { reason, retryAfterSeconds: retryAfter },
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  /** The lock that applies to `address`, if any. */
  async function lockOf(address: string, addressWindow: Window | undefined, globalWindow: Window | undefined) {
    if (!lockout) return null;
    if (addressWindow && addressWindow.count >= lockout.perAddress) return locked(addressWindow, 'address');
    if (globalWindow && globalWindow.count >= lockout.global && !(await use((s) => s.peek(`kiosk-ok:${address}`)))) {
      return locked(globalWindow, 'global');
    }
    return null;
  }

  return async function kioskTokenMiddleware(c, next) {
    const presented = c.req.header('x-kiosk-token');
    const ok =
      expected !== null && presented !== undefined && constantTimeEqual(await sha256(presented), await expected);
    c.set('kiosk', ok);
    if (c.get('route').spec.audience !== 'kiosk') return next();
    if (expected === null || !presented) {
      throw new ProxyError(
        'kiosk_token_required',
        expected === null
          ? 'Check-ins are not enabled on this proxy.'
          : "Check-ins need this kiosk's token (X-Kiosk-Token).",
      );
    }
    const address = keyOf(c);
    if (ok) {
      if (lockout) {
        const [own, all] = await Promise.all([
          use((s) => s.peek(`kiosk-fail:${address}`)),
          use((s) => s.peek('kiosk-fail:*')),
        ]);
        const lock = await lockOf(address, own, all);
        if (lock) throw lock;
        await use((s) => s.hit(`kiosk-ok:${address}`, lockout.knownGoodMs));
      }
      return next();
    }
    if (lockout) {
      const [own, all] = await Promise.all([
        use((s) => s.hit(`kiosk-fail:${address}`, lockout.windowMs)),
        use((s) => s.hit('kiosk-fail:*', lockout.windowMs)),
      ]);
      // Exactly one request sees each count, so each lock is logged once per window.
      if (own.count === lockout.perAddress) {
        log({
          level: 'warn',
          msg: 'kiosk_token_locked',
          address,
          failures: own.count,
          lockedUntil: new Date(own.resetAt).toISOString(),
        });
      }
      if (all.count === lockout.global) {
        log({
          level: 'warn',
          msg: 'kiosk_token_locked_globally',
          failures: all.count,
          lockedUntil: new Date(all.resetAt).toISOString(),
        });
      }
      const lock = await lockOf(address, own, all);
      if (lock) throw lock;
    }
    throw new ProxyError('kiosk_token_required', "Check-ins need this kiosk's token (X-Kiosk-Token).");
  };
}
