/**
 * `Idempotency-Key` records: per API key, the answer a POST with that key got, replayed to every
 * repeat for 24 h. A row is 'pending' from the moment a request with the key is accepted until it
 * is processed (its body may still be arriving); 'done' rows are written in the same transaction
 * as the work itself (see `middleware/idempotency.ts`), so a key is never processed without its
 * answer being kept, nor kept without the work.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';

/** How long an answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A pending claim older than this belongs to a request that died (a body never finished, the
 * process stopped); a new request may take the key over. Longer than the 30 s body deadline.
 */
export const PENDING_STALE_MS = 60_000;

export interface KeptAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export type IdempotencyRow =
  | { state: 'pending'; claim: string; createdAt: number }
  | { state: 'done'; fingerprint: string; answer: KeptAnswer; createdAt: number };

interface Row {
  state: 'pending' | 'done';
  claim: string | null;
  fingerprint: string | null;
  status: number | null;
  body: string | null;
  headers: string | null;
  created_at: number;
}

export interface KeyScope {
  apiKeyId: string;
  conferenceId: string;
  key: string;
}

export class IdempotencyStore {
  private readonly select: Statement;
  private readonly insertPending: Statement;
  private readonly upsertDone: Statement;
  private readonly deleteClaim: Statement;
  private readonly purge: Statement;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.select = db.prepare(
      'SELECT state, claim, fingerprint, status, body, headers, created_at FROM idempotency_keys WHERE api_key_id = ? AND idem_key = ?',
    );
    this.insertPending = db.prepare(
      `INSERT OR REPLACE INTO idempotency_keys (api_key_id, conference_id, idem_key, state, claim, created_at)
       VALUES (?, ?, ?, 'pending', ?, ?)`,
    );
    this.upsertDone = db.prepare(
      `INSERT OR REPLACE INTO idempotency_keys
         (api_key_id, conference_id, idem_key, state, claim, fingerprint, status, body, headers, created_at)
       VALUES (?, ?, ?, 'done', NULL, ?, ?, ?, ?, ?)`,
    );
    this.deleteClaim = db.prepare(
      "DELETE FROM idempotency_keys WHERE api_key_id = ? AND idem_key = ? AND state = 'pending' AND claim = ?",
    );
    this.purge = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  }

  /** The live record of a key: expired answers and stale claims count as none. */
  find({ apiKeyId, key }: KeyScope): IdempotencyRow | null {
    const row = this.select.get(apiKeyId, key) as Row | undefined;
    if (!row) return null;
    const age = this.now() - row.created_at;
    if (row.state === 'pending') {
      return age < PENDING_STALE_MS ? { state: 'pending', claim: row.claim ?? '', createdAt: row.created_at } : null;
    }
    if (age >= IDEMPOTENCY_TTL_MS) return null;
    return {
      state: 'done',
      fingerprint: row.fingerprint ?? '',
      answer: {
        status: row.status ?? 500,
        body: row.body ?? '',
        headers: JSON.parse(row.headers ?? '{}') as Record<string, string>,
      },
      createdAt: row.created_at,
    };
  }

  /**
   * Claims a key for one request: returns the claim's id, or the live record that holds the key
   * (a done answer to replay, or another request's pending claim).
   */
  claim(scope: KeyScope): { claim: string } | { held: IdempotencyRow } {
    return this.db
      .transaction(() => {
        this.purge.run(this.now() - IDEMPOTENCY_TTL_MS);
        const held = this.find(scope);
        if (held) return { held };
        const claim = randomBytes(12).toString('hex');
        this.insertPending.run(scope.apiKeyId, scope.conferenceId, scope.key, claim, this.now());
        return { claim };
      })
      .immediate();
  }

  /** Keeps the answer of a processed request; call inside the transaction that did the work. */
  complete(scope: KeyScope, fingerprint: string, answer: KeptAnswer): void {
    this.upsertDone.run(
      scope.apiKeyId,
      scope.conferenceId,
      scope.key,
      fingerprint,
      answer.status,
      answer.body,
      JSON.stringify(answer.headers),
      this.now(),
    );
  }

  /** Forgets a claim whose request was not processed (refused before its handler, or failed). */
  release(scope: KeyScope, claim: string): void {
    this.deleteClaim.run(scope.apiKeyId, scope.key, claim);
  }
}
