import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dayKey, epochToZonedIso, isTimeZone, localToEpoch, offsetMinutes, todayIn, wallClock } from './zone.js';

test('local wall-clock times become instants across DST changes, and back', () => {
  // Berlin moved from +01:00 to +02:00 at 02:00 local on 2026-03-29.
  assert.equal(new Date(localToEpoch('2026-03-29T01:30', 'Europe/Berlin')).toISOString(), '2026-03-29T00:30:00.000Z');
  assert.equal(new Date(localToEpoch('2026-03-29T03:30', 'Europe/Berlin')).toISOString(), '2026-03-29T01:30:00.000Z');
  assert.equal(new Date(localToEpoch('2026-06-10T09:00', 'Europe/Berlin')).toISOString(), '2026-06-10T07:00:00.000Z');
  assert.equal(new Date(localToEpoch('2026-06-10', 'America/New_York')).toISOString(), '2026-06-10T04:00:00.000Z');
  assert.equal(epochToZonedIso(Date.parse('2026-06-10T07:00:00Z'), 'Europe/Berlin'), '2026-06-10T09:00:00+02:00');
  assert.equal(epochToZonedIso(Date.parse('2026-01-10T07:00:00Z'), 'America/St_Johns'), '2026-01-10T03:30:00-03:30');
  assert.equal(epochToZonedIso(Date.parse('2026-06-10T07:00:00Z'), 'Asia/Kathmandu'), '2026-06-10T12:45:00+05:45');
  assert.throws(() => localToEpoch('10 June', 'Europe/Berlin'), /Not a local date-time/);
});

test('offsets are per zone and instant, also from the cache', () => {
  const summer = Date.parse('2026-06-15T12:00:00Z');
  assert.equal(offsetMinutes(summer, 'Europe/Berlin'), 120);
  assert.equal(offsetMinutes(summer, 'America/New_York'), -240);
  // Asked again (cached): the same answers, never another zone's.
  assert.equal(offsetMinutes(new Date(summer), 'America/New_York'), -240);
  assert.equal(offsetMinutes(summer + 60_000, 'Europe/Berlin'), 120);
  assert.equal(offsetMinutes(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Berlin'), 60);
});

test('the wall clock, day key and today of an instant are the zone’s', () => {
  const lateUtc = Date.parse('2026-06-10T23:30:00Z');
  assert.deepEqual(wallClock(lateUtc, 'Europe/Berlin'), { year: 2026, month: 6, day: 11, hour: 1, minute: 30 });
  assert.equal(dayKey(lateUtc, 'Europe/Berlin'), '2026-06-11');
  assert.equal(dayKey(lateUtc, 'America/Los_Angeles'), '2026-06-10');
  assert.equal(todayIn('Pacific/Auckland', lateUtc), '2026-06-11');
  assert.equal(todayIn('UTC', lateUtc), '2026-06-10');
  // Midnight is hour 0, not 24.
  assert.equal(wallClock(Date.parse('2026-06-10T22:00:00Z'), 'Europe/Berlin').hour, 0);
});

test('an unknown zone is refused, not thrown', () => {
  assert.equal(isTimeZone('Europe/Berlin'), true);
  assert.equal(isTimeZone('Mars/Olympus_Mons'), false);
  // Answers are remembered per zone: asked again, and after many other zones, still right.
  assert.equal(isTimeZone('Mars/Olympus_Mons'), false);
  for (let i = 0; i < 100; i++) isTimeZone(`Etc/GMT${i % 2 ? '+' : '-'}${i % 12}`);
  assert.equal(isTimeZone('Europe/Berlin'), true);
  assert.equal(isTimeZone('Mars/Olympus_Mons'), false);
});
