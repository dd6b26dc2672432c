/**
 * One submission of a form, made safe against the ways a registration gets lost or doubled:
 * a second click while the first is running is ignored, every attempt of the same body carries
 * the same `Idempotency-Key` (so the proxy answers a repeat with the first outcome), outages and
 * network failures are retried a few times with backoff, and after that the person's own retry
 * (the same submit again) reuses the key as long as the body is unchanged. A definitive refusal (4xx) ends the attempt: the next submit is a new one.
 * An answer lost after the server may have recorded the submission (`outcome_unknown`, from the
 * proxy) is not retried: the same key would only replay it, and a new key could record it twice,
 * which only the person may choose ({@link renew}) after looking for a confirmation.
 *
 * Also holds the minimum fill time: people take seconds to fill a form, bots milliseconds. A
 * submit that comes too early waits out the rest instead of failing silently.
 */
import type { ReactiveControllerHost } from 'lit';
import type { ApiError } from '../api/errors.js';
import { asApiError } from './resource-controller.js';

export type SubmitPhase = 'idle' | 'waiting' | 'submitting' | 'retrying' | 'failed' | 'done';

/** Keys per attempt; `attempt-key.ts`'s `AttemptKey` is the implementation. */
export interface AttemptKeys {
  for(body: unknown): string;
  reset(): void;
}

export type Send<B, R> = (body: B, idempotencyKey: string) => Promise<R>;

export interface SubmissionOptions {
  /** Automatic retries after an outage or a network failure (default 3). */
  retries?: number;
  /** Delay before each automatic retry, ms; the last value repeats. Jitter is added. */
  backoffMs?: readonly number[];
}

export type SubmitResult<R> = { ok: true; value: R } | { ok: false; error: ApiError; retryable: boolean };

/** The proxy's answer when a write's outcome was lost: it may have been recorded. */
export const OUTCOME_UNKNOWN = 'outcome_unknown';

/** Outages the server did not process (or may not have): safe to repeat with the same key. */
export function isRetryable(error: ApiError): boolean {
  if (error.code === OUTCOME_UNKNOWN) return false;
  return (
    error.status === 0 || error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A request already sent is never cancelled: the server may have processed it, and the element
 * must learn the outcome (and fire its event) even if the person navigates within the page.
 */
export class SubmissionController<B, R> {
  phase: SubmitPhase = 'idle';
  /** Error of the last attempt; null while running or after a success. */
  error: ApiError | null = null;
  /** Whether the failure was an outage (worth repeating with the same key), not a refusal. */
  retryable = false;
  /** Whether the last attempt may have been recorded without a confirmation (see {@link renew}). */
  unconfirmed = false;
  /** 1 for the first request of a submission, 2.. for its automatic retries. */
  attempt = 0;
  /** When the person started filling the form (ms since epoch); see {@link minFillMs}. */
  startedAt = Date.now();
  /** Submits earlier than this after {@link startedAt} wait for the rest. */
  minFillMs = 3000;

  /** Automatic retries after the first request. */
  readonly retries: number;
  private readonly backoff: readonly number[];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly keys: AttemptKeys,
    private readonly send: Send<B, R>,
    { retries = 3, backoffMs = [500, 1200, 2500] }: SubmissionOptions = {},
  ) {
    this.retries = retries;
    this.backoff = backoffMs;
  }

  get busy(): boolean {
    return this.phase === 'waiting' || this.phase === 'submitting' || this.phase === 'retrying';
  }

  /**
   * Sends `body`, retrying outages. Resolves null when a submission is already running (the
   * double click), else with the outcome. Never rejects.
   */
  async submit(body: B, { resume = false }: { resume?: boolean } = {}): Promise<SubmitResult<R> | null> {
    if (this.busy) return null;
    // After an unconfirmed attempt nothing is sent, edited or not (an edited body would get a new
    // key and could record a second registration), until the person chooses to ({@link renew}).
    // A resumed attempt is the exception: it asks again with the same key.
    if (this.unconfirmed && this.error && !resume) return { ok: false, error: this.error, retryable: false };
    const key = this.keys.for(body);
    this.error = null;
    this.retryable = false;
    this.unconfirmed = false;
    this.attempt = 0;

    // A resumed attempt was filled in before the page reloaded: no fill time to wait out.
    const early = resume ? 0 : this.startedAt + this.minFillMs - Date.now();
    if (early > 0) {
      this.set('waiting');
      await sleep(early);
    }
    for (;;) {
      this.attempt++;
      this.set(this.attempt === 1 ? 'submitting' : 'retrying');
      try {
        const value = await this.send(body, key);
        this.keys.reset();
        this.set('done');
        return { ok: true, value };
      } catch (e) {
        const error = asApiError(e);
        const retryable = isRetryable(error);
        if (retryable && this.attempt <= this.retries) {
          const base = this.backoff[Math.min(this.attempt - 1, this.backoff.length - 1)] ?? 1000;
          await sleep(base + Math.random() * base * 0.3);
          continue;
        }
        // A refusal is the server's final word on this body; the proxy keeps it for the key, so a
        // corrected or repeated submission needs a new key.
        const unconfirmed = error.code === OUTCOME_UNKNOWN;
        if (!retryable && !unconfirmed) this.keys.reset();
        this.error = error;
        this.retryable = retryable;
        this.unconfirmed = unconfirmed;
        this.set('failed');
        return { ok: false, error, retryable };
      }
    }
  }

  /**
   * The person found no confirmation of an unconfirmed attempt and chose to send it again: the
   * next submit gets a new key, so the proxy forwards it instead of replaying the lost answer.
   */
  renew(): void {
    this.keys.reset();
    this.unconfirmed = false;
  }

  /** Ready for a new, unrelated submission (after a success, "register someone else"). */
  reset(): void {
    this.keys.reset();
    this.error = null;
    this.retryable = false;
    this.unconfirmed = false;
    this.attempt = 0;
    this.startedAt = Date.now();
    this.set('idle');
  }

  private set(phase: SubmitPhase): void {
    this.phase = phase;
    this.host.requestUpdate();
  }
}
