import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { EndpointId } from '../../src/api/contract.js';
import { CHECKIN_RATE_LIMIT } from '../rate-limit.js';
import { assertError, assertFields, CONTRACT, FX, start, type TestSandbox } from './helpers.js';

describe('badge and attendance check-ins', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  it('records the first scan; a repeat is 409 with when, where and who', async () => {
    const a = await s.call('POST', '/badges/checkin', { body: { qr: 'FX-0001', location: 'Entrance A' } });
    assert.equal(a.status, 201);
    assert.equal(a.body.data.badgeCode, 'FX-0001');
    assert.equal(a.body.data.attendeeName, 'First1 Last1');
    assert.equal(a.body.data.ticketType, 'Regular');
    assert.equal(a.body.data.location, 'Entrance A');
    const b = await s.call('POST', '/badges/checkin', { body: { qr: 'FX-0001', location: 'Entrance B' } });
    const e = assertError(b, 409, 'already_checked_in');
    assert.deepEqual(e.details, {
      checkedInAt: a.body.data.checkedInAt,
      location: 'Entrance A',
      attendeeName: 'First1 Last1',
    });
    const admin = await s.admin('GET', '/checkins?badge=FX-0001');
    assert.equal(admin.body.data.length, 1);
  });

  it('an unknown badge is 422 unknown_reference on qr (a kiosk shows "unknown badge")', async () => {
    assertFields(await s.call('POST', '/badges/checkin', { body: { qr: 'FX-9999' } }), 422, 'unknown_reference', [
      'qr',
    ]);
    // Badges of another conference are unknown too.
    assertFields(
      await s.call('POST', '/badges/checkin', { key: 'fx-key-other', body: { qr: 'NOPE-1' } }),
      422,
      'unknown_reference',
      ['qr'],
    );
  });

  it('attendance: DAILY:<day>/<badge>, once per badge and day', async () => {
    const a = await s.call('POST', '/attendance/checkin', { body: { qr: 'DAILY:1/FX-0002', location: 'Hall' } });
    assert.equal(a.status, 201);
    assert.equal(a.body.data.day, 1);
    assert.equal(a.body.data.badgeCode, 'FX-0002');
    assert.equal((await s.call('POST', '/attendance/checkin', { body: { qr: 'DAILY:2/FX-0002' } })).status, 201);
    const e = assertError(
      await s.call('POST', '/attendance/checkin', { body: { qr: 'DAILY:1/FX-0002' } }),
      409,
      'already_recorded',
    );
    assert.equal(e.details.location, 'Hall');
    assert.equal(e.details.day, 1);
  });

  it('attendance: malformed codes and days outside the conference are 400 on qr; unknown badges 422', async () => {
    for (const qr of [
      'FX-0003',
      'DAILY:FX-0003',
      'DAILY:x/FX-0003',
      'daily:1/FX-0003',
      'DAILY:1/',
      'DAILY:3/FX-0003',
      'DAILY:0/FX-0003',
    ]) {
      assertFields(await s.call('POST', '/attendance/checkin', { body: { qr } }), 400, 'validation_failed', ['qr']);
    }
    assertFields(
      await s.call('POST', '/attendance/checkin', { body: { qr: 'DAILY:1/FX-9999' } }),
      422,
      'unknown_reference',
      ['qr'],
    );
  });
});

/** A valid body per kiosk endpoint (the rate-limited ones); a new kiosk endpoint needs one here. */
const BURST_BODIES: Partial<Record<EndpointId, (i: number) => unknown>> = {
  badgeCheckin: (i) => ({ qr: `FX-${String((i % 30) + 1).padStart(4, '0')}` }),
  attendanceCheckin: (i) => ({ qr: `DAILY:${(i % 2) + 1}/FX-${String((i % 30) + 1).padStart(4, '0')}` }),
};

function statusCounts(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

describe('check-in rate limit', () => {
  for (const e of CONTRACT.filter((x) => x.spec.audience === 'kiosk')) {
    it(`${e.path}: a burst of 300 at once from one key meets 429 with an integer Retry-After; other keys are unaffected`, async () => {
      const body = BURST_BODIES[e.id];
      assert.ok(body, `no burst body for ${e.id}`);
      // The sandbox's clock stands still, so the bucket does not refill while the burst is sent:
      // however slowly a loaded machine sends it, exactly `burst` pass and the rest meet 429.
      const frozen = Date.now();
      const s = await start({ now: () => frozen });
      try {
        // Each call has its own deadline (CALL_TIMEOUT_MS): one never answered fails the test, named.
        const answers = await Promise.all(
          Array.from({ length: 300 }, (_, i) => s.call('POST', e.path, { body: body(i) })),
        );
        const limited = answers.filter((a) => a.status === 429);
        assert.equal(
          limited.length,
          300 - CHECKIN_RATE_LIMIT.burst,
          `statuses: ${JSON.stringify(statusCounts(answers))}`,
        );
        for (const a of limited) {
          const err = assertError(a, 429, 'rate_limited', e.path);
          assert.match(a.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
          assert.equal(err.details.retryAfter, Number(a.headers.get('retry-after')));
        }
        // The rest are the endpoint's own answers (201, or 409 for a code already scanned). Any other
        // status fails here too: Node's bare 408 from its request timeout is the one answer found
        // that a burst request could have got only after 300 s, and it would otherwise pass.
        const unexpected = answers.filter((a) => a.status !== 429 && a.status !== 201 && a.status !== 409);
        assert.deepEqual(
          unexpected.map((a) => a.status),
          [],
          `statuses: ${JSON.stringify(statusCounts(answers))}`,
        );
        assert.ok(answers.some((a) => a.status === 201));
        // Reads are not limited, and another key has its own bucket.
        assert.equal((await s.call('GET', '/health')).status, 200);
        const created = await s.admin('POST', '/keys', {
          conferenceId: FX.id,
          scopes: [e.spec.scope],
          label: 'lane-2',
        });
        const other = await s.call('POST', e.path, { key: created.body.data.secret, body: body(0) });
        assert.notEqual(other.status, 429);
      } finally {
        await s.close();
      }
    });
  }
});

describe('persistence on a file database', () => {
  it('a badge checked in stays checked in after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
    const db = join(dir, 'sandbox.db');
    try {
      const first = await start({ db });
      assert.equal(
        (await first.call('POST', '/badges/checkin', { body: { qr: 'FX-0007', location: 'Door' } })).status,
        201,
      );
      const reg = await first.call('POST', '/registrations/registrations', {
        body: {
          firstName: 'Per',
          lastName: 'Sist',
          email: 'p@example.org',
          ticketTypeId: FX.freeTicket,
          customFields: { organization: 'X' },
        },
      });
      assert.equal(reg.status, 201);
      await first.close();

      const second = await start({ db });
      try {
        const e = assertError(
          await second.call('POST', '/badges/checkin', { body: { qr: 'FX-0007' } }),
          409,
          'already_checked_in',
        );
        assert.equal(e.details.location, 'Door');
        const regs = await second.admin('GET', '/registrations?email=p@example.org');
        assert.equal(regs.body.data.length, 1);
        assert.equal(regs.body.data[0].id, reg.body.data.id);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
