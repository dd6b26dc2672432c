import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertFields, FX, start, type TestSandbox } from './helpers.js';

const reg = (n: number) => `reg-${String(n).padStart(3, '0')}`;

describe('workshop enrollment', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  it('20 simultaneous enrollments into a capacity-3 workshop: exactly 3 enrolled, the rest waitlisted in order', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.call('POST', '/events/workshops/registrations', {
          body: { registrationId: reg(i + 1), workshopId: FX.smallWorkshop },
        }),
      ),
    );
    assert.ok(
      answers.every((a) => a.status === 201),
      JSON.stringify(answers.map((a) => a.status)),
    );
    const records = answers.map((a) => a.body.data);
    assert.equal(records.filter((r) => r.status === 'enrolled').length, 3);
    const waitlisted = records.filter((r) => r.status === 'waitlisted');
    assert.equal(waitlisted.length, 17);
    assert.deepEqual(
      waitlisted.map((r) => r.waitlistPosition).sort((a, b) => a - b),
      Array.from({ length: 17 }, (_, i) => i + 1),
    );
    assert.ok(records.filter((r) => r.status === 'enrolled').every((r) => r.waitlistPosition === null));
    const list = await s.call('GET', '/events/workshops');
    const w = list.body.data.find((x: { id: string }) => x.id === FX.smallWorkshop);
    assert.deepEqual([w.enrolledCount, w.seatsLeft, w.waitlistCount], [3, 0, 17]);
  });

  it('the same registration twice is 409 already_enrolled, never a second seat, even concurrently', async () => {
    const body = { registrationId: reg(21), workshopId: FX.paidWorkshop };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => s.call('POST', '/events/workshops/registrations', { body })),
    );
    assert.equal(answers.filter((a) => a.status === 201).length, 1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      const e = assertError(a, 409, 'already_enrolled');
      assert.equal(e.details.workshopRegistration.status, 'enrolled');
    }
    const w = (await s.call('GET', '/events/workshops')).body.data.find(
      (x: { id: string }) => x.id === FX.paidWorkshop,
    );
    assert.equal(w.enrolledCount, 1);
    assertError(
      await s.call('POST', '/events/workshops/registrations', {
        body: { registrationId: reg(1), workshopId: FX.smallWorkshop },
      }),
      409,
      'already_enrolled',
    );
  });

  it('422 unknown_reference for an unknown registration or an unknown or unpublished workshop', async () => {
    assertFields(
      await s.call('POST', '/events/workshops/registrations', {
        body: { registrationId: 'reg-nope', workshopId: FX.paidWorkshop },
      }),
      422,
      'unknown_reference',
      ['registrationId'],
    );
    assertFields(
      await s.call('POST', '/events/workshops/registrations', {
        body: { registrationId: reg(1), workshopId: FX.hiddenWorkshop },
      }),
      422,
      'unknown_reference',
      ['workshopId'],
    );
    assertFields(
      await s.call('POST', '/events/workshops/registrations', { body: { registrationId: 'x', workshopId: 'y' } }),
      422,
      'unknown_reference',
      ['registrationId', 'workshopId'],
    );
    // A registration of another conference is unknown here.
    assertFields(
      await s.call('POST', '/events/workshops/registrations', {
        key: 'fx-key-other',
        body: { registrationId: 'reg-nope', workshopId: FX.smallWorkshop },
      }),
      422,
      'unknown_reference',
      ['registrationId'],
    );
  });

  it('raising the capacity moves the waitlist up in order', async () => {
    const a = await s.admin('PATCH', `/conferences/${FX.id}/workshops/${FX.smallWorkshop}`, { capacity: 5 });
    assert.equal(a.status, 200);
    assert.deepEqual([a.body.data.enrolledCount, a.body.data.waitlistCount], [5, 15]);
    assertError(await s.admin('PATCH', `/conferences/${FX.id}/workshops/nope`, { capacity: 5 }), 404, 'not_found');
    assertFields(
      await s.admin('PATCH', `/conferences/${FX.id}/workshops/${FX.smallWorkshop}`, { capacity: -1 }),
      400,
      'validation_failed',
      ['capacity'],
    );
  });

  it('payment-proof upload address for a workshop registration', async () => {
    const enrolled = await s.call('POST', '/events/workshops/registrations', {
      body: { registrationId: reg(22), workshopId: FX.paidWorkshop },
    });
    const a = await s.call('POST', '/events/workshops/payment-proof/upload-url', {
      body: { workshopRegistrationId: enrolled.body.data.id, filename: 'receipt.png', contentType: 'image/png' },
    });
    assert.equal(a.status, 201);
    assert.match(a.body.data.storageUri, /^storage:\/\/fx\/workshop-payment-proof\/upl_[\w-]+\/receipt\.png$/);
    assertFields(
      await s.call('POST', '/events/workshops/payment-proof/upload-url', {
        body: { workshopRegistrationId: 'wreg_nope', filename: 'r.png', contentType: 'image/png' },
      }),
      422,
      'unknown_reference',
      ['workshopRegistrationId'],
    );
  });
});
