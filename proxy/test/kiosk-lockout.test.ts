/**
 * Kiosk token guessing, over real sockets. Addresses are told apart by `X-Forwarded-For` behind
 * one trusted hop, as behind a venue's reverse proxy.
 *
 * Before the lockout, a wrong token was refused before any limit ran: on this machine a loop of
 * 32 connections from one address had ~94,000 guesses answered in 5 s (~1.1 million a minute);
 * the outside run measured ~67,000 a minute from one address and ~109,000 from fifty.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, assertNoKeyLeaks, codeOf, KIOSK_TOKEN, startStack, type Stack } from './harness.js';

const checkin = `${API}/badges/checkin`;
const WINDOW_MS = 10 * 60_000;

function attempt(stack: Stack, address: string, token: string) {
  return stack.request(checkin, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'x-kiosk-token': token },
    body: JSON.stringify({ qr: 'DEMO-0001', location: 'Hall A' }),
  });
}

const wrong = (i: number) => `wrong-token-guess-${String(i).padStart(6, '0')}`;

describe('kiosk token lockout (10 wrong per address, 100 in all, per 10 minutes)', () => {
  let stack: Stack;
  let clock = Date.parse('2026-05-04T09:00:00Z');
  before(async () => {
    stack = await startStack({ trustedProxyHops: 1, now: () => clock });
  });
  after(async () => {
    await stack.close();
    assertNoKeyLeaks();
  });

  test('an address is locked after 10 wrong tokens, the right token included, and it is logged once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await attempt(stack, '198.51.100.1', wrong(i))).res.status);
    assert.deepEqual(statuses, [...Array<number>(9).fill(401), ...Array<number>(6).fill(429)]);

    const { res, json } = await attempt(stack, '198.51.100.1', KIOSK_TOKEN);
    assert.equal(res.status, 429, 'the right token from a locked address waits too');
    assert.equal(codeOf(json), 'rate_limited');
    assert.equal(res.headers.get('retry-after'), String(WINDOW_MS / 1000));
    assert.deepEqual((json as { error: { details: unknown } }).error.details, {
      reason: 'address',
      retryAfterSeconds: WINDOW_MS / 1000,
    });
    assert.equal(stack.upstream.count('POST', checkin), 0);

    const locks = stack.logs.filter((l) => l.includes('"kiosk_token_locked"'));
    assert.equal(locks.length, 1);
    assert.match(locks[0]!, /"address":"198\.51\.100\.1"/);
    assert.equal(
      stack.logs.some((l) => l.includes('wrong-token-guess') || l.includes(KIOSK_TOKEN)),
      false,
      'no token in logs',
    );
  });

  test('another address is unaffected, and a right token is not counted', async () => {
    for (let i = 0; i < 12; i++) {
      const { res } = await attempt(stack, '203.0.113.7', KIOSK_TOKEN);
      assert.ok([200, 201, 409].includes(res.status), String(res.status));
    }
    const { res } = await attempt(stack, '203.0.113.8', wrong(99));
    assert.equal(res.status, 401);
  });

  test('a burst of concurrent guesses gets no more than 9 answers that tell wrong from right', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => attempt(stack, '198.51.100.2', wrong(1000 + i))),
    );
    const told = answers.filter((a) => a.res.status === 401).length;
    assert.equal(told, 9);
    assert.equal(answers.filter((a) => a.res.status === 429).length, 291);
  });

  test('at 100 failures in all, addresses that never presented the right token are locked; known kiosks go on', async () => {
    // So far 10 + 1 + 300 failures were counted globally: the ceiling is passed already.
    const fresh = await attempt(stack, '192.0.2.50', KIOSK_TOKEN);
    assert.equal(fresh.res.status, 429);
    assert.equal((fresh.json as { error: { details: { reason: string } } }).error.details.reason, 'global');
    const kiosk = await attempt(stack, '203.0.113.7', KIOSK_TOKEN);
    assert.ok([200, 201, 409].includes(kiosk.res.status), 'a kiosk that checked in before keeps working');
    assert.equal(stack.logs.filter((l) => l.includes('"kiosk_token_locked_globally"')).length, 1);
  });

  test('after the window the right token works again from the locked address', async () => {
    clock += WINDOW_MS + 1;
    const { res } = await attempt(stack, '198.51.100.1', KIOSK_TOKEN);
    assert.ok([200, 201, 409].includes(res.status), String(res.status));
  });
});

describe('the global ceiling on its own', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ trustedProxyHops: 1 });
  });
  after(() => stack.close());

  test('fifty addresses get 100 wrong answers in all, then 429', async () => {
    let told = 0;
    let refused = 0;
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, a) => attempt(stack, `100.64.0.${a}`, wrong(round * 50 + a))),
      );
      told += answers.filter((x) => x.res.status === 401).length;
      refused += answers.filter((x) => x.res.status === 429).length;
    }
    assert.equal(told, 99, 'the 100th failure is answered with the lock');
    assert.equal(refused, 101);
  });
});
