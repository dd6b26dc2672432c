import { expect } from '@esm-bundle/chai';
import { emulateMedia } from '@web/test-runner-commands';
import { registrationsFor, uniqueEmail, withSettings } from '../../../test/browser/admin.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import {
  expectBotGuards,
  fillPaid,
  FormHarness,
  makeFile,
  person,
  preferOnUploads,
  watchWrites,
} from '../../../test/browser/form-harness.js';
import { runFormTests } from '../../../test/browser/form-suite.js';
import { answerWith, cleanup, fixture, waitFor } from '../../../test/browser/harness.js';
import type { ConfRegisteredEvent } from '../../events/conf-registered.js';
import './define.js';
import type { ConfRegistrationForm } from './registration-form.js';

const CREATE = /\/registrations\/registrations/;

async function mount(attrs = '', inner = '', container?: HTMLElement): Promise<FormHarness<ConfRegistrationForm>> {
  const el = await fixture<ConfRegistrationForm>(
    `<conf-registration-form draft-key="test-draft" ${attrs}>${inner}</conf-registration-form>`,
    container,
  );
  el.minFillMs = 0;
  const h = new FormHarness(el);
  await waitFor(() => h.part('form') || h.part('closed') || h.part('try-later'), 'the form or a message');
  return h;
}

async function registered(): Promise<ConfRegisteredEvent> {
  return new Promise((resolve) => document.addEventListener('conf-registered', resolve, { once: true }));
}

describe('<conf-registration-form>', function () {
  this.timeout(30_000);
  beforeEach(() => sessionStorage.clear());
  afterEach(cleanup);

  it('renders the configuration: enabled fields only, fitting inputs, tickets with prices', async () => {
    const h = await mount();
    expect(h.has('firstName') && h.has('lastName') && h.has('email')).to.equal(true);
    expect(h.control('email').type).to.equal('email');
    expect(h.control('custom.organization').required).to.equal(true);
    expect(h.control('custom.tshirt_size').tagName).to.equal('SELECT');
    expect(h.control('custom.tshirt_size').required).to.equal(true);
    expect(h.control('custom.accessibility_needs').tagName).to.equal('TEXTAREA');
    expect(h.control('custom.first_time').type).to.equal('checkbox');
    expect(h.control('custom.years_experience').type).to.equal('number');
    expect(h.control('custom.arrival_date').type).to.equal('date');
    expect(h.control('custom.invoice_email').type).to.equal('email');
    expect(h.has('custom.vat_id'), 'disabled field').to.equal(false);
    expect(h.has('custom.referral_source'), 'disabled field').to.equal(false);
    const tickets = [...h.control<HTMLSelectElement>('ticketTypeId').options].map((o) => o.textContent!.trim());
    expect(tickets.some((t) => t.startsWith('Student') && t.includes('99'))).to.equal(true);
    expect(tickets.some((t) => t.startsWith('Regular') && t.includes('449'))).to.equal(true);
    // Labels are tied to their inputs.
    const label = h.q<HTMLLabelElement>(`label[for="${h.control('custom.organization').id}"]`);
    expect(label?.textContent).to.contain('Organisation');
    expect(h.part('payment'), 'no payment before a ticket is chosen').to.equal(null);
    await h.fill({ ticketTypeId: 'tt-regular' });
    expect(h.part('payment')).to.not.equal(null);
    const methods = [...h.control<HTMLSelectElement>('paymentMethodId').options].map((o) => o.textContent!.trim());
    expect(methods.length).to.be.greaterThan(2);
    await expectNoAxeViolations(h.el);
  });

  it('shows the closed message (attribute, slot) when registration is closed', async () => {
    const restore = await withSettings({ registrationOpen: false });
    try {
      let h = await mount();
      expect((await h.waitForPart('closed')).textContent).to.contain('Registration is closed');
      expect(h.part('form')).to.equal(null);
      expect(h.matchesState('closed')).to.equal(true);
      cleanup();
      h = await mount('closed-message="See you next year."');
      expect(h.part('closed')!.textContent).to.contain('See you next year.');
      cleanup();
      h = await mount('', '<p slot="closed">Sold out, sorry.</p>');
      const slot = h.part('closed')!.querySelector('slot')!;
      expect(slot.assignedElements()[0]?.textContent).to.equal('Sold out, sorry.');
      await expectNoAxeViolations(h.el);
    } finally {
      await restore();
    }
  });

  it('shows the try-later message when no pricing phase is open', async () => {
    const restore = await withSettings({ openPhase: false });
    try {
      let h = await mount();
      expect((await h.waitForPart('try-later')).textContent).to.contain('try again later');
      expect(h.matchesState('try-later')).to.equal(true);
      cleanup();
      h = await mount('try-later-message="Tickets go on sale on Monday."');
      expect(h.part('try-later')!.textContent).to.contain('Tickets go on sale on Monday.');
    } finally {
      await restore();
    }
  });

  it('sends nothing while a required field is missing: focus moves there and the error is announced', async () => {
    const h = await mount();
    const spy = watchWrites(CREATE);
    try {
      const values = person(uniqueEmail('missing'));
      delete values['custom.organization'];
      await h.fill(values);
      await h.fill({ paymentMethodId: 'pm-bank-transfer', paymentReference: 'X' });
      await h.chooseRadio('proofMode', 'url');
      await h.fill({ paymentProofUrl: 'https://bank.example/r/x.pdf' });
      h.submitButton().click();
      await waitFor(() => h.errorOf('custom.organization') !== '', 'the field error');
      expect(h.focused).to.equal(h.control('custom.organization'));
      expect(h.control('custom.organization').getAttribute('aria-invalid')).to.equal('true');
      const alert = h.part('form-error')!;
      expect(alert.getAttribute('role')).to.equal('alert');
      expect(alert.textContent).to.match(/needs attention/);
      await new Promise((r) => setTimeout(r, 300));
      expect(spy.writes.length, 'requests sent').to.equal(0);
      // Typing the answer clears the message.
      await h.fill({ 'custom.organization': 'ACME' });
      expect(h.errorOf('custom.organization')).to.equal('');
    } finally {
      spy.stop();
    }
  });

  it("says what is wrong in the element's language, not the browser's, and the control carries the same words", async () => {
    const h = await mount('lang="de"');
    await h.fill({ firstName: 'Ada', email: 'not-an-address' });
    h.submitButton().click();
    await waitFor(() => h.errorOf('lastName') !== '', 'the field errors');
    expect(h.errorOf('lastName')).to.equal('Bitte füllen Sie dieses Feld aus.');
    expect(h.control('lastName').validationMessage, 'through setCustomValidity').to.equal(
      'Bitte füllen Sie dieses Feld aus.',
    );
    expect(h.errorOf('email')).to.equal('Bitte geben Sie eine E-Mail-Adresse ein, etwa name@example.org.');
    expect(h.errorOf('ticketTypeId')).to.equal('Bitte wählen Sie eine der Möglichkeiten.');
    expect(h.part('form-error')!.textContent).to.contain('Angaben müssen noch korrigiert werden');
    await h.fill({ lastName: 'Lovelace' });
    expect(h.errorOf('lastName')).to.equal('');
    expect(h.control('lastName').validity.valid, 'an answered field is valid for the browser again').to.equal(true);
    await h.fill({ email: 'ada' });
    expect(h.errorOf('email'), 'a still wrong answer keeps its message').to.contain('E-Mail-Adresse');
  });

  it('asks for an https link in its own words when the proof link is not one', async () => {
    const h = await mount();
    await fillPaid(h, uniqueEmail('https-hint'));
    await h.chooseRadio('proofMode', 'url');
    await h.fill({ paymentProofUrl: 'http://insecure.example/proof.pdf' });
    h.submitButton().click();
    await waitFor(() => h.errorOf('paymentProofUrl') !== '', 'the https check');
    expect(h.errorOf('paymentProofUrl')).to.equal('Use an address that starts with https://.');
  });

  it('marks payment reference and proof required as soon as a method that asks for them is chosen, and asks for them before sending', async () => {
    const h = await mount();
    const spy = watchWrites(CREATE);
    try {
      await h.fill(person(uniqueEmail('paid-marks')));
      await h.fill({ paymentMethodId: 'pm-bank-transfer' });
      const label = (name: string) => h.q(`label[for="${h.control(name).id}"]`)!;
      expect(label('paymentReference').querySelector('.req'), 'reference marked').to.not.equal(null);
      expect(label('paymentProofUrl').querySelector('.req'), 'proof file marked').to.not.equal(null);
      expect(h.control('paymentReference').required).to.equal(true);
      expect(h.control('paymentProofUrl').required).to.equal(true);
      await h.chooseRadio('proofMode', 'url');
      expect(h.control('paymentProofUrl').required, 'the link too').to.equal(true);
      h.submitButton().click();
      await waitFor(() => h.errorOf('paymentReference') !== '', 'the reference asked for');
      expect(h.errorOf('paymentProofUrl')).to.not.equal('');
      expect(h.focused).to.equal(h.control('paymentReference'));
      expect(h.part('form-error')!.textContent).to.contain('2 answers need attention');
      await new Promise((r) => setTimeout(r, 300));
      expect(spy.writes, 'nothing sent for the server to refuse').to.have.length(0);
    } finally {
      spy.stop();
    }
  });

  it("says the server's refusals in the form's language: known codes and field messages in German, unknown codes as sent", async () => {
    const h = await mount('lang="de"');
    await fillWithLink(h, uniqueEmail('server-de'));
    await h.fill({ email: 'ada@localhost' });
    h.submitButton().click();
    await waitFor(() => h.errorOf('email') !== '', 'the server field message', 10_000);
    expect(h.errorOf('email')).to.equal('Bitte eine gültige E-Mail-Adresse angeben.');
    expect(h.control('email').validationMessage).to.equal('Bitte eine gültige E-Mail-Adresse angeben.');
    expect(h.part('form-error')!.textContent).to.contain('Einige Angaben wurden nicht angenommen');
    await h.fill({ email: uniqueEmail('server-de') });
    expect(h.part('form-error')!.textContent!.trim(), 'the summary goes with the last field message').to.equal('');
    // A code this form does not know: the server's own words are all there is to show.
    const stop = answerWith(
      CREATE,
      { error: { code: 'brand_new_rule', message: 'A rule added after this release.' } },
      422,
    );
    try {
      h.submitButton().click();
      await waitFor(
        () => h.part('form-error')!.textContent!.includes('A rule added after this release.'),
        'the unknown code as sent',
      );
    } finally {
      stop();
    }
    await expectNoAxeViolations(h.el);
  });

  it("sums up the registration in the success view: ticket, amount, the transfer's bank details without its before-registering text, what happens next", async () => {
    const res = await fetch('/api/public/v1/registrations/config');
    type Config = {
      payment_methods: { id: string; instructions: string }[];
      ticket_types: { id: string; name: string }[];
    };
    const config = ((await res.json()) as { data: Config }).data;
    const h = await mount();
    await fillWithLink(h, uniqueEmail('summary'));
    const method = h.control<HTMLSelectElement>('paymentMethodId').value;
    const instructions = config.payment_methods.find((m) => m.id === method)!.instructions;
    expect(instructions).to.not.equal('');
    const event = registered();
    h.submitButton().click();
    await event;
    const summary = await h.waitForPart('summary');
    expect(summary.textContent).to.contain('Ada Lovelace');
    expect(summary.textContent).to.contain(config.ticket_types.find((t) => t.id === 'tt-student')!.name);
    expect(h.part('summary-amount')!.textContent).to.match(/\d/);
    // Paid before registering: its bank details (with copy buttons), not "… then register with …".
    expect(instructions).to.contain('then register');
    expect(h.part('payment-instructions')).to.equal(null);
    const shown = h.part('payment-details')!.cloneNode(true) as HTMLElement;
    for (const b of shown.querySelectorAll('button')) b.remove();
    expect(shown.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Transferred to: IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX',
    );
    expect(summary.textContent).to.not.contain('register');
    expect(h.part('next-step')!.textContent!.trim()).to.not.equal('');
    await expectNoAxeViolations(h.el);
  });

  it('asks only what the payment method needs: a card at the desk asks for no reference and no proof (issue 21)', async () => {
    const h = await mount();
    await h.fill(person(uniqueEmail('desk')));
    const select = h.control<HTMLSelectElement>('paymentMethodId');
    const top = select.getBoundingClientRect().top;
    await h.fill({ paymentMethodId: 'pm-card-on-site' });
    expect(h.q('[name="paymentReference"]'), 'no reference asked').to.equal(null);
    expect(h.part('proof'), 'no proof asked').to.equal(null);
    // The method's instructions follow the select as content: choosing never moves the select.
    const note = h.q('[data-field="paymentMethodId"] .note')!;
    expect(note.textContent).to.contain('card');
    expect(note.compareDocumentPosition(select) & Node.DOCUMENT_POSITION_PRECEDING, 'below the select').to.not.equal(0);
    expect(select.getBoundingClientRect().top).to.equal(top);
    expect(getComputedStyle(note).color, 'body text, not muted help').to.equal(getComputedStyle(h.el).color);
    expect(select.getAttribute('aria-describedby')).to.contain(note.id);
    // The bank transfer asks for both; the desk again for neither.
    await h.fill({ paymentMethodId: 'pm-bank-transfer' });
    expect(h.control('paymentReference').required).to.equal(true);
    expect(h.part('proof')).to.not.equal(null);
    await h.fill({ paymentMethodId: 'pm-card-on-site' });
    const event = registered();
    h.submitButton().click();
    const e = await event;
    expect(e.detail.registration.status).to.equal('pending_payment');
    expect(e.detail.registration.paymentMethodId).to.equal('pm-card-on-site');
    // Paid later: the summary keeps the desk's instructions, which are still to follow.
    await h.waitForPart('summary');
    expect(h.part('payment-instructions')!.textContent).to.contain('card');
    expect(h.part('payment-details')).to.equal(null);
  });

  it('copies the registration number and the bank details from the success view', async () => {
    const copied: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (t: string) => void copied.push(t) },
    });
    try {
      const h = await mount();
      await fillWithLink(h, uniqueEmail('copy'));
      const event = registered();
      h.submitButton().click();
      const e = await event;
      await h.waitForPart('summary');
      const buttons = h.all<HTMLButtonElement>('[part~="copy-button"]');
      expect(buttons.map((b) => b.getAttribute('aria-label'))).to.deep.equal([
        'Copy the registration number',
        'Copy the IBAN',
        'Copy the BIC',
      ]);
      for (const b of buttons) b.click();
      await waitFor(() => copied.length === 3, 'three copies');
      expect(copied).to.deep.equal([e.detail.registration.id, 'DE89370400440532013000', 'COBADEFFXXX']);
      expect(buttons[0]!.hasAttribute('data-copied')).to.equal(true);
      expect(buttons[0]!.textContent).to.contain('Copied');
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });

  for (const width of [320, 375]) {
    it(`stacks the success summary label over value at ${width} px: nothing wider than the screen, the e-mail whole`, async () => {
      const narrow = document.createElement('div');
      narrow.style.width = `${width}px`;
      document.body.append(narrow);
      try {
        const h = await mount('', '', narrow);
        await fillWithLink(h, uniqueEmail('ns'));
        const event = registered();
        h.submitButton().click();
        await event;
        const summary = await h.waitForPart('summary');
        for (const el of [h.el, summary, ...h.all<HTMLElement>('.summary dd, .summary dt, .copyable')]) {
          expect(el.scrollWidth, `${el.localName}.${el.className} overflows`).to.be.at.most(el.clientWidth + 1);
          expect(el.getBoundingClientRect().right).to.be.at.most(narrow.getBoundingClientRect().right + 1);
        }
        const [dt, dd] = [h.q('.summary dt')!, h.q('.summary dd')!];
        expect(dd.getBoundingClientRect().top, 'value below its label').to.be.at.least(
          dt.getBoundingClientRect().bottom - 1,
        );
        expect(dd.getBoundingClientRect().width, 'the value takes the whole width').to.be.greaterThan(
          summary.getBoundingClientRect().width * 0.9,
        );
        // The e-mail is not broken mid-word: it fits one line here.
        const email = h.all<HTMLElement>('.summary dd')[1]!;
        expect(email.getClientRects().length).to.equal(1);
        expect(email.getBoundingClientRect().height).to.be.below(parseFloat(getComputedStyle(email).lineHeight) * 1.5);
        await expectNoAxeViolations(h.el);
      } finally {
        narrow.remove();
      }
    });
  }

  it('uploads the proof with progress and submits its storage:// URI', async () => {
    const h = await mount();
    const email = uniqueEmail('upload');
    await fillPaid(h, email);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (h.part('progress')) seen.push(h.part<HTMLProgressElement>('progress')!.value.toString());
    });
    observer.observe(h.root, { subtree: true, childList: true, attributes: true });
    await h.chooseFile('paymentProofUrl', makeFile('proof.pdf', 'application/pdf', 3 * 1024 * 1024));
    await waitFor(() => h.part('upload-done'), 'the upload to finish', 15_000);
    observer.disconnect();
    expect(seen.length, 'progress bar shown').to.be.greaterThan(0);
    expect(h.part('upload-done')!.textContent).to.contain('proof.pdf');
    const spy = watchWrites(CREATE);
    const event = registered();
    try {
      h.submitButton().click();
      const e = await event;
      expect(String((spy.writes[0]!.body as { paymentProofUrl: string }).paymentProofUrl)).to.match(/^storage:\/\//);
      expect(e.detail.registration.email).to.equal(email);
      const rows = await registrationsFor(email);
      expect(rows.map((r) => r.id)).to.deep.equal([e.detail.id]);
      const success = await h.waitForPart('success');
      expect(success.textContent).to.contain(e.detail.id);
      expect(success.textContent).to.contain('payment proof');
    } finally {
      spy.stop();
    }
  });

  it('checks the file before sending it, and can upload again', async () => {
    const h = await mount();
    await fillPaid(h, uniqueEmail('bad-file'));
    await h.chooseFile('paymentProofUrl', makeFile('notes.txt', 'text/plain', 100));
    expect(h.errorOf('paymentProofUrl')).to.contain('not accepted');
    expect(h.part('progress')).to.equal(null);
    await h.chooseFile('paymentProofUrl', makeFile('proof.png', 'image/png', 2048));
    await waitFor(() => h.part('upload-done'), 'the upload');
    expect(h.errorOf('paymentProofUrl')).to.equal('');
  });

  it('refuses an 11 MB file before any request, and sends nothing when submitted with it', async () => {
    const h = await mount();
    await fillPaid(h, uniqueEmail('too-big'));
    const spy = watchWrites(/\/api\/public\/v1\//);
    const sends: string[] = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      sends.push('xhr');
      return send.call(this, body);
    };
    try {
      await h.chooseFile('paymentProofUrl', makeFile('scan.pdf', 'application/pdf', 11 * 1024 * 1024));
      expect(h.errorOf('paymentProofUrl')).to.equal('The file is larger than 10 MB.');
      expect(h.part('progress')).to.equal(null);
      h.submitButton().click();
      await waitFor(() => h.part('form-error')?.textContent, 'the refusal');
      await new Promise((r) => setTimeout(r, 300));
      expect(sends, 'uploads').to.deep.equal([]);
      expect(spy.writes, 'API writes (upload address, registration)').to.deep.equal([]);
    } finally {
      XMLHttpRequest.prototype.send = send;
      spy.stop();
    }
  });

  it("shows an upload's failure in the server's words, and uploads again on request", async () => {
    const h = await mount();
    await fillPaid(h, uniqueEmail('upload-retry'));
    // The first upload goes to an address the proxy does not know, as a broken deployment would.
    const open = XMLHttpRequest.prototype.open;
    let broken = 1;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
      const target =
        broken-- > 0 ? String(url).replace('/uploads/registration-evidence', '/uploads/no-such-kind') : url;
      return open.call(this, method, target, true);
    } as typeof XMLHttpRequest.prototype.open;
    try {
      await h.chooseFile('paymentProofUrl', makeFile('proof.jpg', 'image/jpeg', 4096));
      const retry = await h.waitForPart<HTMLButtonElement>('upload-retry');
      const message = h.errorOf('paymentProofUrl');
      expect(message).to.not.equal('');
      expect(h.part('status')!.textContent).to.equal(message);
      retry.click();
      await waitFor(() => h.part('upload-done'), 'the second upload');
      expect(h.errorOf('paymentProofUrl')).to.equal('');
    } finally {
      XMLHttpRequest.prototype.open = open;
    }
  });

  it('uploads again by itself after an outage, and submits the one storage URI it got', async () => {
    const h = await mount();
    const email = uniqueEmail('upload-outage');
    await fillPaid(h, email);
    const uploads = preferOnUploads(/\/uploads\/registration-evidence/, 'code=503');
    let offeredRetry = false;
    const observer = new MutationObserver(() => void (offeredRetry ||= h.part('upload-retry') !== null));
    observer.observe(h.root, { subtree: true, childList: true });
    const spy = watchWrites(CREATE);
    try {
      await h.chooseFile('paymentProofUrl', makeFile('proof.pdf', 'application/pdf', 64 * 1024));
      await waitFor(() => h.part('upload-done'), 'the automatic second upload', 15_000);
      expect(uploads.statuses).to.deep.equal([503, 201]);
      expect(offeredRetry, 'the retry button is for the person, after the automatic retries').to.equal(false);
      const event = registered();
      h.submitButton().click();
      const e = await event;
      expect(spy.writes).to.have.length(1);
      expect(String((spy.writes[0]!.body as { paymentProofUrl: string }).paymentProofUrl)).to.match(
        /^storage:\/\/\S+$/,
      );
      expect(uploads.statuses).to.have.length(2);
      expect((await registrationsFor(email)).map((r) => r.id)).to.deep.equal([e.detail.id]);
    } finally {
      observer.disconnect();
      uploads.restore();
      spy.stop();
    }
  });

  it('accepts an external https link as proof', async () => {
    const h = await mount();
    const email = uniqueEmail('link');
    await fillPaid(h, email);
    await h.chooseRadio('proofMode', 'url');
    await h.fill({ paymentProofUrl: 'http://insecure.example/proof.pdf' });
    h.submitButton().click();
    await waitFor(() => h.errorOf('paymentProofUrl') !== '', 'the https check');
    await h.fill({ paymentProofUrl: 'https://bank.example/receipts/42.pdf' });
    const event = registered();
    h.submitButton().click();
    const e = await event;
    expect((await registrationsFor(email)).length).to.equal(1);
    expect(e.detail.registration.status).to.equal('pending_review');
  });

  it('keeps a draft across re-creating the element, without the proof file, and drops it after success', async () => {
    let h = await mount();
    const email = uniqueEmail('draft');
    await fillPaid(h, email);
    await h.fill({ 'custom.first_time': true });
    cleanup();
    h = await mount();
    expect(h.control('firstName').value).to.equal('Ada');
    expect(h.control('email').value).to.equal(email);
    expect(h.control<HTMLSelectElement>('custom.tshirt_size').value).to.equal('m');
    expect(h.control('custom.first_time').checked).to.equal(true);
    expect(h.control('paymentReference').value).to.equal('TX-42');
    await h.chooseRadio('proofMode', 'url');
    await h.fill({ paymentProofUrl: 'https://bank.example/r/3.pdf' });
    const event = registered();
    h.submitButton().click();
    await event;
    expect(sessionStorage.getItem('test-draft')).to.equal(null);
    cleanup();
    h = await mount();
    expect(h.control('firstName').value).to.equal('');
  });

  it('prefills from data attributes and the prefill property, and preselects a ticket', async () => {
    const h = await mount(
      'ticket="tt-regular" data-prefill-first-name="Grace" data-prefill-custom.organization="Navy"',
    );
    expect(h.control('firstName').value).to.equal('Grace');
    expect(h.control('custom.organization').value).to.equal('Navy');
    expect(h.control<HTMLSelectElement>('ticketTypeId').value).to.equal('tt-regular');
    expect(h.part('payment')).to.not.equal(null);
    h.el.prefill = { lastName: 'Hopper', tshirt_size: 'l', firstName: 'Someone else' };
    await h.settle();
    expect(h.control('lastName').value).to.equal('Hopper');
    expect(h.control<HTMLSelectElement>('custom.tshirt_size').value).to.equal('l');
    expect(h.control('firstName').value, 'what is there stays').to.equal('Grace');
  });

  it('reports an unknown ticket attribute instead of guessing', async () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      const h = await mount('ticket="tt-gold"');
      expect((await h.waitForPart('notice')).textContent).to.contain('tt-gold');
      expect(h.control<HTMLSelectElement>('ticketTypeId').value).to.equal('');
      expect(h.part('payment')).to.equal(null);
    } finally {
      console.warn = warn;
    }
  });

  it('lets a person on after a filled honeypot, and waits out the minimum fill time instead of sending at once', async () => {
    const h = await mount();
    const mountedAt = performance.now();
    h.el.minFillMs = 2500;
    await h.settle();
    await fillPaid(h, uniqueEmail('fast'));
    await h.chooseRadio('proofMode', 'url');
    await h.fill({ paymentProofUrl: 'https://bank.example/r/4.pdf' });
    await expectBotGuards(h, { writes: CREATE, accepted: registered, mountedAt });
  });

  it("shows the organizer's German labels from a JSON block in the page, for German only (issue 21)", async () => {
    const block = JSON.stringify({
      de: {
        organization: 'Firma oder Hochschule',
        tshirt_size: { label: 'T-Shirt-Größe', options: { m: 'M (mittel)' } },
        'ticket:tt-student': 'Studierende',
        'payment:pm-card-on-site': {
          label: 'Karte am Empfang',
          instructions: 'Zahlen Sie mit Karte, wenn Sie Ihr Namensschild abholen.',
        },
      },
    });
    const labelOf = (h: FormHarness, name: string) =>
      h
        .q(`label[for="${h.control(name).id}"]`)!
        .textContent!.replace('*', '')
        .trim();
    const h = await mount('lang="de"', `<script type="application/json" slot="labels">${block}</script>`);
    expect(labelOf(h, 'custom.organization')).to.equal('Firma oder Hochschule');
    expect(labelOf(h, 'custom.tshirt_size')).to.equal('T-Shirt-Größe');
    const option = (name: string, value: string) =>
      h.q<HTMLOptionElement>(`[name="${name}"] option[value="${value}"]`)!.textContent!;
    expect(option('custom.tshirt_size', 'm')).to.equal('M (mittel)');
    expect(option('ticketTypeId', 'tt-student')).to.contain('Studierende');
    await h.fill({ ticketTypeId: 'tt-regular', paymentMethodId: 'pm-card-on-site' });
    expect(option('paymentMethodId', 'pm-card-on-site')).to.equal('Karte am Empfang');
    expect(h.q('[data-field="paymentMethodId"] .note')!.textContent).to.contain('Namensschild');
    cleanup();
    // The same block by id, on an English form: the config's own texts.
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'conf-labels-test';
    script.textContent = block;
    document.body.append(script);
    try {
      const en = await mount('lang="en" labels="conf-labels-test"');
      expect(labelOf(en, 'custom.organization')).to.not.equal('Firma oder Hochschule');
      const de = await mount('lang="de" labels="conf-labels-test" draft-key="other"');
      expect(labelOf(de, 'custom.organization')).to.equal('Firma oder Hochschule');
    } finally {
      script.remove();
    }
  });

  it('fills its column as the lists do, and takes a --conf-form-max-width (issue 21)', async () => {
    const column = document.createElement('div');
    column.style.width = '900px';
    document.body.append(column);
    try {
      const h = await mount('', '', column);
      expect(h.el.getBoundingClientRect().width).to.be.closeTo(900, 1);
      expect(h.part('form')!.getBoundingClientRect().width).to.be.closeTo(900, 1);
      column.style.setProperty('--conf-form-max-width', '30em');
      expect(h.el.getBoundingClientRect().width).to.be.closeTo(480, 1);
    } finally {
      column.remove();
    }
  });

  it('paints radios, checkboxes and the file button in the brand colour', async () => {
    const h = await mount('style="--conf-color-primary: #0f6b5c"');
    await h.fill({ ticketTypeId: 'tt-regular', paymentMethodId: 'pm-bank-transfer' });
    const radio = h.q<HTMLInputElement>('input[type="radio"]')!;
    expect(getComputedStyle(radio).accentColor).to.equal('rgb(15, 107, 92)');
    expect(getComputedStyle(h.q('input[type="checkbox"]')!).accentColor).to.equal('rgb(15, 107, 92)');
    const file = h.q<HTMLInputElement>('input[type="file"]')!;
    expect(getComputedStyle(file, '::file-selector-button').backgroundColor).to.equal('rgb(15, 107, 92)');
  });

  it('is usable at 320 px and speaks German', async () => {
    const narrow = document.createElement('div');
    narrow.style.width = '320px';
    document.body.append(narrow);
    try {
      const h = await mount('lang="de"', '', narrow);
      await h.fill({ ticketTypeId: 'tt-regular' });
      expect(h.submitButton().textContent).to.contain('Anmelden');
      expect(h.text()).to.contain('Zahlungsart');
      expect(h.el.scrollWidth).to.be.at.most(320);
      for (const c of h.all<HTMLElement>('.input'))
        expect(c.getBoundingClientRect().right).to.be.at.most(narrow.getBoundingClientRect().right + 1);
      await expectNoAxeViolations(h.el);
    } finally {
      narrow.remove();
    }
  });

  it('shows keyboard focus as a real outline, kept in forced colours (high contrast)', async () => {
    const h = await mount();
    const ring = (el: Element) => {
      const cs = getComputedStyle(el);
      return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth) };
    };
    await h.type(h.control('firstName'), 'Kay');
    await h.press('Tab');
    expect(h.focused).to.equal(h.control('lastName'));
    expect(ring(h.control('lastName'))).to.deep.include({ style: 'solid' });
    expect(ring(h.control('lastName')).width).to.be.at.least(2);
    try {
      await emulateMedia({ forcedColors: 'active' });
      expect(getComputedStyle(h.control('lastName')).boxShadow, 'shadows are dropped there').to.equal('none');
      expect(ring(h.control('lastName')).style).to.equal('solid');
      expect(ring(h.control('lastName')).width).to.be.at.least(3);
    } finally {
      await emulateMedia({ forcedColors: 'none' });
    }
  });

  it('can be filled and sent with the keyboard alone, choices made with keys', async () => {
    const h = await mount();
    const email = uniqueEmail('keys');
    const value = (name: string) => h.control<HTMLSelectElement>(name).value;
    await h.type(h.control('firstName'), 'Kay');
    await h.press('Tab');
    expect(h.focused).to.equal(h.control('lastName'));
    await h.type(h.control('lastName'), 'Board');
    await h.press('Tab');
    await h.type(h.control('email'), email);
    await h.press('Tab');
    expect(h.focused).to.equal(h.control('ticketTypeId'));
    await h.press('ArrowDown');
    expect(value('ticketTypeId'), 'the first ticket, by arrow key').to.equal('tt-student');
    await h.press('Tab');
    expect(h.focused, 'the payment section opened for the paid ticket').to.equal(h.control('paymentMethodId'));
    await h.press('ArrowDown');
    expect(value('paymentMethodId')).to.equal('pm-bank-transfer');
    await h.press('Tab');
    await h.type(h.control('paymentReference'), 'KB-1');
    await h.press('Tab');
    // Into the proof choice: the checked radio takes focus, an arrow key chooses the link.
    expect((h.focused as HTMLInputElement).value).to.equal('file');
    await h.press('ArrowDown');
    expect(h.q<HTMLInputElement>('input[name="proofMode"][value="url"]')!.checked).to.equal(true);
    await h.press('Tab');
    expect(h.focused).to.equal(h.control('paymentProofUrl'));
    await h.type(h.control('paymentProofUrl'), 'https://bank.example/kb.pdf');
    await h.press('Tab');
    expect(h.focused).to.equal(h.control('custom.organization'));
    await h.type(h.control('custom.organization'), 'Keys Inc');
    await h.press('Tab');
    await h.press('Tab');
    expect(h.focused).to.equal(h.control('custom.tshirt_size'));
    await h.type(h.control('custom.tshirt_size'), 'M');
    expect(value('custom.tshirt_size'), 'chosen by typing its label').to.equal('m');
    // On to the button, ticking "first time" on the way.
    for (let i = 0; i < 20 && h.focused !== h.submitButton(); i++) {
      await h.press('Tab');
      if (h.focused === h.control('custom.first_time')) await h.press('Space');
    }
    expect(h.control('custom.first_time').checked).to.equal(true);
    const event = registered();
    await h.press('Enter');
    const e = await event;
    expect(await registrationsFor(email)).to.have.length(1);
    expect(e.detail.registration.email).to.equal(email);
    expect(h.focused?.id).to.equal('success-title');
    await expectNoAxeViolations(h.el);
  });
});

/** A paid ticket with an external proof link: everything the sandbox requires. */
async function fillWithLink(h: FormHarness, email: string): Promise<void> {
  await fillPaid(h, email);
  await h.chooseRadio('proofMode', 'url');
  await h.fill({ paymentProofUrl: 'https://bank.example/receipts/7.pdf' });
}

runFormTests('conf-registration-form', {
  write: CREATE,
  event: 'conf-registered',
  config: { request: /\/registrations\/config/, path: '/api/public/v1/registrations/config' },
  required: ['firstName', 'lastName', 'email', 'ticketTypeId', 'custom.organization', 'custom.tshirt_size'],
  async fill(h, tag) {
    const email = uniqueEmail(tag);
    await fillWithLink(h, email);
    return email;
  },
  async refusedByServer(h, tag) {
    await fillWithLink(h, uniqueEmail(tag));
    // The browser takes an address without a top-level domain; the server does not.
    await h.fill({ email: 'ada@localhost' });
    return ['email'];
  },
  count: async (email) => (await registrationsFor(email)).length,
});
