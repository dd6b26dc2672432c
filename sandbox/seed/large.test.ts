/**
 * The large seed (`--seed large`): the counts it promises, every reference resolving, no room
 * double-booked, and the sandbox serving all of it to its key.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSandbox } from '../index.js';
import { LARGE_COUNTS, LARGE_KEY, largeConference, largeSeed } from './large.js';

const STARTS_ON = '2026-06-09';

describe('large seed', () => {
  const conf = largeConference(STARTS_ON);

  it('has 2,000 events in 12 rooms over 3 days, 667 on the first, and 800 speakers', () => {
    assert.equal(conf.events.length, LARGE_COUNTS.events);
    assert.equal(conf.venues.length, 12);
    assert.equal(conf.speakers.length, 800);
    assert.equal(conf.days, 3);
    const perDay = new Map<string, number>();
    for (const e of conf.events) perDay.set(e.startsAt.slice(0, 10), (perDay.get(e.startsAt.slice(0, 10)) ?? 0) + 1);
    assert.deepEqual([...perDay.entries()].sort(), [
      ['2026-06-09', 667],
      ['2026-06-10', 667],
      ['2026-06-11', 666],
    ]);
    assert.equal(new Set(conf.events.map((e) => e.id)).size, conf.events.length, 'event ids unique');
    assert.equal(new Set(conf.speakers.map((s) => s.id)).size, conf.speakers.length, 'speaker ids unique');
  });

  it('references only its own rooms and speakers, and never books a room twice at once', () => {
    const rooms = new Set(conf.venues.map((v) => v.id));
    const people = new Set(conf.speakers.map((s) => s.id));
    const booked = new Set<string>();
    for (const e of conf.events) {
      assert.ok(rooms.has(e.venueId), e.id);
      for (const s of e.speakerIds) assert.ok(people.has(s), `${e.id}: ${s}`);
      assert.ok(e.endsAt > e.startsAt, e.id);
      const at = `${e.venueId} ${e.startsAt}`;
      assert.ok(!booked.has(at), `${at} booked twice`);
      booked.add(at);
    }
    const used = new Set(conf.events.flatMap((e) => e.speakerIds));
    assert.equal(used.size, 800, 'every speaker speaks');
  });

  it('is served whole by the sandbox to its key', async () => {
    const sandbox = createSandbox({ db: ':memory:', seedData: largeSeed, startsOn: STARTS_ON });
    try {
      const get = async (path: string) => {
        const res = await sandbox.app.request(`/api/public/v1/events/${path}?limit=1`, {
          headers: { 'x-api-key': LARGE_KEY },
        });
        assert.equal(res.status, 200, path);
        return ((await res.json()) as { meta: { total: number } }).meta.total;
      };
      assert.equal(await get('events'), 2000);
      assert.equal(await get('venues'), 12);
      assert.equal(await get('speakers'), 800);
    } finally {
      sandbox.close();
    }
  });
});

describe('sandbox --seed', () => {
  it('refuses a seed it does not know, naming the ones it does', async () => {
    const { runCli } = await import('../cli.js');
    const errors: string[] = [];
    const code = await runCli(['--seed', 'huge', '--port', '0', '--db', ':memory:'], {
      log: () => {},
      error: (t) => errors.push(t),
    });
    assert.equal(code, 1);
    assert.match(errors.join('\n'), /--seed takes demo or large, got "huge"/);
  });
});
