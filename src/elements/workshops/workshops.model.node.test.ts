import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../api/errors.js';
import {
  afterPlace,
  availability,
  conferenceZone,
  existingEnrollment,
  formatPrice,
  parseWorkshopHash,
  readEnrollment,
  search,
  toCards,
  venueNames,
  workshopHash,
} from './workshops.model.js';

const venues = venueNames([{ id: 'v1', name: 'Lab 1' }, { id: 2, name: 'Lab 2' }, { name: 'no id' }]);
const raw = [
  {
    id: 'b',
    title: 'Späte Übung',
    description: 'Café',
    startsAt: '2026-06-10T13:30:00+02:00',
    endsAt: '2026-06-10T15:00:00+02:00',
    venueId: 'v1',
    capacity: 3,
    seatsLeft: 0,
    waitlistCount: 2,
    price: { amount: 9900, currency: 'EUR' },
  },
  {
    id: 'a',
    title: 'Early lab',
    startsAt: '2026-06-10T09:00:00+02:00',
    venueId: 2,
    capacity: 10,
    seatsLeft: 4,
    price: { amount: 0, currency: 'EUR' },
  },
  { id: 'c', title: '' },
  null,
  { id: 'd', title: 'No times', capacity: -1, seatsLeft: 'many', price: { amount: 'x' } },
];

describe('workshops model', () => {
  it('reads records tolerantly, in start order, with venue names; a zero price is free', () => {
    const cards = toCards(raw, venues);
    assert.deepEqual(
      cards.map((c) => c.id),
      ['a', 'b', 'd'],
    );
    assert.equal(cards[0]!.venue, 'Lab 2');
    assert.equal(cards[0]!.price, null);
    assert.deepEqual(cards[1]!.price, { amount: 9900, currency: 'EUR' });
    assert.equal(cards[2]!.capacity, null);
    assert.equal(cards[2]!.seatsLeft, null);
    assert.deepEqual(cards.map(availability), ['open', 'full', 'unknown']);
  });

  it('searches title, description and room, folding case and accents', () => {
    const cards = toCards(raw, venues);
    assert.deepEqual(
      search(cards, 'spate UBUNG').map((c) => c.id),
      ['b'],
    );
    assert.deepEqual(
      search(cards, 'cafe lab 1').map((c) => c.id),
      ['b'],
    );
    assert.equal(search(cards, '  ').length, 3);
  });

  it('formats a price from minor units in the locale', () => {
    assert.equal(formatPrice({ amount: 9900, currency: 'EUR' }, 'en'), '€99.00');
    assert.match(formatPrice({ amount: 9900, currency: 'EUR' }, 'de'), /^99,00\s€$/);
    assert.equal(formatPrice({ amount: 500, currency: 'JPY' }, 'en'), '¥500');
    assert.equal(formatPrice({ amount: 1234, currency: 'nope' }, 'en'), '12.34 nope');
  });

  it('reads an enrollment, and the existing place of a 409 repeat', () => {
    assert.equal(readEnrollment({ id: 'w1', status: 'pending' }), null);
    assert.deepEqual(readEnrollment({ id: 'w1', status: 'enrolled', waitlistPosition: 3 })?.waitlistPosition, null);
    const place = {
      id: 'w2',
      workshopId: 'b',
      registrationId: 'r',
      status: 'waitlisted',
      waitlistPosition: 2,
      createdAt: 'x',
    };
    assert.deepEqual(
      existingEnrollment(new ApiError(409, 'already_enrolled', 'm', { workshopRegistration: place })),
      place,
    );
    assert.equal(
      existingEnrollment(new ApiError(422, 'unknown_reference', 'm', { workshopRegistration: place })),
      null,
    );
    assert.equal(existingEnrollment(new ApiError(409, 'already_enrolled', 'm')), null);
  });

  it('a new place updates the card: one seat fewer, or full with the waiting list at least as long as the position', () => {
    const [open, full] = toCards(raw, venues);
    const place = { id: 'w', workshopId: 'x', registrationId: 'r', createdAt: '' };
    assert.equal(afterPlace(open!, { ...place, status: 'enrolled', waitlistPosition: null }).seatsLeft, 3);
    const waiting = afterPlace(open!, { ...place, status: 'waitlisted', waitlistPosition: 4 });
    assert.deepEqual([waiting.seatsLeft, waiting.waitlistCount], [0, 4]);
    assert.equal(afterPlace(full!, { ...place, status: 'waitlisted', waitlistPosition: 1 }).waitlistCount, 2);
  });

  it('conference zone from the events; deep links round-trip and refuse foreign fragments', () => {
    assert.equal(conferenceZone([{}, { timeZone: 'Europe/Berlin' }]), 'Europe/Berlin');
    assert.equal(conferenceZone([]), null);
    assert.equal(parseWorkshopHash(workshopHash('ws-capacity-3')), 'ws-capacity-3');
    assert.equal(parseWorkshopHash('#workshop-../x'), null);
    assert.equal(parseWorkshopHash('#event-ws'), null);
  });
});
