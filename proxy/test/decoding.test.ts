/** Reading upstream bodies (`upstream/body.ts`) and the scrubber's decoded search, without sockets. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { ProxyError } from '../errors.js';
import { createScrubber } from '../secrets.js';
import { readableBody } from '../upstream/body.js';

const KEY = 'sk_live_9f/A+b';
const headers = (h: Record<string, string> = {}) => new Headers({ 'content-type': 'application/json', ...h });
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProxyError, String(error));
    assert.equal(error.status, 502);
    return (error.options.details as { reason: string }).reason;
  }
  assert.fail('not refused');
}

describe('reading an upstream body', () => {
  test('clean UTF-8: the same bytes, no copy; the media type kept with charset=utf-8, other parameters dropped', async () => {
    const bytes = utf8('{"data":"é"}');
    const out = await readableBody(
      headers({ 'content-type': 'application/problem+json; charset=UTF-8; key=x' }),
      bytes,
    );
    assert.equal(out.bytes, bytes);
    assert.equal(out.text, '{"data":"é"}');
    assert.equal(out.contentType, 'application/problem+json; charset=utf-8');
  });

  test('a UTF-8 BOM is dropped; UTF-16 by label, BOM or NUL sniffing becomes UTF-8', async () => {
    const json = '{"data":"ü✓"}';
    const le = Buffer.from(json, 'utf16le');
    const be = Buffer.from(le).swap16();
    const cases: [string, Headers, Uint8Array][] = [
      ['utf-8 BOM', headers(), new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]))],
      ['utf-16le label', headers({ 'content-type': 'application/json; charset=utf-16le' }), le],
      ['utf-16be label', headers({ 'content-type': 'application/json; charset="UTF-16BE"' }), be],
      ['utf-16 label, BE without BOM', headers({ 'content-type': 'application/json; charset=utf-16' }), be],
      [
        'LE BOM under a utf-8 label',
        headers({ 'content-type': 'application/json; charset=utf-8' }),
        new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), le])),
      ],
      ['BE BOM', headers(), new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))],
      ['LE sniffed', headers(), le],
      ['BE sniffed', headers(), be],
    ];
    for (const [name, h, body] of cases) {
      const out = await readableBody(h, body);
      assert.equal(out.text, json, name);
      assert.equal(Buffer.from(out.bytes).toString('utf8'), json, name);
    }
  });

  test('UTF-32, Latin-1, invalid UTF-8, lone surrogates and NULs are refused', async () => {
    const json = '{"a":1}';
    const utf32 = Buffer.alloc(json.length * 4);
    [...json].forEach((c, i) => utf32.writeUInt32LE(c.charCodeAt(0), i * 4));
    const cases: [string, Headers, Uint8Array][] = [
      ['utf-32 sniffed', headers(), new Uint8Array(utf32)],
      ['utf-32 BOM', headers(), new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), utf32]))],
      ['latin1 label', headers({ 'content-type': 'application/json; charset=iso-8859-1' }), utf8(json)],
      ['invalid UTF-8', headers(), new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])],
      [
        'lone surrogate in UTF-16',
        headers({ 'content-type': 'application/json; charset=utf-16le' }),
        new Uint8Array([0x7b, 0, 0x00, 0xd8, 0x7d, 0]),
      ],
      ['NULs inside', headers(), utf8('{"a":"k\0e\0y"}')],
    ];
    for (const [name, h, body] of cases) assert.equal(await refusal(readableBody(h, body)), 'charset', name);
  });

  test('gzip, x-gzip, zlib and raw deflate, br and two layers are decoded; others refused; the decoded size is capped', async () => {
    const json = '{"data":"' + 'x'.repeat(5000) + '"}';
    const cases: [string, Uint8Array][] = [
      ['gzip', gzipSync(json)],
      ['x-gzip', gzipSync(json)],
      ['deflate', deflateRawSync(json)],
      ['br', brotliCompressSync(json)],
      ['gzip, br', brotliCompressSync(gzipSync(json))],
      ['identity', utf8(json)],
    ];
    for (const [coding, body] of cases) {
      assert.equal(
        (await readableBody(headers({ 'content-encoding': coding }), new Uint8Array(body))).text,
        json,
        coding,
      );
    }
    assert.equal(await refusal(readableBody(headers({ 'content-encoding': 'zstd' }), utf8(json))), 'content_encoding');
    assert.equal(
      await refusal(
        readableBody(headers({ 'content-encoding': 'gzip, gzip, gzip' }), gzipSync(gzipSync(gzipSync(json)))),
      ),
      'content_encoding',
    );
    assert.equal(await refusal(readableBody(headers({ 'content-encoding': 'gzip' }), utf8(json))), 'content_encoding');
    const bomb = gzipSync(Buffer.alloc(17 * 1024 * 1024, 0x20));
    assert.equal(
      await refusal(readableBody(headers({ 'content-encoding': 'gzip' }), new Uint8Array(bomb))),
      'decoded_too_large',
    );
    const deflateBomb = deflateSync(Buffer.alloc(17 * 1024 * 1024, 0x20));
    assert.equal(
      await refusal(readableBody(headers({ 'content-encoding': 'deflate' }), new Uint8Array(deflateBomb))),
      'decoded_too_large',
    );
    // A fetch transport already decoded it: not decoded twice.
    assert.equal((await readableBody(headers({ 'content-encoding': 'gzip' }), utf8(json), true)).text, json);
  });
});

describe('the scrubber reads through escapes, references and URL encoding', () => {
  const s = createScrubber([KEY]);
  const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  const everyByte = Buffer.from(KEY)
    .toString('hex')
    .replace(/../g, (h) => `%${h}`);

  test('a clean page with escapes, references and percent signs passes as the same bytes', () => {
    const bytes = utf8('{"a":"Q&amp;A \\"quoted\\" \\n 50% \\u00e9 &#233; %41"}');
    const out = s.scrubBody(bytes)!;
    assert.equal(out.bytes, bytes);
  });

  test('each decoded form is cleaned out of the JSON string holding it, the rest kept', () => {
    for (const form of [
      escaped,
      `\\u0073${JSON.stringify(KEY.slice(1)).slice(1, -1)}`,
      [...KEY].map((c) => `&#${c.charCodeAt(0)}`).join(''),
      [...KEY].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join(''),
      encodeURIComponent(everyByte),
      `%FF${everyByte}`,
      everyByte.replace(/%/g, '\\u0025'),
      everyByte.replace(/%/g, '&percnt;'),
      Buffer.from(KEY).toString('hex').toUpperCase(),
    ]) {
      const out = s.scrubBody(utf8(`{"keep":"this","echo":"Key ${form} is wrong","${form}":[1]}`));
      assert.ok(out, form);
      const parsed = JSON.parse(out.text) as Record<string, unknown>;
      assert.equal(parsed.keep, 'this', form);
      assert.match(String(parsed.echo), /^Key .*\[redacted\].* is wrong$/, form);
      assert.ok(!s.containsDecoded(out.text) && !s.contains(out.text), form);
    }
  });

  test('rewritten JSON keeps every key, __proto__ included', () => {
    const out = s.scrubBody(utf8(`{"__proto__":{"x":1},"echo":"${escaped}"}`))!;
    assert.deepEqual(Object.keys(JSON.parse(out.text) as object), ['__proto__', 'echo']);
  });

  test('not JSON and holding a decoded form: refused (null), not passed on', () => {
    assert.equal(s.scrubBody(utf8(`<p>${escaped}</p>`)), null);
  });

  test('header values: clean kept, raw forms replaced, decoded forms dropped', () => {
    assert.equal(s.scrubHeader('<https://api/next>; rel="next"'), '<https://api/next>; rel="next"');
    assert.equal(s.scrubHeader(`<https://api/next?k=${encodeURIComponent(KEY)}>`), '<https://api/next?k=[redacted]>');
    assert.equal(s.scrubHeader(`<https://api/next?k=${encodeURIComponent(everyByte)}>`), null);
  });
});
