import assert from 'node:assert/strict';
import { test, describe } from 'node:test';
import type { ScheduleEvent, Speaker, Venue } from '../../api/records.js';
import { eventHash, parseEventHash } from '../../core/deep-link.js';
import {
  changeAgenda,
  agendaHash,
  agendaShareUrl,
  agendaStorageKey,
  decodeAgenda,
  encodeAgenda,
  loadAgenda,
  parseAgendaHash,
  saveAgenda,
  type AgendaStorage,
} from './agenda.model.js';
import { layoutGrid } from './grid-layout.model.js';
import { foldLine, toIcs } from './ics.model.js';
import {
  buildIndex,
  filterItems,
  fold,
  groupByDay,
  groupBySlot,
  initialDay,
  isFiltering,
  narrows,
  nowNext,
  prepareSearch,
} from './schedule.model.js';

const ZONE = 'Europe/Berlin';

function venue(id: string, sortOrder: number, name = `Hall ${id}`): Venue {
  return { id, name, description: '', floor: '1', capacity: 100, sortOrder };
}
function speaker(id: string, fullName: string, affiliation = 'Uni'): Speaker {
  return { id, fullName, affiliation, jobTitle: '', bio: '', photoUrl: null, links: [] };
}
let seq = 0;
function ev(startsAt: string, endsAt: string, over: Partial<ScheduleEvent> = {}): ScheduleEvent {
  seq++;
  return {
    id: `evt_${String(seq).padStart(4, '0')}`,
    title: `Event ${seq}`,
    type: 'talk',
    description: '',
    startsAt,
    endsAt,
    timeZone: ZONE,
    venueId: 'v1',
    speakerIds: [],
    track: null,
    workshopId: null,
    ...over,
  };
}

const venues = [venue('v2', 2, 'Room B'), venue('v1', 1, 'Room A'), venue('v3', 3, 'Room C')];
const speakers = [speaker('s1', 'Jürgen Müller', 'TU Berlin'), speaker('s2', 'Ada Lovelace', 'Analytical')];

describe('grouping by day and slot', () => {
  // Berlin leaves summer time on 2026-10-25 at 03:00 (+02:00 → +01:00).
  const events = [
    ev('2026-10-24T23:30:00+02:00', '2026-10-25T00:30:00+02:00', { title: 'Late night' }),
    ev('2026-10-25T00:00:00+02:00', '2026-10-25T01:00:00+02:00', { title: 'Midnight', venueId: 'v2' }),
    ev('2026-10-25T02:30:00+02:00', '2026-10-25T02:45:00+02:00', { title: 'First 2:30' }),
    ev('2026-10-25T02:30:00+01:00', '2026-10-25T02:45:00+01:00', { title: 'Second 2:30' }),
    ev('2026-10-25T09:00:00+01:00', '2026-10-25T10:00:00+01:00', { title: 'Morning A', venueId: 'v2' }),
    ev('2026-10-25T09:00:00+01:00', '2026-10-25T10:00:00+01:00', { title: 'Morning B', venueId: 'v1' }),
    ev('2026-10-25T23:59:00+01:00', '2026-10-26T00:30:00+01:00', { title: 'Before midnight' }),
  ];
  const index = buildIndex({ events, venues, speakers }, ZONE);

  test('days follow the display zone, split at local midnight', () => {
    assert.deepEqual(index.days, ['2026-10-24', '2026-10-25']);
    assert.deepEqual(
      index.byDay.get('2026-10-24')!.map((i) => i.event.title),
      ['Late night'],
    );
    assert.equal(index.byDay.get('2026-10-25')!.length, 6);
  });

  test('the repeated hour at the DST change is two slots, in true order', () => {
    const slots = groupBySlot(index.byDay.get('2026-10-25')!);
    const titles = slots.map((s) => s.items.map((i) => i.event.title));
    assert.deepEqual(titles, [
      ['Midnight'],
      ['First 2:30'],
      ['Second 2:30'],
      ['Morning B', 'Morning A'],
      ['Before midnight'],
    ]);
    assert.equal(slots[2]!.start - slots[1]!.start, 60 * 60_000);
  });

  test('another display zone moves events across days', () => {
    const ny = buildIndex({ events, venues, speakers }, 'America/New_York');
    assert.deepEqual(ny.days, ['2026-10-24', '2026-10-25']);
    // 09:00 Berlin (+01:00) is 04:00 in New York (still EDT, -04:00): same day; 23:59 Berlin is 18:59.
    assert.deepEqual(
      ny.byDay.get('2026-10-24')!.map((i) => i.event.title),
      ['Late night', 'Midnight', 'First 2:30', 'Second 2:30'],
    );
    const tokyo = buildIndex({ events, venues, speakers }, 'Asia/Tokyo');
    assert.deepEqual(tokyo.days, ['2026-10-25', '2026-10-26']);
  });

  test('groupByDay agrees with the index', () => {
    const groups = groupByDay(index.items);
    assert.deepEqual(
      groups.map((g) => [g.day, g.items.length]),
      [
        ['2026-10-24', 1],
        ['2026-10-25', 6],
      ],
    );
  });

  test('venue order breaks ties within a slot; spring-forward day keeps its events', () => {
    const spring = buildIndex(
      {
        events: [
          ev('2026-03-29T01:30:00+01:00', '2026-03-29T03:30:00+02:00'),
          ev('2026-03-29T03:00:00+02:00', '2026-03-29T04:00:00+02:00'),
        ],
        venues,
        speakers,
      },
      ZONE,
    );
    assert.deepEqual(spring.days, ['2026-03-29']);
    assert.equal(spring.items[0]!.end - spring.items[0]!.start, 60 * 60_000);
  });

  test('unreadable times are skipped and counted, not thrown', () => {
    const bad = buildIndex(
      { events: [ev('not a date', 'x'), ev('2026-06-10T09:00:00+02:00', 'x')], venues, speakers },
      ZONE,
    );
    assert.equal(bad.skipped, 1);
    assert.equal(bad.items[0]!.end, bad.items[0]!.start);
  });

  test('initialDay is today during the conference, else the first day', () => {
    assert.equal(initialDay(index, Date.parse('2026-10-25T12:00:00+01:00')), '2026-10-25');
    assert.equal(initialDay(index, Date.parse('2026-01-01T12:00:00Z')), '2026-10-24');
  });
});

describe('grid layout', () => {
  const events = [
    ev('2026-06-10T09:10:00+02:00', '2026-06-10T09:55:00+02:00', { title: 'A', venueId: 'v1' }),
    ev('2026-06-10T09:30:00+02:00', '2026-06-10T10:00:00+02:00', { title: 'B overlaps A', venueId: 'v1' }),
    ev('2026-06-10T09:55:00+02:00', '2026-06-10T10:30:00+02:00', { title: 'C after A', venueId: 'v1' }),
    ev('2026-06-10T11:00:00+02:00', '2026-06-10T11:02:00+02:00', { title: 'Short', venueId: 'v2' }),
    ev('2026-06-10T10:00:00+02:00', '2026-06-10T11:00:00+02:00', { title: 'Hidden', venueId: 'v3' }),
    ev('2026-06-10T10:00:00+02:00', '2026-06-10T10:30:00+02:00', { title: 'Nowhere', venueId: 'v9' }),
  ];
  const index = buildIndex({ events, venues, speakers }, ZONE);
  const grid = layoutGrid(index.items, index.venues, { timeZone: ZONE, hidden: new Set(['v3']) });
  const cell = (title: string) => grid.cells.find((c) => c.item.event.title === title)!;

  test('starts at the full hour, rows of 5 minutes, whole hours', () => {
    assert.equal(grid.start, Date.parse('2026-06-10T09:00:00+02:00'));
    assert.equal(grid.rows, 36); // 09:00–12:00
    assert.deepEqual(
      grid.marks.map((m) => m.row),
      [0, 12, 24],
    );
  });

  test('columns in venue order, hidden left out, unknown venue appended', () => {
    assert.deepEqual(
      grid.columns.map((c) => c.venue.id),
      ['v1', 'v2', 'v9'],
    );
    assert.equal(
      grid.cells.some((c) => c.item.event.title === 'Hidden'),
      false,
    );
  });

  test('spans follow duration; short events still take a row', () => {
    assert.deepEqual([cell('A').row, cell('A').span], [2, 9]);
    assert.deepEqual([cell('C after A').row, cell('C after A').span], [11, 7]);
    assert.deepEqual([cell('Short').row, cell('Short').span], [24, 1]);
  });

  test('overlaps in a venue share lanes; the next event reuses a free lane', () => {
    assert.deepEqual([cell('A').lane, cell('A').lanes], [0, 2]);
    assert.deepEqual([cell('B overlaps A').lane, cell('B overlaps A').lanes], [1, 2]);
    // C starts when A ends but B still runs: same group, A's lane.
    assert.deepEqual([cell('C after A').lane, cell('C after A').lanes], [0, 2]);
    assert.equal(grid.columns[0]!.lanes, 2);
    assert.equal(cell('Short').lanes, 1);
  });

  test('a talk across spring-forward spans its real hour', () => {
    const spring = buildIndex(
      { events: [ev('2026-03-29T01:30:00+01:00', '2026-03-29T03:30:00+02:00')], venues, speakers },
      ZONE,
    );
    const g = layoutGrid(spring.items, spring.venues, { timeZone: ZONE });
    assert.deepEqual([g.cells[0]!.row, g.cells[0]!.span], [6, 12]);
    assert.equal(g.start, Date.parse('2026-03-29T01:00:00+01:00'));
  });

  test('the shortest common span ignores a rare short outlier', () => {
    assert.equal(grid.commonSpan, 1); // 'Short' is one of five events: not rare enough to ignore
    const many = Array.from({ length: 12 }, (_, i) =>
      ev(
        `2026-06-10T${String(9 + i).padStart(2, '0')}:00:00+02:00`,
        `2026-06-10T${String(9 + i).padStart(2, '0')}:${i === 0 ? '05' : '45'}:00+02:00`,
        { title: `T${i}`, venueId: 'v1' },
      ),
    );
    const g = layoutGrid(buildIndex({ events: many, venues, speakers }, ZONE).items, venues, { timeZone: ZONE });
    assert.equal(g.commonSpan, 9);
  });

  test('an empty day lays out no rows', () => {
    const g = layoutGrid([], index.venues, { timeZone: ZONE });
    assert.equal(g.rows, 0);
    assert.equal(g.columns.length, 3);
  });
});

describe('now and next', () => {
  const events = [
    ev('2026-06-10T09:00:00+02:00', '2026-06-10T10:00:00+02:00', { title: 'Opening', venueId: 'v1' }),
    ev('2026-06-10T10:00:00+02:00', '2026-06-10T11:00:00+02:00', { title: 'Second', venueId: 'v1' }),
    ev('2026-06-11T09:00:00+02:00', '2026-06-11T10:00:00+02:00', { title: 'Tomorrow', venueId: 'v1' }),
    ev('2026-06-10T09:30:00+02:00', '2026-06-10T10:30:00+02:00', { title: 'Other room', venueId: 'v2' }),
  ];
  const index = buildIndex({ events, venues, speakers }, ZONE);
  const at = (iso: string, venueId?: string) =>
    nowNext(index, Date.parse(iso), venueId).map((v) => [
      v.venue.id,
      v.current.map((i) => i.event.title),
      v.next?.event.title ?? null,
    ]);

  test('before anything starts: nothing current, first event next', () => {
    assert.deepEqual(at('2026-06-10T08:59:59+02:00', 'v1'), [['v1', [], 'Opening']]);
  });
  test('at the start instant the event is current', () => {
    assert.deepEqual(at('2026-06-10T09:00:00+02:00', 'v1'), [['v1', ['Opening'], 'Second']]);
  });
  test('at the end instant the event has ended and the next one is current', () => {
    assert.deepEqual(at('2026-06-10T10:00:00+02:00', 'v1'), [['v1', ['Second'], 'Tomorrow']]);
  });
  test('one millisecond before the end it still runs', () => {
    assert.deepEqual(at('2026-06-10T09:59:59.999+02:00', 'v1'), [['v1', ['Opening'], 'Second']]);
  });
  test('all venues, in order, dropping venues with nothing left', () => {
    assert.deepEqual(at('2026-06-10T10:15:00+02:00'), [
      ['v1', ['Second'], 'Tomorrow'],
      ['v2', ['Other room'], null],
    ]);
    assert.deepEqual(at('2026-06-10T10:45:00+02:00'), [['v1', ['Second'], 'Tomorrow']]);
  });
  test('a named venue that is done still answers, empty', () => {
    assert.deepEqual(at('2026-06-12T00:00:00+02:00', 'v1'), [['v1', [], null]]);
    assert.deepEqual(at('2026-06-10T10:00:00+02:00', 'nope'), []);
  });
});

describe('filters and search', () => {
  const events = [
    ev('2026-06-10T09:00:00+02:00', '2026-06-10T10:00:00+02:00', {
      title: 'Keynote: The Future',
      type: 'keynote',
      speakerIds: ['s1'],
    }),
    ev('2026-06-10T10:00:00+02:00', '2026-06-10T11:00:00+02:00', {
      title: 'Engines',
      description: 'Computing with the Analytical Engine',
      speakerIds: ['s2'],
      venueId: 'v2',
    }),
    ev('2026-06-10T11:00:00+02:00', '2026-06-10T11:30:00+02:00', { title: 'Coffee', type: 'break', venueId: 'v3' }),
    ev('2026-06-11T09:00:00+02:00', '2026-06-11T10:00:00+02:00', {
      title: 'Café culture',
      type: 'social',
      track: 'Community',
    }),
  ];
  const index = buildIndex({ events, venues, speakers }, ZONE);
  const titles = (f: Parameters<typeof filterItems>[1]) => filterItems(index, f).map((i) => i.event.title);

  test('speaker names, descriptions and tracks are searchable, accents folded', () => {
    assert.deepEqual(titles({ query: 'muller' }), ['Keynote: The Future']);
    assert.deepEqual(titles({ query: 'MÜLLER' }), ['Keynote: The Future']);
    assert.deepEqual(titles({ query: 'analytical' }), ['Engines']);
    assert.deepEqual(titles({ query: 'cafe' }), ['Café culture']);
    assert.deepEqual(titles({ query: 'community' }), ['Café culture']);
  });
  test('every term must match', () => {
    assert.deepEqual(titles({ query: 'ada engine' }), ['Engines']);
    assert.deepEqual(titles({ query: 'ada coffee' }), []);
    assert.equal(titles({ query: '   ' }).length, 4);
  });
  test('day, venue, type and starred filters combine', () => {
    assert.deepEqual(titles({ day: '2026-06-10' }), ['Keynote: The Future', 'Engines', 'Coffee']);
    assert.deepEqual(titles({ day: '2026-06-10', venues: new Set(['v2', 'v3']) }), ['Engines', 'Coffee']);
    assert.deepEqual(titles({ types: new Set(['break', 'social']) }), ['Coffee', 'Café culture']);
    const starred = new Set([events[1]!.id, events[3]!.id]);
    assert.deepEqual(titles({ starredOnly: true, starred }), ['Engines', 'Café culture']);
    assert.deepEqual(titles({ starredOnly: true, starred, day: '2026-06-11' }), ['Café culture']);
    assert.deepEqual(titles({ day: '2030-01-01' }), []);
  });
  test('types present are listed in canonical order', () => {
    assert.deepEqual(index.types, ['keynote', 'talk', 'break', 'social']);
  });
  test('search text folded ahead in slices finds the same as folded on first search', () => {
    const fresh = buildIndex({ events, venues, speakers }, ZONE);
    // No time left: one slice of 64 (here all four), then it stops and says where to go on.
    assert.equal(
      prepareSearch(fresh.items, 0, () => 0),
      fresh.items.length,
    );
    assert.equal(
      prepareSearch(fresh.items, fresh.items.length, () => 0),
      fresh.items.length,
    );
    const engines = fresh.items.find((i) => i.event.title === 'Engines')!;
    assert.equal(engines.haystack, fold('Engines\nComputing with the Analytical Engine\n\nAda Lovelace'));
    assert.deepEqual(
      filterItems(fresh, { query: 'cafe community' }).map((i) => i.event.title),
      titles({ query: 'cafe community' }),
    );
  });
  test('a filter filters when it has a search term, a room, a type or "my agenda only"; blanks do not', () => {
    assert.equal(isFiltering({}), false);
    assert.equal(isFiltering({ query: '  \t ', venues: new Set(), types: new Set(), starredOnly: false }), false);
    assert.equal(isFiltering({ query: 'ada' }), true);
    assert.equal(isFiltering({ venues: new Set(['v1']) }), true);
    assert.equal(isFiltering({ types: new Set(['talk']) }), true);
    assert.equal(isFiltering({ starredOnly: true, starred: new Set() }), true, 'nothing starred: nothing shown');
    // What the element relies on when it skips the pass: an unfiltering filter keeps every event.
    assert.equal(filterItems(index, { query: ' ' }).length, index.items.length);
  });
  test('a query typed on searches the last matches only, and finds what a full search finds', () => {
    assert.equal(narrows('ada', 'ada eng'), true);
    assert.equal(narrows('eng', 'engines'), true);
    assert.equal(narrows('engines', 'eng'), false, 'a deleted letter can match more');
    assert.equal(narrows('', 'ada'), false);
    // Greek folds a final sigma differently from one inside a word: typing on changes the letter.
    assert.equal(narrows('ΟΔΟΣ', 'ΟΔΟΣΑ'), false);
    for (const [before, after] of [
      ['c', 'ca'],
      ['ca', 'caf'],
      ['a', 'ada l'],
    ] as const) {
      const last = filterItems(index, { query: before });
      const within = filterItems(index, { query: after }, last).map((i) => i.event.title);
      assert.deepEqual(within, titles({ query: after }), `${before} then ${after}`);
    }
  });
  test('slices stop when the idle period is used up, and go on from there', () => {
    const many = Array.from({ length: 200 }, (_, n) =>
      ev('2026-06-10T09:00:00+02:00', '2026-06-10T10:00:00+02:00', { id: `m${n}`, title: `Talk ${n}` }),
    );
    const big = buildIndex({ events: many, venues, speakers }, ZONE);
    let calls = 0;
    const first = prepareSearch(big.items, 0, () => (++calls > 1 ? 0 : 5));
    assert.equal(first, 128, 'two slices of 64: time left after the first, none after the second');
    assert.equal(
      prepareSearch(big.items, first, () => 5),
      200,
    );
    assert.equal(filterItems(big, { query: 'talk 199' }).length, 1);
  });
});

describe('my agenda', () => {
  class MemoryStorage implements AgendaStorage {
    map = new Map<string, string>();
    getItem(k: string) {
      return this.map.get(k) ?? null;
    }
    setItem(k: string, v: string) {
      this.map.set(k, v);
    }
    removeItem(k: string) {
      this.map.delete(k);
    }
  }

  test('keys differ per endpoint and conference', () => {
    assert.notEqual(agendaStorageKey('https://a.example'), agendaStorageKey('https://b.example'));
    assert.notEqual(agendaStorageKey('https://a.example', 'c1'), agendaStorageKey('https://a.example', 'c2'));
  });

  test('stars persist; junk and throwing storage read as empty', () => {
    const s = new MemoryStorage();
    const key = agendaStorageKey('https://a.example');
    assert.equal(saveAgenda(s, key, new Set(['evt_2', 'evt_1'])), true);
    assert.deepEqual([...loadAgenda(s, key)].sort(), ['evt_1', 'evt_2']);
    s.setItem(key, '{not json');
    assert.equal(loadAgenda(s, key).size, 0);
    s.setItem(key, JSON.stringify(['ok_1', '<img src=x>', 42]));
    assert.deepEqual([...loadAgenda(s, key)], ['ok_1']);
    const throwing: AgendaStorage = {
      getItem() {
        throw new Error('SecurityError');
      },
      setItem() {
        throw new Error('QuotaExceeded');
      },
      removeItem() {
        throw new Error('SecurityError');
      },
    };
    assert.equal(loadAgenda(throwing, key).size, 0);
    assert.equal(saveAgenda(throwing, key, new Set(['a'])), false);
    assert.equal(saveAgenda(null, key, new Set(['a'])), false);
    assert.equal(saveAgenda(s, key, new Set()), true);
    assert.equal(s.getItem(key), null);
  });

  test("a change applies to what is stored now, not to the caller's older copy", () => {
    const s = new MemoryStorage();
    const key = agendaStorageKey('https://a.example');
    saveAgenda(s, key, new Set(['evt_1', 'evt_2']));
    // The caller last saw only evt_1; evt_2 was starred elsewhere since.
    const r = changeAgenda(s, key, new Set(['evt_1']), { add: ['evt_3', 'evt_2'], remove: ['evt_1'] });
    assert.deepEqual([...r.ids].sort(), ['evt_2', 'evt_3']);
    assert.equal(r.added, 1);
    assert.equal(r.saved, true);
    assert.deepEqual(JSON.parse(s.getItem(key)!), ['evt_2', 'evt_3']);
    // Without storage the caller's copy is the base, and the change is reported unsaved.
    const none = changeAgenda(null, key, new Set(['evt_9']), { add: ['evt_8'] });
    assert.deepEqual([...none.ids].sort(), ['evt_8', 'evt_9']);
    assert.equal(none.saved, false);
  });

  test('share link round trip, compact and URL-safe', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `evt_${String(i * 7).padStart(4, '0')}`);
    const hash = agendaHash(ids);
    assert.match(hash, /^#agenda=[A-Za-z0-9_-]+$/);
    assert.ok(hash.length < ids.join(',').length, `${hash.length} should be shorter than the joined ids`);
    assert.deepEqual(parseAgendaHash(hash), [...ids].sort());
    const url = agendaShareUrl('https://example.org/programme?lang=de#old', ids);
    assert.ok(url.startsWith('https://example.org/programme?lang=de#agenda='));
    assert.deepEqual(parseAgendaHash(url), [...ids].sort());
  });

  test('odd id sets round trip: one id, an id that is a prefix of another, none', () => {
    for (const ids of [['x'], ['evt', 'evt_1', 'evt_10'], ['a', 'b'], [] as string[], ['Ünïcode-free_ok']]) {
      const clean = ids.filter((id) => /^[A-Za-z0-9_-]+$/.test(id)).sort();
      assert.deepEqual(decodeAgenda(encodeAgenda(ids)), clean, JSON.stringify(ids));
    }
  });

  test('tampered or foreign fragments are refused', () => {
    assert.equal(parseAgendaHash('#agenda=***'), null);
    assert.equal(parseAgendaHash('#something-else'), null);
    assert.equal(parseAgendaHash('#agenda=' + Buffer.from('no bar here').toString('base64url')), null);
    assert.deepEqual(parseAgendaHash('#agenda=' + Buffer.from('|ok,<script>,../x,fine').toString('base64url')), [
      'ok',
      'fine',
    ]);
  });

  test('event deep links', () => {
    assert.equal(eventHash('evt_0042'), '#event-evt_0042');
    assert.equal(parseEventHash('#event-evt_0042'), 'evt_0042');
    assert.equal(parseEventHash('https://x.example/p#event-evt_0042'), 'evt_0042');
    assert.equal(parseEventHash('#event-%3Cscript%3E'), null);
    assert.equal(parseEventHash('#event-%E0%A4%A'), null);
    assert.equal(parseEventHash('#agenda=abc'), null);
  });
});

/** A minimal RFC 5545 reader: checks line endings and octet limits, unfolds, splits properties. */
function parseIcs(text: string) {
  assert.ok(text.endsWith('\r\n'), 'ends with CRLF');
  assert.equal(/\r(?!\n)|(?<!\r)\n/.test(text), false, 'only CRLF line breaks');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) assert.ok(Buffer.byteLength(line, 'utf8') <= 75, `line over 75 octets: ${line}`);
  const logical = text
    .replace(/\r\n[ \t]/g, '')
    .slice(0, -2)
    .split('\r\n');
  const unescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  const calendar: Record<string, string> = {};
  for (const line of logical) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    const value = line.slice(colon + 1);
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) current[name] = ['SUMMARY', 'DESCRIPTION', 'LOCATION'].includes(name) ? unescape(value) : value;
    else calendar[name] = value;
  }
  assert.equal(logical[0], 'BEGIN:VCALENDAR');
  assert.equal(logical.at(-1), 'END:VCALENDAR');
  return { calendar, events };
}
const icsInstant = (v: string) =>
  Date.parse(v.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));

describe('.ics export', () => {
  const long = 'Zürich, Köln; Straße\\Weg — '.repeat(8) + '\nSecond paragraph 🎤 with emoji';
  const events = [
    ev('2026-06-10T09:00:00+02:00', '2026-06-10T10:30:00+02:00', {
      title: 'Opening, keynote; and more',
      description: long,
      speakerIds: ['s1', 's2'],
    }),
    ev('2026-06-11T14:00:00+02:00', '2026-06-11T14:45:00+02:00', {
      title: 'Ünïcödé Wörkshöp '.repeat(6),
      type: 'workshop',
      venueId: 'v2',
    }),
  ];
  const index = buildIndex({ events, venues, speakers }, ZONE);
  const now = Date.parse('2026-05-01T12:00:00Z');
  const ics = toIcs(index.items, {
    now,
    uidDomain: 'conf.example.org',
    calendarName: 'My agenda',
    eventUrl: (i) => `https://x.example/p${eventHash(i.event.id)}`,
  });
  const parsed = parseIcs(ics);

  test('a calendar with one VEVENT per event', () => {
    assert.equal(parsed.calendar.VERSION, '2.0');
    assert.ok(parsed.calendar.PRODID);
    assert.equal(parsed.calendar['X-WR-CALNAME'], 'My agenda');
    assert.equal(parsed.events.length, 2);
  });

  test('UTC times, stable UIDs, DTSTAMP', () => {
    const [a, b] = parsed.events;
    assert.equal(a!.DTSTART, '20260610T070000Z');
    assert.equal(icsInstant(a!.DTEND!), Date.parse('2026-06-10T10:30:00+02:00'));
    assert.equal(icsInstant(b!.DTSTART!), Date.parse(events[1]!.startsAt));
    assert.equal(a!.UID, `${events[0]!.id}@conf.example.org`);
    assert.equal(a!.DTSTAMP, '20260501T120000Z');
    const again = parseIcs(toIcs(index.items, { now: now + 1000, uidDomain: 'conf.example.org' }));
    assert.equal(again.events[0]!.UID, a!.UID);
  });

  test('text survives escaping and folding byte for byte', () => {
    const [a, b] = parsed.events;
    assert.equal(a!.SUMMARY, 'Opening, keynote; and more');
    assert.ok(a!.DESCRIPTION!.startsWith('Jürgen Müller (TU Berlin), Ada Lovelace (Analytical)\n\n'));
    assert.ok(a!.DESCRIPTION!.endsWith(long));
    assert.equal(a!.LOCATION, 'Room A, 1');
    assert.equal(b!.SUMMARY, events[1]!.title);
    assert.equal(b!.CATEGORIES, 'workshop');
    assert.equal(a!.URL, `https://x.example/p#event-${events[0]!.id}`);
    assert.ok(ics.includes('\\;') && ics.includes('\\,') && ics.includes('\\\\') && ics.includes('\\n'));
  });

  test('folding never splits a multi-byte character', () => {
    const line = 'SUMMARY:' + 'ü'.repeat(100) + '🎤'.repeat(30);
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) {
      assert.ok(Buffer.byteLength(part) <= 75);
      assert.equal(Buffer.from(part, 'utf8').toString('utf8'), part);
    }
    assert.equal(folded.replace(/\r\n /g, ''), line);
  });

  test('an agenda of one event', () => {
    assert.equal(parseIcs(toIcs([index.items[1]!], { now, uidDomain: 'x' })).events.length, 1);
  });
});

describe('performance: 2,000 events in 12 venues', () => {
  const bigVenues = Array.from({ length: 12 }, (_, i) => venue(`v${i}`, i, `Room ${i}`));
  const bigSpeakers = Array.from({ length: 400 }, (_, i) => speaker(`s${i}`, `Speaker Number${i} Surname${i % 37}`));
  const words = 'data cloud systems learning graph security privacy design ethics scale latency robust'.split(' ');
  const bigEvents = Array.from({ length: 2000 }, (_, i) => {
    const day = 10 + (i % 3);
    const minutes = 8 * 60 + ((i * 15) % (10 * 60));
    const start = new Date(Date.UTC(2026, 5, day, 0, minutes) - 2 * 3600_000);
    return ev(start.toISOString(), new Date(start.getTime() + 45 * 60_000).toISOString(), {
      title: `${words[i % 12]} ${words[(i * 5) % 12]} talk ${i}`,
      description: `${words[(i * 7) % 12]} `.repeat(40),
      venueId: `v${i % 12}`,
      speakerIds: [`s${i % 400}`, `s${(i * 3) % 400}`],
    });
  });

  test('index once, then each keystroke filters well under a frame', () => {
    const t0 = performance.now();
    const index = buildIndex({ events: bigEvents, venues: bigVenues, speakers: bigSpeakers }, ZONE);
    const buildMs = performance.now() - t0;
    assert.equal(index.items.length, 2000);
    const query = 'surname12 learning';
    const t1 = performance.now();
    let found = 0;
    for (let round = 0; round < 10; round++) {
      for (let n = 1; n <= query.length; n++) found += filterItems(index, { query: query.slice(0, n) }).length;
    }
    const perKeystroke = (performance.now() - t1) / (10 * query.length);
    const t2 = performance.now();
    const day = index.days[0]!;
    const grid = layoutGrid(filterItems(index, { day }), index.venues, { timeZone: ZONE });
    const gridMs = performance.now() - t2;
    assert.ok(found > 0);
    assert.ok(grid.cells.length > 600);
    console.log(
      `# build ${buildMs.toFixed(1)} ms, search ${perKeystroke.toFixed(3)} ms/keystroke, grid ${gridMs.toFixed(1)} ms`,
    );
    assert.ok(perKeystroke < 8, `search took ${perKeystroke} ms per keystroke`);
    assert.ok(gridMs < 16, `grid took ${gridMs} ms`);
  });
});
