/**
 * Fault injection and scenario switches, run before anything else so a forced or injected error
 * never writes: a 503 from the sandbox means nothing happened.
 *
 * - `failRate`: that fraction of API requests answers 503 `service_unavailable`, `Retry-After: 1`.
 * - `latencyMs`: every API answer is delayed by that much.
 * - `loseRate`: that fraction of writes (POST) is processed, then answered 500 `internal_error`,
 *   as if the answer was lost on its way back (the write stays recorded).
 * - `Prefer: code=429|500|503` forces that error; `Prefer: delay=MS` delays (up to 30 s).
 * - `Prefer: after=processing` with either: the request is processed first (a write is recorded),
 *   then the answer is delayed or replaced by the error — an answer lost after the work was done,
 *   which is what a client's duplicate protection must survive.
 */
import type { MiddlewareHandler } from 'hono';
import { SandboxError } from '../errors.js';

export interface FaultOptions {
  failRate?: number;
  /** Fraction of writes (POST) recorded and then answered 500: answers lost after the work. */
  loseRate?: number;
  latencyMs?: number;
  random?: () => number;
}

/** The longest delay `Prefer: delay=MS` asks for. */
export const MAX_DELAY_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads `code=…` and `delay=…` preferences from `Prefer` (RFC 7240, comma-separated). */
export function parsePrefer(header: string | undefined): { code?: number; delay?: number; afterProcessing?: boolean } {
  const out: { code?: number; delay?: number; afterProcessing?: boolean } = {};
  if (!header) return out;
  for (const part of header.split(/[,;]/)) {
    const [name, raw] = part.split('=').map((s) => s.trim().replace(/^"|"$/g, ''));
    if (name === 'after' && raw === 'processing') out.afterProcessing = true;
    const n = Number(raw);
    if (!raw || !Number.isFinite(n)) continue;
    if (name === 'code') out.code = n;
    if (name === 'delay') out.delay = Math.min(Math.max(0, n), MAX_DELAY_MS);
  }
  return out;
}

function forced(code: number): SandboxError | null {
  switch (code) {
    case 429:
      return new SandboxError('rate_limited', 'Forced by the Prefer header: rate limit exceeded.', undefined, {
        'Retry-After': '1',
      });
    case 500:
      return new SandboxError('internal_error', 'Forced by the Prefer header: internal error.');
    case 503:
      return new SandboxError(
        'service_unavailable',
        'Forced by the Prefer header: temporarily unavailable.',
        undefined,
        { 'Retry-After': '1' },
      );
    default:
      return null;
  }
}

export function faults({
  failRate = 0,
  loseRate = 0,
  latencyMs = 0,
  random = Math.random,
}: FaultOptions = {}): MiddlewareHandler {
  if (!(failRate >= 0 && failRate <= 1)) throw new Error(`failRate must be between 0 and 1, got ${failRate}`);
  if (!(loseRate >= 0 && loseRate <= 1)) throw new Error(`loseRate must be between 0 and 1, got ${loseRate}`);
  if (!(latencyMs >= 0)) throw new Error(`latencyMs must be 0 or more, got ${latencyMs}`);
  return async function faultInjection(c, next) {
    const prefer = parsePrefer(c.req.header('prefer'));
    const delay = latencyMs + (prefer.delay ?? 0);
    const error = prefer.code === undefined ? null : forced(prefer.code);
    if (prefer.afterProcessing) {
      await next();
      if (delay > 0) await sleep(delay);
      if (error) throw error;
      return;
    }
    if (delay > 0) await sleep(delay);
    if (error) throw error;
    if (failRate > 0 && random() < failRate) {
      throw new SandboxError(
        'service_unavailable',
        'The service is temporarily unavailable (injected fault); nothing was processed. Retry.',
        undefined,
        { 'Retry-After': '1' },
      );
    }
    if (loseRate > 0 && c.req.method === 'POST' && random() < loseRate) {
      await next();
      throw new SandboxError('internal_error', 'The answer was lost after the request was processed (injected fault).');
    }
    await next();
  };
}
