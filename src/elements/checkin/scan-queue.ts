/**
 * The kiosk's scans on their way to the proxy. Every scan is written to IndexedDB before it is
 * sent, with its own `Idempotency-Key`, and leaves the store only when an answer settled it: a
 * reload, a crash or a dead network cannot lose one. Stored scans go out strictly in scan order
 * (the head blocks the rest), with backoff and `Retry-After`, when the connection returns
 * (`online`), on a timer, and right after a new scan. How a scan is sent is the caller's
 * ({@link QueueHooks.send}; the kiosk sends through its `ApiClient`, `kiosk-queue.controller.ts`).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { backoffMs, classify, type Answer, type Mode, type Outcome } from './checkin.model.js';

export interface StoredScan {
  /** Order of scanning (IndexedDB's key generator). */
  seq: number;
  code: string;
  /** What is sent as `qr` (attendance: the daily code fixed at scan time). */
  qr: string;
  mode: Mode;
  location: string;
  /** One key for every send of this scan, so the proxy answers a repeat with the first outcome. */
  key: string;
  scannedAt: string;
  attempts: number;
  /** Epoch ms before which the scan is not sent again. */
  nextAttemptAt: number;
  /** An earlier send may have been recorded without us hearing the answer (a 409 is then ours). */
  maybeOurs: boolean;
}

interface KioskDb extends DBSchema {
  scans: { key: number; value: StoredScan; indexes: { code: string } };
}

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; 128 random bits do the same job.
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where a kiosk's waiting scans live. */
export interface ScanStore {
  /** False when the browser refused IndexedDB and scans live only in this page's memory. */
  readonly durable: boolean;
  /** Stores a new scan; resolves once it is committed. */
  add(scan: Omit<StoredScan, 'seq'>): Promise<StoredScan>;
  /** Every stored scan, in scan order. */
  all(): Promise<StoredScan[]>;
  count(): Promise<number>;
  hasCode(code: string): Promise<boolean>;
  has(seq: number): Promise<boolean>;
  put(scan: StoredScan): Promise<void>;
  delete(seq: number): Promise<void>;
  close(): void;
}

/**
 * The kiosk's store: IndexedDB, or, where the browser refuses it (some private modes, storage
 * blocked by policy), memory, so the kiosk still works online and says that a reload loses scans.
 */
export async function openScanStore(name: string): Promise<ScanStore> {
  try {
    return await IdbScanStore.open(name);
  } catch {
    return new MemoryScanStore();
  }
}

/** The IndexedDB store of one kiosk (`name`: its storage name, so two kiosks on a page stay apart). */
export class IdbScanStore implements ScanStore {
  readonly durable = true;
  private constructor(private readonly db: IDBPDatabase<KioskDb>) {}

  static async open(name: string): Promise<IdbScanStore> {
    const db = await openDB<KioskDb>(`conf-checkin:${name}`, 1, {
      upgrade(d) {
        const scans = d.createObjectStore('scans', { keyPath: 'seq', autoIncrement: true });
        scans.createIndex('code', 'code');
      },
    });
    return new IdbScanStore(db);
  }

  /** Stores a new scan; resolves once IndexedDB has committed it. */
  async add(scan: Omit<StoredScan, 'seq'>): Promise<StoredScan> {
    const tx = this.db.transaction('scans', 'readwrite');
    // The key generator fills `seq`; the cast names that for the typed wrapper.
    const seq = await tx.store.add(scan as StoredScan);
    await tx.done;
    return { ...scan, seq };
  }

  all(): Promise<StoredScan[]> {
    return this.db.getAll('scans');
  }

  count(): Promise<number> {
    return this.db.count('scans');
  }

  async hasCode(code: string): Promise<boolean> {
    return (await this.db.countFromIndex('scans', 'code', code)) > 0;
  }

  async has(seq: number): Promise<boolean> {
    return (await this.db.count('scans', seq)) > 0;
  }

  async put(scan: StoredScan): Promise<void> {
    await this.db.put('scans', scan);
  }

  async delete(seq: number): Promise<void> {
    await this.db.delete('scans', seq);
  }

  close(): void {
    this.db.close();
  }
}

/** The fallback when IndexedDB is refused: the same behaviour, for this page's lifetime only. */
export class MemoryScanStore implements ScanStore {
  readonly durable = false;
  private readonly scans = new Map<number, StoredScan>();
  private nextSeq = 1;

  async add(scan: Omit<StoredScan, 'seq'>): Promise<StoredScan> {
    const stored = { ...scan, seq: this.nextSeq++ };
    this.scans.set(stored.seq, stored);
    return stored;
  }
  async all(): Promise<StoredScan[]> {
    return [...this.scans.values()].sort((a, b) => a.seq - b.seq);
  }
  async count(): Promise<number> {
    return this.scans.size;
  }
  async hasCode(code: string): Promise<boolean> {
    return [...this.scans.values()].some((s) => s.code === code);
  }
  async has(seq: number): Promise<boolean> {
    return this.scans.has(seq);
  }
  async put(scan: StoredScan): Promise<void> {
    this.scans.set(scan.seq, scan);
  }
  async delete(seq: number): Promise<void> {
    this.scans.delete(seq);
  }
  close(): void {}
}

/** A refused connection costs the server nothing: such waits stay short, so a kiosk resumes soon. */
const UNREACHABLE_MAX_ATTEMPT = 3;
/** How often stored scans are looked at even when nothing else happens. */
export const TICK_MS = 5000;

export interface QueueHooks {
  send(scan: StoredScan): Promise<Answer>;
  /** A stored scan got its final answer (it has left the store). */
  settled(scan: StoredScan, outcome: Exclude<Outcome, { kind: 'retry' | 'setup' }>): void;
  /** The proxy refused this kiosk (token, scope): sending stops until {@link ScanQueue.resume}. */
  setupProblem(outcome: Extract<Outcome, { kind: 'setup' }>): void;
  /** The number of stored scans may have changed. */
  changed(waiting: number): void;
}

export class ScanQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private tick: ReturnType<typeof setInterval> | undefined;
  /** Set after a setup problem; cleared by resume() (new token). */
  paused = false;
  /** The next flush ignores waits (a reload, the connection coming back). */
  private eager = true;

  constructor(
    readonly store: ScanStore,
    private readonly hooks: QueueHooks,
    private readonly now: () => number = Date.now,
    /** Web Lock name shared by every tab of this kiosk; null for none. */
    private readonly lockName: string | null = null,
  ) {}

  private readonly onOnline = () => {
    this.eager = true;
    void this.flush();
  };

  start(): void {
    window.addEventListener('online', this.onOnline);
    this.tick = setInterval(() => void this.flush(), TICK_MS);
    void this.flush();
  }

  stop(): void {
    window.removeEventListener('online', this.onOnline);
    clearInterval(this.tick);
    clearTimeout(this.wakeTimer);
  }

  resume(): void {
    this.paused = false;
    this.eager = true;
    void this.flush();
  }

  /** Stores a scan (committed before this resolves). */
  async enqueue(
    scan: Omit<StoredScan, 'seq' | 'attempts' | 'nextAttemptAt' | 'maybeOurs' | 'key'>,
  ): Promise<StoredScan> {
    const stored = await this.store.add({
      ...scan,
      key: newIdempotencyKey(),
      attempts: 0,
      nextAttemptAt: 0,
      maybeOurs: false,
    });
    this.hooks.changed(await this.store.count());
    return stored;
  }

  /** Sends what is due, in order; one run at a time (a call during a run runs once more after it). */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.exclusive(() => this.runOnce());
        } while (this.again && !this.paused);
      } catch {
        // The store failed or was closed (the element left the page): nothing was lost, since a
        // scan leaves the store only after its answer; the next run starts over from the store.
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Two tabs of one kiosk share its stored scans: a Web Lock per store lets one send at a time
   * (the other then finds the scans gone), where the browser has Web Locks.
   */
  private exclusive(run: () => Promise<void>): Promise<void> {
    const locks = (navigator as { locks?: { request(name: string, cb: () => Promise<void>): Promise<void> } }).locks;
    return locks && this.lockName ? locks.request(this.lockName, run) : run();
  }

  private async runOnce(): Promise<void> {
    const eager = this.eager;
    this.eager = false;
    for (const scan of await this.store.all()) {
      if (this.paused) return;
      const now = this.now();
      if (!eager && scan.nextAttemptAt > now) {
        this.wakeAt(scan.nextAttemptAt);
        return;
      }
      const answer = await this.hooks.send(scan);
      const outcome = classify(answer, this.now(), scan.maybeOurs);
      if (outcome.kind === 'retry') {
        const unreachable = answer.status === 0 && !answer.timedOut;
        // Tries against a dead connection count only up to the cap: a kiosk offline for an hour
        // must not meet the proxy's first 503 afterwards with a minute's wait, as if it had been
        // refused by a busy server all that time.
        const attempts = unreachable ? Math.min(scan.attempts + 1, UNREACHABLE_MAX_ATTEMPT) : scan.attempts + 1;
        const wait = backoffMs(attempts, outcome.retryAfterMs);
        const next: StoredScan = {
          ...scan,
          attempts,
          nextAttemptAt: this.now() + wait,
          maybeOurs: scan.maybeOurs || outcome.maybeProcessed,
          // The proxy replays `outcome_unknown` to every repeat of a key; a check-in is safe to
          // send again under a new one (a repeat is a 409, which maybeOurs then counts as ours).
          key: answer.status === 502 ? newIdempotencyKey() : scan.key,
        };
        await this.store.put(next);
        this.wakeAt(next.nextAttemptAt);
        return;
      }
      if (outcome.kind === 'setup') {
        this.paused = true;
        this.hooks.setupProblem(outcome);
        return;
      }
      await this.store.delete(scan.seq);
      this.hooks.changed(await this.store.count());
      this.hooks.settled(scan, outcome);
    }
  }

  private wakeAt(at: number): void {
    clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(() => void this.flush(), Math.max(0, at - this.now()));
  }
}
