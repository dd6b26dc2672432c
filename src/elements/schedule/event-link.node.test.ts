import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventHash, parseEventHash } from '../../core/deep-link.js';
import { eventHref, isEventLink } from './event-link.js';

test("the schedule's event links are core's (what the other elements link to events with)", () => {
  for (const id of ['evt_0042', 'a-b_C9', 'ü ber/1', '']) {
    assert.equal(eventHref(id), eventHash(id), id);
    if (parseEventHash(eventHash(id)) !== null) assert.ok(isEventLink(eventHref(id)), id);
  }
  assert.equal(isEventLink('#workshop-w1'), false);
  assert.equal(isEventLink('#agenda=e1'), false);
  assert.equal(isEventLink(''), false);
});
