/** The sandbox's data access: one object per area, all over one better-sqlite3 connection. */
import type { Database } from 'better-sqlite3';
import { AbstractStore } from './abstracts.js';
import { CheckinStore } from './checkins.js';
import { ConferenceStore } from './conferences.js';
import { ExhibitionStore } from './exhibition.js';
import { IdempotencyStore } from './idempotency.js';
import { KeyStore } from './keys.js';
import { RegistrationStore } from './registrations.js';
import { ScheduleStore } from './schedule.js';
import { UploadStore } from './uploads.js';
import { WorkshopStore } from './workshops.js';

export class Store {
  readonly conferences: ConferenceStore;
  readonly keys: KeyStore;
  readonly schedule: ScheduleStore;
  readonly workshops: WorkshopStore;
  readonly checkins: CheckinStore;
  readonly abstracts: AbstractStore;
  readonly exhibition: ExhibitionStore;
  readonly registrations: RegistrationStore;
  readonly uploads: UploadStore;
  readonly idempotency: IdempotencyStore;

  constructor(
    readonly db: Database,
    readonly now: () => number = Date.now,
  ) {
    this.conferences = new ConferenceStore(db);
    this.keys = new KeyStore(db, now);
    this.schedule = new ScheduleStore(db);
    this.workshops = new WorkshopStore(db, now);
    this.checkins = new CheckinStore(db, now);
    this.abstracts = new AbstractStore(db, now);
    this.exhibition = new ExhibitionStore(db, now);
    this.registrations = new RegistrationStore(db, now);
    this.uploads = new UploadStore(db, now);
    this.idempotency = new IdempotencyStore(db, now);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export type { Conference } from './conferences.js';
export type { ApiKey } from './keys.js';
