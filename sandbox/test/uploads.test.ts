import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Hono } from 'hono';
import { API_PREFIX, UPLOAD_MAX_BYTES } from '../../src/api/contract.js';
import { createSandbox } from '../index.js';
import { fixtureConferences } from './fixture.js';
import { assertError, assertFields, FX, start, STARTS_ON, testClock, type Answer, type TestSandbox } from './helpers.js';

async function put(url: string, body: BodyInit, contentType: string | null): Promise<Answer<any>> { // any: tests read answers loosely
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  const res = await fetch(url, { method: 'PUT', body, headers });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const PDF = new TextEncoder().encode('%PDF-1.4 tiny');

describe('upload addresses and signed PUTs', () => {
  const clock = testClock();
  let s: TestSandbox;
  before(async () => { s = await start({ now: clock.now }); });
  after(() => s.close());

  const address = (path: string, body: object, key?: string) => s.call('POST', path, { body, ...(key ? { key } : {}) });

  it('answers a signed address served by the sandbox itself', async () => {
    const a = await address('/registrations/evidence/upload-url', { filename: '../My Receipt.pdf', contentType: 'application/pdf' });
    assert.equal(a.status, 201);
    const d = a.body.data;
    assert.deepEqual(Object.keys(d).sort(), ['expiresAt', 'headers', 'maxBytes', 'method', 'storageUri', 'uploadUrl']);
    assert.equal(d.method, 'PUT');
    assert.deepEqual(d.headers, { 'Content-Type': 'application/pdf' });
    assert.equal(d.maxBytes, UPLOAD_MAX_BYTES);
    assert.ok(d.uploadUrl.startsWith(`${s.url}/uploads/upl_`));
    assert.match(d.uploadUrl, /\?expires=\d+&signature=[0-9a-f]{64}$/);
    assert.match(d.storageUri, /^storage:\/\/fx\/registration-evidence\/upl_[\w-]+\/My_Receipt\.pdf$/);
    const ttl = Date.parse(d.expiresAt) - clock.now();
    assert.ok(ttl > 14 * 60_000 && ttl <= 15 * 60_000, String(ttl));
    const ok = await put(d.uploadUrl, PDF, 'application/pdf');
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.size, PDF.length);
    assert.equal(ok.body.data.storageUri, d.storageUri);
    // A retried PUT replaces the bytes.
    assert.equal((await put(d.uploadUrl, PDF, 'application/pdf')).status, 200);
  });

  it('415 at address time for a content type outside the allowed set', async () => {
    const e = assertFields(await address('/exhibition/submissions/payment-proof/upload-url', { filename: 'x.exe', contentType: 'application/x-msdownload' }), 415, 'unsupported_media_type', ['contentType']);
    assert.match(e.contentType!, /application\/pdf/);
  });

  it('the PUT must carry the announced content type, at most 10 MB', async () => {
    const d = (await address('/exhibition/submissions/payment-proof/upload-url', { filename: 'a.png', contentType: 'image/png' })).body.data;
    assertError(await put(d.uploadUrl, PDF, 'application/pdf'), 415, 'unsupported_media_type');
    assertError(await put(d.uploadUrl, PDF, null), 415, 'unsupported_media_type');
    const tooBig = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    const e = assertError(await put(d.uploadUrl, tooBig, 'image/png'), 413, 'payload_too_large');
    assert.equal(e.details.maxBytes, UPLOAD_MAX_BYTES);
    assert.equal((await put(d.uploadUrl, new Uint8Array(UPLOAD_MAX_BYTES), 'image/png')).status, 200);
  });

  it('403 for a tampered or expired URL', async () => {
    const d = (await address('/registrations/evidence/upload-url', { filename: 'a.pdf', contentType: 'application/pdf' })).body.data;
    const url = new URL(d.uploadUrl);
    const sig = url.searchParams.get('signature')!;
    const flipped = new URL(url);
    flipped.searchParams.set('signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    assertError(await put(flipped.href, PDF, 'application/pdf'), 403, 'upload_signature_invalid');
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    assertError(await put(longer.href, PDF, 'application/pdf'), 403, 'upload_signature_invalid');
    const otherId = new URL(url);
    otherId.pathname = otherId.pathname.replace(/upl_[\w-]+$/, 'upl_AAAAAAAAAAAA');
    assertError(await put(otherId.href, PDF, 'application/pdf'), 403, 'upload_signature_invalid');
    // Buffer.from(hex) would drop an odd last digit: only the exact 64 lowercase digits count.
    for (const variant of [`${sig}a`, `${sig}0`, `${sig}zz`, sig.toUpperCase(), sig.slice(0, 63)]) {
      const odd = new URL(url);
      odd.searchParams.set('signature', variant);
      assertError(await put(odd.href, PDF, 'application/pdf'), 403, 'upload_signature_invalid');
    }
    const unsigned = new URL(url);
    unsigned.search = '';
    assertError(await put(unsigned.href, PDF, 'application/pdf'), 403, 'upload_signature_invalid');
    clock.advance(15 * 60_000 + 1000);
    assertError(await put(d.uploadUrl, PDF, 'application/pdf'), 403, 'upload_url_expired');
  });

  it('a storage:// URI counts only when completed, of this conference, of the right kind', async () => {
    const register = (paymentProofUrl: string) => s.call('POST', '/registrations/registrations', {
      body: {
        firstName: 'A', lastName: 'B', email: 'ab@example.org', ticketTypeId: FX.paidTicket, paymentMethodId: FX.bankTransfer,
        paymentReference: 'TX-1', paymentProofUrl, customFields: { organization: 'Org' },
      },
    });
    const pending = (await address('/registrations/evidence/upload-url', { filename: 'p.pdf', contentType: 'application/pdf' })).body.data;
    assertFields(await register(pending.storageUri), 422, 'invalid_upload', ['paymentProofUrl']);
    const wrongKind = (await address('/exhibition/submissions/payment-proof/upload-url', { filename: 'p.pdf', contentType: 'application/pdf' })).body.data;
    await put(wrongKind.uploadUrl, PDF, 'application/pdf');
    assertFields(await register(wrongKind.storageUri), 422, 'invalid_upload', ['paymentProofUrl']);
    const other = (await address('/registrations/evidence/upload-url', { filename: 'p.pdf', contentType: 'application/pdf' }, 'fx-key-other')).body.data;
    await put(other.uploadUrl, PDF, 'application/pdf');
    assertFields(await register(other.storageUri), 422, 'invalid_upload', ['paymentProofUrl']);
    assertFields(await register(other.storageUri.replace('storage://fx-other/', 'storage://fx/')), 422, 'invalid_upload', ['paymentProofUrl']);
    assertFields(await register('storage://fx/registration-evidence/upl_nope/p.pdf'), 422, 'invalid_upload', ['paymentProofUrl']);
    await put(pending.uploadUrl, PDF, 'application/pdf');
    const done = await register(pending.storageUri);
    assert.equal(done.status, 201);
    assert.equal(done.body.data.status, 'pending_review');
  });
});

describe('mounted under a prefix of another app', () => {
  it('builds upload URLs from the incoming request and serves them under the same prefix', async () => {
    const sandbox = createSandbox({ seedData: fixtureConferences, startsOn: STARTS_ON });
    const parent = new Hono();
    parent.route('/__sandbox', sandbox.app);
    try {
      const res = await parent.request(`http://example.test/__sandbox${API_PREFIX}/registrations/evidence/upload-url`, {
        method: 'POST',
        headers: { 'x-api-key': FX.keys.all, 'content-type': 'application/json' },
        body: JSON.stringify({ filename: 'a.pdf', contentType: 'application/pdf' }),
      });
      assert.equal(res.status, 201);
      const { uploadUrl } = ((await res.json()) as { data: { uploadUrl: string } }).data;
      assert.ok(uploadUrl.startsWith('http://example.test/__sandbox/uploads/upl_'), uploadUrl);
      const up = await parent.request(uploadUrl, { method: 'PUT', body: PDF, headers: { 'content-type': 'application/pdf' } });
      assert.equal(up.status, 200);
      const health = await parent.request(`http://example.test/__sandbox${API_PREFIX}/health`, { headers: { 'x-api-key': FX.keys.all } });
      assert.equal(health.status, 200);
    } finally {
      sandbox.close();
    }
  });
});
