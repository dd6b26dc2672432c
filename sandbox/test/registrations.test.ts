import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertFields, FX, start, type TestSandbox } from './helpers.js';

const person = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  ticketTypeId: FX.freeTicket,
  customFields: { organization: 'Analytical Engines' },
  ...over,
});
const paid = (over: Record<string, unknown> = {}) =>
  person({
    ticketTypeId: FX.paidTicket,
    paymentMethodId: FX.bankTransfer,
    paymentReference: 'TX-42',
    paymentProofUrl: 'https://files.example.org/proof.pdf',
    ...over,
  });

describe('registration create', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());
  const create = (body: unknown, key?: string) =>
    s.call('POST', '/registrations/registrations', { body, ...(key ? { key } : {}) });

  it('creates a free registration, confirmed', async () => {
    const a = await create(person({ email: 'free@example.org', customFields: { organization: 'X', diet: 'vegan' } }));
    assert.equal(a.status, 201);
    const d = a.body.data;
    assert.deepEqual(Object.keys(d).sort(), [
      'createdAt',
      'email',
      'firstName',
      'id',
      'lastName',
      'paymentMethodId',
      'status',
      'ticketTypeId',
    ]);
    assert.equal(d.status, 'confirmed');
    assert.match(d.id, /^reg_/);
  });

  it('a paid ticket with method, reference and an external https proof is pending review', async () => {
    const a = await create(paid());
    assert.equal(a.status, 201);
    assert.equal(a.body.data.status, 'pending_review');
    assert.equal(a.body.data.paymentMethodId, FX.bankTransfer);
  });

  it('a paid ticket without payment details: 400 with every missing field', async () => {
    const f = assertFields(await create(person({ ticketTypeId: FX.paidTicket })), 400, 'validation_failed', [
      'paymentMethodId',
      'paymentReference',
      'paymentProofUrl',
    ]);
    assert.equal(f.paymentMethodId, 'Required for a paid ticket.');
    assertFields(
      await create(paid({ paymentProofUrl: 'http://insecure.example.org/p.pdf' })),
      400,
      'validation_failed',
      ['paymentProofUrl'],
    );
    assertFields(await create(paid({ paymentProofUrl: 'ftp://x/p.pdf' })), 400, 'validation_failed', [
      'paymentProofUrl',
    ]);
  });

  it('a method that asks for neither reference nor proof (card at the desk): registered, payment still due', async () => {
    const a = await create(person({ ticketTypeId: FX.paidTicket, paymentMethodId: FX.deskCard }));
    assert.equal(a.status, 201);
    assert.equal(a.body.data.status, 'pending_payment');
    // The bank transfer still asks for both.
    assertFields(
      await create(person({ ticketTypeId: FX.paidTicket, paymentMethodId: FX.bankTransfer })),
      400,
      'validation_failed',
      ['paymentReference', 'paymentProofUrl'],
    );
  });

  it('unknown ticket type and unknown or inactive payment method are field errors', async () => {
    assertFields(await create(person({ ticketTypeId: 'tt-gold' })), 400, 'validation_failed', ['ticketTypeId']);
    assertFields(await create(paid({ paymentMethodId: FX.inactiveMethod })), 400, 'validation_failed', [
      'paymentMethodId',
    ]);
    assertFields(await create(paid({ paymentMethodId: 'pm-nope' })), 400, 'validation_failed', ['paymentMethodId']);
  });

  it('custom fields: required, unknown, disabled and option values are checked', async () => {
    const f = assertFields(
      await create(person({ customFields: { diet: 'pizza', fax: '123', shoe: '42' } })),
      400,
      'validation_failed',
      ['customFields.organization', 'customFields.diet', 'customFields.fax', 'customFields.shoe'],
    );
    assert.equal(f['customFields.organization'], 'Required.');
    assert.equal(f['customFields.shoe'], 'Unknown field.');
    assertFields(await create(person({ customFields: undefined })), 400, 'validation_failed', [
      'customFields.organization',
    ]);
    assertFields(await create(person({ customFields: { organization: '   ' } })), 400, 'validation_failed', [
      'customFields.organization',
    ]);
  });

  it('schema problems come with field messages', async () => {
    const f = assertFields(await create({ email: 'nope' }), 400, 'validation_failed', [
      'firstName',
      'lastName',
      'email',
      'ticketTypeId',
    ]);
    assert.equal(f.email, 'Must be a valid e-mail address.');
    assert.equal(f.firstName, 'Required.');
  });

  it('the same e-mail may register twice (gap decision), and both are stored', async () => {
    const body = person({ email: 'twice@example.org' });
    assert.equal((await create(body)).status, 201);
    assert.equal((await create(body)).status, 201);
    const list = await s.admin('GET', '/registrations?email=TWICE@example.org');
    assert.equal(list.body.data.length, 2);
  });

  it('422 registration_closed when closed; 422 pricing_closed without an open phase', async () => {
    await s.admin('PATCH', `/conferences/${FX.id}`, { registrationOpen: false });
    assertError(await create(person()), 422, 'registration_closed');
    const config = await s.call('GET', '/registrations/config');
    assert.equal(config.body.data.public_registration_enabled, false);
    await s.admin('PATCH', `/conferences/${FX.id}`, { registrationOpen: true, openPhase: false });
    assertError(await create(person()), 422, 'pricing_closed');
    assert.equal((await s.call('GET', '/registrations/config')).body.data.open_phase, null);
    await s.admin('PATCH', `/conferences/${FX.id}`, { openPhase: true });
    assert.equal((await s.call('GET', '/registrations/config')).body.data.open_phase.id, 'ph-early');
    assert.equal((await create(person())).status, 201);
  });

  it('needs registrations:write', async () => {
    assertError(await create(person(), FX.keys.read), 403, 'insufficient_scope');
  });
});
