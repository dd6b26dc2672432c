/** Venues, speakers and events: the read-only schedule of a conference. */
import type { Database } from 'better-sqlite3';
import type { EventType, ScheduleEvent, Speaker, Venue } from '../../src/api/records.js';
import { epochToZonedIso } from '../../src/core/zone.js';
import { listResult, type Paging } from './paging.js';

interface VenueRow {
  id: string;
  name: string;
  description: string;
  floor: string;
  capacity: number;
  sort_order: number;
}
interface SpeakerRow {
  id: string;
  full_name: string;
  affiliation: string;
  job_title: string;
  bio: string;
  photo_url: string | null;
  links: string;
}
interface EventRow {
  id: string;
  title: string;
  type: EventType;
  description: string;
  starts_at: number;
  ends_at: number;
  venue_id: string;
  speaker_ids: string;
  track: string | null;
  workshop_id: string | null;
}

export class ScheduleStore {
  private readonly venues;
  private readonly venueCount;
  private readonly speakers;
  private readonly speakerCount;
  private readonly events;
  private readonly eventCount;
  constructor(db: Database) {
    this.venues = db.prepare<[string, number, number], VenueRow>(
      'SELECT * FROM venues WHERE conference_id = ? ORDER BY sort_order, id LIMIT ? OFFSET ?',
    );
    this.venueCount = db.prepare<[string], number>('SELECT COUNT(*) FROM venues WHERE conference_id = ?').pluck();
    this.speakers = db.prepare<[string, number, number], SpeakerRow>(
      'SELECT * FROM speakers WHERE conference_id = ? ORDER BY sort_order, id LIMIT ? OFFSET ?',
    );
    this.speakerCount = db.prepare<[string], number>('SELECT COUNT(*) FROM speakers WHERE conference_id = ?').pluck();
    // Stable order: start time, then the venue's place in the venue list, then id.
    this.events = db.prepare<[string, number, number], EventRow>(
      `SELECT e.* FROM events e
       LEFT JOIN venues v ON v.conference_id = e.conference_id AND v.id = e.venue_id
       WHERE e.conference_id = ?
       ORDER BY e.starts_at, v.sort_order, e.id LIMIT ? OFFSET ?`,
    );
    this.eventCount = db.prepare<[string], number>('SELECT COUNT(*) FROM events WHERE conference_id = ?').pluck();
  }

  listVenues(conferenceId: string, paging: Paging) {
    const rows = this.venues.all(conferenceId, paging.limit, paging.offset);
    const data: Venue[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      floor: r.floor,
      capacity: r.capacity,
      sortOrder: r.sort_order,
    }));
    return listResult(data, this.venueCount.get(conferenceId) ?? 0, paging);
  }

  listSpeakers(conferenceId: string, paging: Paging) {
    const rows = this.speakers.all(conferenceId, paging.limit, paging.offset);
    const data: Speaker[] = rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      affiliation: r.affiliation,
      jobTitle: r.job_title,
      bio: r.bio,
      photoUrl: r.photo_url,
      links: JSON.parse(r.links) as Speaker['links'],
    }));
    return listResult(data, this.speakerCount.get(conferenceId) ?? 0, paging);
  }

  listEvents(conferenceId: string, timeZone: string, paging: Paging) {
    const rows = this.events.all(conferenceId, paging.limit, paging.offset);
    const data: ScheduleEvent[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      description: r.description,
      startsAt: epochToZonedIso(r.starts_at, timeZone),
      endsAt: epochToZonedIso(r.ends_at, timeZone),
      timeZone,
      venueId: r.venue_id,
      speakerIds: JSON.parse(r.speaker_ids) as string[],
      track: r.track,
      workshopId: r.workshop_id,
    }));
    return listResult(data, this.eventCount.get(conferenceId) ?? 0, paging);
  }
}
