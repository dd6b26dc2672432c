/**
 * Abstract submissions with attachments as multipart/form-data through the proxy, over real
 * sockets to the sandbox: the parts checked before any upstream call, the bytes forwarded with
 * their boundary, and a retry of the same attempt (a new boundary, the same parts) replayed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_IDS } from '../../sandbox/seed/demo.js';
import { API, ORIGIN, assertNoKeyLeaks, codeOf, startStack, type Stack } from './harness.js';

let stack: Stack;
before(async () => {
  stack = await startStack({ rateLimit: false });
});
after(async () => {
  await stack.close();
  assertNoKeyLeaks();
});

const SUBMIT = `${API}/abstracts/submissions`;
const pdf = (text: string) => new Blob([`%PDF-1.7\n${text}\n%%EOF`], { type: 'application/pdf' });

function abstractForm(files: [Blob, string][], title = 'Widgets at scale'): FormData {
  const f = new FormData();
  f.set('registrationId', DEMO_IDS.firstRegistration);
  f.set('title', title);
  f.set('authors', JSON.stringify([{ fullName: 'Ada Lovelace' }, { fullName: 'Grace Hopper' }]));
  for (const [blob, name] of files) f.append('attachments', blob, name);
  return f;
}

const send = (body: FormData, key?: string) =>
  stack.request(SUBMIT, { method: 'POST', headers: { origin: ORIGIN, ...(key ? { 'idempotency-key': key } : {}) }, body });
const upstreamSubmits = () => stack.upstream.count('POST', SUBMIT);

describe('multipart abstract submissions', () => {
  test('are forwarded with their boundary and the files kept by the upstream', async () => {
    const { res, json } = await send(abstractForm([[pdf('paper'), 'paper.pdf']]));
    assert.equal(res.status, 201);
    const data = (json as { data: { attachments: { url: string; name: string }[] } }).data;
    assert.equal(data.attachments.length, 1);
    assert.match(data.attachments[0]!.url, /^storage:\/\/.+\/abstract-attachment\//);
    assert.match(String(stack.upstream.lastHeaders.get(`POST ${SUBMIT}`)?.['content-type']), /^multipart\/form-data; boundary=/);
  });

  test('a retry with the same key but a new boundary is replayed, not submitted twice', async () => {
    const before = upstreamSubmits();
    const key = `abstract-${Date.now()}`;
    const files: [Blob, string][] = [[pdf('a'), 'a.pdf'], [pdf('b'), 'b.pdf']];
    const first = await send(abstractForm(files), key);
    const again = await send(abstractForm(files), key);
    assert.equal(first.res.status, 201);
    assert.equal(again.res.status, 201);
    assert.equal(again.res.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.json, first.json);
    assert.equal(upstreamSubmits(), before + 1);
    const other = await send(abstractForm([[pdf('a'), 'a.pdf'], [pdf('changed'), 'b.pdf']]), key);
    assert.equal(other.res.status, 422);
    assert.equal(codeOf(other.json), 'idempotency_key_reused');
  });

  test('refuses, with no upstream call: a file that is not a PDF, six files, an empty file, a file over 10 MB, files elsewhere', async () => {
    const before = upstreamSubmits();
    const html = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'application/pdf' });
    const refused = await send(abstractForm([[pdf('ok'), 'ok.pdf'], [html, 'evil.pdf']]));
    assert.equal(refused.res.status, 415);
    assert.match(JSON.stringify(refused.json), /text\/html/);
    assert.deepEqual((refused.json as { error: { details: { fields: object } } }).error.details.fields, { 'attachments.1': 'Must be application/pdf.' });

    const six = Array.from({ length: 6 }, (_, i): [Blob, string] => [pdf(String(i)), `${i}.pdf`]);
    assert.equal(codeOf((await send(abstractForm(six))).json), 'validation_failed');
    assert.equal(codeOf((await send(abstractForm([[new Blob([]), 'empty.pdf']]))).json), 'empty_upload');
    const big = new Blob(['%PDF-', new Uint8Array(10 * 1024 * 1024)], { type: 'application/pdf' });
    const tooBig = await send(abstractForm([[big, 'big.pdf']]));
    assert.equal(tooBig.res.status, 413);

    const elsewhere = new FormData();
    elsewhere.set('registrationId', DEMO_IDS.firstRegistration);
    elsewhere.set('workshopId', DEMO_IDS.capacity3Workshop);
    const wrongEndpoint = await stack.request(`${API}/events/workshops/registrations`, { method: 'POST', headers: { origin: ORIGIN }, body: elsewhere });
    assert.equal(wrongEndpoint.res.status, 415);
    assert.equal(upstreamSubmits(), before);
  });

  test('a body past the whole form cap is cut off while it streams (413)', async () => {
    const before = upstreamSubmits();
    const parts: [Blob, string][] = Array.from({ length: 5 }, (_, i) => [new Blob(['%PDF-', new Uint8Array(10 * 1024 * 1024 - 5)]), `${i}.pdf`]);
    const f = abstractForm(parts);
    f.append('padding', 'x'.repeat(300 * 1024));
    const { res } = await send(f);
    assert.equal(res.status, 413);
    assert.equal(upstreamSubmits(), before);
  });
});
