import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Hono } from 'hono';
import { API_PREFIX, UPLOAD_MAX_BYTES } from '../../src/api/contract.js';
import { SandboxError } from '../errors.js';
import { createSandbox } from '../index.js';
import { requireCompletedUpload } from '../uploads.js';
import { fixtureConferences } from './fixture.js';
import {
  assertError,
  assertFields,
  FX,
  start,
  STARTS_ON,
  testClock,
  type Answer,
  type TestSandbox,
} from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
async function put(url: string, body: BodyInit, contentType: string | null): Promise<Answer<any>> {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  const res = await fetch(url, { method: 'PUT', body, headers });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const PDF = new TextEncoder().encode('%PDF-1.4 tiny');

/** The first bytes of a real file of each accepted type. */
const SAMPLES = {
  'application/pdf': PDF,
  'image/png': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  'image/jpeg': Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]),
  'image/webp': Uint8Array.from([
    ...Buffer.from('RIFF'),
    0x1a,
    0,
    0,
    0,
    ...Buffer.from('WEBPVP8L'),
    ...new Uint8Array(14),
  ]),
} as const;

/** Files that are not what they are declared as, and the type the answer must name. */
const IMPOSTORS: [string, Uint8Array<ArrayBuffer>, string][] = [
  ['HTML', new TextEncoder().encode('\n  <!DOCTYPE html><html><script>alert(1)</script></html>'), 'text/html'],
  [
    'SVG',
    new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    'image/svg+xml',
  ],
  ['ELF', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'application/x-elf'],
  ['MZ', Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]), 'application/x-msdownload'],
];

describe('upload addresses and signed PUTs', () => {
  const clock = testClock();
  let s: TestSandbox;
  before(async () => {
    s = await start({ now: clock.now });
  });
  after(() => s.close());

  const address = (path: string, body: object, key?: string) => s.call('POST', path, { body, ...(key ? { key } : {}) });

  it('names the stored file with the extension of the type its bytes must prove (x.html declared PDF is x.pdf)', async () => {
    const d = (
      await address('/registrations/evidence/upload-url', { filename: 'x.html', contentType: 'application/pdf' })
    ).body.data;
    assert.match(d.storageUri, /\/x\.pdf$/);
    const svg = (await address('/registrations/evidence/upload-url', { filename: 'y.svg', contentType: 'image/png' }))
      .body.data;
    assert.match(svg.storageUri, /\/y\.png$/);
    const jpeg = (
      await address('/registrations/evidence/upload-url', { filename: 'photo.JPEG', contentType: 'image/jpeg' })
    ).body.data;
    assert.match(jpeg.storageUri, /\/photo\.JPEG$/);
  });

  it('answers a signed address served by the sandbox itself', async () => {
    const a = await address('/registrations/evidence/upload-url', {
      filename: '../My Receipt.pdf',
      contentType: 'application/pdf',
    });
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
    const e = assertFields(
      await address('/exhibition/submissions/payment-proof/upload-url', {
        filename: 'x.exe',
        contentType: 'application/x-msdownload',
      }),
      415,
      'unsupported_media_type',
      ['contentType'],
    );
    assert.match(e.contentType!, /application\/pdf/);
  });

  it('the PUT must carry the announced content type, at most 10 MB', async () => {
    const d = (
      await address('/exhibition/submissions/payment-proof/upload-url', { filename: 'a.png', contentType: 'image/png' })
    ).body.data;
    assertError(await put(d.uploadUrl, PDF, 'application/pdf'), 415, 'unsupported_media_type');
    assertError(await put(d.uploadUrl, PDF, null), 415, 'unsupported_media_type');
    const tooBig = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    tooBig.set(SAMPLES['image/png']);
    const e = assertError(await put(d.uploadUrl, tooBig, 'image/png'), 413, 'payload_too_large');
    assert.equal(e.details.maxBytes, UPLOAD_MAX_BYTES);
    assert.equal((await put(d.uploadUrl, tooBig.subarray(0, UPLOAD_MAX_BYTES), 'image/png')).status, 200);
  });

  it('403 for a tampered or expired URL', async () => {
    const d = (
      await address('/registrations/evidence/upload-url', { filename: 'a.pdf', contentType: 'application/pdf' })
    ).body.data;
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
    const register = (paymentProofUrl: string) =>
      s.call('POST', '/registrations/registrations', {
        body: {
          firstName: 'A',
          lastName: 'B',
          email: 'ab@example.org',
          ticketTypeId: FX.paidTicket,
          paymentMethodId: FX.bankTransfer,
          paymentReference: 'TX-1',
          paymentProofUrl,
          customFields: { organization: 'Org' },
        },
      });
    const pending = (
      await address('/registrations/evidence/upload-url', { filename: 'p.pdf', contentType: 'application/pdf' })
    ).body.data;
    assertFields(await register(pending.storageUri), 422, 'invalid_upload', ['paymentProofUrl']);
    const wrongKind = (
      await address('/exhibition/submissions/payment-proof/upload-url', {
        filename: 'p.pdf',
        contentType: 'application/pdf',
      })
    ).body.data;
    await put(wrongKind.uploadUrl, PDF, 'application/pdf');
    assertFields(await register(wrongKind.storageUri), 422, 'invalid_upload', ['paymentProofUrl']);
    const other = (
      await address(
        '/registrations/evidence/upload-url',
        { filename: 'p.pdf', contentType: 'application/pdf' },
        'fx-key-other',
      )
    ).body.data;
    await put(other.uploadUrl, PDF, 'application/pdf');
    assertFields(await register(other.storageUri), 422, 'invalid_upload', ['paymentProofUrl']);
    assertFields(
      await register(other.storageUri.replace('storage://fx-other/', 'storage://fx/')),
      422,
      'invalid_upload',
      ['paymentProofUrl'],
    );
    assertFields(await register('storage://fx/registration-evidence/upl_nope/p.pdf'), 422, 'invalid_upload', [
      'paymentProofUrl',
    ]);
    await put(pending.uploadUrl, PDF, 'application/pdf');
    const done = await register(pending.storageUri);
    assert.equal(done.status, 201);
    assert.equal(done.body.data.status, 'pending_review');
  });
});

describe('uploads hold only what they claim to be', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  const slot = async (contentType: string) =>
    (await s.call('POST', '/registrations/evidence/upload-url', { body: { filename: 'f', contentType } })).body
      .data as { uploadUrl: string; storageUri: string };
  const idOf = (uri: string) => /\/(upl_[\w-]+)\//.exec(uri)![1]!;

  it('HTML, SVG and executables declared as any accepted type: 415 naming both types, nothing stored', async () => {
    for (const declared of Object.keys(SAMPLES)) {
      for (const [name, bytes, detected] of IMPOSTORS) {
        const d = await slot(declared);
        const e = assertError(await put(d.uploadUrl, bytes, declared), 415, 'unsupported_media_type');
        assert.equal(e.details.declared, declared, name);
        assert.equal(e.details.detected, detected, `${name} as ${declared}`);
        assert.ok(e.message.includes(declared) && e.message.includes(detected), e.message);
        const upload = s.sandbox.store.uploads.get(idOf(d.storageUri))!;
        assert.equal(upload.completedAt, null, `${name} as ${declared}: not completed`);
        assert.equal(s.sandbox.store.uploads.bytes(upload.id), null, `${name} as ${declared}: no bytes`);
      }
    }
  });

  it('another accepted type under the declared one is refused too (a PNG sent as PDF)', async () => {
    const d = await slot('application/pdf');
    const e = assertError(
      await put(d.uploadUrl, SAMPLES['image/png'], 'application/pdf'),
      415,
      'unsupported_media_type',
    );
    assert.equal(e.details.detected, 'image/png');
  });

  it('real PDF, PNG, JPEG and WebP files are stored', async () => {
    for (const [type, bytes] of Object.entries(SAMPLES)) {
      const d = await slot(type);
      const ok = await put(d.uploadUrl, bytes, type);
      assert.equal(ok.status, 200, type);
      assert.equal(ok.body.data.size, bytes.length);
      assert.deepEqual(new Uint8Array(s.sandbox.store.uploads.bytes(idOf(d.storageUri))!), new Uint8Array(bytes));
    }
  });

  it('a retried PUT with the wrong bytes keeps the file stored before', async () => {
    const d = await slot('application/pdf');
    assert.equal((await put(d.uploadUrl, PDF, 'application/pdf')).status, 200);
    assertError(await put(d.uploadUrl, IMPOSTORS[0]![1], 'application/pdf'), 415, 'unsupported_media_type');
    assertError(await put(d.uploadUrl, new Uint8Array(0), 'application/pdf'), 400, 'empty_upload');
    assert.deepEqual(new Uint8Array(s.sandbox.store.uploads.bytes(idOf(d.storageUri))!), PDF);
  });

  it('an empty file is refused with empty_upload, and a proof pointing to an empty file is refused', async () => {
    const d = await slot('application/pdf');
    const e = assertError(await put(d.uploadUrl, new Uint8Array(0), 'application/pdf'), 400, 'empty_upload');
    assert.match(e.message, /empty/);
    assert.equal(s.sandbox.store.uploads.get(idOf(d.storageUri))!.completedAt, null);
    const register = (paymentProofUrl: string) =>
      s.call('POST', '/registrations/registrations', {
        body: {
          firstName: 'A',
          lastName: 'B',
          email: 'empty@example.org',
          ticketTypeId: FX.paidTicket,
          paymentMethodId: FX.bankTransfer,
          paymentReference: 'TX-1',
          paymentProofUrl,
          customFields: { organization: 'Org' },
        },
      });
    assertFields(await register(d.storageUri), 422, 'invalid_upload', ['paymentProofUrl']);
    // An empty file kept from before empty PUTs were refused (written past the route, as an old database holds it).
    s.sandbox.store.uploads.store(idOf(d.storageUri), Buffer.alloc(0));
    const f = assertFields(await register(d.storageUri), 422, 'invalid_upload', ['paymentProofUrl']);
    assert.match(f.paymentProofUrl!, /empty/);

    const exhibitionSlot = (
      await s.call('POST', '/exhibition/submissions/payment-proof/upload-url', {
        body: { filename: 'p.pdf', contentType: 'application/pdf' },
      })
    ).body.data;
    s.sandbox.store.uploads.store(idOf(exhibitionSlot.storageUri), Buffer.alloc(0));
    assert.throws(
      () =>
        requireCompletedUpload(
          s.sandbox.store,
          FX.id,
          exhibitionSlot.storageUri,
          'exhibition-payment-proof',
          'payment.proofUrl',
        ),
      (error: SandboxError) => error.code === 'invalid_upload' && /empty/.test(error.message),
    );
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
      const up = await parent.request(uploadUrl, {
        method: 'PUT',
        body: PDF,
        headers: { 'content-type': 'application/pdf' },
      });
      assert.equal(up.status, 200);
      const health = await parent.request(`http://example.test/__sandbox${API_PREFIX}/health`, {
        headers: { 'x-api-key': FX.keys.all },
      });
      assert.equal(health.status, 200);
    } finally {
      sandbox.close();
    }
  });
});
