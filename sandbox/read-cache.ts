/**
 * Cache of read answers: the serialized bytes of a GET answer and their ETag, kept per conference,
 * endpoint, path and normalized query, and dropped as soon as the data they were built from changes.
 *
 * How a change is seen: SQLite triggers count every INSERT, UPDATE and DELETE on the tables reads
 * are built from, one counter per table (`data_generations`). Triggers fire for every writer (a
 * route, an admin route, the seed, and the CLI writing the same file from another process), so no
 * write path can forget to invalidate. An entry remembers the counters of the tables its endpoint
 * depends on (`READ_DEPENDENCIES`); any difference on the next request is a miss, and the answer is
 * built again from the database. A miss builds inside one read transaction that first reads the
 * counters, so an answer is never stamped newer than the data it holds.
 *
 * Bounded: least recently used entries go first past `maxEntries` or `maxBytes`.
 */
import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { ENDPOINTS, EndpointId } from '../src/api/contract.js';

/** The tables any cached answer is built from: writes to these are counted. */
export const TRACKED_TABLES = [
  'abstracts', 'conferences', 'events', 'exhibits', 'payment_methods', 'registration_fields',
  'speakers', 'ticket_types', 'venues', 'workshop_registrations', 'workshops',
] as const;
export type TrackedTable = (typeof TRACKED_TABLES)[number];

type ReadEndpointId = { [K in EndpointId]: (typeof ENDPOINTS)[K]['method'] extends 'GET' ? K : never }[EndpointId];

/**
 * What each read's answer is built from (every handler also reads the conference row); `null` is
 * never cached. A new GET endpoint fails the type check until it is listed here. A handler that
 * starts reading another table must name it here, or its answers would outlive that table's changes.
 */
export const READ_DEPENDENCIES: Record<ReadEndpointId, readonly TrackedTable[] | null> = {
  // The clock's time and the key's own scopes: different on every call or per key.
  health: null,
  websiteSite: ['conferences'],
  websitePages: ['conferences'],
  events: ['conferences', 'events', 'venues'],
  venues: ['conferences', 'venues'],
  speakers: ['conferences', 'speakers'],
  // Seats and waitlist counts come from the enrollments.
  workshops: ['conferences', 'workshops', 'workshop_registrations'],
  abstracts: ['conferences', 'abstracts'],
  abstract: ['conferences', 'abstracts'],
  exhibits: ['conferences', 'exhibits'],
  registrationConfig: ['conferences', 'registration_fields', 'ticket_types', 'payment_methods'],
};

export function isCachedRead(id: EndpointId): boolean {
  return (READ_DEPENDENCIES as Partial<Record<EndpointId, readonly TrackedTable[] | null>>)[id] != null;
}

/** Creates the counters and their triggers (idempotent; the schema keeps them for every writer). */
export function installGenerationCounters(db: Database): void {
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS data_generations (name TEXT PRIMARY KEY, gen INTEGER NOT NULL) WITHOUT ROWID');
    const row = db.prepare('INSERT OR IGNORE INTO data_generations (name, gen) VALUES (?, 0)');
    for (const table of TRACKED_TABLES) {
      row.run(table);
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        db.exec(
          `CREATE TRIGGER IF NOT EXISTS data_generation_${table}_${op.toLowerCase()} AFTER ${op} ON ${table}
           BEGIN UPDATE data_generations SET gen = gen + 1 WHERE name = '${table}'; END`,
        );
      }
    }
  })();
}

/** A serialized answer, as sent. */
export interface ReadAnswer {
  status: number;
  /** Headers besides content type, length and ETag (e.g. `Deprecation`, `Link`). */
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
}

export function answerOf(status: number, payload: unknown, headers: Record<string, string>): ReadAnswer {
  const body = Buffer.from(JSON.stringify(payload));
  return { status, headers, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

interface Entry {
  answer: ReadAnswer;
  /** Indexes into `TRACKED_TABLES` of the tables the answer was built from, and their counters then. */
  tables: readonly number[];
  stamp: number[];
  size: number;
}

export interface ReadCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_READ_CACHE_LIMITS: ReadCacheLimits = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024 };

const INDEX = new Map<TrackedTable, number>(TRACKED_TABLES.map((t, i) => [t, i]));
/** The counters in `TRACKED_TABLES` order (which is sorted by name, as the query returns them). */
const GENERATIONS_SQL = 'SELECT gen FROM data_generations WHERE name IN (' + TRACKED_TABLES.map((t) => `'${t}'`).join(',') + ') ORDER BY name';

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly generations: Statement<[], number>;
  hits = 0;
  misses = 0;

  constructor(
    private readonly db: Database,
    readonly limits: ReadCacheLimits = DEFAULT_READ_CACHE_LIMITS,
  ) {
    installGenerationCounters(db);
    this.generations = db.prepare<[], number>(GENERATIONS_SQL).pluck();
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The kept answer for `key` while its tables are unchanged; otherwise `build` runs (inside a read
   * transaction, after the counters are read) and its answer is kept when it is a 200.
   */
  answer(key: string, dependsOn: readonly TrackedTable[], build: () => ReadAnswer): ReadAnswer {
    const now = this.generations.all();
    const found = this.entries.get(key);
    if (found && found.tables.every((t, i) => now[t] === found.stamp[i])) {
      this.hits++;
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.answer;
    }
    this.misses++;
    if (found) this.remove(key, found);
    const tables = dependsOn.map((t) => INDEX.get(t)!);
    const { answer, stamp } = this.db.transaction(() => {
      const gens = this.generations.all();
      return { answer: build(), stamp: tables.map((t) => gens[t]!) };
    })();
    if (answer.status === 200) this.keep(key, { answer, tables, stamp, size: answer.body.length + key.length * 2 + 256 });
    return answer;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private keep(key: string, entry: Entry): void {
    if (entry.size > this.limits.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [oldest, e] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest, e);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}

/** `If-None-Match` against an ETag (weak comparison, RFC 9110 13.1.2; `*` matches any). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
