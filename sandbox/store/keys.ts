/** API keys: hashed secrets, one conference each, with scopes, revocation and expiry. */
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Scope } from '../../src/api/contract.js';
import { hashSecret, newId } from './ids.js';

export interface ApiKey {
  id: string;
  conferenceId: string;
  label: string;
  /** First characters of the secret, safe to show to tell keys apart. */
  prefix: string;
  scopes: Scope[];
  revokedAt: number | null;
  expiresAt: number | null;
  createdAt: number;
}

interface Row {
  id: string;
  conference_id: string;
  label: string;
  prefix: string;
  scopes: string;
  revoked_at: number | null;
  expires_at: number | null;
  created_at: number;
}

const toKey = (r: Row): ApiKey => ({
  id: r.id,
  conferenceId: r.conference_id,
  label: r.label,
  prefix: r.prefix,
  scopes: JSON.parse(r.scopes) as Scope[],
  revokedAt: r.revoked_at,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
});

// `sk_sandbox_` plus five random characters: enough to tell keys apart, useless to an attacker.
const PREFIX_LENGTH = 16;

export class KeyStore {
  private readonly byHash;
  private readonly insert;
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.byHash = db.prepare<[string], Row>('SELECT * FROM api_keys WHERE secret_hash = ?');
    this.insert = db.prepare(
      `INSERT INTO api_keys (id, conference_id, label, prefix, secret_hash, scopes, revoked_at, expires_at, created_at)
       VALUES (@id, @conferenceId, @label, @prefix, @hash, @scopes, @revokedAt, @expiresAt, @createdAt)`,
    );
  }

  findBySecret(secret: string): ApiKey | null {
    const r = this.byHash.get(hashSecret(secret));
    return r ? toKey(r) : null;
  }

  /** Stores a key; with no secret given, makes a random one. The secret is returned, never stored. */
  create(input: {
    conferenceId: string;
    label: string;
    scopes: readonly Scope[];
    secret?: string;
    expiresAt?: number | null;
    revoked?: boolean;
  }): { key: ApiKey; secret: string } {
    const secret = input.secret ?? `sk_sandbox_${randomBytes(24).toString('base64url')}`;
    const now = this.now();
    const row = {
      id: newId('key'),
      conferenceId: input.conferenceId,
      label: input.label,
      prefix: secret.slice(0, PREFIX_LENGTH),
      hash: hashSecret(secret),
      scopes: JSON.stringify([...input.scopes]),
      revokedAt: input.revoked ? now : null,
      expiresAt: input.expiresAt ?? null,
      createdAt: now,
    };
    this.insert.run(row);
    return { key: this.findBySecret(secret)!, secret };
  }

  list(conferenceId: string): ApiKey[] {
    return this.db
      .prepare<[string], Row>('SELECT * FROM api_keys WHERE conference_id = ? ORDER BY created_at, id')
      .all(conferenceId)
      .map(toKey);
  }

  /** Revokes the conference's keys matching a label, a secret prefix or an id; returns them. */
  revoke(conferenceId: string, match: { label?: string; prefix?: string; id?: string }): ApiKey[] {
    const hits = this.list(conferenceId).filter(
      (k) =>
        k.revokedAt === null &&
        ((match.label !== undefined && k.label === match.label) ||
          (match.prefix !== undefined && match.prefix.length >= 4 && k.prefix.startsWith(match.prefix)) ||
          (match.id !== undefined && k.id === match.id)),
    );
    const stmt = this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?');
    const now = this.now();
    this.db.transaction(() => hits.forEach((k) => stmt.run(now, k.id)))();
    return hits.map((k) => ({ ...k, revokedAt: now }));
  }
}
