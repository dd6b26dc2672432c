/**
 * Retry policy for upstream reads: exponential backoff with full jitter (AWS Architecture Blog,
 * "Exponential Backoff And Jitter"), at least the upstream's `Retry-After`, bounded in attempts and
 * in total time so a browser is never held longer than `budgetMs` by retries.
 */

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt. */
  budgetMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 100, maxDelayMs: 2000, budgetMs: 5000 };

/** Statuses after which a read is worth repeating. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or bad. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/**
 * Delay before retry number `attempt` (0-based), or null when the retry must not happen because
 * it would end after the budget.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  elapsedMs: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number | null {
  if (attempt >= policy.retries) return null;
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = Math.floor(random() * cap);
  const delay = retryAfterMs === null ? jittered : Math.max(jittered, retryAfterMs);
  if (elapsedMs + delay >= policy.budgetMs) return null;
  return delay;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
