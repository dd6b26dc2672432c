import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { webUrl } from './web-url.js';

describe('webUrl', () => {
  it('keeps http(s), protocol-relative and relative addresses, trimmed', () => {
    for (const ok of [
      'https://a.example/x',
      'HTTP://a.example',
      '//a.example/x',
      '/info/x',
      '?page=x',
      '#x',
      'info/x',
      '../x',
    ])
      assert.equal(webUrl(ok), ok, ok);
    assert.equal(webUrl('  /x \n'), '/x');
  });
  it('refuses every other scheme, in any case and with what the URL parser ignores', () => {
    const bad = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' \n\tjavascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://a.example/1',
      'file:///etc/passwd',
      'ftp://a.example/',
      'mailto:a@example.org',
    ];
    for (const value of bad) assert.equal(webUrl(value), null, JSON.stringify(value));
  });
  it('is null for what is not a string or not a URL', () => {
    for (const value of [undefined, null, 1, {}, '', '   ', 'http://[bad'])
      assert.equal(webUrl(value), null, String(value));
  });
  it('with absolute, refuses relative addresses and normalizes', () => {
    assert.equal(webUrl('/x', { absolute: true }), null);
    assert.equal(webUrl('//a.example/x', { absolute: true }), null);
    assert.equal(webUrl('https://A.example', { absolute: true }), 'https://a.example/');
    assert.equal(webUrl('javascript:alert(1)', { absolute: true }), null);
  });
});
