import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertFields, CONTRACT, start, type TestSandbox } from './helpers.js';

const POSTS = CONTRACT.filter((e) => e.spec.method === 'POST');

describe('request bodies', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start({ rateLimit: false });
  });
  after(() => s.close());

  // Every POST endpoint reads its body through the same checks; each is asked, so an endpoint
  // added to the contract with its own body handling cannot skip them.
  it('415 on every POST endpoint unless the body is sent as application/json in UTF-8', async () => {
    for (const e of POSTS) {
      for (const type of ['text/plain', null, 'application/json-patch+json', 'application/json; charset=iso-8859-1']) {
        const headers: Record<string, string> = type === null ? {} : { 'content-type': type };
        assertError(
          await s.call('POST', e.path, { raw: '{}', headers }),
          415,
          'unsupported_media_type',
          `${e.path} ${type}`,
        );
      }
    }
    // Parameters on the media type are fine.
    const ok = await s.call('POST', '/badges/checkin', {
      raw: '{"qr":"FX-0030"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    assert.equal(ok.status, 201);
  });

  it('413 on every POST endpoint over 64 KB, counted while reading even without Content-Length', async () => {
    const big = JSON.stringify({ qr: 'x'.repeat(70 * 1024) });
    for (const e of POSTS) {
      const a = await s.call('POST', e.path, { raw: big, headers: { 'content-type': 'application/json' } });
      assert.equal(assertError(a, 413, 'payload_too_large', e.path).details.maxBytes, 64 * 1024, e.path);
      // A chunked body carries no Content-Length at all.
      const chunks = [
        new TextEncoder().encode('{"qr":"'),
        new Uint8Array(80 * 1024).fill(120),
        new TextEncoder().encode('"}'),
      ];
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          chunks.forEach((x) => c.enqueue(x));
          c.close();
        },
      });
      const res = await fetch(s.api(e.path), {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'application/json', 'x-api-key': 'fx-key-all' },
        duplex: 'half',
      } as RequestInit);
      assertError(
        { status: res.status, headers: res.headers, body: await res.json() },
        413,
        'payload_too_large',
        `${e.path} chunked`,
      );
    }
  });

  it('400 invalid_json on every POST endpoint for malformed or empty bodies', async () => {
    for (const e of POSTS) {
      for (const raw of ['{', '{"qr": }', '', 'qr=FX-0001', '\u0000', new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])]) {
        assertError(
          await s.call('POST', e.path, { raw, headers: { 'content-type': 'application/json' } }),
          400,
          'invalid_json',
          `${e.path} ${JSON.stringify(String(raw))}`,
        );
      }
    }
  });

  it('400 validation_failed with readable messages per field', async () => {
    const f = assertFields(
      await s.call('POST', '/exhibition/submissions', {
        body: {
          title: '  ',
          exhibitType: 'circus',
          shortDescription: 'x',
          presenter: { fullName: 'A', email: 'not-mail' },
          teamPeople: [3],
          driveUrl: 'nope',
        },
      }),
      400,
      'validation_failed',
      ['title', 'exhibitType', 'presenter.email', 'teamPeople.0', 'driveUrl'],
    );
    assert.equal(f.title, 'Required.');
    assert.match(f.exhibitType!, /^Must be one of: sponsor/);
    assert.equal(f['presenter.email'], 'Must be a valid e-mail address.');
    assert.equal(f['teamPeople.0'], 'Must be a string.');
    assert.equal(f.driveUrl, 'Must be an http(s) URL.');
    const g = assertFields(
      await s.call('POST', '/abstracts/submissions', { body: { title: 'x'.repeat(301), authors: [] } }),
      400,
      'validation_failed',
      ['registrationId', 'title', 'authors'],
    );
    assert.equal(g.registrationId, 'Required.');
    assert.equal(g.title, 'Must be at most 300 characters.');
    assert.equal(g.authors, 'At least one author is required.');
    assertFields(await s.call('POST', '/badges/checkin', { body: [] }), 400, 'validation_failed', ['body']);
    assertFields(await s.call('POST', '/badges/checkin', { body: null }), 400, 'validation_failed', ['body']);
  });

  it('never answers 500 to junk on any POST endpoint', async () => {
    const junk: unknown[] = [
      {},
      [],
      'text',
      42,
      null,
      { qr: {} },
      { registrationId: ['a'] },
      { authors: 'x' },
      { customFields: [] },
      { payment: 'x' },
      { presenter: null },
      { filename: 'a'.repeat(5000), contentType: 'application/pdf' },
      { firstName: '\u0000', lastName: '\uD800', email: 'a@b.co', ticketTypeId: '🙂' },
      { qr: 'DAILY:99999/x' },
      { qr: 'DAILY:1/' },
      { __proto__: { polluted: true } },
      { constructor: { prototype: {} } },
    ];
    for (const e of POSTS) {
      for (const body of junk) {
        const a = await s.call('POST', e.path, { body });
        assert.ok(a.status < 500, `${e.path} ${JSON.stringify(body)} → ${a.status} ${JSON.stringify(a.body)}`);
        assert.ok(typeof a.body === 'object' && a.body !== null);
      }
    }
  });
});
