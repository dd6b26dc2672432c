import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  abstractHash,
  clampPageSize,
  filterAbstracts,
  mergePage,
  pageOffsets,
  parseAbstractHash,
  toAbstractCard,
  tracksOf,
} from './abstracts.model.js';

const records = [
  {
    id: 'a1',
    title: 'Observability with OpenTelemetry',
    body: 'Traces.',
    track: 'Operations',
    keywords: ['tracing', 'Métrics'],
    status: 'accepted',
    authors: [
      { fullName: 'José Müller', affiliation: 'Acme', presenting: true },
      { fullName: 'Ana Silva', affiliation: null, presenting: false },
    ],
  },
  {
    id: 'a2',
    title: 'Design tokens in practice',
    body: 'Tokens.',
    track: 'Design',
    keywords: ['css'],
    status: 'accepted',
    authors: [{ fullName: 'Bo Chen', presenting: true }],
  },
  { id: 'a3', title: 'Postgres upgrades', body: '', track: 'Operations', keywords: [], status: 'accepted' },
];
const cards = records.map((r) => toAbstractCard(r)!);

describe('abstracts model', () => {
  it('reads abstract records tolerantly, with authors and the presenting one', () => {
    assert.equal(toAbstractCard(null), null);
    assert.equal(toAbstractCard({ id: 'x' }), null, 'no title, nothing to show');
    assert.equal(toAbstractCard({ id: 'x', title: 'T', status: 'rejected' }), null, 'never a non-accepted one');
    const c = toAbstractCard({
      id: 9,
      title: ' T ',
      keywords: ['a', 3, ''],
      authors: [{ fullName: 'A B', presenting: 'yes' }, {}, null],
      extra: 1,
    })!;
    assert.equal(c.id, '9');
    assert.equal(c.title, 'T');
    assert.deepEqual(c.keywords, ['a']);
    assert.deepEqual(c.authors, [{ fullName: 'A B', affiliation: '', presenting: false }]);
    assert.equal(cards[0]!.authors[0]!.presenting, true);
    assert.deepEqual(toAbstractCard({ id: 'y', title: 'No authors' })!.authors, []);
  });

  it('searches title, author names and keywords, every word, ignoring case and accents', () => {
    const ids = (q: string, track = '') => filterAbstracts(cards, q, track).map((c) => c.id);
    assert.deepEqual(ids(''), ['a1', 'a2', 'a3']);
    assert.deepEqual(ids('MULLER'), ['a1']);
    assert.deepEqual(ids('metrics'), ['a1'], 'keywords, accent-free');
    assert.deepEqual(ids('tokens chen'), ['a2']);
    assert.deepEqual(ids('tokens silva'), []);
    assert.deepEqual(ids('acme'), [], 'affiliations are not searched');
    assert.deepEqual(ids('traces'), [], 'nor the body');
  });

  it('filters by track, alone and with a search, and lists the tracks present', () => {
    assert.deepEqual(tracksOf(cards), ['Design', 'Operations']);
    assert.deepEqual(
      filterAbstracts(cards, '', 'Operations').map((c) => c.id),
      ['a1', 'a3'],
    );
    assert.deepEqual(
      filterAbstracts(cards, 'postgres', 'Operations').map((c) => c.id),
      ['a3'],
    );
    assert.deepEqual(filterAbstracts(cards, 'postgres', 'Design'), []);
  });

  it('merges pages in order without duplicates and skips unreadable records', () => {
    const first = mergePage([], records.slice(0, 2));
    const next = mergePage(first, [records[1], { id: 'bad' }, records[2]]);
    assert.deepEqual(
      next.map((c) => c.id),
      ['a1', 'a2', 'a3'],
    );
    assert.equal(first.length, 2, 'the loaded list is not changed in place');
  });

  it('plans the pages for a refresh that keeps what was loaded, and clamps the page size', () => {
    assert.deepEqual(pageOffsets(0, 20), [0]);
    assert.deepEqual(pageOffsets(20, 20), [0]);
    assert.deepEqual(pageOffsets(44, 20), [0, 20, 40]);
    assert.deepEqual(pageOffsets(40, 20), [0, 20]);
    assert.equal(clampPageSize(undefined), 20);
    assert.equal(clampPageSize('abc'), 20);
    assert.equal(clampPageSize(0), 20);
    assert.equal(clampPageSize(7.9), 7);
    assert.equal(clampPageSize(5000), 200);
  });

  it('writes and reads #abstract-ID deep links, and nothing else', () => {
    assert.equal(abstractHash('abs_12'), '#abstract-abs_12');
    assert.equal(parseAbstractHash('#abstract-abs_12'), 'abs_12');
    assert.equal(parseAbstractHash('https://site.example/program#abstract-abs_12'), 'abs_12');
    assert.equal(parseAbstractHash('#event-abs_12'), null);
    assert.equal(parseAbstractHash('#abstract-'), null);
    assert.equal(parseAbstractHash('#abstract-%E0%A4%A'), null, 'broken escapes');
    assert.equal(parseAbstractHash('#abstract-<img>'), null);
  });
});
