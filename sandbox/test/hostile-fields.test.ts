/**
 * URL fields that would run or open something in whoever links them (issue 18, finding 9), and
 * form parts or JSON keys named after the object machinery (finding 10).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { URL_FIELDS } from '../../src/api/url-fields.js';
import { assertError, assertFields, FX, start, type TestSandbox } from './helpers.js';

const HOSTILE = [
  'javascript:alert(document.domain)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  '/relative/path',
  'https://',
  'http:/\\evil.example',
];

const exhibit = (over: Record<string, unknown>) => ({
  title: 'Booth',
  exhibitType: 'startup',
  shortDescription: 'A booth.',
  presenter: { fullName: 'Ada', email: 'ada@example.org' },
  ...over,
});

describe('URL fields accept only http(s) (and storage:// where an upload goes)', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start({ rateLimit: false });
  });
  after(() => s.close());

  it('driveUrl: javascript:, data: and the rest are 400 validation_failed naming the field; https passes', async () => {
    for (const driveUrl of HOSTILE) {
      const f = assertFields(
        await s.call('POST', '/exhibition/submissions', { body: exhibit({ driveUrl }) }),
        400,
        'validation_failed',
        ['driveUrl'],
        driveUrl,
      );
      assert.equal(f.driveUrl, 'Must be an http(s) URL.');
    }
    const ok = await s.call('POST', '/exhibition/submissions', {
      body: exhibit({ driveUrl: 'https://drive.example.org/folder?id=1' }),
    });
    assert.notEqual(ok.status, 400, JSON.stringify(ok.body));
  });

  it('proof and attachment URLs: the same refusals; storage:// still reaches the upload check', async () => {
    for (const url of HOSTILE) {
      assertFields(
        await s.call('POST', '/registrations/registrations', {
          body: {
            firstName: 'A',
            lastName: 'B',
            email: 'a@example.org',
            ticketTypeId: FX.paidTicket,
            paymentMethodId: FX.bankTransfer,
            paymentReference: 'r',
            paymentProofUrl: url,
          },
        }),
        400,
        'validation_failed',
        ['paymentProofUrl'],
        url,
      );
      assertFields(
        await s.call('POST', '/abstracts/submissions', {
          body: {
            registrationId: 'reg-001',
            title: 'T',
            authors: [{ fullName: 'A' }],
            attachments: [{ url: 'https://example.org/a.pdf' }, { url }],
          },
        }),
        400,
        'validation_failed',
        ['attachments.1.url'],
        url,
      );
      assertFields(
        await s.call('POST', '/exhibition/submissions', {
          body: exhibit({ payment: { paymentMethodId: FX.bankTransfer, paymentReference: 'r', proofUrl: url } }),
        }),
        400,
        'validation_failed',
        ['payment.proofUrl'],
        url,
      );
    }
    // A storage:// URI passes validation and meets the upload check (unknown upload: 422).
    assertFields(
      await s.call('POST', '/registrations/registrations', {
        body: {
          firstName: 'A',
          lastName: 'B',
          email: 'a@example.org',
          ticketTypeId: FX.paidTicket,
          paymentMethodId: FX.bankTransfer,
          paymentReference: 'r',
          paymentProofUrl: 'storage://fx/registration-evidence/upl_nope/a.pdf',
          customFields: { organization: 'Org' },
        },
      }),
      422,
      'invalid_upload',
      ['paymentProofUrl'],
    );
  });

  it('every URL field the contract lists is one the sandbox refuses javascript: in', () => {
    const listed = Object.values(URL_FIELDS).flatMap((fields) => fields.map((f) => f.path));
    assert.deepEqual(listed.sort(), ['attachments[].url', 'driveUrl', 'paymentProofUrl', 'payment.proofUrl'].sort());
  });
});

describe('form parts and JSON keys named __proto__, constructor, prototype', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start({ rateLimit: false });
  });
  after(() => s.close());

  const pdf = new Blob(['%PDF-1.7\nx\n%%EOF'], { type: 'application/pdf' });
  const send = async (body: FormData) => {
    const res = await fetch(s.api('/abstracts/submissions'), {
      method: 'POST',
      headers: { 'x-api-key': FX.keys.all },
      body,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as TestSandbox.call: tests read answers loosely.
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  it('a __proto__ part cannot supply the fields: 400 naming it, nothing recorded', async () => {
    // Before: `fields.__proto__ = {...}` set the object's prototype, and the schema read
    // registrationId, title and authors through it.
    const f = new FormData();
    f.set('__proto__', JSON.stringify({ registrationId: 'reg-001', title: 'Smuggled', authors: [{ fullName: 'X' }] }));
    f.append('attachments', pdf, 'a.pdf');
    const a = await send(f);
    assertFields(a, 400, 'validation_failed', ['__proto__']);
    for (const name of ['constructor', 'prototype']) {
      const g = new FormData();
      g.set('registrationId', 'reg-001');
      g.set('title', 'T');
      g.set('authors', JSON.stringify([{ fullName: 'A' }]));
      g.set(name, '{"x":1}');
      assertFields(await send(g), 400, 'validation_failed', [name], name);
    }
    const kept = (await s.admin('GET', '/abstract-submissions?registration=reg-001')).body as {
      data: { title: string }[];
    };
    assert.ok(!kept.data.some((x) => x.title === 'Smuggled'));
  });

  it('JSON bodies: such keys at any depth are 400 naming their path', async () => {
    const raw = '{"registrationId":"reg-001","title":"T","authors":[{"fullName":"A","__proto__":{"admin":true}}]}';
    assertFields(
      await s.call('POST', '/abstracts/submissions', { raw, headers: { 'content-type': 'application/json' } }),
      400,
      'validation_failed',
      ['authors.0.__proto__'],
    );
    const custom = await s.call('POST', '/registrations/registrations', {
      raw: '{"firstName":"A","lastName":"B","email":"a@example.org","ticketTypeId":"tt-student","customFields":{"constructor":"x"}}',
      headers: { 'content-type': 'application/json' },
    });
    assertFields(custom, 400, 'validation_failed', ['customFields.constructor']);
    // A value that merely says __proto__ is fine.
    const ok = await s.call('POST', '/abstracts/submissions', {
      body: { registrationId: 'reg-001', title: '__proto__', authors: [{ fullName: 'constructor' }] },
    });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assertError(
      await s.call('POST', '/badges/checkin', {
        raw: '{"__proto__":{"qr":"FX-0001"}}',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'validation_failed',
    );
  });
});
