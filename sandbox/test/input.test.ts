import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENDPOINTS, type EndpointSpec } from '../../src/api/contract.js';
import { assertError, assertFields, start, type TestSandbox } from './helpers.js';

const POSTS = (Object.values(ENDPOINTS) as EndpointSpec[]).filter((e) => e.method === 'POST');

describe('request bodies', () => {
  let s: TestSandbox;
  before(async () => { s = await start({ rateLimit: false }); });
  after(() => s.close());

  it('415 unless the body is sent as application/json', async () => {
    assertError(await s.call('POST', '/badges/checkin', { raw: '{"qr":"FX-0001"}', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    assertError(await s.call('POST', '/badges/checkin', { raw: '{"qr":"FX-0001"}' }), 415, 'unsupported_media_type');
    // Parameters on the media type are fine.
    const ok = await s.call('POST', '/badges/checkin', { raw: '{"qr":"FX-0030"}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    assert.equal(ok.status, 201);
  });

  it('413 over 64 KB, counted while reading even without Content-Length', async () => {
    const big = JSON.stringify({ qr: 'x'.repeat(70 * 1024) });
    const e = assertError(await s.call('POST', '/badges/checkin', { raw: big, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
    assert.equal(e.details.maxBytes, 64 * 1024);
    // A chunked body carries no Content-Length at all.
    const chunks = [new TextEncoder().encode('{"qr":"'), new Uint8Array(80 * 1024).fill(120), new TextEncoder().encode('"}')];
    const stream = new ReadableStream<Uint8Array>({ start(c) { chunks.forEach((x) => c.enqueue(x)); c.close(); } });
    const res = await fetch(s.api('/badges/checkin'), {
      method: 'POST', body: stream, headers: { 'content-type': 'application/json', 'x-api-key': 'fx-key-all' },
      duplex: 'half',
    } as RequestInit);
    assertError({ status: res.status, headers: res.headers, body: await res.json() }, 413, 'payload_too_large');
  });

  it('400 invalid_json for malformed or empty bodies', async () => {
    for (const raw of ['{', '{"qr": }', '', 'qr=FX-0001', '\u0000']) {
      assertError(await s.call('POST', '/badges/checkin', { raw, headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    }
  });

  it('400 validation_failed with readable messages per field', async () => {
    const f = assertFields(await s.call('POST', '/exhibition/submissions', {
      body: { title: '  ', exhibitType: 'circus', shortDescription: 'x', presenter: { fullName: 'A', email: 'not-mail' }, teamPeople: [3], driveUrl: 'nope' },
    }), 400, 'validation_failed', ['title', 'exhibitType', 'presenter.email', 'teamPeople.0', 'driveUrl']);
    assert.equal(f.title, 'Required.');
    assert.match(f.exhibitType!, /^Must be one of: sponsor/);
    assert.equal(f['presenter.email'], 'Must be a valid e-mail address.');
    assert.equal(f['teamPeople.0'], 'Must be a string.');
    assert.equal(f.driveUrl, 'Must be a valid URL.');
    const g = assertFields(await s.call('POST', '/abstracts/submissions', { body: { title: 'x'.repeat(301), authors: [] } }), 400, 'validation_failed', ['registrationId', 'title', 'authors']);
    assert.equal(g.registrationId, 'Required.');
    assert.equal(g.title, 'Must be at most 300 characters.');
    assert.equal(g.authors, 'At least one author is required.');
    assertFields(await s.call('POST', '/badges/checkin', { body: [] }), 400, 'validation_failed', ['body']);
    assertFields(await s.call('POST', '/badges/checkin', { body: null }), 400, 'validation_failed', ['body']);
  });

  it('never answers 500 to junk on any POST endpoint', async () => {
    const junk: unknown[] = [
      {}, [], 'text', 42, null, { qr: {} }, { registrationId: ['a'] }, { authors: 'x' }, { customFields: [] },
      { payment: 'x' }, { presenter: null }, { filename: 'a'.repeat(5000), contentType: 'application/pdf' },
      { firstName: '\u0000', lastName: '\uD800', email: 'a@b.co', ticketTypeId: '🙂' },
      { qr: 'DAILY:99999/x' }, { qr: 'DAILY:1/' }, { __proto__: { polluted: true } }, { constructor: { prototype: {} } },
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
