import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AttemptKey } from '../../core/attempt-key.js';
import { initialValues, prefillFromDataset } from '../../core/prefill.js';
import {
  buildRegistrationBody,
  draftOf,
  looksLikeBot,
  mapFieldErrors,
  needsPayment,
  paymentAsks,
  readConfig,
  readFieldKind,
} from './registration-form.model.js';

const config = {
  public_registration_enabled: true,
  open_phase: { id: 'ph-1', name: 'Regular' },
  fields: [
    { name: 'organization', label: 'Organization', kind: 'text', enabled: true, required: true },
    {
      name: 'tshirt',
      label: 'T-shirt',
      kind: 'select',
      enabled: true,
      required: false,
      options: [{ value: 'm', label: 'M' }, 'L'],
    },
    { name: 'badge_pronouns', label: 'Pronouns', kind: 'text', enabled: false, required: true },
    { name: 'newsletter', label: 'Newsletter', kind: 'checkbox', enabled: true, required: false },
    { name: 'mystery', label: 'Mystery', kind: 'hologram', enabled: true, required: false },
    { name: 'empty_choice', label: 'Empty', kind: 'select', enabled: true, required: false, options: [] },
  ],
  ticket_types: [
    { id: 'tt-free', name: 'Volunteer', price: { amount: 0, currency: 'EUR' } },
    { id: 'tt-reg', name: 'Regular', price: { amount: 39000, currency: 'EUR' } },
  ],
  payment_methods: [{ id: 'pm-bank', name: 'Bank transfer', instructions: 'IBAN …' }],
};

test('availability follows public_registration_enabled and open_phase', () => {
  assert.equal(readConfig(config).availability, 'open');
  assert.equal(readConfig({ ...config, open_phase: null }).availability, 'try-later');
  assert.equal(readConfig({ ...config, public_registration_enabled: false }).availability, 'closed');
  assert.throws(() => readConfig({ fields: [] }), /public_registration_enabled/);
});

test('only enabled fields are rendered, unknown kinds fall back to text', () => {
  const view = readConfig(config);
  assert.deepEqual(
    view.fields.map((f) => f.name),
    ['organization', 'tshirt', 'newsletter', 'mystery', 'empty_choice'],
  );
  assert.equal(view.fields.find((f) => f.name === 'mystery')?.kind, 'text');
  assert.equal(view.fields.find((f) => f.name === 'empty_choice')?.kind, 'text');
  assert.deepEqual(view.fields.find((f) => f.name === 'tshirt')?.options, [
    { value: 'm', label: 'M' },
    { value: 'L', label: 'L' },
  ]);
});

test('field kinds are read tolerantly: synonyms, case, `type`, and options make a choice', () => {
  const kinds = (pairs: [string, string][]) => pairs.map(([k]) => readFieldKind(k, undefined, false));
  const cases: [string, string][] = [
    ['choice', 'select'],
    ['Dropdown', 'select'],
    ['select', 'select'],
    ['long_text', 'textarea'],
    ['long-text', 'textarea'],
    ['TEXTAREA', 'textarea'],
    ['multiline', 'textarea'],
    ['bool', 'checkbox'],
    ['boolean', 'checkbox'],
    ['checkbox', 'checkbox'],
    ['tel', 'tel'],
    ['phone', 'tel'],
    ['url', 'url'],
  ];
  assert.deepEqual(
    kinds(cases),
    cases.map(([, want]) => want),
  );
  assert.equal(readFieldKind(undefined, 'phone', false), 'tel', 'the `type` member when `kind` is absent');
  assert.equal(readFieldKind('hologram', 'multiline', false), 'textarea', 'an unknown kind falls through to `type`');
  assert.equal(readFieldKind('hologram', undefined, true), 'select', 'unknown kind with options');
  assert.equal(readFieldKind('hologram', undefined, false), 'text');
  assert.equal(readFieldKind('constructor', undefined, false), 'text', 'no inherited keys');

  const view = readConfig({
    ...config,
    fields: [
      { name: 'size', label: 'Size', kind: 'dropdown', options: ['S', 'M'] },
      { name: 'diet', label: 'Diet', kind: 'radio-group', options: [{ id: 'veg', name: 'Vegetarian' }] },
      { name: 'phone', label: 'Phone', type: 'phone' },
      { name: 'bio', label: 'Bio', kind: 'long_text' },
    ],
  });
  assert.deepEqual(
    view.fields.map((f) => f.kind),
    ['select', 'select', 'tel', 'textarea'],
  );
  assert.deepEqual(view.fields[1]!.options, [{ value: 'veg', label: 'Vegetarian' }]);
});

test('payment is needed for priced and unknown tickets only', () => {
  const view = readConfig(config);
  assert.equal(needsPayment(view, 'tt-free'), false);
  assert.equal(needsPayment(view, 'tt-reg'), true);
  assert.equal(needsPayment(view, 'nope'), true);
});

test('the body carries payment only when needed and custom fields by name', () => {
  const view = readConfig(config);
  const values = {
    firstName: ' Ada ',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    ticketTypeId: 'tt-free',
    paymentMethodId: 'pm-bank',
    paymentReference: 'X1',
    'custom.organization': 'Analytical',
    'custom.newsletter': '',
  };
  const free = buildRegistrationBody(view, values, 'storage://c/registration-evidence/u/f.pdf');
  assert.equal(free.firstName, 'Ada');
  assert.equal(free.paymentMethodId, undefined);
  assert.equal(free.paymentProofUrl, undefined);
  assert.deepEqual(free.customFields, { organization: 'Analytical', newsletter: 'false' });
  const paid = buildRegistrationBody(
    view,
    { ...values, ticketTypeId: 'tt-reg' },
    'storage://c/registration-evidence/u/f.pdf',
  );
  assert.equal(paid.paymentMethodId, 'pm-bank');
  assert.equal(paid.paymentProofUrl, 'storage://c/registration-evidence/u/f.pdf');
  const external = buildRegistrationBody(
    view,
    { ...values, ticketTypeId: 'tt-reg', paymentProofUrl: 'https://bank.example/r/1' },
    null,
  );
  assert.equal(external.paymentProofUrl, 'https://bank.example/r/1');
});

test('server field errors map onto controls; the rest stays visible at form level', () => {
  const { byControl, unmatched } = mapFieldErrors(
    {
      email: 'Must be a valid e-mail address.',
      'customFields.organization': 'Required.',
      'customFields.gone': 'Unknown field.',
    },
    ['email', 'custom.organization'],
  );
  assert.deepEqual(byControl, { email: 'Must be a valid e-mail address.', 'custom.organization': 'Required.' });
  assert.deepEqual(unmatched, ['Unknown field.']);
});

test('draft beats prefill, prefill fills the rest, unknown controls are ignored', () => {
  const values = initialValues(
    ['firstName', 'email', 'ticketTypeId'],
    { firstName: 'Pre', ticketTypeId: 'tt-reg', hacker: 'x' },
    { firstName: 'Draft' },
  );
  assert.deepEqual(values, { firstName: 'Draft', ticketTypeId: 'tt-reg' });
  assert.deepEqual(prefillFromDataset({ prefillFirstName: 'Ada', prefillTicketTypeId: 'tt-reg', other: 'x' }), {
    firstName: 'Ada',
    ticketTypeId: 'tt-reg',
  });
  assert.deepEqual(draftOf({ firstName: 'Ada', paymentProofUrl: 'storage://c/k/u/f.pdf' }), { firstName: 'Ada' });
  assert.deepEqual(draftOf({ paymentProofUrl: 'https://bank.example/r' }), {
    paymentProofUrl: 'https://bank.example/r',
  });
});

test('one idempotency key per attempt: same body reuses it, a change renews it', () => {
  let n = 0;
  const keys = new AttemptKey(() => `k${++n}`);
  assert.equal(keys.for({ a: 1 }), 'k1');
  assert.equal(keys.for({ a: 1 }), 'k1');
  assert.equal(keys.for({ a: 2 }), 'k2');
  keys.reset();
  assert.equal(keys.for({ a: 2 }), 'k3');
});

test('honeypot and minimum fill time', () => {
  assert.equal(looksLikeBot('', 0, 5000), false);
  assert.equal(looksLikeBot('spam', 0, 5000), true);
  assert.equal(looksLikeBot('', 0, 1000), true);
});

test('the payment step asks only what the chosen method needs (issue 21: a card at the desk asks for nothing)', () => {
  const view = readConfig({
    ...config,
    payment_methods: [
      { id: 'pm-bank', name: 'Bank transfer', instructions: 'IBAN …', requiresReference: true, requiresProof: true },
      {
        id: 'pm-desk',
        name: 'Card at the desk',
        instructions: 'Pay on site.',
        requiresReference: false,
        requires_proof: false,
      },
    ],
  });
  assert.deepEqual(paymentAsks(view, 'pm-bank'), { reference: true, proof: true });
  assert.deepEqual(paymentAsks(view, 'pm-desk'), { reference: false, proof: false });
  // Before a choice: only what every method asks for.
  assert.deepEqual(paymentAsks(view, ''), { reference: false, proof: false });
  // A config that does not say asks for both, as before.
  assert.deepEqual(paymentAsks(readConfig(config), ''), { reference: true, proof: true });
  const values = {
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.org',
    ticketTypeId: 'tt-reg',
    paymentMethodId: 'pm-desk',
    paymentReference: 'typed before',
    paymentProofUrl: 'https://x.org/p.pdf',
  };
  const body = buildRegistrationBody(view, values, null);
  assert.equal(body.paymentMethodId, 'pm-desk');
  assert.equal(body.paymentReference, undefined);
  assert.equal(body.paymentProofUrl, undefined);
  assert.equal(
    buildRegistrationBody(view, { ...values, paymentMethodId: 'pm-bank' }, null).paymentReference,
    'typed before',
  );
});
