/** The magic-number table the proxy and the sandbox share: edge cases of the leading bytes. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkFileSignature, detectFileType } from './file-signature.js';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('checkFileSignature', () => {
  test('each accepted type passes with its own magic number and fails with another', () => {
    const samples = {
      'application/pdf': bytes('%PDF-1.7\n'),
      'image/png': bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xdb]),
      'image/webp': bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '),
    };
    for (const [declared, head] of Object.entries(samples)) {
      for (const [other, otherHead] of Object.entries(samples)) {
        const check = checkFileSignature(declared, otherHead);
        assert.equal(check.ok, declared === other, `${other} bytes declared ${declared}`);
        if (!check.ok) assert.equal(check.detected, other);
      }
      assert.equal(checkFileSignature(declared, head).ok, true);
    }
  });

  test('a head shorter than the signature, or a RIFF that is not WebP, does not pass', () => {
    assert.equal(checkFileSignature('application/pdf', bytes('%PD')).ok, false);
    assert.equal(checkFileSignature('image/png', bytes([0x89], 'PNG')).ok, false);
    const wave = checkFileSignature('image/webp', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '));
    assert.equal(wave.ok, false);
    assert.equal(!wave.ok && wave.detected, 'unknown');
  });

  test('the message names the declared and the detected type', () => {
    const check = checkFileSignature('image/png', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    assert.ok(!check.ok);
    assert.match(check.message, /image\/png/);
    assert.match(check.message, /SVG \(image\/svg\+xml\)/);
    const unknown = checkFileSignature('application/pdf', bytes('hello'));
    assert.ok(!unknown.ok);
    assert.match(unknown.message, /application\/pdf.*not a format this upload accepts/);
  });

  test('a declared type outside the table never passes', () => {
    assert.equal(checkFileSignature('text/html', bytes('<html>')).ok, false);
    assert.equal(checkFileSignature('constructor', bytes('%PDF-')).ok, false);
  });
});

describe('detectFileType', () => {
  test('markup after a byte-order mark and white space, in any case', () => {
    assert.equal(detectFileType(bytes([0xef, 0xbb, 0xbf], '\r\n  <!DOCTYPE HTML>'))?.type, 'text/html');
    assert.equal(detectFileType(bytes('<?xml version="1.0"?>\n<svg>'))?.type, 'image/svg+xml');
    assert.equal(detectFileType(bytes('<?xml version="1.0"?><note/>'))?.type, 'application/xml');
    assert.equal(detectFileType(bytes('<script>alert(1)</script>'))?.type, 'text/html');
  });

  test('executables and scripts', () => {
    assert.equal(detectFileType(bytes([0x7f], 'ELF', [2, 1, 1]))?.type, 'application/x-elf');
    assert.equal(detectFileType(bytes('MZ'))?.type, 'application/x-msdownload');
    assert.equal(detectFileType(bytes('#!/bin/sh\n'))?.type, 'text/x-shellscript');
    assert.equal(detectFileType(bytes('plain text')), null);
  });
});
