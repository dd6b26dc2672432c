import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { columnsFor, fold, initials } from '../../core/text.js';
import { search, sessionsOf, toCard, toCards } from './speakers.model.js';

describe('speakers model', () => {
  it('reads speaker records tolerantly', () => {
    assert.equal(toCard(null), null);
    assert.equal(toCard({ id: 'x' }), null, 'no name, nothing to show');
    const c = toCard({
      id: 7,
      firstName: 'Ada',
      lastName: 'Lovelace',
      extra: true,
      links: [{ url: 'javascript:alert(1)' }, { url: 'https://ada.example' }],
    })!;
    assert.equal(c.id, '7');
    assert.equal(c.fullName, 'Ada Lovelace');
    assert.equal(c.affiliation, '');
    assert.deepEqual(c.links, [{ label: 'https://ada.example', url: 'https://ada.example' }]);
    assert.equal(toCard({ id: 'a', fullName: 'A', photoUrl: 'javascript:x' })!.photoUrl, null);
  });

  it('makes initials from the first and last word, letters only', () => {
    assert.equal(initials('Ada Lovelace'), 'AL');
    assert.equal(initials('Prince'), 'P');
    assert.equal(initials('José María de la Cruz'), 'JC');
    assert.equal(initials('émile (zola)'), 'ÉZ');
    assert.equal(initials('  '), '?');
  });

  it('searches every word across name, affiliation and job title, ignoring case and accents', () => {
    const cards = toCards([
      { id: '1', fullName: 'José Müller', affiliation: 'Acme', jobTitle: 'CTO' },
      { id: '2', fullName: 'Ana Silva', affiliation: 'Müller GmbH', jobTitle: 'Engineer' },
      { id: '3', fullName: 'Bo Chen', affiliation: 'Beta', jobTitle: 'Designer' },
    ]);
    assert.deepEqual(
      cards.map((c) => c.id),
      ['2', '3', '1'],
      'sorted by name',
    );
    assert.deepEqual(
      search(cards, 'MULLER').map((c) => c.id),
      ['2', '1'],
    );
    assert.deepEqual(
      search(cards, 'jose cto').map((c) => c.id),
      ['1'],
    );
    assert.deepEqual(search(cards, '  ').length, 3);
    assert.deepEqual(search(cards, 'nobody'), []);
    assert.equal(fold('Ærø Ünïcödé'), 'ærø unicode');
  });

  it("lists a speaker's sessions in time order and skips unreadable events", () => {
    const events = [
      {
        id: 'b',
        title: 'Late',
        startsAt: '2026-06-10T15:00:00+02:00',
        endsAt: '2026-06-10T16:00:00+02:00',
        speakerIds: ['s1'],
        venueId: 'v',
        timeZone: 'Europe/Berlin',
      },
      { id: 'a', title: 'Early', startsAt: '2026-06-10T09:00:00+02:00', speakerIds: ['s1', 's2'], venueId: 'v' },
      { id: 'c', title: 'Other', startsAt: '2026-06-10T10:00:00+02:00', speakerIds: ['s2'] },
      { id: 'd', title: 'Broken', startsAt: 'soon', speakerIds: ['s1'] },
      null,
    ];
    const s = sessionsOf('s1', events);
    assert.deepEqual(
      s.map((x) => x.id),
      ['a', 'b'],
    );
    assert.equal(s[0]!.end, null);
    assert.equal(s[1]!.timeZone, 'Europe/Berlin');
    assert.deepEqual(sessionsOf('nobody', events), []);
  });

  it('derives grid columns from the width it has', () => {
    assert.equal(columnsFor(0), 1);
    assert.equal(columnsFor(300), 1);
    assert.equal(columnsFor(400), 2);
    assert.equal(columnsFor(1000), 5);
    assert.equal(columnsFor(4000), 6);
  });
});
