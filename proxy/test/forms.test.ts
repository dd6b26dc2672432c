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

/** A file part's name: the API's `attachments`, or PHP's array form that the element sends. */
type PartName = 'attachments' | 'attachments[]';

function abstractForm(files: [Blob, string, PartName?][], title = 'Widgets at scale'): FormData {
  const f = new FormData();
  f.set('registrationId', DEMO_IDS.firstRegistration);
  f.set('title', title);
  f.set('authors', JSON.stringify([{ fullName: 'Ada Lovelace' }, { fullName: 'Grace Hopper' }]));
  for (const [blob, name, part = 'attachments'] of files) f.append(part, blob, name);
  return f;
}

/** The part names and file names of the last form the upstream received. */
async function lastForwardedParts(): Promise<[string, string | null][]> {
  const id = `POST ${SUBMIT}`;
  const type = String(stack.upstream.lastHeaders.get(id)?.['content-type']);
  const form = await new Response(stack.upstream.lastBodies.get(id), { headers: { 'content-type': type } }).formData();
  return [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? null : value.name]);
}

const send = (body: FormData, key?: string) =>
  stack.request(SUBMIT, {
    method: 'POST',
    headers: { origin: ORIGIN, ...(key ? { 'idempotency-key': key } : {}) },
    body,
  });
const upstreamSubmits = () => stack.upstream.count('POST', SUBMIT);
const fieldsOf = (json: unknown) => (json as { error: { details: { fields: object } } }).error.details.fields;

describe('multipart abstract submissions', () => {
  test('are forwarded with their boundary and the files kept by the upstream', async () => {
    const { res, json } = await send(abstractForm([[pdf('paper'), 'paper.pdf']]));
    assert.equal(res.status, 201);
    const data = (json as { data: { attachments: { url: string; name: string }[] } }).data;
    assert.equal(data.attachments.length, 1);
    assert.match(data.attachments[0]!.url, /^storage:\/\/.+\/abstract-attachment\//);
    assert.match(
      String(stack.upstream.lastHeaders.get(`POST ${SUBMIT}`)?.['content-type']),
      /^multipart\/form-data; boundary=/,
    );
  });

  test('a retry with the same key but a new boundary is replayed, not submitted twice', async () => {
    const before = upstreamSubmits();
    const key = `abstract-${Date.now()}`;
    const files: [Blob, string][] = [
      [pdf('a'), 'a.pdf'],
      [pdf('b'), 'b.pdf'],
    ];
    const first = await send(abstractForm(files), key);
    const again = await send(abstractForm(files), key);
    assert.equal(first.res.status, 201);
    assert.equal(again.res.status, 201);
    assert.equal(again.res.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.json, first.json);
    assert.equal(upstreamSubmits(), before + 1);
    const other = await send(
      abstractForm([
        [pdf('a'), 'a.pdf'],
        [pdf('changed'), 'b.pdf'],
      ]),
      key,
    );
    assert.equal(other.res.status, 422);
    assert.equal(codeOf(other.json), 'idempotency_key_reused');
  });

  test("files sent as attachments[] (PHP's array form, which the element sends) reach the upstream as repeated attachments, as does a mix of both names", async () => {
    const before = upstreamSubmits();
    const { res, json } = await send(
      abstractForm([
        [pdf('paper'), 'paper.pdf', 'attachments[]'],
        [pdf('figures'), 'figures.pdf', 'attachments[]'],
      ]),
    );
    assert.equal(res.status, 201);
    assert.deepEqual(
      (json as { data: { attachments: { name: string }[] } }).data.attachments.map((a) => a.name),
      ['paper.pdf', 'figures.pdf'],
    );
    assert.equal(upstreamSubmits(), before + 1);
    assert.deepEqual(await lastForwardedParts(), [
      ['registrationId', null],
      ['title', null],
      ['authors', null],
      ['attachments', 'paper.pdf'],
      ['attachments', 'figures.pdf'],
    ]);

    const mixed = await send(
      abstractForm([
        [pdf('one'), 'one.pdf', 'attachments'],
        [pdf('two'), 'two.pdf', 'attachments[]'],
      ]),
    );
    assert.equal(mixed.res.status, 201);
    assert.deepEqual(
      (await lastForwardedParts()).filter(([, file]) => file !== null),
      [
        ['attachments', 'one.pdf'],
        ['attachments', 'two.pdf'],
      ],
    );
  });

  test('under attachments[] every check holds, reported at attachments.N: the count across both names, the type, an empty file, a text part', async () => {
    const before = upstreamSubmits();
    const sixMixed = Array.from({ length: 6 }, (_, i): [Blob, string, PartName] => [
      pdf(String(i)),
      `${i}.pdf`,
      i % 2 ? 'attachments[]' : 'attachments',
    ]);
    const tooMany = await send(abstractForm(sixMixed));
    assert.equal(tooMany.res.status, 400);
    assert.deepEqual(fieldsOf(tooMany.json), { attachments: 'At most 5 files.' });

    const html = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'application/pdf' });
    const notPdf = await send(
      abstractForm([
        [pdf('ok'), 'ok.pdf', 'attachments'],
        [html, 'evil.pdf', 'attachments[]'],
      ]),
    );
    assert.equal(notPdf.res.status, 415);
    assert.deepEqual(fieldsOf(notPdf.json), { 'attachments.1': 'Must be application/pdf.' });

    const empty = await send(abstractForm([[new Blob([]), 'empty.pdf', 'attachments[]']]));
    assert.equal(codeOf(empty.json), 'empty_upload');
    assert.deepEqual(fieldsOf(empty.json), { 'attachments.0': 'The file is empty.' });

    const text = abstractForm([]);
    text.append('attachments[]', 'not a file');
    const asText = await send(text);
    assert.equal(asText.res.status, 400);
    assert.deepEqual(fieldsOf(asText.json), { attachments: 'Send each attachment as a file part.' });

    // Only the field's own array form is the field: a file under any other name stays refused.
    const other = await send(abstractForm([[pdf('x'), 'x.pdf', 'attachments[0]' as PartName]]));
    assert.equal(other.res.status, 400);
    assert.deepEqual(fieldsOf(other.json), { 'attachments[0]': 'Must be text.' });
    assert.equal(upstreamSubmits(), before);
  });

  test('a retry that spells the field the other way is the same attempt (replayed)', async () => {
    const before = upstreamSubmits();
    const key = `abstract-spelling-${Date.now()}`;
    const first = await send(abstractForm([[pdf('a'), 'a.pdf', 'attachments']]), key);
    const again = await send(abstractForm([[pdf('a'), 'a.pdf', 'attachments[]']]), key);
    assert.equal(first.res.status, 201);
    assert.equal(again.res.headers.get('idempotent-replayed'), 'true');
    assert.equal(upstreamSubmits(), before + 1);
  });

  test('refuses, with no upstream call: a file that is not a PDF, six files, an empty file, a file over 10 MB, files elsewhere', async () => {
    const before = upstreamSubmits();
    const html = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'application/pdf' });
    const refused = await send(
      abstractForm([
        [pdf('ok'), 'ok.pdf'],
        [html, 'evil.pdf'],
      ]),
    );
    assert.equal(refused.res.status, 415);
    assert.match(JSON.stringify(refused.json), /text\/html/);
    assert.deepEqual((refused.json as { error: { details: { fields: object } } }).error.details.fields, {
      'attachments.1': 'Must be application/pdf.',
    });

    const six = Array.from({ length: 6 }, (_, i): [Blob, string] => [pdf(String(i)), `${i}.pdf`]);
    assert.equal(codeOf((await send(abstractForm(six))).json), 'validation_failed');
    assert.equal(codeOf((await send(abstractForm([[new Blob([]), 'empty.pdf']]))).json), 'empty_upload');
    const big = new Blob(['%PDF-', new Uint8Array(10 * 1024 * 1024)], { type: 'application/pdf' });
    const tooBig = await send(abstractForm([[big, 'big.pdf']]));
    assert.equal(tooBig.res.status, 413);

    const elsewhere = new FormData();
    elsewhere.set('registrationId', DEMO_IDS.firstRegistration);
    elsewhere.set('workshopId', DEMO_IDS.capacity3Workshop);
    const wrongEndpoint = await stack.request(`${API}/events/workshops/registrations`, {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: elsewhere,
    });
    assert.equal(wrongEndpoint.res.status, 415);
    assert.equal(upstreamSubmits(), before);
  });

  test('a PDF/HTML or PDF/SVG polyglot named x.html / x.svg is kept as x.pdf / x.svg → y.pdf', async () => {
    const html = new Blob(['%PDF-1.7\n<html><script>alert(document.domain)</script></html>\n%%EOF'], {
      type: 'text/html',
    });
    const svg = new Blob(['%PDF-1.7\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], {
      type: 'image/svg+xml',
    });
    const { res, json } = await send(
      abstractForm([
        [html, 'x.html'],
        [svg, 'y.svg'],
      ]),
    );
    assert.equal(res.status, 201);
    const kept = (json as { data: { attachments: { url: string; name: string }[] } }).data.attachments;
    assert.deepEqual(
      kept.map((a) => a.name),
      ['x.pdf', 'y.pdf'],
    );
    assert.match(kept[0]!.url, /\/x\.pdf$/);
  });

  test('refused before any upstream call: a text part under attachments, a nested multipart part, too many parts, a long part header', async () => {
    const before = upstreamSubmits();
    const text = abstractForm([]);
    text.append('attachments', 'not a file');
    const asText = await send(text);
    assert.equal(asText.res.status, 400);
    assert.deepEqual((asText.json as { error: { details: { fields: object } } }).error.details.fields, {
      attachments: 'Send each attachment as a file part.',
    });

    const nested = abstractForm([
      [new Blob(['--inner\r\n\r\n%PDF-1.7\r\n--inner--'], { type: 'multipart/mixed; boundary=inner' }), 'a.pdf'],
    ]);
    const asNested = await send(nested);
    assert.equal(asNested.res.status, 400);
    assert.deepEqual((asNested.json as { error: { details: { fields: object } } }).error.details.fields, {
      attachments: 'Must not be multipart.',
    });

    const many = abstractForm([]);
    for (let i = 0; i < 40; i++) many.append(`extra${i}`, 'x');
    const tooMany = await send(many);
    assert.equal(tooMany.res.status, 400);
    assert.match(JSON.stringify(tooMany.json), /too_many_parts/);

    const long = abstractForm([[pdf('x'), `${'n'.repeat(9000)}.pdf`]]);
    const longHeader = await send(long);
    assert.equal(longHeader.res.status, 413);
    assert.match(JSON.stringify(longHeader.json), /part_header_too_large/);
    assert.equal(upstreamSubmits(), before);
  });

  test('a body past the whole form cap is cut off while it streams (413)', async () => {
    const before = upstreamSubmits();
    const parts: [Blob, string][] = Array.from({ length: 5 }, (_, i) => [
      new Blob(['%PDF-', new Uint8Array(10 * 1024 * 1024 - 5)]),
      `${i}.pdf`,
    ]);
    const f = abstractForm(parts);
    f.append('padding', 'x'.repeat(300 * 1024));
    const { res } = await send(f);
    assert.equal(res.status, 413);
    assert.equal(upstreamSubmits(), before);
  });
});
