/** Badges, badge check-ins (once per badge) and attendance scans (once per badge and day). */
import type { Database } from 'better-sqlite3';
import type { AttendanceRecord, BadgeCheckin } from '../../src/api/records.js';
import { newId } from './ids.js';

export interface Badge {
  code: string;
  registrationId: string;
  attendeeName: string;
  ticketType: string;
}

interface BadgeRow {
  code: string;
  registration_id: string;
  first_name: string | null;
  last_name: string | null;
  ticket: string | null;
}
interface CheckinRow {
  id: string;
  badge_code: string;
  location: string | null;
  checked_in_at: number;
}
interface AttendanceRow {
  id: string;
  badge_code: string;
  day: number;
  location: string | null;
  recorded_at: number;
}

export type CheckinResult<T> = { outcome: 'created'; record: T } | { outcome: 'duplicate'; record: T };

export class CheckinStore {
  private readonly badge;
  private readonly checkinByBadge;
  private readonly insertCheckin;
  private readonly attendanceByBadgeDay;
  private readonly insertAttendance;
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.badge = db.prepare<[string, string], BadgeRow>(
      `SELECT b.code, b.registration_id, r.first_name, r.last_name, t.name AS ticket
       FROM badges b
       LEFT JOIN registrations r ON r.conference_id = b.conference_id AND r.id = b.registration_id
       LEFT JOIN ticket_types t ON t.conference_id = r.conference_id AND t.id = r.ticket_type_id
       WHERE b.conference_id = ? AND b.code = ?`,
    );
    this.checkinByBadge = db.prepare<[string, string], CheckinRow>(
      'SELECT * FROM badge_checkins WHERE conference_id = ? AND badge_code = ?',
    );
    this.insertCheckin = db.prepare(
      'INSERT INTO badge_checkins (id, conference_id, badge_code, location, checked_in_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.attendanceByBadgeDay = db.prepare<[string, string, number], AttendanceRow>(
      'SELECT * FROM attendance WHERE conference_id = ? AND badge_code = ? AND day = ?',
    );
    this.insertAttendance = db.prepare(
      'INSERT INTO attendance (id, conference_id, badge_code, day, location, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  findBadge(conferenceId: string, code: string): Badge | null {
    const r = this.badge.get(conferenceId, code);
    if (!r) return null;
    return {
      code: r.code,
      registrationId: r.registration_id,
      attendeeName: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.code,
      ticketType: r.ticket ?? '',
    };
  }

  private toCheckin(badge: Badge, r: CheckinRow): BadgeCheckin {
    return {
      id: r.id,
      badgeCode: r.badge_code,
      attendeeName: badge.attendeeName,
      ticketType: badge.ticketType,
      location: r.location,
      checkedInAt: new Date(r.checked_in_at).toISOString(),
    };
  }

  /** First scan wins; later scans get the first one back as a duplicate. */
  checkIn(conferenceId: string, badge: Badge, location: string | null): CheckinResult<BadgeCheckin> {
    return this.db
      .transaction((): CheckinResult<BadgeCheckin> => {
        const first = this.checkinByBadge.get(conferenceId, badge.code);
        if (first) return { outcome: 'duplicate', record: this.toCheckin(badge, first) };
        const id = newId('chk');
        this.insertCheckin.run(id, conferenceId, badge.code, location, this.now());
        return {
          outcome: 'created',
          record: this.toCheckin(badge, this.checkinByBadge.get(conferenceId, badge.code)!),
        };
      })
      .immediate();
  }

  private toAttendance(badge: Badge, r: AttendanceRow): AttendanceRecord {
    return {
      id: r.id,
      badgeCode: r.badge_code,
      attendeeName: badge.attendeeName,
      day: r.day,
      location: r.location,
      recordedAt: new Date(r.recorded_at).toISOString(),
    };
  }

  recordAttendance(
    conferenceId: string,
    badge: Badge,
    day: number,
    location: string | null,
  ): CheckinResult<AttendanceRecord> {
    return this.db
      .transaction((): CheckinResult<AttendanceRecord> => {
        const first = this.attendanceByBadgeDay.get(conferenceId, badge.code, day);
        if (first) return { outcome: 'duplicate', record: this.toAttendance(badge, first) };
        const id = newId('att');
        this.insertAttendance.run(id, conferenceId, badge.code, day, location, this.now());
        return {
          outcome: 'created',
          record: this.toAttendance(badge, this.attendanceByBadgeDay.get(conferenceId, badge.code, day)!),
        };
      })
      .immediate();
  }

  /** Check-ins of a conference, optionally of one badge (admin). */
  listCheckins(conferenceId: string, badgeCode?: string): BadgeCheckin[] {
    const rows = this.db
      .prepare<[string, string | null, string | null], CheckinRow>(
        'SELECT * FROM badge_checkins WHERE conference_id = ? AND (? IS NULL OR badge_code = ?) ORDER BY checked_in_at, id',
      )
      .all(conferenceId, badgeCode ?? null, badgeCode ?? null);
    return rows.map((r) => {
      const badge = this.findBadge(conferenceId, r.badge_code) ?? {
        code: r.badge_code,
        registrationId: '',
        attendeeName: r.badge_code,
        ticketType: '',
      };
      return this.toCheckin(badge, r);
    });
  }
}
