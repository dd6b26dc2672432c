/**
 * The sandbox's schema as numbered migrations. Each runs once, in order, inside a transaction,
 * and is recorded in `schema_migrations`; add a new entry for any change, never edit a shipped one.
 *
 * Conference-owned rows carry `conference_id` in their key, so two conferences may use the same
 * seed ids and a key can never reach another conference's rows.
 */
import type { Database } from 'better-sqlite3';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE conferences (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        tagline TEXT NOT NULL,
        city TEXT NOT NULL,
        time_zone TEXT NOT NULL,
        starts_on TEXT NOT NULL,
        days INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('live', 'draft', 'archived')),
        plan_ends_at INTEGER NOT NULL,
        disabled_modules TEXT NOT NULL DEFAULT '[]',
        site TEXT NOT NULL,
        registration_enabled INTEGER NOT NULL,
        open_phase TEXT,
        open_phase_enabled INTEGER NOT NULL,
        exhibition_opens_at INTEGER,
        exhibition_closes_at INTEGER,
        exhibition_requires_registration INTEGER NOT NULL,
        exhibition_fee TEXT,
        seq INTEGER NOT NULL
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        label TEXT NOT NULL,
        prefix TEXT NOT NULL,
        secret_hash TEXT NOT NULL UNIQUE,
        scopes TEXT NOT NULL,
        revoked_at INTEGER,
        expires_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX api_keys_conference ON api_keys (conference_id, label);
      CREATE TABLE venues (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        floor TEXT NOT NULL,
        capacity INTEGER NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (conference_id, id)
      );
      CREATE TABLE speakers (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        full_name TEXT NOT NULL,
        affiliation TEXT NOT NULL,
        job_title TEXT NOT NULL,
        bio TEXT NOT NULL,
        photo_url TEXT,
        links TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (conference_id, id)
      );
      CREATE TABLE events (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        title TEXT NOT NULL,
        type TEXT NOT NULL,
        description TEXT NOT NULL,
        starts_at INTEGER NOT NULL,
        ends_at INTEGER NOT NULL,
        venue_id TEXT NOT NULL,
        speaker_ids TEXT NOT NULL,
        track TEXT,
        workshop_id TEXT,
        PRIMARY KEY (conference_id, id)
      );
      CREATE INDEX events_order ON events (conference_id, starts_at);
      CREATE TABLE workshops (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        event_id TEXT,
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        starts_at INTEGER NOT NULL,
        ends_at INTEGER NOT NULL,
        venue_id TEXT NOT NULL,
        capacity INTEGER NOT NULL,
        price TEXT,
        published INTEGER NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (conference_id, id)
      );
      CREATE TABLE registrations (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        ticket_type_id TEXT NOT NULL,
        payment_method_id TEXT,
        payment_reference TEXT,
        payment_proof_url TEXT,
        custom_fields TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (conference_id, id)
      );
      CREATE INDEX registrations_email ON registrations (conference_id, email COLLATE NOCASE);
      CREATE TABLE workshop_registrations (
        id TEXT PRIMARY KEY,
        conference_id TEXT NOT NULL,
        workshop_id TEXT NOT NULL,
        registration_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('enrolled', 'waitlisted')),
        created_at INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        UNIQUE (conference_id, workshop_id, registration_id)
      );
      CREATE INDEX workshop_registrations_order ON workshop_registrations (conference_id, workshop_id, status, seq);
      CREATE TABLE badges (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        code TEXT NOT NULL,
        registration_id TEXT NOT NULL,
        PRIMARY KEY (conference_id, code)
      );
      CREATE TABLE badge_checkins (
        id TEXT PRIMARY KEY,
        conference_id TEXT NOT NULL,
        badge_code TEXT NOT NULL,
        location TEXT,
        checked_in_at INTEGER NOT NULL,
        UNIQUE (conference_id, badge_code)
      );
      CREATE TABLE attendance (
        id TEXT PRIMARY KEY,
        conference_id TEXT NOT NULL,
        badge_code TEXT NOT NULL,
        day INTEGER NOT NULL,
        location TEXT,
        recorded_at INTEGER NOT NULL,
        UNIQUE (conference_id, badge_code, day)
      );
      CREATE TABLE abstracts (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        track TEXT NOT NULL,
        keywords TEXT NOT NULL,
        status TEXT NOT NULL,
        authors TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (conference_id, id)
      );
      CREATE TABLE abstract_submissions (
        id TEXT PRIMARY KEY,
        conference_id TEXT NOT NULL,
        registration_id TEXT NOT NULL,
        title TEXT NOT NULL,
        authors TEXT NOT NULL,
        attachments TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE exhibits (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        title TEXT NOT NULL,
        exhibit_type TEXT NOT NULL,
        short_description TEXT NOT NULL,
        description TEXT NOT NULL,
        booth TEXT,
        logo_url TEXT,
        website_url TEXT,
        presenter TEXT NOT NULL,
        team_people TEXT NOT NULL,
        published INTEGER NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (conference_id, id)
      );
      CREATE TABLE exhibition_submissions (
        id TEXT PRIMARY KEY,
        conference_id TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE registration_fields (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        name TEXT NOT NULL,
        label TEXT NOT NULL,
        kind TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        required INTEGER NOT NULL,
        options TEXT,
        help_text TEXT,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (conference_id, name)
      );
      CREATE TABLE ticket_types (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        price TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (conference_id, id)
      );
      CREATE TABLE payment_methods (
        conference_id TEXT NOT NULL REFERENCES conferences(id),
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        instructions TEXT NOT NULL,
        active INTEGER NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (conference_id, id)
      );
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        conference_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        workshop_registration_id TEXT,
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        completed_at INTEGER,
        size INTEGER,
        sha256 TEXT,
        bytes BLOB
      );
    `,
  },
  {
    version: 2,
    name: 'idempotency keys',
    // One row per API key and Idempotency-Key: 'pending' while a request holding the key is
    // still being read, 'done' with the answer once processed (kept 24 h, replayed to repeats).
    sql: `
      CREATE TABLE idempotency_keys (
        api_key_id TEXT NOT NULL,
        conference_id TEXT NOT NULL,
        idem_key TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
        claim TEXT,
        fingerprint TEXT,
        status INTEGER,
        body TEXT,
        headers TEXT,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (api_key_id, idem_key)
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
    `,
  },
  {
    version: 3,
    name: 'what each payment method asks for',
    // Per method: whether a paid registration must give a payment reference and a proof (a card
    // paid at the desk has neither yet). Existing methods keep asking for both.
    sql: `
      ALTER TABLE payment_methods ADD COLUMN requires_reference INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE payment_methods ADD COLUMN requires_proof INTEGER NOT NULL DEFAULT 1;
    `,
  },
];

/** Applies the migrations the database has not seen yet; returns the versions applied. */
export function migrate(db: Database): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const done = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    })();
    applied.push(m.version);
  }
  return applied;
}
