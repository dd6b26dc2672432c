/** `Idempotency-Key` on POSTs: replayed answers, reuse, in progress, faults, restart, expiry, switch. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Admin } from '../admin/operations.js';
import { assertError, FX, start, testClock, type TestSandbox } from './helpers.js';

const REGISTER = '/registrations/registrations';
const person = (email: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  ticketTypeId: FX.freeTicket,
  customFields: { organization: 'Analytical Engines' },
  ...over,
});

async function registrationsOf(s: TestSandbox, email: string): Promise<string[]> {
  const rows = await s.admin('GET', `/registrations?conference=${FX.id}&email=${encodeURIComponent(email)}`);
  assert.equal(rows.status, 200);
  return (rows.body.data as { id: string }[]).map((r) => r.id);
}

const keyed = (key: string, headers: Record<string, string> = {}) => ({ 'idempotency-key': key, ...headers });

describe('Idempotency-Key on POST', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  it('the same key and body: the first answer again, the work done once', async () => {
    const email = 'same@example.org';
    const first = await s.call('POST', REGISTER, { body: person(email), headers: keyed('k-same-1') });
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const again = await s.call('POST', REGISTER, { body: person(email), headers: keyed('k-same-1') });
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await registrationsOf(s, email), [first.body.data.id]);
  });

  it('the same key with another body: 422 idempotency_key_reused, nothing recorded', async () => {
    await s.call('POST', REGISTER, { body: person('reuse@example.org'), headers: keyed('k-reuse-1') });
    const other = await s.call('POST', REGISTER, { body: person('other@example.org'), headers: keyed('k-reuse-1') });
    assertError(other, 422, 'idempotency_key_reused');
    assert.deepEqual(await registrationsOf(s, 'other@example.org'), []);
  });

  it('a refusal by the rules is the answer kept; a request refused before processing keeps nothing', async () => {
    const checkin = { qr: 'FX-0001' };
    assert.equal((await s.call('POST', '/badges/checkin', { body: checkin })).status, 201);
    const refused = await s.call('POST', '/badges/checkin', { body: checkin, headers: keyed('k-refused-1') });
    assertError(refused, 409, 'already_checked_in');
    const replayed = await s.call('POST', '/badges/checkin', { body: checkin, headers: keyed('k-refused-1') });
    assertError(replayed, 409, 'already_checked_in');
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true');

    // A body the schema refuses (400) is not processed: the key stays free for a good body.
    const invalid = await s.call('POST', REGISTER, { body: { email: 'nope' }, headers: keyed('k-invalid-1') });
    assertError(invalid, 400, 'validation_failed');
    const good = await s.call('POST', REGISTER, { body: person('later@example.org'), headers: keyed('k-invalid-1') });
    assert.equal(good.status, 201);
    assert.equal(good.headers.get('idempotent-replayed'), null);
  });

  it('scoped per API key: another key with the same Idempotency-Key is processed on its own', async () => {
    const { secret } = new Admin(s.sandbox.store).createKey({ conferenceId: FX.id, scopes: ['registrations:write'] });
    const mine = await s.call('POST', REGISTER, { body: person('scope-a@example.org'), headers: keyed('k-scope-1') });
    const theirs = await s.call('POST', REGISTER, {
      body: person('scope-b@example.org'),
      headers: keyed('k-scope-1'),
      key: secret,
    });
    assert.equal(mine.status, 201);
    assert.equal(theirs.status, 201);
    assert.notEqual(theirs.body.data.id, mine.body.data.id);
  });

  it('an injected 503 before processing is not kept; an answer lost after processing is, and is replayed', async () => {
    const email = 'faults@example.org';
    const unavailable = await s.call('POST', REGISTER, {
      body: person(email),
      headers: keyed('k-fault-1', { prefer: 'code=503' }),
    });
    assertError(unavailable, 503, 'service_unavailable');
    assert.deepEqual(await registrationsOf(s, email), []);
    const lost = await s.call('POST', REGISTER, {
      body: person(email),
      headers: keyed('k-fault-1', { prefer: 'code=500, after=processing' }),
    });
    assertError(lost, 500, 'internal_error');
    const recorded = await registrationsOf(s, email);
    assert.equal(recorded.length, 1, 'the lost answer was recorded');
    const retry = await s.call('POST', REGISTER, { body: person(email), headers: keyed('k-fault-1') });
    assert.equal(retry.status, 201);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal(retry.body.data.id, recorded[0]);
    assert.deepEqual(await registrationsOf(s, email), recorded);
  });

  it('a repeat while the first request is still arriving: 409 idempotency_in_progress with Retry-After', async () => {
    const email = 'slow@example.org';
    const body = JSON.stringify(person(email));
    // The first request's headers and half its body; the rest is held back.
    let answerFirst!: (value: { status: number; text: string }) => void;
    const firstAnswered = new Promise<{ status: number; text: string }>((resolve) => (answerFirst = resolve));
    const slow = request(
      s.api(REGISTER),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-api-key': FX.keys.all,
          'idempotency-key': 'k-slow-1',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => answerFirst({ status: res.statusCode ?? 0, text }));
      },
    );
    slow.write(body.slice(0, 20));
    // The claim is taken once the headers are in; wait for it, not for a fixed time.
    const claimed = s.sandbox.store.db
      .prepare("SELECT count(*) FROM idempotency_keys WHERE idem_key = 'k-slow-1' AND state = 'pending'")
      .pluck();
    while (claimed.get() === 0) await new Promise((r) => setTimeout(r, 10));
    let repeat = await s.call('POST', REGISTER, { body: person(email), headers: keyed('k-slow-1') });
    assertError(repeat, 409, 'idempotency_in_progress');
    assert.equal(repeat.headers.get('retry-after'), '1');
    slow.end(body.slice(20));
    const first = await firstAnswered;
    assert.equal(first.status, 201);
    repeat = await s.call('POST', REGISTER, { body: person(email), headers: keyed('k-slow-1') });
    assert.equal(repeat.status, 201);
    assert.equal(JSON.stringify(repeat.body), first.text);
    assert.equal((await registrationsOf(s, email)).length, 1);
  });

  it('a key that is not 1 to 255 visible ASCII characters is refused', async () => {
    assertError(
      await s.call('POST', REGISTER, { body: person('badkey@example.org'), headers: keyed('x'.repeat(256)) }),
      400,
      'validation_failed',
    );
    assertError(
      await s.call('POST', REGISTER, { body: person('badkey@example.org'), headers: keyed('with space') }),
      400,
      'validation_failed',
    );
    assert.deepEqual(await registrationsOf(s, 'badkey@example.org'), []);
  });
});

describe('Idempotency-Key records last', () => {
  it('survive a restart on a file database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-idem-'));
    const db = join(dir, 'sandbox.db');
    try {
      const email = 'restart@example.org';
      let s = await start({ db });
      const first = await s.call('POST', REGISTER, { body: person(email), headers: keyed('k-restart-1') });
      assert.equal(first.status, 201);
      await s.close();
      s = await start({ db });
      try {
        const again = await s.call('POST', REGISTER, { body: person(email), headers: keyed('k-restart-1') });
        assert.equal(again.status, 201);
        assert.equal(again.headers.get('idempotent-replayed'), 'true');
        assert.deepEqual(again.body, first.body);
        assert.deepEqual(await registrationsOf(s, email), [first.body.data.id]);
      } finally {
        await s.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are replayed for 24 hours, then the key is new again', async () => {
    const clock = testClock();
    const s = await start({ now: clock.now });
    try {
      const checkin = { qr: 'FX-0002' };
      assert.equal((await s.call('POST', '/badges/checkin', { body: checkin, headers: keyed('k-day-1') })).status, 201);
      clock.advance(24 * 60 * 60 * 1000 - 60_000);
      const late = await s.call('POST', '/badges/checkin', { body: checkin, headers: keyed('k-day-1') });
      assert.equal(late.status, 201);
      assert.equal(late.headers.get('idempotent-replayed'), 'true');
      clock.advance(2 * 60_000);
      // Processed anew: the badge is already checked in.
      assertError(
        await s.call('POST', '/badges/checkin', { body: checkin, headers: keyed('k-day-1') }),
        409,
        'already_checked_in',
      );
    } finally {
      await s.close();
    }
  });
});

describe('idempotency switched off', () => {
  it('ignores the header: a repeat is processed again', async () => {
    const s = await start({ idempotency: false });
    try {
      const checkin = { qr: 'FX-0003' };
      assert.equal((await s.call('POST', '/badges/checkin', { body: checkin, headers: keyed('k-off-1') })).status, 201);
      assertError(
        await s.call('POST', '/badges/checkin', { body: checkin, headers: keyed('k-off-1') }),
        409,
        'already_checked_in',
      );
    } finally {
      await s.close();
    }
  });
});
