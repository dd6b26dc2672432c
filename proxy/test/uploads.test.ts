/** Uploads through the proxy: media types, the 10 MB cap while streaming, and the storage URI. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, KEY, assertNoKeyLeaks, codeOf, startStack, streamBody, type Stack } from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack({ rateLimit: false });
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

const addressCalls = () => stack.upstream.count('POST', `${API}/registrations/evidence/upload-url`);
const storagePuts = () => [...stack.upstream.counts].filter(([k]) => k.startsWith('PUT /uploads/')).reduce((n, [, v]) => n + v, 0);
const put = (path: string, type: string, body: BodyInit) => stack.request(path, { method: 'PUT', headers: { 'content-type': type }, body });

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

  test('each kind maps to its address endpoint; the workshop kind needs its registration', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const exhibition = await put('/uploads/exhibition-payment-proof?filename=receipt.png', 'image/png', png);
    assert.equal(exhibition.res.status, 201);
    assert.equal(stack.upstream.count('POST', `${API}/exhibition/submissions/payment-proof/upload-url`), 1);
    const missing = await put('/uploads/workshop-payment-proof?filename=r.png', 'image/png', png);
    assert.equal(missing.res.status, 400);
    assert.equal(codeOf(missing.json), 'validation_failed');
    const workshop = await put('/uploads/workshop-payment-proof?filename=r.png&workshopRegistrationId=wr_1', 'image/png', png);
    assert.equal(stack.upstream.count('POST', `${API}/events/workshops/payment-proof/upload-url`), 1);
    assert.ok(workshop.res.status === 201 || workshop.res.status === 422, String(workshop.res.status));
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

  test('bad names and unknown kinds', async () => {
    assert.equal((await put('/uploads/registration-evidence', 'application/pdf', 'x')).res.status, 400);
    assert.equal((await put('/uploads/registration-evidence?filename=..%2Fetc', 'application/pdf', 'x')).res.status, 400);
    assert.equal((await put('/uploads/avatar?filename=a.png', 'image/png', 'x')).res.status, 404);
  });

  test('over 10 MB declared: 413 at once, no upstream call', async () => {
    const before = stack.upstream.total();
    const { status, text } = await streamBodyDeclared(11 * 1024 * 1024);
    assert.equal(status, 413);
    assert.match(text, /payload_too_large/);
    assert.equal(stack.upstream.total(), before);
  });

  test('over 10 MB chunked: cut off while streaming with 413, nothing stored', async () => {
    const before = storagePuts();
    const { status, text, sent } = await streamBody(stack.url, 'PUT', '/uploads/registration-evidence?filename=big.pdf', 64 * 1024 * 1024, {
      'content-type': 'application/pdf',
    });
    // The client sees the 413, or, when the proxy closed the connection while it was still
    // writing, a broken pipe; the proxy's log line says which answer it gave.
    if (status !== 0) {
      assert.equal(status, 413);
      assert.match(text, /payload_too_large/);
    }
    assert.ok(stack.logs.some((l) => l.includes('"path":"/uploads/registration-evidence"') && l.includes('"status":413')));
    assert.ok(sent < 64 * 1024 * 1024, `cut off, not read to the end (sent ${sent})`);
    // The storage PUT was started and aborted; the fake storage stored nothing complete.
    assert.ok(storagePuts() <= before + 1);
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
    const { status } = await streamBody(stack.url, 'PUT', '/uploads/registration-evidence?filename=ok.pdf', 9 * 1024 * 1024, {
      'content-type': 'application/pdf',
    });
    assert.equal(status, 201);
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
