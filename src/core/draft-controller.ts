/**
 * A form's draft in the tab's sessionStorage: what the person typed survives an accidental
 * reload and is forgotten after the form was accepted. The attempt in flight (its idempotency
 * key and body, see `attempt-key.ts`) is kept in a second slot beside it, so a reload while
 * "Sending…" asks for the first outcome with the same key instead of sending it anew. Only the
 * reading of that slot is here: the keys themselves come with the submission's code.
 */

/** Where an attempt's key and body outlive a reload (the form's sessionStorage slot). */
export interface AttemptSlot {
  read(): string | null;
  write(value: string | null): void;
}

/** An attempt as its slot keeps it. */
export interface StoredAttempt {
  key: string;
  body: string;
}

/** A slot in sessionStorage under `name()` (read lazily: the name may depend on the endpoint). */
export function sessionSlot(name: () => string): AttemptSlot {
  return {
    read: () => sessionStorage.getItem(name()),
    write: (v) => (v === null ? sessionStorage.removeItem(name()) : sessionStorage.setItem(name(), v)),
  };
}

/** The attempt a slot holds; null when none, or a foreign or broken value (no attempt to resume). */
export function readAttempt(slot: AttemptSlot | undefined): StoredAttempt | null {
  try {
    const parsed = JSON.parse(slot?.read() ?? 'null') as Partial<StoredAttempt> | null;
    return typeof parsed?.key === 'string' && typeof parsed.body === 'string'
      ? { key: parsed.key, body: parsed.body }
      : null;
  } catch {
    return null;
  }
}

export class DraftController {
  private readonly slot: AttemptSlot;
  /** The attempt's slot, kept beside the draft (`<key>:attempt`). */
  readonly attemptSlot: AttemptSlot;
  /** The attempt started before a reload and never settled: its body, if any. */
  readonly attempts = { pending: (): unknown => this.pendingAttempt() };

  /** `key` is read lazily: it may depend on the endpoint, known only once connected. */
  constructor(key: () => string) {
    this.slot = sessionSlot(key);
    this.attemptSlot = sessionSlot(() => `${key()}:attempt`);
  }

  private pendingAttempt(): unknown {
    const stored = readAttempt(this.attemptSlot);
    return stored ? (JSON.parse(stored.body) as unknown) : null;
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
