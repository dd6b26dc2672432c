import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { conferenceDates, findPage, readSite, siteFromPages } from './site.js';

describe('readSite', () => {
  it('reads the conference, navigation and pages, tolerating missing and wrong fields', () => {
    const site = readSite({
      conference: { name: 'Conf', city: 'Berlin', startsOn: '2026-06-10', endsOn: '2026-06-12', extra: 1 },
      navigation: [{ label: 'About', slug: 'about' }, { slug: 'faq' }, { label: 'No slug' }, null],
      pages: [
        { slug: 'about', title: 'About', body: 'Text' },
        { slug: 'about', title: 'Again' },
        { slug: 'faq', body: 42 },
        'x',
      ],
    });
    assert.equal(site.conference?.name, 'Conf');
    assert.equal(site.conference?.city, 'Berlin');
    assert.deepEqual(site.navigation, [
      { label: 'About', slug: 'about' },
      { label: 'faq', slug: 'faq' },
    ]);
    assert.deepEqual(site.pages, [
      { slug: 'about', title: 'About', body: 'Text' },
      { slug: 'faq', title: 'faq', body: '42' },
    ]);
    assert.equal(site.deprecated, false);
  });
  it('without a navigation lists the pages; without a named conference has none', () => {
    const site = readSite({ conference: { city: 'X' }, pages: [{ slug: 'a', title: 'A' }] });
    assert.equal(site.conference, null);
    assert.deepEqual(site.navigation, [{ slug: 'a', label: 'A' }]);
    assert.deepEqual(readSite(null), { conference: null, navigation: [], pages: [], deprecated: false });
  });
  it('reads the deprecated page list as a site marked deprecated', () => {
    const site = siteFromPages([{ slug: 'a', title: 'A', body: 'x' }]);
    assert.equal(site.deprecated, true);
    assert.deepEqual(site.navigation, [{ slug: 'a', label: 'A' }]);
  });
});

describe('findPage', () => {
  const site = siteFromPages([
    { slug: 'About', title: 'About' },
    { slug: 'about', title: 'lower' },
  ]);
  it('prefers the exact slug, then one that differs in case', () => {
    assert.equal(findPage(site, 'about')?.title, 'lower');
    assert.equal(findPage(site, ' ABOUT ')?.title, 'About');
    assert.equal(findPage(site, 'faq'), null);
  });
});

describe('conferenceDates', () => {
  const c = { name: 'C', tagline: '', city: '', timeZone: '' };
  it('writes one range in the locale, or one day', () => {
    // ICU versions differ in the spaces around the dash.
    assert.match(
      conferenceDates({ ...c, startsOn: '2026-06-10', endsOn: '2026-06-12' }, 'en-GB'),
      /^10\s?–\s?12 June 2026$/,
    );
    assert.match(
      conferenceDates({ ...c, startsOn: '2026-06-10', endsOn: '2026-06-12' }, 'de'),
      /^10\.\s?–\s?12\. Juni 2026$/,
    );
    assert.equal(conferenceDates({ ...c, startsOn: '2026-06-10', endsOn: '2026-06-10' }, 'en-GB'), '10 June 2026');
    assert.equal(conferenceDates({ ...c, startsOn: '', endsOn: '' }, 'en'), '');
  });
});
