import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  exhibitHash,
  filterExhibits,
  parseExhibitHash,
  safeUrl,
  toExhibitCard,
  toExhibitCards,
  typesOf,
} from './exhibits.model.js';

const records = [
  {
    id: 'e1',
    title: 'Brightline Cloud',
    exhibitType: 'sponsor',
    shortDescription: 'Managed Kubernetes.',
    description: 'Data centres in Frankfurt.',
    booth: 'S-01',
    logoUrl: null,
    websiteUrl: 'https://brightline.example/',
    presenter: { fullName: 'Zoë Weiß' },
  },
  {
    id: 'e2',
    title: 'Open Meadow Foundation',
    exhibitType: 'nonprofit',
    shortDescription: 'Fiscal hosting.',
    description: '',
    booth: 'C-20',
    logoUrl: 'https://cdn.example/logo.png',
    websiteUrl: null,
    presenter: { fullName: 'Ben Ode' },
  },
  {
    id: 'e3',
    title: 'Stackfold',
    exhibitType: 'Startup',
    shortDescription: 'Preview environments.',
    description: '',
    booth: null,
    logoUrl: null,
    websiteUrl: null,
    presenter: {},
  },
  { id: 'e4', title: 'Hidden', exhibitType: 'sponsor', published: false },
  { id: 'e5', title: 'Guild', exhibitType: 'guild' },
];
const cards = toExhibitCards(records);

describe('exhibits model', () => {
  it('reads exhibit records tolerantly and never an unpublished one', () => {
    assert.deepEqual(
      cards.map((c) => c.id),
      ['e1', 'e2', 'e3', 'e5'],
      "the server's order, unpublished left out",
    );
    assert.equal(toExhibitCard({ id: 'x' }), null);
    const c = cards[0]!;
    assert.equal(c.type, 'sponsor');
    assert.equal(c.booth, 'S-01');
    assert.equal(c.presenter, 'Zoë Weiß');
    assert.equal(c.initials, 'BC');
    assert.equal(cards[2]!.type, 'startup', 'types compare lower-cased');
    assert.equal(cards[2]!.presenter, '');
    assert.equal(toExhibitCard({ id: 1, title: 'T', presenter: 'not an object' })!.presenter, '');
  });

  it('keeps only http(s) links and logos', () => {
    assert.equal(safeUrl('javascript:alert(1)'), null);
    assert.equal(safeUrl('data:image/png;base64,AAAA'), null);
    assert.equal(safeUrl('/relative.png'), null);
    assert.equal(safeUrl('https://a.example/x'), 'https://a.example/x');
    assert.equal(
      toExhibitCard({ id: 'y', title: 'Y', websiteUrl: 'javascript:x', logoUrl: 'https://l.example/a.svg' })!
        .websiteUrl,
      null,
    );
  });

  it('lists the types present, sponsors first, unknown ones last', () => {
    assert.deepEqual(typesOf(cards), ['sponsor', 'startup', 'nonprofit', 'guild']);
  });

  it('filters by type and searches every word, ignoring case and accents', () => {
    const ids = (q: string, type = '') => filterExhibits(cards, q, type).map((c) => c.id);
    assert.deepEqual(ids('', 'sponsor'), ['e1']);
    assert.deepEqual(ids('', 'SPONSOR'), ['e1'], 'the attribute may be written in capitals');
    assert.deepEqual(ids('', 'startup'), ['e3']);
    assert.deepEqual(ids('weiss'), [], 'ß is not folded to ss');
    assert.deepEqual(ids('zoe'), ['e1'], 'presenter, accent-free');
    assert.deepEqual(ids('c-20'), ['e2'], 'booth');
    assert.deepEqual(ids('frankfurt kubernetes'), ['e1'], 'both descriptions');
    assert.deepEqual(ids('kubernetes', 'nonprofit'), []);
    assert.deepEqual(ids(''), ['e1', 'e2', 'e3', 'e5']);
  });

  it('writes and reads #exhibit-ID deep links', () => {
    assert.equal(exhibitHash('exh_3'), '#exhibit-exh_3');
    assert.equal(parseExhibitHash('#exhibit-exh_3'), 'exh_3');
    assert.equal(parseExhibitHash('#abstract-exh_3'), null);
  });
});
