import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  afterWrongPin,
  hashPin,
  NO_ATTEMPTS,
  PIN_DELAY_CAP_MS,
  pinDelayMs,
  readPinAttempts,
  readPinRecord,
  verifyPin,
} from './kiosk-pin.js';

describe('kiosk PIN', () => {
  it('the wait doubles from 1 s after each wrong PIN, up to 5 minutes', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 8, 9, 10, 50].map(pinDelayMs), [
      0,
      1000,
      2000,
      4000,
      8000,
      128_000,
      256_000,
      PIN_DELAY_CAP_MS,
      PIN_DELAY_CAP_MS,
    ]);
    let a = NO_ATTEMPTS;
    for (let i = 0; i < 3; i++) a = afterWrongPin(a, 10_000);
    assert.deepEqual(a, { failures: 3, notBefore: 14_000 });
  });

  it('a stored wait is never longer than the cap from now (a clock set back, a tampered record)', () => {
    assert.deepEqual(readPinAttempts({ failures: 4, notBefore: 9e15 }, 1000), {
      failures: 4,
      notBefore: 1000 + PIN_DELAY_CAP_MS,
    });
    assert.deepEqual(readPinAttempts('junk', 1000), { failures: 0, notBefore: 0 });
  });

  it('only a salted record with enough iterations is read; the right PIN verifies, a wrong one not', async () => {
    const record = await hashPin('4321', 100_000);
    assert.deepEqual(readPinRecord(record), record);
    assert.equal(await verifyPin('4321', record), true);
    assert.equal(await verifyPin('4322', record), false);
    assert.equal(readPinRecord({ ...record, iterations: 1 }), null, 'too few iterations');
    assert.equal(readPinRecord({ ...record, salt: '' }), null, 'no salt');
    assert.equal(readPinRecord('plain:4321'), null);
  });
});
