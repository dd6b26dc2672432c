/** Uploads through the proxy: media types, the 10 MB cap while streaming, and the storage URI. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_IDS } from '../../sandbox/seed/demo.js';
import { API, KEY, assertNoKeyLeaks, codeOf, startStack, streamBody, type Stack } from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack({ rateLimit: false });
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

const EVIDENCE_ADDRESS = `${API}/registrations/evidence/upload-url`;
const WORKSHOP_ADDRESS = `${API}/events/workshops/payment-proof/upload-url`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14),
]);
const PDF_HEAD = Buffer.from('%PDF-1.7\n');
const SAMPLES = { 'application/pdf': PDF_HEAD, 'image/png': PNG, 'image/jpeg': JPEG, 'image/webp': WEBP } as const;
/** Files that are not what they are declared as, and the type the answer names. */
const IMPOSTORS: [string, Buffer<ArrayBuffer>, string][] = [
  [
    'HTML',
    Buffer.from('\ufeff <!doctype html><html><body><script>fetch("/steal")</script></body></html>'),
    'text/html',
  ],
  [
    'SVG',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"></svg>'),
    'image/svg+xml',
  ],
  ['ELF', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Buffer.alloc(56)]), 'application/x-elf'],
  [
    'MZ',
    Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.alloc(54, 0xff)]),
    'application/x-msdownload',
  ],
];

const addressCalls = () => stack.upstream.count('POST', EVIDENCE_ADDRESS);
const storagePuts = () =>
  [...stack.upstream.counts].filter(([k]) => k.startsWith('PUT /uploads/')).reduce((n, [, v]) => n + v, 0);
const put = (path: string, type: string, body: BodyInit) =>
  stack.request(path, { method: 'PUT', headers: { 'content-type': type }, body });

describe('uploads', () => {
  test('happy path: the file is stored, the answer is only the storage URI', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200 * 1024, 0x20)]);
    const beforeAddress = addressCalls();
    const { res, json, text } = await put('/uploads/registration-evidence?filename=proof.pdf', 'application/pdf', pdf);
    assert.equal(res.status, 201);
    const uri = (json as { data: { uri: string } }).data.uri;
    assert.match(uri, /^storage:\/\//);
    assert.deepEqual(Object.keys((json as { data: object }).data), ['uri']);
    assert.ok(!/signature|https?:\/\//i.test(text), 'no signed URL in the answer');
    assert.equal(addressCalls(), beforeAddress + 1);
    const address = stack.upstream.lastHeaders.get(`POST ${API}/registrations/evidence/upload-url`);
    assert.equal(address?.['x-api-key'], KEY);
    const storageHeaders = [...stack.upstream.lastHeaders].find(([k]) => k.startsWith('PUT /uploads/'))?.[1];
    assert.ok(storageHeaders);
    assert.equal(storageHeaders['x-api-key'], undefined, 'the key never goes to the storage address');
    assert.equal(storageHeaders['content-type'], 'application/pdf');
  });

  test('each kind maps to its address endpoint', async () => {
    const exhibition = await put('/uploads/exhibition-payment-proof?filename=receipt.png', 'image/png', PNG);
    assert.equal(exhibition.res.status, 201);
    assert.equal(stack.upstream.count('POST', `${API}/exhibition/submissions/payment-proof/upload-url`), 1);
    assert.deepEqual(
      JSON.parse(stack.upstream.lastBodies.get(`POST ${API}/exhibition/submissions/payment-proof/upload-url`)!),
      {
        filename: 'receipt.png',
        contentType: 'image/png',
      },
    );
  });

  test('workshop proof: the registration reaches the address call, and the proof is stored for it', async () => {
    // A real enrollment of a seeded registration, made directly at the upstream.
    const enrolled = await fetch(`${stack.upstream.url}${API}/events/workshops/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ registrationId: DEMO_IDS.firstRegistration, workshopId: DEMO_IDS.capacity3Workshop }),
    });
    assert.equal(enrolled.status, 201);
    const registration = ((await enrolled.json()) as { data: { id: string } }).data.id;

    const missing = await put('/uploads/workshop-payment-proof?filename=r.png', 'image/png', PNG);
    assert.equal(missing.res.status, 400);
    assert.equal(codeOf(missing.json), 'validation_failed');
    assert.equal(stack.upstream.count('POST', WORKSHOP_ADDRESS), 0, 'refused before any upstream call');

    const stored = stack.upstream.completedUploads();
    const workshop = await put(
      `/uploads/workshop-payment-proof?filename=r.png&workshopRegistrationId=${registration}`,
      'image/png',
      PNG,
    );
    assert.equal(workshop.res.status, 201, workshop.text);
    assert.match((workshop.json as { data: { uri: string } }).data.uri, /^storage:\/\/[^/]+\/workshop-payment-proof\//);
    assert.equal(stack.upstream.count('POST', WORKSHOP_ADDRESS), 1);
    assert.deepEqual(JSON.parse(stack.upstream.lastBodies.get(`POST ${WORKSHOP_ADDRESS}`)!), {
      filename: 'r.png',
      contentType: 'image/png',
      workshopRegistrationId: registration,
    });
    assert.equal(stack.upstream.completedUploads(), stored + 1);

    // An id the upstream does not know is its refusal, passed on; nothing is stored.
    const unknown = await put(
      '/uploads/workshop-payment-proof?filename=r.png&workshopRegistrationId=wr_unknown',
      'image/png',
      PNG,
    );
    assert.equal(unknown.res.status, 422);
    assert.equal(codeOf(unknown.json), 'unknown_reference');
    assert.equal(stack.upstream.completedUploads(), stored + 1);
  });

  test('JPEG and WebP are stored with their own content type', async () => {
    for (const [type, bytes, name] of [
      ['image/jpeg', JPEG, 'badge.jpg'],
      ['image/webp', WEBP, 'badge.webp'],
    ] as const) {
      const stored = stack.upstream.completedUploads();
      const { res, json, text } = await put(`/uploads/registration-evidence?filename=${name}`, type, bytes);
      assert.equal(res.status, 201, `${type}: ${text}`);
      assert.match(
        (json as { data: { uri: string } }).data.uri,
        new RegExp(`^storage://.+/${name.replace('.', '\\.')}$`),
      );
      assert.equal(JSON.parse(stack.upstream.lastBodies.get(`POST ${EVIDENCE_ADDRESS}`)!).contentType, type);
      const storageHeaders = [...stack.upstream.lastHeaders].findLast(([k]) => k.startsWith('PUT /uploads/'))?.[1];
      assert.equal(storageHeaders?.['content-type'], type);
      assert.equal(stack.upstream.completedUploads(), stored + 1, type);
    }
  });

  test('other media types: 415 without an upstream call', async () => {
    const before = stack.upstream.total();
    for (const type of ['text/html', 'image/svg+xml', 'application/json', 'application/octet-stream']) {
      const { res, json } = await put('/uploads/registration-evidence?filename=x', type, 'x');
      assert.equal(res.status, 415, type);
      assert.equal(codeOf(json), 'unsupported_media_type');
    }
    assert.equal(stack.upstream.total(), before);
  });

  test('HTML, SVG, ELF and MZ bytes declared as each accepted type: 415 naming both, no upstream call, nothing stored', async () => {
    const before = stack.upstream.total();
    const stored = stack.upstream.completedUploads();
    for (const declared of Object.keys(SAMPLES)) {
      for (const [name, bytes, detected] of IMPOSTORS) {
        const { res, json } = await put('/uploads/registration-evidence?filename=f', declared, bytes);
        assert.equal(res.status, 415, `${name} as ${declared}`);
        const error = (
          json as { error: { code: string; message: string; details: { declared: string; detected: string } } }
        ).error;
        assert.equal(error.code, 'unsupported_media_type');
        assert.deepEqual(error.details, { declared, detected }, `${name} as ${declared}`);
        assert.ok(error.message.includes(declared) && error.message.includes(detected), error.message);
      }
      // Another accepted type under the declared one is not that type either.
      const other = declared === 'image/png' ? JPEG : PNG;
      assert.equal((await put('/uploads/registration-evidence?filename=f', declared, other)).res.status, 415, declared);
    }
    assert.equal(stack.upstream.total(), before, 'refused before the address call');
    assert.equal(stack.upstream.completedUploads(), stored);
  });

  test('a large HTML file streamed as a PDF is refused from its first bytes, not read to the end', async () => {
    const stored = stack.upstream.completedUploads();
    const before = stack.upstream.total();
    const html = Buffer.from('<html><body>');
    const { status, text, sent } = await streamBody(
      stack.url,
      'PUT',
      '/uploads/registration-evidence?filename=big.pdf',
      32 * 1024 * 1024,
      {
        'content-type': 'application/pdf',
      },
      html,
    );
    if (status !== 0) {
      assert.equal(status, 415);
      assert.match(text, /text\/html/);
    }
    assert.ok(sent < 32 * 1024 * 1024, `refused early (sent ${sent})`);
    assert.equal(stack.upstream.total(), before);
    assert.equal(stack.upstream.completedUploads(), stored);
  });

  test('a magic number split over several chunks is still read', async () => {
    const stored = stack.upstream.completedUploads();
    const parts = [...PNG].map((b) => Uint8Array.of(b));
    const body = new ReadableStream<Uint8Array>({
      async pull(ctl) {
        const next = parts.shift();
        if (!next) return ctl.close();
        await new Promise((r) => setTimeout(r, 5));
        ctl.enqueue(next);
      },
    });
    const res = await fetch(`${stack.url}/uploads/registration-evidence?filename=split.png`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body,
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 201, await res.text());
    assert.equal(stack.upstream.completedUploads(), stored + 1);
  });

  test('an empty file: 400 empty_upload with or without a length, no upstream call, nothing stored', async () => {
    const before = stack.upstream.total();
    const stored = stack.upstream.completedUploads();
    const declared = await put('/uploads/registration-evidence?filename=e.pdf', 'application/pdf', new Uint8Array(0));
    assert.equal(declared.res.status, 400);
    assert.equal(codeOf(declared.json), 'empty_upload');
    const chunked = await streamBody(stack.url, 'PUT', '/uploads/registration-evidence?filename=e.pdf', 0, {
      'content-type': 'application/pdf',
    });
    assert.equal(chunked.status, 400);
    assert.match(chunked.text, /empty_upload/);
    assert.equal(stack.upstream.total(), before);
    assert.equal(stack.upstream.completedUploads(), stored);
  });

  test('bad names and unknown kinds', async () => {
    assert.equal((await put('/uploads/registration-evidence', 'application/pdf', 'x')).res.status, 400);
    assert.equal(
      (await put('/uploads/registration-evidence?filename=..%2Fetc', 'application/pdf', 'x')).res.status,
      400,
    );
    assert.equal((await put('/uploads/avatar?filename=a.png', 'image/png', 'x')).res.status, 404);
  });

  test('over 10 MB declared: 413 at once, no upstream call, nothing stored', async () => {
    const before = stack.upstream.total();
    const stored = stack.upstream.completedUploads();
    const { status, text } = await streamBodyDeclared(11 * 1024 * 1024);
    assert.equal(status, 413);
    assert.match(text, /payload_too_large/);
    assert.equal(stack.upstream.total(), before);
    assert.equal(stack.upstream.completedUploads(), stored);
  });

  test('over 10 MB chunked: cut off while streaming with 413, nothing stored', async () => {
    const stored = stack.upstream.completedUploads();
    const { status, text, sent } = await streamBody(
      stack.url,
      'PUT',
      '/uploads/registration-evidence?filename=big.pdf',
      64 * 1024 * 1024,
      {
        'content-type': 'application/pdf',
      },
      PDF_HEAD,
    );
    // The client sees the 413, or, when the proxy closed the connection while it was still
    // writing, a broken pipe; the proxy's log line says which answer it gave.
    if (status !== 0) {
      assert.equal(status, 413);
      assert.match(text, /payload_too_large/);
    }
    assert.ok(
      stack.logs.some((l) => l.includes('"path":"/uploads/registration-evidence"') && l.includes('"status":413')),
    );
    assert.ok(sent < 64 * 1024 * 1024, `cut off, not read to the end (sent ${sent})`);
    // The storage PUT was started and aborted: once the upstream has seen its end, no upload is kept.
    await stack.upstream.settled();
    assert.equal(stack.upstream.completedUploads(), stored);
  });

  test('Prefer reaches the upload-address call only when scenario headers are forwarded', async () => {
    const pdf = Buffer.from('%PDF-1.4\n');
    const addressPath = `POST ${API}/registrations/evidence/upload-url`;
    // The default stack (a real upstream) drops the switch: the upload succeeds.
    const plain = await stack.request('/uploads/registration-evidence?filename=p.pdf', {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', prefer: 'code=503' },
      body: pdf,
    });
    assert.equal(plain.res.status, 201);
    assert.equal(stack.upstream.lastHeaders.get(addressPath)?.prefer, undefined);

    const sandboxed = await startStack({ rateLimit: false, forwardScenarioHeaders: true }, {}, stack.upstream);
    try {
      const storedBefore = storagePuts();
      const forced = await sandboxed.request('/uploads/registration-evidence?filename=p.pdf', {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf', prefer: 'code=503' },
        body: pdf,
      });
      assert.equal(forced.res.status, 503);
      assert.equal(codeOf(forced.json), 'service_unavailable');
      assert.equal(stack.upstream.lastHeaders.get(addressPath)?.prefer, 'code=503');
      assert.equal(storagePuts(), storedBefore, 'no storage PUT after a refused address');
      const ok = await sandboxed.request('/uploads/registration-evidence?filename=p.pdf', {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf', prefer: 'delay=1' },
        body: pdf,
      });
      assert.equal(ok.res.status, 201);
      const storageHeaders = [...stack.upstream.lastHeaders].find(([k]) => k.startsWith('PUT /uploads/'))?.[1];
      assert.equal(storageHeaders?.prefer, undefined, 'the storage PUT never carries the switch');
    } finally {
      await sandboxed.close();
    }
  });

  test('a 9 MB file streams through', async () => {
    const stored = stack.upstream.completedUploads();
    const { status } = await streamBody(
      stack.url,
      'PUT',
      '/uploads/registration-evidence?filename=ok.pdf',
      9 * 1024 * 1024,
      {
        'content-type': 'application/pdf',
      },
      PDF_HEAD,
    );
    assert.equal(status, 201);
    assert.equal(stack.upstream.completedUploads(), stored + 1);
  });
});

async function streamBodyDeclared(bytes: number): Promise<{ status: number; text: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(stack.url + '/uploads/registration-evidence?filename=big.pdf', {
      method: 'PUT',
      agent: false,
      headers: { 'content-type': 'application/pdf', 'content-length': String(bytes) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(Buffer.alloc(1024));
  });
}
