import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../api/errors.js';
import {
  DEFAULT_RULES,
  buildExhibitionBody,
  currentWindow,
  exhibitDraftOf,
  formatFee,
  isEmptyDraft,
  learnFromError,
  parseFeeAttribute,
  parseTypesAttribute,
  msUntilWindowChange,
  readExhibitDraft,
  windowAt,
} from './exhibit-form.model.js';

test('fee attribute parses to minor units', () => {
  assert.deepEqual(parseFeeAttribute('450 EUR'), { amount: 45000, currency: 'EUR' });
  assert.deepEqual(parseFeeAttribute('12,50 chf'), { amount: 1250, currency: 'CHF' });
  assert.equal(parseFeeAttribute('free'), null);
  assert.equal(parseFeeAttribute(null), null);
});

test('declared window judged at a moment', () => {
  const rules = { ...DEFAULT_RULES, opensAt: '2026-05-01T00:00:00Z', closesAt: '2026-06-01T00:00:00Z' };
  assert.equal(windowAt(rules, Date.parse('2026-04-30T23:59:59Z')), 'not-open');
  assert.equal(windowAt(rules, Date.parse('2026-05-15T00:00:00Z')), 'open');
  assert.equal(windowAt(rules, Date.parse('2026-06-01T00:00:00Z')), 'closed');
});

test('a learned "not open yet" ends at its opensAt; a learned "closed" stays', () => {
  const learned = { ...DEFAULT_RULES, window: 'not-open' as const, opensAt: '2026-05-01T00:00:00Z' };
  assert.equal(currentWindow(learned, Date.parse('2026-04-30T23:59:59Z')), 'not-open');
  assert.equal(currentWindow(learned, Date.parse('2026-05-01T00:00:00Z')), 'open');
  assert.equal(
    currentWindow({ ...learned, closesAt: '2026-05-01T00:00:00Z' }, Date.parse('2026-05-02T00:00:00Z')),
    'closed',
  );
  assert.equal(
    currentWindow({ ...learned, opensAt: null }, Date.parse('2099-01-01T00:00:00Z')),
    'not-open',
    'no date: only the server can say',
  );
  assert.equal(currentWindow({ ...DEFAULT_RULES, window: 'closed' }, Date.now()), 'closed');
  assert.equal(msUntilWindowChange(learned, Date.parse('2026-04-30T23:59:00Z')), 60_000);
  assert.equal(
    msUntilWindowChange({ ...learned, closesAt: '2026-06-01T00:00:00Z' }, Date.parse('2026-05-02T00:00:00Z')),
    Date.parse('2026-06-01T00:00:00Z') - Date.parse('2026-05-02T00:00:00Z'),
  );
  assert.equal(msUntilWindowChange(DEFAULT_RULES, Date.now()), null);
});

test('types attribute: values in order, labels where given, no blanks or repeats', () => {
  assert.deepEqual(parseTypesAttribute(' sponsor, food_truck:Food truck ,, sponsor, art : Art & craft'), [
    { value: 'sponsor', label: null },
    { value: 'food_truck', label: 'Food truck' },
    { value: 'art', label: 'Art & craft' },
  ]);
  assert.deepEqual(parseTypesAttribute(''), []);
  assert.deepEqual(parseTypesAttribute(undefined), []);
});

test('refusals teach the form the conference rules', () => {
  const notOpen = learnFromError(
    DEFAULT_RULES,
    new ApiError(422, 'exhibition_not_open', 'Not yet', { opensAt: '2026-05-01T00:00:00Z' }),
  );
  assert.equal(notOpen.window, 'not-open');
  assert.equal(notOpen.opensAt, '2026-05-01T00:00:00Z');
  assert.equal(learnFromError(DEFAULT_RULES, new ApiError(422, 'exhibition_closed', 'Closed')).window, 'closed');
  assert.equal(
    learnFromError(DEFAULT_RULES, new ApiError(422, 'registration_required', 'Need reg')).registrationRequired,
    true,
  );
  const fee = learnFromError(
    DEFAULT_RULES,
    new ApiError(422, 'payment_required', 'Pay', {
      fee: { amount: 45000, currency: 'EUR' },
      paymentMethods: [{ id: 'pm-bank', name: 'Bank transfer' }],
    }),
  );
  assert.deepEqual(fee.fee, { amount: 45000, currency: 'EUR' });
  assert.deepEqual(fee.paymentMethods, [{ value: 'pm-bank', label: 'Bank transfer' }]);
  const other = new ApiError(400, 'validation_failed', 'Bad');
  assert.equal(learnFromError(DEFAULT_RULES, other), DEFAULT_RULES);
});

test('body: payment only with a fee, blank team rows dropped', () => {
  const values = {
    title: ' Booth ',
    exhibitType: 'sponsor',
    shortDescription: 'We make things',
    'presenter.fullName': 'Grace',
    'presenter.email': 'g@example.org',
    'payment.paymentMethodId': 'pm-bank',
    'payment.paymentReference': 'R-1',
  };
  const free = buildExhibitionBody(DEFAULT_RULES, values, ['Ann', ' ', 'Bo'], null);
  assert.equal(free.title, 'Booth');
  assert.deepEqual(free.teamPeople, ['Ann', 'Bo']);
  assert.equal(free.payment, undefined);
  const paid = buildExhibitionBody(
    { ...DEFAULT_RULES, fee: { amount: 1, currency: 'EUR' } },
    values,
    [],
    'storage://c/exhibition-payment-proof/u/p.pdf',
  );
  assert.deepEqual(paid.payment, {
    paymentMethodId: 'pm-bank',
    paymentReference: 'R-1',
    proofUrl: 'storage://c/exhibition-payment-proof/u/p.pdf',
  });
  assert.equal(paid.teamPeople, undefined);
});

test('fee formatting follows the language', () => {
  assert.match(formatFee({ amount: 45000, currency: 'EUR' }, 'en'), /€450\.00/);
  assert.match(formatFee({ amount: 45000, currency: 'EUR' }, 'de'), /450,00\s€/);
});

test('the draft keeps typed values and team rows, never a proof, and reads back only what fits', () => {
  const values = {
    title: 'Loom',
    'teamPeople.0': 'Grace',
    'teamPeople.1': 'Alan',
    'payment.proofUrl': 'storage://x/1',
    driveUrl: '',
  };
  const draft = exhibitDraftOf(values, ['Grace', 'Alan']);
  assert.deepEqual(draft, { values: { title: 'Loom' }, team: ['Grace', 'Alan'] });
  const back = readExhibitDraft(JSON.parse(JSON.stringify(draft)), 20);
  assert.deepEqual(back, {
    values: { title: 'Loom', 'teamPeople.0': 'Grace', 'teamPeople.1': 'Alan' },
    team: ['Grace', 'Alan'],
  });
  assert.equal(readExhibitDraft({ title: 'old format' }, 20), null);
  assert.equal(readExhibitDraft('nonsense', 20), null);
  assert.deepEqual(
    readExhibitDraft(
      { values: { title: 3, 'payment.proofUrl': 'storage://y', note: 'ok' }, team: ['A', 7, 'B', 'C'] },
      2,
    ),
    {
      values: { note: 'ok', 'teamPeople.0': 'A', 'teamPeople.1': 'B' },
      team: ['A', 'B'],
    },
  );
  assert.equal(isEmptyDraft(exhibitDraftOf({ title: '' }, [''])), true);
  assert.equal(isEmptyDraft(draft), false);
});
