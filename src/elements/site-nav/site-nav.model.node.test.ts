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
