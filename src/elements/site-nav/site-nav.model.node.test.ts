import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { isCurrentHref, pageHref } from './site-nav.model.js';

describe('pageHref', () => {
  it('puts the encoded slug where {slug} stands, every time', () => {
    assert.equal(pageHref('/info/{slug}', 'venue-and-travel'), '/info/venue-and-travel');
    assert.equal(pageHref('?page={slug}#{slug}', 'faq'), '?page=faq#faq');
  });
  it('encodes what could change the path or query', () => {
    assert.equal(pageHref('/info/{slug}', '../admin?x=1&y'), '/info/..%2Fadmin%3Fx%3D1%26y');
    assert.equal(pageHref('/{slug}', 'café'), '/caf%C3%A9');
  });
  it('is null when the pattern makes no http(s) or relative address', () => {
    for (const pattern of [
      'javascript:alert(1)//{slug}',
      'JAVASCRIPT:alert(1)//{slug}',
      ' \n javascript:alert(1)//{slug}',
      'java\tscript:alert(1)',
      'data:text/html,{slug}',
      'vbscript:{slug}',
    ]) {
      assert.equal(pageHref(pattern, 'about'), null, JSON.stringify(pattern));
    }
    // The slug is encoded, so neither it nor the pattern around it can make a scheme.
    assert.equal(pageHref('{slug}', 'javascript:alert(1)'), 'javascript%3Aalert(1)');
    assert.equal(pageHref('java{slug}', 'script:alert(1)'), 'javascript%3Aalert(1)');
    assert.equal(pageHref('https://conf.example/{slug}', 'about'), 'https://conf.example/about');
  });
});

describe('isCurrentHref', () => {
  const at = 'https://conf.example/info/about';
  it('matches the same path, a trailing slash aside', () => {
    assert.equal(isCurrentHref('/info/about', at), true);
    assert.equal(isCurrentHref('/info/about', at + '/'), true);
    assert.equal(isCurrentHref('/info/faq', at), false);
    assert.equal(isCurrentHref('https://other.example/info/about', at), false);
  });
  it('compares encoded and plain paths alike', () => {
    assert.equal(isCurrentHref('/caf%C3%A9', 'https://conf.example/café'), true);
  });
  it("needs the link's query parameters and fragment, allows others", () => {
    assert.equal(isCurrentHref('?page=faq', 'https://conf.example/site?page=faq&utm_source=x'), true);
    assert.equal(isCurrentHref('?page=faq', 'https://conf.example/site?page=about'), false);
    assert.equal(isCurrentHref('#faq', 'https://conf.example/site#faq'), true);
    assert.equal(isCurrentHref('#faq', 'https://conf.example/site#about'), false);
  });
  it('is false for what cannot be read', () => {
    assert.equal(isCurrentHref('/%E0%A4%A', 'https://conf.example/x'), false);
    assert.equal(isCurrentHref('http://[bad', at), false);
  });
});
