/**
 * The kiosk's pure logic: what a scanned code means, which scans are repeats of the one before,
 * what an answer of the proxy means for the person at the door, and how long to wait before the
 * next try. No DOM, no storage: node-tested (`checkin.model.node.test.ts`).
 */
import { DAILY_CODE_PREFIX } from '../../api/contract.js';

export const MODES = ['badge', 'attendance'] as const;
export type Mode = (typeof MODES)[number];

/** What the person at the door is told. `queued`: stored on the device, sent when possible. */
export type CheckinStatus = 'checked-in' | 'already' | 'refused' | 'queued';

/** Longest code accepted; a badge QR holds a short code, and a scanner that runs on is noise. */
export const MAX_CODE_LENGTH = 200;

/**
 * A scanned or typed code as the kiosk keeps it: trimmed, control characters (a scanner's
 * prefix/suffix bytes) removed. Null when nothing usable is left.
 */
export function normalizeCode(raw: string): string | null {
  // eslint-disable-next-line no-control-regex -- removing a scanner's control bytes is the point
  const code = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (code === '' || code.length > MAX_CODE_LENGTH) return null;
  return code;
}

const DAILY = new RegExp(`^${DAILY_CODE_PREFIX}:\\d{1,3}/\\S+$`);

export function isDailyCode(code: string): boolean {
  return DAILY.test(code);
}

/** The conference's dates as `/website/site` gives them, kept on the device for offline days. */
export interface ConferenceDates {
  startsOn: string;
  endsOn: string;
  timeZone: string;
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);
}

/**
 * Today's day of the conference (1 = its first day) in the conference's zone, or null outside
 * its dates: the sandbox refuses a daily code whose day is not one of the conference's days.
 */
export function conferenceDay(now: Date, dates: ConferenceDates): number | null {
  const today = dayNumber(dateIn(now, dates.timeZone));
  const first = dayNumber(dates.startsOn);
  const last = dayNumber(dates.endsOn);
  if (!(today >= first && today <= last)) return null;
  return today - first + 1;
}

export type QrResult = { ok: true; qr: string } | { ok: false; reason: 'no-dates' | 'not-a-conference-day' };

/**
 * What is sent as `qr`. Badge mode: the code as scanned. Attendance mode: a daily code as
 * scanned, or a plain badge code turned into `DAILY:<today's day>/<code>` at scan time, so a scan
 * stored offline on day 1 and sent on day 2 still counts for day 1.
 */
export function qrFor(mode: Mode, code: string, now: Date, dates: ConferenceDates | null): QrResult {
  if (mode === 'badge' || isDailyCode(code)) return { ok: true, qr: code };
  if (!dates) return { ok: false, reason: 'no-dates' };
  const day = conferenceDay(now, dates);
  if (day === null) return { ok: false, reason: 'not-a-conference-day' };
  return { ok: true, qr: `${DAILY_CODE_PREFIX}:${day}/${code}` };
}

/**
 * Scanners and cameras report one badge several times in a row; the same code again within
 * `windowMs` is the same scan.
 */
export class RepeatFilter {
  private readonly lastSeen = new Map<string, number>();
  constructor(readonly windowMs = 3000) {}

  /** True when this is a repeat (ignored); records the scan either way. */
  isRepeat(code: string, nowMs: number): boolean {
    const last = this.lastSeen.get(code);
    this.lastSeen.set(code, nowMs);
    for (const [c, t] of this.lastSeen) if (nowMs - t > this.windowMs) this.lastSeen.delete(c);
    return last !== undefined && nowMs - last <= this.windowMs;
  }
}

export interface Attendee {
  name: string | null;
  ticket: string | null;
}

/** What one answer means. `retry`: not done, try again later; `setup`: this kiosk cannot send. */
export type Outcome =
  | { kind: 'checked-in'; attendee: Attendee; at: string | null }
  | { kind: 'already'; attendee: Attendee; firstAt: string | null; firstLocation: string | null }
  | { kind: 'refused'; reason: RefusalReason; message: string }
  | { kind: 'retry'; retryAfterMs: number | null; maybeProcessed: boolean; message: string }
  | { kind: 'setup'; code: string; message: string };

export type RefusalReason = 'unknown-badge' | 'wrong-day' | 'invalid' | 'refused';

/** An answer as the kiosk's sender saw it. Status 0: no answer (unreachable, timed out). */
export interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | null;
  /** True when the request may have reached the server (a timeout, not a refused connection). */
  timedOut?: boolean;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function record(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `nowMs`; null when absent/unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const h = header.trim();
  if (/^\d+$/.test(h)) return Number(h) * 1000;
  const at = Date.parse(h);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * Classifies an answer. `earlierMaybeOurs`: an earlier send of this scan may have been recorded
 * without us hearing the answer; a 409 is then our own earlier check-in, not someone else's.
 */
export function classify(answer: Answer, nowMs: number, earlierMaybeOurs = false): Outcome {
  const { status } = answer;
  const body = record(answer.body);
  const error = record(body.error);
  const code = str(error.code) ?? '';
  const message = str(error.message) ?? `HTTP ${status}`;
  const data = record(body.data);
  if (status === 200 || status === 201) {
    return {
      kind: 'checked-in',
      attendee: { name: str(data.attendeeName), ticket: str(data.ticketType) },
      at: str(data.checkedInAt) ?? str(data.recordedAt),
    };
  }
  const details = record(error.details);
  if (status === 409) {
    const attendee = { name: str(details.attendeeName), ticket: null };
    if (earlierMaybeOurs)
      return { kind: 'checked-in', attendee, at: str(details.checkedInAt) ?? str(details.recordedAt) };
    return {
      kind: 'already',
      attendee,
      firstAt: str(details.checkedInAt) ?? str(details.recordedAt),
      firstLocation: str(details.location),
    };
  }
  if (status === 0)
    return { kind: 'retry', retryAfterMs: null, maybeProcessed: answer.timedOut === true, message: 'No answer.' };
  if (status === 429 || status === 503) {
    return { kind: 'retry', retryAfterMs: retryAfterMs(answer.retryAfter, nowMs), maybeProcessed: false, message };
  }
  if (status === 401 || status === 403) return { kind: 'setup', code, message };
  if (status >= 500 || status === 408) {
    // 502 outcome_unknown, 504, 500: the check-in may have been recorded.
    return { kind: 'retry', retryAfterMs: retryAfterMs(answer.retryAfter, nowMs), maybeProcessed: true, message };
  }
  if (code === 'unknown_reference') return { kind: 'refused', reason: 'unknown-badge', message };
  const fields = record(details.fields);
  const qrProblem = str(fields.qr);
  if (code === 'validation_failed' && qrProblem && /day/i.test(qrProblem))
    return { kind: 'refused', reason: 'wrong-day', message: qrProblem };
  if (code === 'validation_failed') return { kind: 'refused', reason: 'invalid', message: qrProblem ?? message };
  return { kind: 'refused', reason: 'refused', message };
}

/** Longest wait between two tries of a stored scan. */
export const MAX_BACKOFF_MS = 60_000;

/**
 * Wait before try number `attempt + 1` (attempt ≥ 1): doubling from 1 s up to a minute, with
 * jitter so kiosks coming back together do not send in lockstep, and never before `Retry-After`.
 */
export function backoffMs(attempt: number, retryAfter: number | null, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt - 1));
  const jittered = base / 2 + random() * (base / 2);
  return Math.max(Math.round(jittered), retryAfter ?? 0);
}

/** The kiosk's counters, kept on the device across reloads. */
export interface Counters {
  scanned: number;
  checkedIn: number;
  already: number;
  refused: number;
}

export const ZERO_COUNTERS: Counters = { scanned: 0, checkedIn: 0, already: 0, refused: 0 };

/** Counters after a final outcome (the scan itself was counted when it was made). */
export function countOutcome(c: Counters, status: Exclude<CheckinStatus, 'queued'>): Counters {
  if (status === 'checked-in') return { ...c, checkedIn: c.checkedIn + 1 };
  if (status === 'already') return { ...c, already: c.already + 1 };
  return { ...c, refused: c.refused + 1 };
}

/** Reads stored counters tolerantly (an old or damaged value counts from zero). */
export function readCounters(v: unknown): Counters {
  const r = record(v);
  const n = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : 0);
  return { scanned: n(r.scanned), checkedIn: n(r.checkedIn), already: n(r.already), refused: n(r.refused) };
}
