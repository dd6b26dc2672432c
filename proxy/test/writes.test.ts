/** Writes: body cap, media type, no blind retries, idempotency keys and the per-IP rate limit. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ProxyError } from '../errors.js';
import { outcomeOf } from '../middleware/idempotency.js';
import { API, KIOSK_TOKEN, assertNoKeyLeaks, codeOf, startStack, streamBody, type Stack } from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack({ forwardScenarioHeaders: true, rateLimit: false });
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

const submission = `${API}/abstracts/submissions`;
const abstract = (title: string) => ({ registrationId: 'reg_1', title, authors: [{ fullName: 'Ada Lovelace' }] });
const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('body limits', () => {
  test('not JSON: 415 without an upstream call', async () => {
    const before = stack.upstream.count('POST', submission);
    const { res, json } = await stack.request(submission, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    assert.equal(res.status, 415);
    assert.equal(codeOf(json), 'unsupported_media_type');
    assert.equal(stack.upstream.count('POST', submission), before);
  });

  test('over 256 KB declared: 413 at once', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(300 * 1024) });
    const { res, json } = await stack.request(submission, post(big));
    assert.equal(res.status, 413);
    assert.equal(codeOf(json), 'payload_too_large');
  });

  test('over 256 KB chunked without Content-Length: 413 counted while streaming, no upstream call', async () => {
    const before = stack.upstream.count('POST', submission);
    const { status, text, sent } = await streamBody(stack.url, 'POST', submission, 4 * 1024 * 1024, {
      'content-type': 'application/json',
    });
    assert.equal(status, 413);
    assert.match(text, /"code":"payload_too_large"/);
    assert.ok(sent < 4 * 1024 * 1024, 'answered before the whole body was sent');
    assert.equal(stack.upstream.count('POST', submission), before);
  });

  test('a body just under the cap is forwarded (the upstream judges it)', async () => {
    const before = stack.upstream.count('POST', submission);
    await stack.request(submission, post({ ...abstract('Long'), notes: 'x'.repeat(200 * 1024) }));
    assert.equal(stack.upstream.count('POST', submission), before + 1);
  });
});

describe('no blind retries', () => {
  test('a write answered 503 is passed back after one attempt', async () => {
    const before = stack.upstream.count('POST', submission);
    const { res, json } = await stack.request(submission, post(abstract('Once'), { prefer: 'code=503' }));
    assert.equal(res.status, 503);
    assert.equal(codeOf(json), 'service_unavailable');
    assert.ok(res.headers.get('retry-after'));
    assert.equal(stack.upstream.count('POST', submission), before + 1);
  });
});

describe('Idempotency-Key', () => {
  test('a sequential repeat gets the first answer without a second upstream call', async () => {
    const before = stack.upstream.count('POST', submission);
    const headers = { 'idempotency-key': 'seq-0001' };
    const first = await stack.request(submission, post(abstract('Seq'), headers));
    const second = await stack.request(submission, post(abstract('Seq'), headers));
    assert.equal(second.res.status, first.res.status);
    assert.equal(second.text, first.text);
    assert.equal(second.res.headers.get('idempotent-replayed'), 'true');
    assert.equal(stack.upstream.count('POST', submission), before + 1);
  });

  test('concurrent repeats wait for the first: one upstream call', async () => {
    // Ten at once from one address: past the per-address limit on bodies in flight, raised here.
    const slow = await startStack({ rateLimit: false, bodyLimits: { perAddress: 10 } }, { latencyMs: 150 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          slow.request(submission, post(abstract('Concurrent'), { 'idempotency-key': 'conc-0001' })),
        ),
      );
      assert.equal(new Set(answers.map((a) => a.text)).size, 1);
      assert.equal(new Set(answers.map((a) => a.res.status)).size, 1);
      assert.equal(slow.upstream.count('POST', submission), 1);
      assert.ok(slow.logs.some((l) => l.includes('"idempotency":"waited"')));
    } finally {
      await slow.close();
    }
  });

  test('a first attempt that failed upstream is not kept: the retry is forwarded', async () => {
    const before = stack.upstream.count('POST', submission);
    const headers = { 'idempotency-key': 'retry-0001' };
    const failed = await stack.request(submission, post(abstract('Retry'), { ...headers, prefer: 'code=503' }));
    assert.equal(failed.res.status, 503);
    const retried = await stack.request(submission, post(abstract('Retry'), headers));
    assert.notEqual(retried.res.status, 503);
    assert.equal(retried.res.headers.get('idempotent-replayed'), null);
    assert.equal(stack.upstream.count('POST', submission), before + 2);
  });

  test('a first attempt lost to a network error is not kept either', async () => {
    const headers = { 'idempotency-key': 'net-0001' };
    await stack.upstream.kill();
    let failed;
    try {
      failed = await stack.request(submission, post(abstract('Net'), headers));
    } finally {
      await stack.upstream.revive();
    }
    assert.equal(failed.res.status, 502);
    assert.equal(codeOf(failed.json), 'bad_gateway');
    const retried = await stack.request(submission, post(abstract('Net'), headers));
    assert.notEqual(retried.res.status, 502);
  });

  test('an answer lost after the upstream processed the write: kept as outcome_unknown, never forwarded again', async () => {
    const before = stack.upstream.count('POST', submission);
    const headers = { 'idempotency-key': 'lost-0001' };
    const lost = await stack.request(
      submission,
      post(abstract('Lost'), { ...headers, prefer: 'code=500, after=processing' }),
    );
    assert.equal(lost.res.status, 502);
    assert.equal(codeOf(lost.json), 'outcome_unknown');
    assert.equal(stack.upstream.count('POST', submission), before + 1);
    // The browser's retry (the scenario header gone, as on a real second try) is answered alike.
    const repeat = await stack.request(submission, post(abstract('Lost'), headers));
    assert.equal(repeat.res.status, 502);
    assert.equal(repeat.text, lost.text);
    assert.equal(repeat.res.headers.get('idempotent-replayed'), 'true');
    assert.equal(stack.upstream.count('POST', submission), before + 1);
    assert.ok(stack.logs.some((l) => l.includes('"outcome":"unknown"')));
  });

  test('a write the upstream processed but answered after the timeout: outcome_unknown, one upstream call', async () => {
    const slow = await startStack(
      { forwardScenarioHeaders: true, rateLimit: false, upstreamTimeoutMs: 300 },
      {},
      stack.upstream,
    );
    try {
      const before = stack.upstream.count('POST', submission);
      const headers = { 'idempotency-key': 'late-0001' };
      const late = await slow.request(
        submission,
        post(abstract('Late'), { ...headers, prefer: 'delay=1500, after=processing' }),
      );
      assert.equal(late.res.status, 502);
      assert.equal(codeOf(late.json), 'outcome_unknown');
      const repeat = await slow.request(submission, post(abstract('Late'), headers));
      assert.equal(repeat.text, late.text);
      assert.equal(stack.upstream.count('POST', submission), before + 1);
      // A new key is a new, deliberate request.
      const fresh = await slow.request(submission, post(abstract('Late'), { 'idempotency-key': 'late-0002' }));
      assert.notEqual(fresh.res.status, 502);
      assert.equal(stack.upstream.count('POST', submission), before + 2);
    } finally {
      await slow.close();
    }
  });

  test('a repeat within 24 h is replayed; one after 24 h is a new request', async () => {
    let clock = Date.parse('2026-05-04T09:00:00Z');
    const timed = await startStack({ rateLimit: false, now: () => clock }, {}, stack.upstream);
    try {
      const before = stack.upstream.count('POST', submission);
      const headers = { 'idempotency-key': 'day-0001' };
      const first = await timed.request(submission, post(abstract('Day'), headers));
      clock += 24 * 60 * 60 * 1000 - 60_000;
      const lateSameDay = await timed.request(submission, post(abstract('Day'), headers));
      assert.equal(lateSameDay.text, first.text);
      assert.equal(lateSameDay.res.headers.get('idempotent-replayed'), 'true');
      assert.equal(stack.upstream.count('POST', submission), before + 1);
      clock += 2 * 60_000;
      const nextDay = await timed.request(submission, post(abstract('Day'), headers));
      assert.equal(nextDay.res.headers.get('idempotent-replayed'), null);
      assert.equal(stack.upstream.count('POST', submission), before + 2);
    } finally {
      await timed.close();
    }
  });

  test('outcomeOf: what may have reached the upstream', () => {
    const refused = new ProxyError('bad_gateway', 'x', { details: { reason: 'ECONNREFUSED' } });
    const reset = new ProxyError('bad_gateway', 'x', { details: { reason: 'ECONNRESET' } });
    assert.equal(outcomeOf(undefined, 201), 'answered');
    assert.equal(outcomeOf(undefined, 422), 'answered');
    assert.equal(outcomeOf(undefined, 503), 'not-processed');
    assert.equal(outcomeOf(undefined, 429), 'not-processed');
    assert.equal(outcomeOf(undefined, 500), 'unknown');
    assert.equal(outcomeOf(undefined, 504), 'unknown');
    assert.equal(outcomeOf(refused, 502), 'not-processed');
    assert.equal(outcomeOf(reset, 502), 'unknown');
    assert.equal(outcomeOf(new ProxyError('gateway_timeout', 'x'), 504), 'unknown');
    assert.equal(outcomeOf(new ProxyError('rate_limited', 'x'), 429), 'not-processed');
    assert.equal(outcomeOf(new TypeError('boom'), 500), 'unknown');
  });

  test('the same key with another body: 422, and nothing of the first answer', async () => {
    const headers = { 'idempotency-key': 'reuse-0001' };
    const first = await stack.request(submission, post(abstract('One'), headers));
    const other = await stack.request(submission, post(abstract('Two'), headers));
    assert.equal(other.res.status, 422);
    assert.equal(codeOf(other.json), 'idempotency_key_reused');
    assert.ok(!other.text.includes(first.text));
  });

  test('a malformed key: 400', async () => {
    const { res } = await stack.request(submission, post(abstract('Bad'), { 'idempotency-key': 'x'.repeat(300) }));
    assert.equal(res.status, 400);
  });
});

describe('write rate limit', () => {
  test('per client IP: over the limit 429 with Retry-After, no upstream call; kiosks not counted', async () => {
    const limited = await startStack({ rateLimit: { max: 3, windowMs: 60_000 } }, {}, stack.upstream);
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.request(submission, post(abstract(`RL${i}`)))).res.status);
      assert.ok(statuses.every((s) => s !== 429));
      const before = stack.upstream.count('POST', submission);
      const { res, json } = await limited.request(submission, post(abstract('RL4')));
      assert.equal(res.status, 429);
      assert.equal(codeOf(json), 'rate_limited');
      assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
      assert.ok(Number(res.headers.get('retry-after')) >= 1 && Number(res.headers.get('retry-after')) <= 60);
      assert.equal(stack.upstream.count('POST', submission), before);
      const upload = await limited.request('/uploads/registration-evidence?filename=a.pdf', {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: 'x',
      });
      assert.equal(upload.res.status, 429);
      const kiosk = await limited.request(
        `${API}/badges/checkin`,
        post({ qr: 'DEMO-0003', location: 'Door' }, { 'x-kiosk-token': KIOSK_TOKEN }),
      );
      assert.notEqual(kiosk.res.status, 429);
    } finally {
      await limited.close();
    }
  });
});
