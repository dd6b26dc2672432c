/**
 * Smaller holes an outside attack run found: the kiosk token's reach over the write limit,
 * request bodies in other charsets, paging values past their range and an empty `include=`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, KIOSK_TOKEN, assertNoKeyLeaks, codeOf, startStack, type Stack } from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack({ rateLimit: false });
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('the kiosk token and the write limit', () => {
  test('a kiosk token exempts check-ins only: a registration past the limit is 429 with it', async () => {
    const limited = await startStack({ rateLimit: { max: 2, windowMs: 60_000 } }, {}, stack.upstream);
    try {
      const registrations = `${API}/registrations/registrations`;
      const kiosk = { 'x-kiosk-token': KIOSK_TOKEN };
      for (let i = 0; i < 2; i++) {
        assert.notEqual((await limited.request(registrations, post({ n: i }, kiosk))).res.status, 429);
      }
      const before = stack.upstream.count('POST', registrations);
      const over = await limited.request(registrations, post({ n: 3 }, kiosk));
      assert.equal(over.res.status, 429);
      assert.equal(codeOf(over.json), 'rate_limited');
      assert.equal(stack.upstream.count('POST', registrations), before);
      // Check-ins with the token are still not counted, however many.
      for (let i = 0; i < 3; i++) {
        const scan = await limited.request(`${API}/badges/checkin`, post({ qr: 'DEMO-0002', location: 'Door' }, kiosk));
        assert.notEqual(scan.res.status, 429);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('request bodies in another charset', () => {
  const submissions = `${API}/abstracts/submissions`;

  test('utf-16, iso-8859-1 and the like: 415 before the upstream', async () => {
    const before = stack.upstream.count('POST', submissions);
    for (const type of [
      'application/json; charset=utf-16',
      'application/json;charset=ISO-8859-1',
      'application/json; charset="utf-16le"',
      'application/json; charset=utf-32',
      'application/json; charset=',
    ]) {
      const { res, json } = await stack.request(submissions, {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{}',
      });
      assert.equal(res.status, 415, type);
      assert.equal(codeOf(json), 'unsupported_media_type', type);
    }
    assert.equal(stack.upstream.count('POST', submissions), before);
  });

  test('utf-8 (any spelling) or no charset is forwarded', async () => {
    const before = stack.upstream.count('POST', submissions);
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
      'application/json;charset=utf8',
    ]) {
      const { res } = await stack.request(submissions, {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{}',
      });
      assert.notEqual(res.status, 415, type);
    }
    assert.equal(stack.upstream.count('POST', submissions), before + 4);
  });
});

describe('query values the proxy and the API must agree on', () => {
  test('limit or offset of ten or more digits: 400 naming the real range, through the proxy as from the API', async () => {
    for (const [query, pattern] of [
      ['offset=1000000000', /offset must be a whole number from 0 to 999999999\./],
      ['offset=12345678901234567890', /offset must be a whole number from 0 to 999999999\./],
      ['limit=1234567890', /limit must be a whole number from 1 to 200\./],
    ] as const) {
      const { res, json } = await stack.request(`${API}/events/events?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(codeOf(json), 'invalid_query', query);
      const message = (json as { error: { message: string } }).error.message;
      assert.match(message, pattern, query);
      assert.doesNotMatch(message, /or more/, query);
    }
    assert.equal((await stack.request(`${API}/events/events?offset=999999999`)).res.status, 200);
  });

  test('an empty include= is accepted as no include, and shares its cache entry', async () => {
    const path = `${API}/abstracts/abstracts`;
    const before = stack.upstream.count('GET', path);
    const plain = await stack.request(path);
    const empty = await stack.request(`${path}?include=`);
    assert.equal(plain.res.status, 200);
    assert.equal(empty.res.status, 200);
    assert.equal(empty.text, plain.text);
    assert.equal(stack.upstream.count('GET', path), before + 1);
  });
});
