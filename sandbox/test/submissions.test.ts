import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertFields, FX, start, testClock, type TestSandbox } from './helpers.js';

const exhibit = (over: Record<string, unknown> = {}) => ({
  title: 'Quantum Widgets',
  exhibitType: 'startup',
  shortDescription: 'We make widgets.',
  presenter: { fullName: 'Q. Widget', email: 'q@example.org' },
  teamPeople: ['A', 'B'],
  driveUrl: 'https://drive.example.org/folder',
  ...over,
});

describe('abstract submissions', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());
  const submit = (body: unknown) => s.call('POST', '/abstracts/submissions', { body });

  it('accepts a submission from an existing registration', async () => {
    const a = await submit({ registrationId: 'reg-001', title: 'On widgets', authors: [{ fullName: 'Ada' }] });
    assert.equal(a.status, 201);
    assert.deepEqual(Object.keys(a.body.data).sort(), ['attachments', 'authors', 'createdAt', 'id', 'status', 'title']);
    assert.equal(a.body.data.status, 'submitted');
    // Submissions are not accepted abstracts: the public list is unchanged.
    assert.equal((await s.call('GET', '/abstracts/abstracts')).body.meta.total, 2);
  });

  it('422 unknown_reference for an unknown registration', async () => {
    assertFields(
      await submit({ registrationId: 'reg-nope', title: 'T', authors: [{ fullName: 'A' }] }),
      422,
      'unknown_reference',
      ['registrationId'],
    );
  });

  it('attachments: https URLs, or storage:// URIs of completed uploads', async () => {
    const ok = await submit({
      registrationId: 'reg-001',
      title: 'T',
      authors: [{ fullName: 'A' }],
      attachments: [{ url: 'https://example.org/paper.pdf', name: 'Paper' }],
    });
    assert.equal(ok.status, 201);
    assertFields(
      await submit({
        registrationId: 'reg-001',
        title: 'T',
        authors: [{ fullName: 'A' }],
        attachments: [
          { url: 'https://example.org/a.pdf' },
          { url: 'storage://fx/registration-evidence/upl_nope/a.pdf' },
        ],
      }),
      422,
      'invalid_upload',
      ['attachments.1.url'],
    );
  });

  describe('as multipart/form-data with attachment files', () => {
    const pdf = (text: string) => new Blob([`%PDF-1.7\n${text}\n%%EOF`], { type: 'application/pdf' });
    const form = (files: [Blob, string][], over: Record<string, string> = {}) => {
      const f = new FormData();
      f.set('registrationId', 'reg-001');
      f.set('title', 'Widgets at scale');
      f.set('authors', JSON.stringify([{ fullName: 'Ada Lovelace' }, { fullName: 'Grace Hopper' }]));
      for (const [k, v] of Object.entries(over)) f.set(k, v);
      for (const [blob, name] of files) f.append('attachments', blob, name);
      return f;
    };
    const send = async (body: FormData) => {
      const res = await fetch(s.api('/abstracts/submissions'), {
        method: 'POST',
        headers: { 'x-api-key': FX.keys.all },
        body,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as TestSandbox.call: tests read answers loosely.
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    };

    it('keeps each PDF as a storage:// upload of the submission, with the same validation as JSON', async () => {
      const a = await send(
        form([
          [pdf('one'), 'paper.pdf'],
          [pdf('two'), 'slides.pdf'],
        ]),
      );
      assert.equal(a.status, 201);
      assert.deepEqual(a.body.data.authors, [{ fullName: 'Ada Lovelace' }, { fullName: 'Grace Hopper' }]);
      assert.deepEqual(
        a.body.data.attachments.map((x: { name: string }) => x.name),
        ['paper.pdf', 'slides.pdf'],
      );
      for (const x of a.body.data.attachments)
        assert.match(x.url, new RegExp(`^storage://${FX.id}/abstract-attachment/upl_`));
      const kept = (await s.admin('GET', `/abstract-submissions?registration=reg-001`)).body as {
        data: { id: string; attachments: unknown[] }[];
      };
      assert.deepEqual(kept.data.find((x) => x.id === a.body.data.id)?.attachments, a.body.data.attachments);
      assertFields(await send(form([], { authors: '[]' })), 400, 'validation_failed', ['authors']);
    });

    it('names each kept file with the extension of its verified type (a PDF/HTML polyglot sent as x.html is kept as x.pdf)', async () => {
      const polyglot = new Blob(['%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF'], { type: 'text/html' });
      const svg = new Blob(['%PDF-1.7\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], {
        type: 'image/svg+xml',
      });
      const a = await send(
        form([
          [polyglot, 'x.html'],
          [svg, 'y.svg'],
          [pdf('kept'), 'Paper.PDF'],
        ]),
      );
      assert.equal(a.status, 201);
      assert.deepEqual(
        a.body.data.attachments.map((x: { name: string }) => x.name),
        ['x.pdf', 'y.pdf', 'Paper.PDF'],
      );
      assert.match(a.body.data.attachments[0].url, /\/x\.pdf$/);
    });

    it('an Idempotency-Key replays the same parts under a new boundary, and refuses other files', async () => {
      const key = `abs-${Date.now()}`;
      const sendKeyed = (body: FormData) =>
        fetch(s.api('/abstracts/submissions'), {
          method: 'POST',
          headers: { 'x-api-key': FX.keys.all, 'idempotency-key': key },
          body,
        });
      const first = await sendKeyed(form([[pdf('one'), 'a.pdf']]));
      const again = await sendKeyed(form([[pdf('one'), 'a.pdf']]));
      assert.equal(first.status, 201);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(await again.json(), await first.json());
      assert.equal((await sendKeyed(form([[pdf('two'), 'a.pdf']]))).status, 422);
    });

    it('refuses a file that is not a PDF by its bytes, more than five files, and keeps nothing of a refused one', async () => {
      const before = ((await s.admin('GET', '/abstract-submissions')).body as { data: unknown[] }).data.length;
      const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])], {
        type: 'application/pdf',
      });
      assertFields(
        await send(
          form([
            [pdf('ok'), 'a.pdf'],
            [png, 'b.pdf'],
          ]),
        ),
        415,
        'unsupported_media_type',
        ['attachments.1'],
      );
      const six = Array.from({ length: 6 }, (_, i): [Blob, string] => [pdf(String(i)), `${i}.pdf`]);
      assertFields(await send(form(six)), 400, 'validation_failed', ['attachments']);
      assertFields(await send(form([[new Blob([]), 'empty.pdf']])), 400, 'validation_failed', ['attachments.0']);
      assertFields(await send(form([[pdf('x'), 'a.pdf']], { registrationId: 'reg-nope' })), 422, 'unknown_reference', [
        'registrationId',
      ]);
      assert.equal(((await s.admin('GET', '/abstract-submissions')).body as { data: unknown[] }).data.length, before);
    });

    it('refuses a file over 10 MB with 413 and files on endpoints that take none', async () => {
      const big = new Blob(['%PDF-', new Uint8Array(10 * 1024 * 1024)], { type: 'application/pdf' });
      assertFields(await send(form([[big, 'big.pdf']])), 413, 'payload_too_large', ['attachments.0']);
      const f = new FormData();
      f.set('workshopId', 'x');
      const res = await fetch(s.api('/events/workshops/registrations'), {
        method: 'POST',
        headers: { 'x-api-key': FX.keys.all },
        body: f,
      });
      assert.equal(res.status, 415);
    });
  });

  it('needs abstracts:write', async () => {
    assertError(
      await s.call('POST', '/abstracts/submissions', { key: FX.keys.read, body: {} }),
      403,
      'insufficient_scope',
    );
  });
});

describe('exhibition submissions', () => {
  const clock = testClock();
  let s: TestSandbox;
  before(async () => {
    s = await start({ now: clock.now });
  });
  after(() => s.close());
  const submit = (body: unknown) => s.call('POST', '/exhibition/submissions', { body });
  const settings = (exhibition: Record<string, unknown>) => s.admin('PATCH', `/conferences/${FX.id}`, { exhibition });

  it('with no rules set, a valid submission is accepted', async () => {
    const a = await submit(exhibit());
    assert.equal(a.status, 201);
    assert.equal(a.body.data.status, 'submitted');
    assert.equal(a.body.data.title, 'Quantum Widgets');
  });

  it('honours the window: not open yet, then closed', async () => {
    const opens = new Date(clock.now() + 3600_000).toISOString();
    const closes = new Date(clock.now() + 7200_000).toISOString();
    assert.equal((await settings({ opensAt: opens, closesAt: closes })).status, 200);
    const e = assertError(await submit(exhibit()), 422, 'exhibition_not_open');
    assert.equal(e.details.opensAt, opens);
    clock.advance(3600_000 + 1);
    assert.equal((await submit(exhibit())).status, 201);
    clock.advance(3600_000);
    const c = assertError(await submit(exhibit()), 422, 'exhibition_closed');
    assert.equal(c.details.closesAt, closes);
    assertFields(await settings({ opensAt: closes, closesAt: opens }), 400, 'validation_failed', ['closesAt']);
    await settings({ opensAt: null, closesAt: null });
  });

  it('honours the registration requirement', async () => {
    await settings({ requiresRegistration: true });
    assertFields(await submit(exhibit()), 422, 'registration_required', ['registrationId']);
    assertFields(await submit(exhibit({ registrationId: 'reg-nope' })), 422, 'unknown_reference', ['registrationId']);
    assert.equal((await submit(exhibit({ registrationId: 'reg-002' }))).status, 201);
    await settings({ requiresRegistration: false });
  });

  it('with a fee: payment_required with fee and methods, then a completed proof upload is accepted', async () => {
    await settings({ fee: { amount: 25000, currency: 'EUR' } });
    const e = assertError(await submit(exhibit()), 422, 'payment_required');
    assert.deepEqual(e.details.fee, { amount: 25000, currency: 'EUR' });
    assert.deepEqual(
      e.details.paymentMethods.map((m: { id: string }) => m.id),
      [FX.bankTransfer, FX.deskCard],
    );
    assertError(
      await submit(exhibit({ payment: { paymentMethodId: FX.bankTransfer, paymentReference: 'R1' } })),
      422,
      'payment_required',
    );

    const addr = (
      await s.call('POST', '/exhibition/submissions/payment-proof/upload-url', {
        body: { filename: 'proof.pdf', contentType: 'application/pdf' },
      })
    ).body.data;
    const payment = { paymentMethodId: FX.bankTransfer, paymentReference: 'R1', proofUrl: addr.storageUri };
    assertFields(await submit(exhibit({ payment })), 422, 'invalid_upload', ['payment.proofUrl']);
    assertFields(
      await submit(exhibit({ payment: { ...payment, proofUrl: 'https://example.org/p.pdf' } })),
      422,
      'invalid_upload',
      ['payment.proofUrl'],
    );
    assertFields(
      await submit(exhibit({ payment: { ...payment, paymentMethodId: 'pm-nope' } })),
      400,
      'validation_failed',
      ['payment.paymentMethodId'],
    );
    const put = await fetch(addr.uploadUrl, {
      method: 'PUT',
      body: '%PDF-1.4',
      headers: { 'content-type': 'application/pdf' },
    });
    assert.equal(put.status, 200);
    assert.equal((await submit(exhibit({ payment }))).status, 201);
    await settings({ fee: null });
  });

  it('needs exhibition:write', async () => {
    assertError(
      await s.call('POST', '/exhibition/submissions', { key: FX.keys.read, body: exhibit() }),
      403,
      'insufficient_scope',
    );
  });
});
