/**
 * A proof file whose bytes are not of its type (an HTML page or a program renamed to .pdf) is
 * refused in the form before any upload, in the form's language, as the proxy would refuse it.
 */
import { expect } from '@esm-bundle/chai';
import type { ConfRegistrationForm } from '../../src/elements/registration-form/registration-form.js';
import { uniqueEmail } from './admin.js';
import { fillPaid, FormHarness, makeFile } from './form-harness.js';
import { cleanup, fixture, waitFor } from './harness.js';
import '../../src/elements/registration-form/define.js';

async function mount(attrs = ''): Promise<FormHarness<ConfRegistrationForm>> {
  const el = await fixture<ConfRegistrationForm>(
    `<conf-registration-form draft-key="content-draft" ${attrs}></conf-registration-form>`,
  );
  el.minFillMs = 0;
  const h = new FormHarness(el);
  await waitFor(() => h.part('form'), 'the form');
  return h;
}

/** Counts uploads opened by XMLHttpRequest (the upload client's transport). */
function countUploads(): { count(): number; stop(): void } {
  const open = XMLHttpRequest.prototype.open;
  let n = 0;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    if (String(args[1]).includes('/uploads/')) n++;
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as typeof open;
  return { count: () => n, stop: () => void (XMLHttpRequest.prototype.open = open) };
}

describe('proof files checked by their first bytes', function () {
  this.timeout(30_000);
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('an HTML page named proof.pdf: refused at once, nothing uploaded; the real PDF afterwards is', async () => {
    const uploads = countUploads();
    try {
      const h = await mount();
      await fillPaid(h, uniqueEmail('content'));
      const html = new File(['<!DOCTYPE html><html><script>alert(1)</script></html>'], 'proof.pdf', {
        type: 'application/pdf',
      });
      await h.chooseFile('paymentProofUrl', html);
      await waitFor(() => h.errorOf('paymentProofUrl') !== '', 'the refusal');
      expect(h.errorOf('paymentProofUrl')).to.contain('not what its type says');
      expect(h.part('progress')).to.equal(null);
      expect(uploads.count(), 'no upload request').to.equal(0);
      await h.chooseFile('paymentProofUrl', makeFile('proof.pdf', 'application/pdf', 4096));
      await waitFor(() => h.part('upload-done'), 'the upload');
      expect(uploads.count()).to.equal(1);
      expect(h.errorOf('paymentProofUrl')).to.equal('');
    } finally {
      uploads.stop();
    }
  });

  it('says it in German on a German page (an executable sent as a PNG)', async () => {
    const h = await mount('lang="de"');
    await fillPaid(h, uniqueEmail('content-de'));
    const exe = new File([Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], 'scan.png', { type: 'image/png' });
    await h.chooseFile('paymentProofUrl', exe);
    await waitFor(() => h.errorOf('paymentProofUrl') !== '', 'the refusal');
    expect(h.errorOf('paymentProofUrl')).to.contain('nicht, was ihr Typ angibt');
  });
});
