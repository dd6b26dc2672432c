/** Workshops, and enrollment: enrolled until capacity, then waitlisted in arrival order. */
import type { Database } from 'better-sqlite3';
import type { Money, Workshop, WorkshopRegistration } from '../../src/api/records.js';
import { epochToZonedIso } from '../../src/core/zone.js';
import { newId } from './ids.js';
import { listResult, type Paging } from './paging.js';

interface WorkshopRow {
  id: string;
  event_id: string | null;
  title: string;
  description: string;
  starts_at: number;
  ends_at: number;
  venue_id: string;
  capacity: number;
  price: string | null;
  published: number;
  enrolled: number;
  waitlisted: number;
}
interface EnrollmentRow {
  id: string;
  workshop_id: string;
  registration_id: string;
  status: 'enrolled' | 'waitlisted';
  created_at: number;
  seq: number;
}

export type EnrollResult =
  { outcome: 'created'; record: WorkshopRegistration } | { outcome: 'duplicate'; record: WorkshopRegistration };

const COUNTS = `
  (SELECT COUNT(*) FROM workshop_registrations r WHERE r.conference_id = w.conference_id
     AND r.workshop_id = w.id AND r.status = 'enrolled') AS enrolled,
  (SELECT COUNT(*) FROM workshop_registrations r WHERE r.conference_id = w.conference_id
     AND r.workshop_id = w.id AND r.status = 'waitlisted') AS waitlisted`;

export class WorkshopStore {
  private readonly published;
  private readonly publishedCount;
  private readonly one;
  private readonly existing;
  private readonly byId;
  private readonly insert;
  private readonly nextSeq;
  private readonly position;
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.published = db.prepare<[string, number, number], WorkshopRow>(
      `SELECT w.*, ${COUNTS} FROM workshops w WHERE w.conference_id = ? AND w.published = 1
       ORDER BY w.starts_at, w.sort_order, w.id LIMIT ? OFFSET ?`,
    );
    this.publishedCount = db
      .prepare<[string], number>('SELECT COUNT(*) FROM workshops WHERE conference_id = ? AND published = 1')
      .pluck();
    this.one = db.prepare<[string, string], WorkshopRow>(
      `SELECT w.*, ${COUNTS} FROM workshops w WHERE w.conference_id = ? AND w.id = ?`,
    );
    this.existing = db.prepare<[string, string, string], EnrollmentRow>(
      'SELECT * FROM workshop_registrations WHERE conference_id = ? AND workshop_id = ? AND registration_id = ?',
    );
    this.byId = db.prepare<[string, string], EnrollmentRow>(
      'SELECT * FROM workshop_registrations WHERE conference_id = ? AND id = ?',
    );
    this.insert = db.prepare(
      `INSERT INTO workshop_registrations (id, conference_id, workshop_id, registration_id, status, created_at, seq)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.nextSeq = db
      .prepare<[string, string], number>(
        'SELECT COALESCE(MAX(seq), 0) + 1 FROM workshop_registrations WHERE conference_id = ? AND workshop_id = ?',
      )
      .pluck();
    this.position = db
      .prepare<[string, string, number], number>(
        `SELECT COUNT(*) FROM workshop_registrations WHERE conference_id = ? AND workshop_id = ?
         AND status = 'waitlisted' AND seq <= ?`,
      )
      .pluck();
  }

  private toWorkshop(r: WorkshopRow, timeZone: string): Workshop {
    return {
      id: r.id,
      eventId: r.event_id,
      title: r.title,
      description: r.description,
      startsAt: epochToZonedIso(r.starts_at, timeZone),
      endsAt: epochToZonedIso(r.ends_at, timeZone),
      venueId: r.venue_id,
      capacity: r.capacity,
      enrolledCount: r.enrolled,
      seatsLeft: Math.max(0, r.capacity - r.enrolled),
      waitlistCount: r.waitlisted,
      price: r.price === null ? null : (JSON.parse(r.price) as Money),
    };
  }

  private toEnrollment(conferenceId: string, r: EnrollmentRow): WorkshopRegistration {
    return {
      id: r.id,
      workshopId: r.workshop_id,
      registrationId: r.registration_id,
      status: r.status,
      waitlistPosition:
        r.status === 'waitlisted' ? (this.position.get(conferenceId, r.workshop_id, r.seq) ?? null) : null,
      createdAt: new Date(r.created_at).toISOString(),
    };
  }

  listPublished(conferenceId: string, timeZone: string, paging: Paging) {
    const rows = this.published.all(conferenceId, paging.limit, paging.offset);
    return listResult(
      rows.map((r) => this.toWorkshop(r, timeZone)),
      this.publishedCount.get(conferenceId) ?? 0,
      paging,
    );
  }

  /** Any workshop, published or not (admin and checks). */
  get(conferenceId: string, id: string, timeZone: string): (Workshop & { published: boolean }) | null {
    const r = this.one.get(conferenceId, id);
    return r ? { ...this.toWorkshop(r, timeZone), published: r.published === 1 } : null;
  }

  /** Every enrollment and waitlist place of a workshop, oldest first (admin: counting doubles). */
  listEnrollments(conferenceId: string, workshopId: string): WorkshopRegistration[] {
    const rows = this.db
      .prepare<[string, string], EnrollmentRow>(
        'SELECT * FROM workshop_registrations WHERE conference_id = ? AND workshop_id = ? ORDER BY seq',
      )
      .all(conferenceId, workshopId);
    return rows.map((r) => this.toEnrollment(conferenceId, r));
  }

  getEnrollment(conferenceId: string, id: string): WorkshopRegistration | null {
    const r = this.byId.get(conferenceId, id);
    return r ? this.toEnrollment(conferenceId, r) : null;
  }

  /**
   * Enrolls or waitlists in one transaction, so the capacity check and the insert cannot
   * interleave with another request; the UNIQUE constraint backs the duplicate check.
   */
  enroll(conferenceId: string, workshopId: string, registrationId: string): EnrollResult {
    return this.db
      .transaction((): EnrollResult => {
        const dup = this.existing.get(conferenceId, workshopId, registrationId);
        if (dup) return { outcome: 'duplicate', record: this.toEnrollment(conferenceId, dup) };
        const w = this.one.get(conferenceId, workshopId);
        if (!w) throw new Error(`Workshop ${workshopId} vanished during enrollment`);
        const status = w.enrolled < w.capacity ? 'enrolled' : 'waitlisted';
        const id = newId('wreg');
        this.insert.run(
          id,
          conferenceId,
          workshopId,
          registrationId,
          status,
          this.now(),
          this.nextSeq.get(conferenceId, workshopId) ?? 1,
        );
        return { outcome: 'created', record: this.toEnrollment(conferenceId, this.byId.get(conferenceId, id)!) };
      })
      .immediate();
  }

  /** Changes capacity; seats freed by a raise go to the waitlist in order. Nobody is unenrolled. */
  setCapacity(conferenceId: string, workshopId: string, capacity: number): boolean {
    return this.db.transaction(() => {
      const w = this.one.get(conferenceId, workshopId);
      if (!w) return false;
      this.db
        .prepare('UPDATE workshops SET capacity = ? WHERE conference_id = ? AND id = ?')
        .run(capacity, conferenceId, workshopId);
      const free = capacity - w.enrolled;
      if (free > 0) {
        this.db
          .prepare(
            `UPDATE workshop_registrations SET status = 'enrolled' WHERE id IN (
               SELECT id FROM workshop_registrations WHERE conference_id = ? AND workshop_id = ?
               AND status = 'waitlisted' ORDER BY seq LIMIT ?)`,
          )
          .run(conferenceId, workshopId, free);
      }
      return true;
    })();
  }
}
