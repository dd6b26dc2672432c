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

/** The tables any cached answer or object is built from: writes to these are counted (sorted). */
export const TRACKED_TABLES = [
  'abstracts',
  'api_keys',
  'conferences',
  'events',
  'exhibits',
  'payment_methods',
  'registration_fields',
  'speakers',
  'ticket_types',
  'venues',
  'workshop_registrations',
  'workshops',
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

interface Kept<T> {
  value: T;
  /** Indexes into `TRACKED_TABLES` of the tables the answer was built from, and their counters then. */
  tables: readonly number[];
  stamp: number[];
}
type Entry = Kept<ReadAnswer> & { size: number };

export interface ReadCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_READ_CACHE_LIMITS: ReadCacheLimits = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024 };
/** Keys and conferences kept (a sandbox has a handful; the bound only stops growth). */
const MAX_OBJECTS = 1000;

const INDEX = new Map<TrackedTable, number>(TRACKED_TABLES.map((t, i) => [t, i]));
if (TRACKED_TABLES.some((t, i) => i > 0 && TRACKED_TABLES[i - 1]! >= t))
  throw new Error('TRACKED_TABLES must be sorted by name');
/** The counters in `TRACKED_TABLES` order (which is sorted by name, as the query returns them). */
const GENERATIONS_SQL =
  'SELECT gen FROM data_generations WHERE name IN (' +
  TRACKED_TABLES.map((t) => `'${t}'`).join(',') +
  ') ORDER BY name';

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly objects = new Map<string, Kept<unknown>>();
  private bytes = 0;
  private readonly generations: Statement<[], number>;
  /** Changes by commits of other connections (`data_version`), and row changes by this one. */
  private readonly dataVersion: Statement<[], number>;
  private readonly totalChanges: Statement<[], number>;
  private seen: { version: number; changes: number; counters: readonly number[] } | null = null;
  /** Answers served from the cache and built (for tests and the bench). */
  hits = 0;
  misses = 0;

  constructor(
    private readonly db: Database,
    readonly limits: ReadCacheLimits = DEFAULT_READ_CACHE_LIMITS,
  ) {
    installGenerationCounters(db);
    this.generations = db.prepare<[], number>(GENERATIONS_SQL).pluck();
    // Two statements: one SELECT of pragma_data_version() and total_changes() costs twice as much.
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The write counters now, in `TRACKED_TABLES` order: read once per request, compared with each
   * kept stamp. The counters table is read again only when a row changed since the last time:
   * through this connection (`total_changes()`, which counts trigger writes too) or a commit by any
   * other (`data_version`, e.g. the CLI on the same file); both cost far less than the table.
   */
  counters(): readonly number[] {
    const version = this.dataVersion.get()!;
    const changes = this.totalChanges.get()!;
    const seen = this.seen;
    if (seen && seen.version === version && seen.changes === changes) return seen.counters;
    // Marks first, then the counters: a commit in between only makes the next call read again.
    const counters = this.generations.all();
    this.seen = { version, changes, counters };
    return counters;
  }

  /**
   * The kept answer for `key` while its tables are unchanged since `counters` were read; otherwise
   * `build` runs (inside a read transaction, after the counters are read again) and its answer is
   * kept when it is a 200.
   */
  answer(
    key: string,
    dependsOn: readonly TrackedTable[],
    counters: readonly number[],
    build: () => ReadAnswer,
  ): ReadAnswer {
    const found = this.entries.get(key);
    if (found && unchanged(found, counters)) {
      this.hits++;
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    this.misses++;
    if (found) this.remove(key, found);
    const { value, tables, stamp } = this.build(dependsOn, build);
    if (value.status === 200) this.keep(key, { value, tables, stamp, size: value.body.length + key.length * 2 + 256 });
    return value;
  }

  /**
   * An object built from rows (an API key, a conference), kept while the tables it came from are
   * unchanged; `null` (not found) is not kept, so unknown ids cannot fill memory.
   */
  object<T>(
    key: string,
    dependsOn: readonly TrackedTable[],
    counters: readonly number[],
    build: () => T | null,
  ): T | null {
    const found = this.objects.get(key) as Kept<T> | undefined;
    if (found && unchanged(found, counters)) return found.value;
    const kept = this.build(dependsOn, build);
    if (kept.value === null) {
      this.objects.delete(key);
      return null;
    }
    this.objects.delete(key);
    this.objects.set(key, kept);
    if (this.objects.size > MAX_OBJECTS) this.objects.delete(this.objects.keys().next().value!);
    return kept.value;
  }

  private build<T>(dependsOn: readonly TrackedTable[], build: () => T): Kept<T> {
    const tables = dependsOn.map((t) => INDEX.get(t)!);
    return this.db.transaction(() => {
      const gens = this.generations.all();
      return { value: build(), tables, stamp: tables.map((t) => gens[t]!) };
    })();
  }

  clear(): void {
    this.entries.clear();
    this.objects.clear();
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

function unchanged(kept: Kept<unknown>, counters: readonly number[]): boolean {
  return kept.tables.every((t, i) => counters[t] === kept.stamp[i]);
}

/** `If-None-Match` against an ETag (weak comparison, RFC 9110 13.1.2; `*` matches any). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
