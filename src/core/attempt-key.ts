/**
 * Idempotency keys of the forms' submissions, one per attempt (see `submission-controller.ts`),
 * optionally kept in a storage slot so an attempt outlives a reload (`draft-controller.ts` reads
 * it back at the start, before this module, which comes with the submission's code, is here).
 */

import { readAttempt, type AttemptSlot } from './draft-controller.js';

export { sessionSlot, type AttemptSlot } from './draft-controller.js';

/**
 * One idempotency key per attempt: reused while the same body is retried (double click, 503,
 * slow network), renewed when the person changes what they send. With a slot, the attempt
 * survives a reload: a page reloaded while "Sending…" can send the same body with the same key
 * ({@link pending}) and learn the first outcome instead of recording a second registration.
 */
export class AttemptKey {
  private key: string | null = null;
  private bodyJson: string | null = null;
  /** The slot is read on first use: its name may depend on things known only after construction. */
  private loaded = false;

  constructor(
    private readonly newKey: () => string = () => crypto.randomUUID(),
    private readonly slot?: AttemptSlot,
  ) {}

  for(body: unknown): string {
    this.load();
    const json = JSON.stringify(body);
    if (this.key === null || json !== this.bodyJson) {
      this.key = this.newKey();
      this.bodyJson = json;
      this.writeSlot({ key: this.key, body: json });
    }
    return this.key;
  }

  /** The body of an attempt started before a reload and never settled, if any. */
  pending(): unknown {
    this.load();
    return this.bodyJson === null ? null : (JSON.parse(this.bodyJson) as unknown);
  }

  /** After a success or a refusal the next submission is a new one. */
  reset(): void {
    this.loaded = true;
    this.key = null;
    this.bodyJson = null;
    this.writeSlot(null);
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    const stored = readAttempt(this.slot);
    if (stored) {
      this.key = stored.key;
      this.bodyJson = stored.body;
    }
  }

  private writeSlot(value: { key: string; body: string } | null): void {
    try {
      this.slot?.write(value && JSON.stringify(value));
    } catch {
      // No storage: only a reload mid-submission loses the key.
    }
  }
}
