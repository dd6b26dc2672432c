/** Exhibits (only published ones are public) and exhibition submissions. */
import type { Database } from 'better-sqlite3';
import type { Exhibit, Submission } from '../../src/api/records.js';
import { newId } from './ids.js';
import { listResult, type Paging } from './paging.js';

interface ExhibitRow {
  id: string;
  title: string;
  exhibit_type: string;
  short_description: string;
  description: string;
  booth: string | null;
  logo_url: string | null;
  website_url: string | null;
  presenter: string;
}

export class ExhibitionStore {
  private readonly published;
  private readonly publishedCount;
  private readonly insert;
  constructor(
    db: Database,
    private readonly now: () => number,
  ) {
    this.published = db.prepare<[string, number, number], ExhibitRow>(
      `SELECT * FROM exhibits WHERE conference_id = ? AND published = 1 ORDER BY sort_order, id LIMIT ? OFFSET ?`,
    );
    this.publishedCount = db
      .prepare<[string], number>('SELECT COUNT(*) FROM exhibits WHERE conference_id = ? AND published = 1')
      .pluck();
    this.insert = db.prepare(
      `INSERT INTO exhibition_submissions (id, conference_id, title, body, status, created_at)
       VALUES (?, ?, ?, ?, 'submitted', ?)`,
    );
  }

  listPublished(conferenceId: string, paging: Paging) {
    const rows = this.published.all(conferenceId, paging.limit, paging.offset);
    const data: Exhibit[] = rows.map((r) => {
      // The presenter's e-mail is private: only the name is public.
      const presenter = JSON.parse(r.presenter) as { fullName: string };
      return {
        id: r.id,
        title: r.title,
        exhibitType: r.exhibit_type,
        shortDescription: r.short_description,
        description: r.description,
        booth: r.booth,
        logoUrl: r.logo_url,
        websiteUrl: r.website_url,
        presenter: { fullName: presenter.fullName },
      };
    });
    return listResult(data, this.publishedCount.get(conferenceId) ?? 0, paging);
  }

  /** Stores the whole validated submission as JSON: it is only ever read back whole. */
  submit(conferenceId: string, title: string, body: unknown): Submission {
    const id = newId('exs');
    const createdAt = this.now();
    this.insert.run(id, conferenceId, title, JSON.stringify(body), createdAt);
    return { id, title, status: 'submitted', createdAt: new Date(createdAt).toISOString() };
  }
}
