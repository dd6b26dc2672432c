import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../api/errors.js';
import { AttemptKey } from './attempt-key.js';
import { isRetryable, SubmissionController } from './submission-controller.js';

const host = { requestUpdate() {}, addController() {}, removeController() {}, updateComplete: Promise.resolve(true) };

function controller(answers: (Error | string)[], seen: string[] = []) {
  let n = 0;
  const keys = new AttemptKey(() => `key-${++n}`);
  const c = new SubmissionController<{ v: number }, string>(
    host,
    keys,
    async (_body, key) => {
      seen.push(key);
      const a = answers.shift() ?? 'ok';
      if (a instanceof Error) throw a;
      return a;
    },
    { retries: 3, backoffMs: [1] },
  );
  c.minFillMs = 0;
  return c;
}

const outage = () => new ApiError(503, 'service_unavailable', 'down');
const refusal = () => new ApiError(400, 'validation_failed', 'bad', { fields: { email: 'Invalid.' } });

test('outages and network failures are retryable; refusals are not', () => {
  assert.equal(isRetryable(outage()), true);
  assert.equal(isRetryable(new ApiError(0, 'network_error', 'offline')), true);
  assert.equal(isRetryable(new ApiError(429, 'rate_limited', 'slow')), true);
  assert.equal(isRetryable(refusal()), false);
  assert.equal(isRetryable(new ApiError(500, 'internal_error', 'bug')), false);
});

test('retries an outage with the same key and succeeds once', async () => {
  const seen: string[] = [];
  const c = controller([outage(), outage(), 'rec-1'], seen);
  const r = await c.submit({ v: 1 });
  assert.deepEqual(r, { ok: true, value: 'rec-1' });
  assert.deepEqual(seen, ['key-1', 'key-1', 'key-1']);
  assert.equal(c.phase, 'done');
});

test('gives up after the retries, and the same body sent again keeps its key', async () => {
  const seen: string[] = [];
  const c = controller([outage(), outage(), outage(), outage(), 'rec-2'], seen);
  const r = await c.submit({ v: 1 });
  assert.equal(r?.ok, false);
  assert.equal(c.retryable, true);
  assert.equal(seen.length, 4);
  await c.submit({ v: 1 });
  assert.deepEqual(new Set(seen), new Set(['key-1']));
});

test('a refusal ends the attempt: the next submit, even of the same body, gets a new key', async () => {
  const seen: string[] = [];
  const c = controller([refusal(), 'rec-3'], seen);
  const r = await c.submit({ v: 1 });
  assert.equal(r?.ok, false);
  assert.equal(c.retryable, false);
  await c.submit({ v: 1 });
  assert.deepEqual(seen, ['key-1', 'key-2']);
});

test('a second submit while one runs is ignored', async () => {
  const seen: string[] = [];
  const c = controller(['rec-4'], seen);
  const first = c.submit({ v: 1 });
  const second = await c.submit({ v: 1 });
  assert.equal(second, null);
  assert.deepEqual(await first, { ok: true, value: 'rec-4' });
  assert.equal(seen.length, 1);
});

test('a submit before the minimum fill time waits for the rest', async () => {
  const c = controller(['rec-5']);
  c.minFillMs = 120;
  c.startedAt = Date.now();
  const t = Date.now();
  const run = c.submit({ v: 1 });
  assert.equal(c.phase, 'waiting');
  await run;
  assert.ok(Date.now() - t >= 110);
});

const lost = () => new ApiError(502, 'outcome_unknown', 'The conference service did not confirm this request.');

test('an answer lost after the server may have recorded it: no automatic retry, the key is kept', async () => {
  const seen: string[] = [];
  const c = controller([lost(), lost(), 'rec-4'], seen);
  const r = await c.submit({ v: 1 });
  assert.equal(r?.ok, false);
  assert.equal(c.unconfirmed, true);
  assert.equal(c.retryable, false);
  assert.deepEqual(seen, ['key-1']);
  // Nothing more is sent, as it was or edited, until the person chooses to.
  assert.equal((await c.submit({ v: 1 }))?.ok, false);
  assert.equal((await c.submit({ v: 2 }))?.ok, false);
  assert.equal(c.unconfirmed, true);
  assert.deepEqual(seen, ['key-1']);
  // A resumed attempt (after a reload) asks again with the same key.
  await c.submit({ v: 1 }, { resume: true });
  assert.deepEqual(seen, ['key-1', 'key-1']);
  // Only the person's explicit choice sends it under a new key.
  c.renew();
  assert.equal(c.unconfirmed, false);
  assert.deepEqual(await c.submit({ v: 1 }), { ok: true, value: 'rec-4' });
  assert.deepEqual(seen, ['key-1', 'key-1', 'key-2']);
});

test('an attempt kept in a slot outlives a reload: same key for the same body, none after a reset', () => {
  let stored: string | null = null;
  const slot = { read: () => stored, write: (v: string | null) => void (stored = v) };
  let n = 0;
  const before = new AttemptKey(() => `k${++n}`, slot);
  assert.equal(before.for({ email: 'ada@example.org' }), 'k1');
  // The page reloads: a new form, a new AttemptKey over the same slot.
  const after = new AttemptKey(() => `n${++n}`, slot);
  assert.deepEqual(after.pending(), { email: 'ada@example.org' });
  assert.equal(after.for({ email: 'ada@example.org' }), 'k1');
  assert.equal(after.for({ email: 'other@example.org' }), 'n2');
  after.reset();
  assert.equal(stored, null);
  assert.equal(new AttemptKey(() => 'x', slot).pending(), null);
  // A foreign value in the slot is ignored, never thrown.
  stored = '{"key":1}';
  assert.equal(new AttemptKey(() => 'y', slot).pending(), null);
  assert.equal(
    new AttemptKey(() => 'z', {
      read: () => {
        throw new Error('blocked');
      },
      write: () => {
        throw new Error('blocked');
      },
    }).for({}),
    'z',
  );
});
