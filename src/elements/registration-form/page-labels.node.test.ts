import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyPageLabels, labelsFor, parsePageLabels } from './page-labels.js';
import { readConfig } from './registration-form.model.js';

const view = readConfig({
  public_registration_enabled: true,
  open_phase: { id: 'p', name: 'P' },
  fields: [
    {
      name: 'org',
      label: 'Organization',
      kind: 'select',
      enabled: true,
      options: [{ value: 'a', label: 'A' }],
      helpText: 'Your employer',
    },
  ],
  ticket_types: [{ id: 'tt', name: 'Student', description: 'For students', price: { amount: 0, currency: 'EUR' } }],
  payment_methods: [{ id: 'pm', name: 'Card', instructions: 'Pay on site' }],
});

test('page labels: strings or objects per key, by language with a fallback to the base language', () => {
  const labels = parsePageLabels(
    '{"DE": {"org": {"label": "Organisation", "help": "Arbeitgeber", "options": {"a": "Ä"}}, "ticket:tt": "Studierende", "payment:pm": {"instructions": "Vor Ort zahlen"}}, "fr": "nope"}',
  );
  const shown = applyPageLabels(view, labelsFor(labels, 'de-AT'));
  assert.equal(shown.fields[0]!.label, 'Organisation');
  assert.equal(shown.fields[0]!.helpText, 'Arbeitgeber');
  assert.equal(shown.fields[0]!.options[0]!.label, 'Ä');
  assert.equal(shown.fields[0]!.options[0]!.value, 'a');
  assert.equal(shown.tickets[0]!.label, 'Studierende');
  assert.equal(shown.paymentMethods[0]!.label, 'Card');
  assert.equal(shown.paymentMethods[0]!.instructions, 'Vor Ort zahlen');
  // Another language, or none given: the config's texts.
  assert.equal(applyPageLabels(view, labelsFor(labels, 'fr')), view);
  assert.equal(applyPageLabels(view, labelsFor(labels, 'en')).fields[0]!.label, 'Organization');
});

test('page labels: not JSON or not an object is an error to report, not a crash', () => {
  assert.throws(() => parsePageLabels('{de: 1}'));
  assert.throws(() => parsePageLabels('["de"]'), /JSON object of languages/);
});
