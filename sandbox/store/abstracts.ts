/** Abstracts (only accepted ones are public) and abstract submissions. */
import type { Database } from 'better-sqlite3';
import type { Abstract, AbstractAuthor, AbstractSubmission } from '../../src/api/records.js';
import { newId } from './ids.js';
import { listResult, type Paging } from './paging.js';

interface AbstractRow {
  id: string;
  title: string;
  body: string;
  track: string;
  keywords: string;
  authors: string;
}

interface SubmissionRow {
  id: string;
  registration_id: string;
  title: string;
  authors: string;
  attachments: string;
  created_at: number;
}

export interface NewAbstractSubmission {
  registrationId: string;
  title: string;
  authors: { fullName: string; affiliation?: string | undefined }[];
  attachments: { url: string; name?: string | undefined }[];
}

export class AbstractStore {
  private readonly accepted;
  private readonly acceptedCount;
  private readonly oneAccepted;
  private readonly insert;
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.accepted = db.prepare<[string, number, number], AbstractRow>(
      `SELECT * FROM abstracts WHERE conference_id = ? AND status = 'accepted'
       ORDER BY sort_order, id LIMIT ? OFFSET ?`,
    );
    this.acceptedCount = db
      .prepare<[string], number>(`SELECT COUNT(*) FROM abstracts WHERE conference_id = ? AND status = 'accepted'`)
      .pluck();
    this.oneAccepted = db.prepare<[string, string], AbstractRow>(
      `SELECT * FROM abstracts WHERE conference_id = ? AND id = ? AND status = 'accepted'`,
    );
    this.insert = db.prepare(
      `INSERT INTO abstract_submissions (id, conference_id, registration_id, title, authors, attachments, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'submitted', ?)`,
    );
  }

  private toAbstract(r: AbstractRow, withAuthors: boolean): Abstract {
    const authors = JSON.parse(r.authors) as AbstractAuthor[];
    const a: Abstract = {
      id: r.id,
      title: r.title,
      body: r.body,
      track: r.track,
      keywords: JSON.parse(r.keywords) as string[],
      status: 'accepted',
      authorCount: authors.length,
    };
    if (withAuthors) a.authors = authors;
    return a;
  }

  listAccepted(conferenceId: string, paging: Paging, withAuthors: boolean) {
    const rows = this.accepted.all(conferenceId, paging.limit, paging.offset);
    return listResult(
      rows.map((r) => this.toAbstract(r, withAuthors)),
      this.acceptedCount.get(conferenceId) ?? 0,
      paging,
    );
  }

  /** One abstract, or null when unknown or not accepted (the two are indistinguishable on purpose). */
  getAccepted(conferenceId: string, id: string, withAuthors: boolean): Abstract | null {
    const r = this.oneAccepted.get(conferenceId, id);
    return r ? this.toAbstract(r, withAuthors) : null;
  }

  /** Submissions, oldest first, optionally of one registration (admin: counting doubles). */
  listSubmissions(conferenceId: string, registrationId?: string): (AbstractSubmission & { registrationId: string })[] {
    const rows = this.db
      .prepare<[string, string | null, string | null], SubmissionRow>(
        `SELECT * FROM abstract_submissions WHERE conference_id = ? AND (? IS NULL OR registration_id = ?)
         ORDER BY created_at, rowid`,
      )
      .all(conferenceId, registrationId ?? null, registrationId ?? null);
    return rows.map((r) => ({
      id: r.id,
      registrationId: r.registration_id,
      title: r.title,
      status: 'submitted',
      createdAt: new Date(r.created_at).toISOString(),
      authors: (JSON.parse(r.authors) as { fullName: string }[]).map((a) => ({ fullName: a.fullName })),
      attachments: (JSON.parse(r.attachments) as { url: string; name?: string }[]).map((a) => ({
        url: a.url,
        name: a.name ?? null,
      })),
    }));
  }

  submit(conferenceId: string, input: NewAbstractSubmission): AbstractSubmission {
    const id = newId('abs');
    const createdAt = this.now();
    this.insert.run(
      id,
      conferenceId,
      input.registrationId,
      input.title,
      JSON.stringify(input.authors),
      JSON.stringify(input.attachments),
      createdAt,
    );
    return {
      id,
      title: input.title,
      status: 'submitted',
      createdAt: new Date(createdAt).toISOString(),
      authors: input.authors.map((a) => ({ fullName: a.fullName })),
      attachments: input.attachments.map((a) => ({ url: a.url, name: a.name ?? null })),
    };
  }
}
