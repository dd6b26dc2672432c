/** Upload slots (created by the upload-address endpoints) and their stored bytes. */
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { newId } from './ids.js';

/** What an upload is for; a submission accepts only an upload of its own kind. */
export const UPLOAD_KINDS = [
  'workshop-payment-proof',
  'exhibition-payment-proof',
  'registration-evidence',
  'abstract-attachment',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export interface Upload {
  id: string;
  conferenceId: string;
  kind: UploadKind;
  filename: string;
  contentType: string;
  workshopRegistrationId: string | null;
  expiresAt: number;
  completedAt: number | null;
  size: number | null;
}

interface Row {
  id: string;
  conference_id: string;
  kind: UploadKind;
  filename: string;
  content_type: string;
  workshop_registration_id: string | null;
  expires_at: number;
  completed_at: number | null;
  size: number | null;
}

const toUpload = (r: Row): Upload => ({
  id: r.id,
  conferenceId: r.conference_id,
  kind: r.kind,
  filename: r.filename,
  contentType: r.content_type,
  workshopRegistrationId: r.workshop_registration_id,
  expiresAt: r.expires_at,
  completedAt: r.completed_at,
  size: r.size,
});

export function storageUri(u: Pick<Upload, 'conferenceId' | 'kind' | 'id' | 'filename'>): string {
  return `storage://${u.conferenceId}/${u.kind}/${u.id}/${encodeURIComponent(u.filename)}`;
}

/** Splits a `storage://` URI; null when it is not one of ours. */
export function parseStorageUri(uri: string): { conferenceId: string; kind: string; uploadId: string } | null {
  const m = /^storage:\/\/([^/]+)\/([^/]+)\/([^/]+)\/[^/]+$/.exec(uri);
  return m ? { conferenceId: m[1]!, kind: m[2]!, uploadId: m[3]! } : null;
}

/** Keeps a filename printable and path-free. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return cleaned || 'file';
}

export class UploadStore {
  private readonly byId;
  private readonly insert;
  private readonly complete;
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.byId = db.prepare<[string], Row>(
      `SELECT id, conference_id, kind, filename, content_type, workshop_registration_id, expires_at,
       completed_at, size FROM uploads WHERE id = ?`,
    );
    this.insert = db.prepare(
      `INSERT INTO uploads (id, conference_id, kind, filename, content_type, workshop_registration_id, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.complete = db.prepare('UPDATE uploads SET bytes = ?, size = ?, sha256 = ?, completed_at = ? WHERE id = ?');
  }

  create(input: {
    conferenceId: string;
    kind: UploadKind;
    filename: string;
    contentType: string;
    workshopRegistrationId?: string | null;
    expiresAt: number;
  }): Upload {
    const id = newId('upl');
    this.insert.run(
      id,
      input.conferenceId,
      input.kind,
      safeFilename(input.filename),
      input.contentType,
      input.workshopRegistrationId ?? null,
      input.expiresAt,
      this.now(),
    );
    return this.get(id)!;
  }

  /** A file that arrived with a submission (abstract attachments): stored completed at once. */
  keep(input: {
    conferenceId: string;
    kind: UploadKind;
    filename: string;
    contentType: string;
    bytes: Buffer;
  }): Upload {
    const upload = this.create({ ...input, expiresAt: this.now() });
    return this.store(upload.id, input.bytes);
  }

  get(id: string): Upload | null {
    const r = this.byId.get(id);
    return r ? toUpload(r) : null;
  }

  /** Stores (or, on a retried PUT, replaces) the bytes of an upload. */
  store(id: string, bytes: Buffer): Upload {
    const sha = createHash('sha256').update(bytes).digest('hex');
    this.complete.run(bytes, bytes.length, sha, this.now(), id);
    return this.get(id)!;
  }

  bytes(id: string): Buffer | null {
    return (this.db.prepare('SELECT bytes FROM uploads WHERE id = ?').pluck().get(id) as Buffer | null) ?? null;
  }
}
