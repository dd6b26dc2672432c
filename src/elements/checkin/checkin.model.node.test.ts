import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  backoffMs,
  classify,
  conferenceDay,
  countOutcome,
  normalizeCode,
  qrFor,
  readCounters,
  RepeatFilter,
  retryAfterMs,
  ZERO_COUNTERS,
  type ConferenceDates,
} from './checkin.model.js';

const BERLIN: ConferenceDates = { startsOn: '2026-06-10', endsOn: '2026-06-12', timeZone: 'Europe/Berlin' };

describe('codes', () => {
  test("a scanner's control bytes and spaces are dropped; empty and overlong codes are none", () => {
    assert.equal(normalizeCode('\u0002DEMO-0001\r\n'), 'DEMO-0001');
    assert.equal(normalizeCode('   '), null);
    assert.equal(normalizeCode('x'.repeat(201)), null);
  });

  test("attendance: a plain code becomes today's daily code in the conference zone", () => {
    // 23:30 UTC on 10 June is already 11 June in Berlin: day 2.
    const r = qrFor('attendance', 'DEMO-0007', new Date('2026-06-10T23:30:00Z'), BERLIN);
    assert.deepEqual(r, { ok: true, qr: 'DAILY:2/DEMO-0007' });
    assert.deepEqual(qrFor('attendance', 'DAILY:3/DEMO-0007', new Date('2026-06-10T10:00:00Z'), BERLIN), {
      ok: true,
      qr: 'DAILY:3/DEMO-0007',
    });
    assert.deepEqual(qrFor('badge', 'DEMO-0007', new Date(), null), { ok: true, qr: 'DEMO-0007' });
  });

  test('attendance outside the conference days or without its dates is refused before sending', () => {
    assert.equal(conferenceDay(new Date('2026-06-09T12:00:00Z'), BERLIN), null);
    assert.equal(conferenceDay(new Date('2026-06-12T21:59:00Z'), BERLIN), 3);
    assert.equal(conferenceDay(new Date('2026-06-12T22:01:00Z'), BERLIN), null);
    assert.deepEqual(qrFor('attendance', 'DEMO-1', new Date('2026-07-01T12:00:00Z'), BERLIN), {
      ok: false,
      reason: 'not-a-conference-day',
    });
    assert.deepEqual(qrFor('attendance', 'DEMO-1', new Date(), null), { ok: false, reason: 'no-dates' });
  });

  test('the same code within the window is one scan; after it, a new one', () => {
    const f = new RepeatFilter(3000);
    assert.equal(f.isRepeat('A', 0), false);
    assert.equal(f.isRepeat('A', 1000), true);
    assert.equal(f.isRepeat('B', 1500), false);
    assert.equal(f.isRepeat('A', 3900), true, 'each repeat extends the window (a camera keeps seeing the badge)');
    assert.equal(f.isRepeat('A', 7000), false);
  });
});

describe('answers', () => {
  const now = Date.parse('2026-06-10T08:00:00Z');

  test('201 is checked in with name and ticket', () => {
    const o = classify(
      {
        status: 201,
        retryAfter: null,
        body: { data: { attendeeName: 'Ada L', ticketType: 'Standard', checkedInAt: 't' } },
      },
      now,
    );
    assert.deepEqual(o, { kind: 'checked-in', attendee: { name: 'Ada L', ticket: 'Standard' }, at: 't' });
  });

  test("409 is already, with the first scan's time and place; after an unknown earlier send it is ours", () => {
    const answer = {
      status: 409,
      retryAfter: null,
      body: {
        error: {
          code: 'already_checked_in',
          message: 'm',
          details: { checkedInAt: 'T1', location: 'Door B', attendeeName: 'Bo' },
        },
      },
    };
    assert.deepEqual(classify(answer, now), {
      kind: 'already',
      attendee: { name: 'Bo', ticket: null },
      firstAt: 'T1',
      firstLocation: 'Door B',
    });
    assert.equal(classify(answer, now, true).kind, 'checked-in');
  });

  test('refusals name their reason', () => {
    const unknown = classify(
      { status: 422, retryAfter: null, body: { error: { code: 'unknown_reference', message: 'Unknown badge X.' } } },
      now,
    );
    assert.deepEqual(unknown, { kind: 'refused', reason: 'unknown-badge', message: 'Unknown badge X.' });
    const day = classify(
      {
        status: 400,
        retryAfter: null,
        body: {
          error: {
            code: 'validation_failed',
            message: 'v',
            details: { fields: { qr: 'The day must be between 1 and 3.' } },
          },
        },
      },
      now,
    );
    assert.equal(day.kind === 'refused' && day.reason, 'wrong-day');
  });

  test('outages are retried, 429 after Retry-After, and token problems are a setup problem', () => {
    assert.deepEqual(classify({ status: 0, retryAfter: null, body: null }, now), {
      kind: 'retry',
      retryAfterMs: null,
      maybeProcessed: false,
      message: 'No answer.',
    });
    assert.equal(classify({ status: 0, retryAfter: null, body: null, timedOut: true }, now).kind === 'retry', true);
    const limited = classify(
      { status: 429, retryAfter: '7', body: { error: { code: 'rate_limited', message: 'slow' } } },
      now,
    );
    assert.deepEqual(limited, { kind: 'retry', retryAfterMs: 7000, maybeProcessed: false, message: 'slow' });
    const lost = classify(
      { status: 502, retryAfter: null, body: { error: { code: 'outcome_unknown', message: 'lost' } } },
      now,
    );
    assert.equal(lost.kind === 'retry' && lost.maybeProcessed, true);
    assert.equal(
      classify(
        { status: 401, retryAfter: null, body: { error: { code: 'kiosk_token_required', message: 'token' } } },
        now,
      ).kind,
      'setup',
    );
    assert.equal(classify({ status: 403, retryAfter: null, body: null }, now).kind, 'setup');
  });

  test('Retry-After as an HTTP date; unreadable is none', () => {
    assert.equal(retryAfterMs(new Date(now + 5000).toUTCString(), now), 5000);
    assert.equal(retryAfterMs('soon', now), null);
  });
});

describe('backoff and counters', () => {
  test('doubles from about a second to a minute, never under Retry-After', () => {
    assert.equal(
      backoffMs(1, null, () => 1),
      1000,
    );
    assert.equal(
      backoffMs(1, null, () => 0),
      500,
    );
    assert.equal(
      backoffMs(4, null, () => 1),
      8000,
    );
    assert.equal(
      backoffMs(30, null, () => 1),
      60_000,
    );
    assert.equal(
      backoffMs(1, 9000, () => 1),
      9000,
    );
  });

  test('outcomes count where they belong; damaged stored counters start from zero', () => {
    let c = { ...ZERO_COUNTERS, scanned: 3 };
    c = countOutcome(c, 'checked-in');
    c = countOutcome(c, 'already');
    c = countOutcome(c, 'refused');
    assert.deepEqual(c, { scanned: 3, checkedIn: 1, already: 1, refused: 1 });
    assert.deepEqual(readCounters({ scanned: -1, checkedIn: 'x', already: 2 }), {
      scanned: 0,
      checkedIn: 0,
      already: 2,
      refused: 0,
    });
  });
});
