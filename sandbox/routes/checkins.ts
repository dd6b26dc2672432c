import { DAILY_CODE_PREFIX } from '../../src/api/contract.js';
import { SandboxError, fieldError, validationFailed } from '../errors.js';
import type { Store } from '../store/index.js';
import type { HandlerGroup } from './types.js';

/** A badge code unknown to the conference: 422 on `qr`, so a kiosk can say "unknown badge". */
function knownBadge(store: Store, conferenceId: string, code: string) {
  const badge = store.checkins.findBadge(conferenceId, code);
  if (!badge) throw fieldError('unknown_reference', `Unknown badge ${code}.`, { qr: 'Unknown badge.' });
  return badge;
}

const DAILY = new RegExp(`^${DAILY_CODE_PREFIX}:(\\d{1,3})/(\\S+)$`);

/** Splits `DAILY:<day>/<badge code>`; the day must be one of the conference's days. */
export function parseDailyCode(qr: string, days: number): { day: number; code: string } {
  const m = DAILY.exec(qr);
  if (!m) throw validationFailed({ qr: `Must be a daily code ${DAILY_CODE_PREFIX}:<day>/<badge code>.` });
  const day = Number(m[1]);
  if (day < 1 || day > days) throw validationFailed({ qr: `The day must be between 1 and ${days}.` });
  return { day, code: m[2]! };
}

export const checkinHandlers: HandlerGroup<'badgeCheckin' | 'attendanceCheckin'> = {
  badgeCheckin: ({ store, conference, body }) => {
    const badge = knownBadge(store, conference.id, body.qr);
    const result = store.checkins.checkIn(conference.id, badge, body.location || null);
    if (result.outcome === 'duplicate') {
      const { checkedInAt, location, attendeeName } = result.record;
      throw new SandboxError('already_checked_in', `${attendeeName} is already checked in.`, {
        checkedInAt,
        location,
        attendeeName,
      });
    }
    return result.record;
  },

  attendanceCheckin: ({ store, conference, body }) => {
    const { day, code } = parseDailyCode(body.qr, conference.days);
    const badge = knownBadge(store, conference.id, code);
    const result = store.checkins.recordAttendance(conference.id, badge, day, body.location || null);
    if (result.outcome === 'duplicate') {
      const { recordedAt, location, attendeeName } = result.record;
      throw new SandboxError('already_recorded', `Attendance of ${attendeeName} on day ${day} is already recorded.`, {
        recordedAt,
        location,
        attendeeName,
        day,
      });
    }
    return result.record;
  },
};
