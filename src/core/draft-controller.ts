/**
 * A form's draft in the tab's sessionStorage: what the person typed survives an accidental
 * reload and is forgotten after the form was accepted. The attempt in flight (its idempotency
 * key and body, see `attempt-key.ts`) is kept in a second slot beside it, so a reload while
 * "Sending…" asks for the first outcome with the same key instead of sending it anew.
 */
import { AttemptKey, sessionSlot, type AttemptSlot } from './attempt-key.js';

export class DraftController {
  private readonly slot: AttemptSlot;
  /** The attempt's key, kept beside the draft (`<key>:attempt`). */
  readonly attempts: AttemptKey;

  /** `key` is read lazily: it may depend on the endpoint, known only once connected. */
  constructor(key: () => string) {
    this.slot = sessionSlot(key);
    this.attempts = new AttemptKey(
      undefined,
      sessionSlot(() => `${key()}:attempt`),
    );
  }

  /** The stored draft as parsed JSON; null when there is none, it is unreadable or storage is blocked. */
  read(): unknown {
    try {
      const raw = this.slot.read();
      return raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return null; // storage blocked (privacy settings) or a foreign value: start empty
    }
  }

  /** Keeps `value` (JSON); null forgets the draft. */
  save(value: unknown): void {
    try {
      this.slot.write(value === null ? null : JSON.stringify(value));
    } catch {
      // No storage: the form still works, only a reload loses the answers.
    }
  }

  clear(): void {
    this.save(null);
  }
}
