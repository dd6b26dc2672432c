import { expect } from '@esm-bundle/chai';
import { anyRegistration, withSettings } from '../../../test/browser/admin.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { expectBotGuards, FormHarness, makeFile, watchWrites } from '../../../test/browser/form-harness.js';
import { runFormTests } from '../../../test/browser/form-suite.js';
import { answerWith, cleanup, fixture, preferOn, waitFor } from '../../../test/browser/harness.js';
import type { ConfExhibitSubmittedEvent } from '../../events/conf-exhibit-submitted.js';
import './define.js';
import type { ConfExhibitForm } from './exhibit-form.js';

const SUBMIT = /\/exhibition\/submissions$/;
const OPEN = { opensAt: null, closesAt: null, fee: null, requiresRegistration: false };
const DRAFT = 'test-exhibit-draft';

async function mount(attrs = '', container?: HTMLElement): Promise<FormHarness<ConfExhibitForm>> {
  const el = await fixture<ConfExhibitForm>(
    `<conf-exhibit-form draft-key="${DRAFT}" ${attrs}></conf-exhibit-form>`,
    container,
  );
  el.minFillMs = 0;
  const h = new FormHarness(el);
  await waitFor(() => h.part('form') || h.part('closed') || h.part('not-open'), 'the form or an outcome');
  return h;
}

async function fillExhibit(h: FormHarness, title = 'Quantum Loom'): Promise<void> {
  await h.fill({
    title,
    exhibitType: 'sponsor',
    shortDescription: 'A loom that weaves in superposition.',
    driveUrl: 'https://drive.example/loom',
    'presenter.fullName': 'Ada Lovelace',
    'presenter.email': 'ada@example.org',
  });
}

function submitted(): Promise<ConfExhibitSubmittedEvent> {
  return new Promise((resolve) => document.addEventListener('conf-exhibit-submitted', resolve, { once: true }));
}

describe('<conf-exhibit-form>', function () {
  this.timeout(30_000);
  let restoreWindow: () => Promise<void>;
  before(async () => {
    restoreWindow = await withSettings({ exhibition: OPEN });
  });
  after(async () => restoreWindow());
  afterEach(() => {
    cleanup();
    sessionStorage.removeItem(DRAFT);
  });

  it('renders the submission fields, sponsor among the types, with no axe violations', async () => {
    const h = await mount();
    for (const name of [
      'title',
      'exhibitType',
      'shortDescription',
      'driveUrl',
      'presenter.fullName',
      'presenter.email',
    ]) {
      expect(h.has(name), name).to.equal(true);
    }
    const types = [...h.control<HTMLSelectElement>('exhibitType').options].map((o) => o.value);
    expect(types).to.include('sponsor');
    expect(h.control('presenter.email').type).to.equal('email');
    expect(h.part('payment')).to.equal(null);
    expect(h.has('registrationId')).to.equal(false);
    await expectNoAxeViolations(h.el);
  });

  it('asks for fee, proof and registration up front when the organizer declares them', async () => {
    const h = await mount('fee="450 EUR" registration-required');
    expect(h.part('fee')!.textContent).to.contain('450');
    expect(h.control('payment.proofUrl').type).to.equal('file');
    expect(h.control('payment.proofUrl').required).to.equal(true);
    expect(h.control('registrationId').required).to.equal(true);
    await waitFor(
      () => h.control<HTMLSelectElement>('payment.paymentMethodId').options.length > 1,
      'payment methods from the registration config',
    );
    const spy = watchWrites(SUBMIT);
    try {
      await fillExhibit(h);
      h.submitButton().click();
      await waitFor(() => h.errorOf('registrationId') !== '', 'native validation');
      expect(h.focused).to.equal(h.control('registrationId'));
      expect(h.errorOf('payment.proofUrl')).to.not.equal('');
      expect(spy.writes).to.have.length(0);
      await expectNoAxeViolations(h.el);
    } finally {
      spy.stop();
    }
  });

  it('with the settings declared (fee, requires-registration) is accepted at the first send, and its success view sums it up', async () => {
    const restore = await withSettings({
      exhibition: { fee: { amount: 45000, currency: 'EUR' }, requiresRegistration: true },
    });
    try {
      const reg = await anyRegistration();
      const h = await mount('fee="450 EUR" requires-registration');
      expect(h.control('registrationId').required, 'the registration number from the start').to.equal(true);
      const reference = h.q(`label[for="${h.control('payment.paymentReference').id}"] .req`);
      expect(reference, 'the reference marked required before any submit').to.not.equal(null);
      await waitFor(
        () => h.control<HTMLSelectElement>('payment.paymentMethodId').options.length > 1,
        'payment methods',
      );
      await fillExhibit(h, 'Declared Booth');
      await h.fill({
        registrationId: reg.id,
        'payment.paymentMethodId': 'pm-bank-transfer',
        'payment.paymentReference': 'EX-1',
      });
      await h.chooseFile('payment.proofUrl', makeFile('fee.pdf', 'application/pdf', 4096));
      await waitFor(() => h.part('upload-done'), 'the upload');
      const spy = watchWrites(SUBMIT);
      try {
        const event = submitted();
        h.submitButton().click();
        await event;
        expect(
          spy.writes.map((w) => w.status),
          'one request, no refusal to learn from first',
        ).to.deep.equal([201]);
      } finally {
        spy.stop();
      }
      const summary = await h.waitForPart('summary');
      expect(summary.textContent).to.contain('Declared Booth');
      expect(summary.textContent).to.contain('Sponsor');
      expect(h.part('summary-amount')!.textContent).to.contain('€450.00');
      expect(h.part('summary-amount')!.textContent).to.contain('Bank transfer');
      expect(h.part('next-step')!.textContent).to.contain('ada@example.org');
      await expectNoAxeViolations(h.el);
    } finally {
      await restore();
    }
  });

  it('says when applications open, and that they closed, from the declared window', async () => {
    let h = await mount('opens="2099-03-01T09:00:00Z"');
    const notOpen = await h.waitForPart('not-open');
    expect(notOpen.textContent).to.contain('2099');
    expect(h.part('form')).to.equal(null);
    expect(h.matchesState('not-open')).to.equal(true);
    cleanup();
    h = await mount('closes="2020-03-01T09:00:00Z" lang="de"');
    expect((await h.waitForPart('closed')).textContent).to.contain('endete am');
  });

  it('shows the window closed when the server refuses, with its date, in its own words', async () => {
    const restore = await withSettings({ exhibition: { closesAt: '2026-01-01T00:00:00Z' } });
    try {
      const h = await mount();
      await fillExhibit(h);
      h.submitButton().click();
      const closed = await h.waitForPart('closed', 10_000);
      // The server's closesAt in the viewer's zone (the runner's is America/New_York).
      expect(closed.textContent).to.contain('Exhibitor applications closed on December 31, 2025');
      expect(closed.textContent, "a known refusal is said in the element's words").to.not.contain(
        'Exhibition submissions closed at',
      );
      expect(h.matchesState('closed')).to.equal(true);
      await expectNoAxeViolations(h.el);
    } finally {
      await restore();
    }
  });

  it('learns a fee from the refusal, then uploads the proof and is accepted', async () => {
    const restore = await withSettings({ exhibition: { fee: { amount: 45000, currency: 'EUR' } } });
    try {
      const h = await mount();
      await fillExhibit(h, 'Fee Learner');
      h.submitButton().click();
      await h.waitForPart('payment', 10_000);
      expect(h.part('form-error')!.textContent).to.contain('This exhibition has a fee');
      expect(h.part('fee')!.textContent).to.contain('450');
      await waitFor(() => h.focused === h.control('payment.paymentMethodId'), 'focus on the payment method');
      const methods = [...h.control<HTMLSelectElement>('payment.paymentMethodId').options].map((o) => o.value);
      expect(methods).to.include('pm-bank-transfer');
      await h.fill({ 'payment.paymentMethodId': 'pm-bank-transfer', 'payment.paymentReference': 'EX-450' });
      await h.chooseFile('payment.proofUrl', makeFile('fee.pdf', 'application/pdf', 200_000));
      await waitFor(() => h.part('upload-done'), 'the upload');
      const spy = watchWrites(SUBMIT);
      const event = submitted();
      try {
        h.submitButton().click();
        const e = await event;
        const body = spy.writes[0]!.body as { payment: { proofUrl: string; paymentMethodId: string } };
        expect(body.payment.proofUrl).to.match(/^storage:\/\//);
        expect(body.payment.paymentMethodId).to.equal('pm-bank-transfer');
        expect((await h.waitForPart('success')).textContent).to.contain(e.detail.id);
        expect(e.detail.submission.title).to.equal('Fee Learner');
      } finally {
        spy.stop();
      }
    } finally {
      await restore();
    }
  });

  it("asks for the registration number when the server requires it, with the server's words beside it", async () => {
    const restore = await withSettings({ exhibition: { requiresRegistration: true } });
    try {
      const reg = await anyRegistration();
      const h = await mount();
      await fillExhibit(h, 'Registered Booth');
      h.submitButton().click();
      await waitFor(
        () => h.has('registrationId') && h.errorOf('registrationId') !== '',
        'the registration field',
        10_000,
      );
      expect(h.errorOf('registrationId')).to.equal('Required: exhibitors must be registered.');
      expect(h.focused).to.equal(h.control('registrationId'));
      await h.fill({ registrationId: 'no-such-registration' });
      h.submitButton().click();
      await waitFor(() => h.errorOf('registrationId') === 'Unknown registration.', 'unknown registration');
      await h.fill({ registrationId: reg.id });
      const event = submitted();
      h.submitButton().click();
      expect((await event).detail.id).to.be.a('string');
    } finally {
      await restore();
    }
  });

  it('adds and removes team rows by keyboard, with focus where it belongs, and sends them', async () => {
    const h = await mount();
    await fillExhibit(h, 'Team Booth');
    h.part<HTMLButtonElement>('add-member')!.focus();
    await h.press('Enter');
    expect(h.focused).to.equal(h.control('teamPeople.0'));
    await h.type(h.control('teamPeople.0'), 'Grace');
    h.part<HTMLButtonElement>('add-member')!.focus();
    await h.press('Enter');
    await h.type(h.control('teamPeople.1'), 'Alan');
    h.part<HTMLButtonElement>('add-member')!.focus();
    await h.press('Enter');
    await h.type(h.control('teamPeople.2'), 'Edsger');
    // Remove the middle row: focus moves to the row that took its place.
    const remove = h.all<HTMLButtonElement>('[part~="remove-member"]')[1]!;
    expect(remove.textContent).to.contain('Team member 2');
    remove.focus();
    await h.press('Enter');
    expect(h.control('teamPeople.1').value).to.equal('Edsger');
    expect(h.focused).to.equal(h.control('teamPeople.1'));
    expect(h.part('status')!.textContent).to.contain('Alan removed');
    const spy = watchWrites(SUBMIT);
    const event = submitted();
    try {
      h.submitButton().click();
      await event;
      expect((spy.writes[0]!.body as { teamPeople: string[] }).teamPeople).to.deep.equal(['Grace', 'Edsger']);
    } finally {
      spy.stop();
    }
  });

  it('removing the last row moves focus to "add"', async () => {
    const h = await mount();
    h.part<HTMLButtonElement>('add-member')!.click();
    await h.settle();
    h.all<HTMLButtonElement>('[part~="remove-member"]')[0]!.click();
    await waitFor(() => h.focused === h.part('add-member'), 'focus on add');
  });

  it('a double click during an outage still sends one application, with one key', async () => {
    const outage = preferOn(SUBMIT, 'code=503');
    const h = await mount();
    await fillExhibit(h, 'Double Outage Booth');
    const spy = watchWrites(SUBMIT);
    try {
      h.submitButton().click();
      h.submitButton().click();
      await h.settle();
      expect(h.submitButton().disabled).to.equal(true);
      h.submitButton().click();
      const retry = await h.waitForPart<HTMLButtonElement>('retry-button', 15_000);
      expect(spy.writes.map((w) => w.status)).to.deep.equal([503, 503, 503, 503]);
      outage();
      const event = submitted();
      retry.click();
      retry.click();
      await event;
      await new Promise((r) => setTimeout(r, 300));
      expect(new Set(spy.writes.map((w) => w.idempotencyKey)).size).to.equal(1);
      expect(spy.writes.map((w) => w.status)).to.deep.equal([503, 503, 503, 503, 201]);
    } finally {
      spy.stop();
      outage();
    }
  });

  it('keeps a draft across re-creating the element, team rows included, without the proof file, and drops it after success', async () => {
    let h = await mount('fee="450 EUR"');
    await fillExhibit(h, 'Draft Booth');
    h.part<HTMLButtonElement>('add-member')!.click();
    await h.settle();
    await h.fill({ 'teamPeople.0': 'Grace' });
    h.part<HTMLButtonElement>('add-member')!.click();
    await h.settle();
    await h.fill({ 'teamPeople.1': 'Alan', 'payment.paymentReference': 'EX-7' });
    await h.chooseFile('payment.proofUrl', makeFile('fee.pdf', 'application/pdf', 4096));
    await waitFor(() => h.part('upload-done'), 'the upload');
    cleanup();
    h = await mount('fee="450 EUR"');
    expect(h.control('title').value).to.equal('Draft Booth');
    expect(h.control<HTMLSelectElement>('exhibitType').value).to.equal('sponsor');
    expect(h.control<HTMLTextAreaElement>('shortDescription').value).to.equal('A loom that weaves in superposition.');
    expect(h.control('presenter.email').value).to.equal('ada@example.org');
    expect(h.control('teamPeople.0').value).to.equal('Grace');
    expect(h.control('teamPeople.1').value).to.equal('Alan');
    expect(h.control('payment.paymentReference').value).to.equal('EX-7');
    expect(h.control('payment.proofUrl').files?.length ?? 0).to.equal(0);
    expect(h.part('upload-done')).to.equal(null);
    expect(sessionStorage.getItem(DRAFT)).to.not.contain('storage://');
    await waitFor(() => h.control<HTMLSelectElement>('payment.paymentMethodId').options.length > 1, 'payment methods');
    await h.fill({ 'payment.paymentMethodId': 'pm-bank-transfer' });
    await h.chooseFile('payment.proofUrl', makeFile('fee.pdf', 'application/pdf', 4096));
    await waitFor(() => h.part('upload-done'), 'the upload');
    const spy = watchWrites(SUBMIT);
    const event = submitted();
    try {
      h.submitButton().click();
      const e = await event;
      expect(e.detail.submission.title).to.equal('Draft Booth');
      expect((spy.writes[0]!.body as { teamPeople: string[] }).teamPeople).to.deep.equal(['Grace', 'Alan']);
    } finally {
      spy.stop();
    }
    expect(sessionStorage.getItem(DRAFT)).to.equal(null);
    cleanup();
    h = await mount('fee="450 EUR"');
    expect(h.control('title').value).to.equal('');
    expect(h.has('teamPeople.0')).to.equal(false);
  });

  it('is usable at 320 px and speaks German', async () => {
    const narrow = document.createElement('div');
    narrow.style.width = '320px';
    document.body.append(narrow);
    try {
      const h = await mount('lang="de" fee="450 EUR"', narrow);
      expect(h.submitButton().textContent).to.contain('Bewerbung absenden');
      expect(h.part('fee')!.textContent).to.contain('450');
      expect(h.el.scrollWidth).to.be.at.most(320);
      await expectNoAxeViolations(h.el);
    } finally {
      narrow.remove();
    }
  });

  it('offers the types the organizer lists, with their labels, and known values in its own words', async () => {
    const h = await mount('types="sponsor, food_truck:Food truck, startup" lang="de"');
    const options = [...h.control<HTMLSelectElement>('exhibitType').options]
      .slice(1)
      .map((o) => [o.value, o.textContent!.trim()]);
    expect(options).to.deep.equal([
      ['sponsor', 'Sponsor'],
      ['food_truck', 'Food truck'],
      ['startup', 'Start-up'],
    ]);
    h.el.types = 'research';
    await h.settle();
    expect([...h.control<HTMLSelectElement>('exhibitType').options].slice(1).map((o) => o.value)).to.deep.equal([
      'research',
    ]);
  });

  it('says why no payment method can be chosen when the registration config cannot be read, instead of asking for an id', async () => {
    const stop = answerWith(
      /\/registrations\/config/,
      { error: { code: 'forbidden', message: 'This key may not read the registration config.' } },
      403,
    );
    const h = await mount('fee="450 EUR"');
    const problem = await h.waitForPart('methods-problem');
    expect(h.has('payment.paymentMethodId'), 'no free-text id field').to.equal(false);
    expect(problem.textContent).to.contain('The payment methods could not be loaded.');
    expect(problem.textContent).to.contain('This key may not read the registration config.');
    await expectNoAxeViolations(h.el);
    stop();
    h.part<HTMLButtonElement>('methods-retry')!.click();
    await waitFor(
      () =>
        h.has('payment.paymentMethodId') && h.control<HTMLSelectElement>('payment.paymentMethodId').options.length > 1,
      'the methods after a retry',
    );
    expect(h.part('methods-problem')).to.equal(null);
  });

  it('opens by itself once the opening the server named has passed', async () => {
    const opensAt = new Date(Date.now() + 2500).toISOString();
    const restore = await withSettings({ exhibition: { opensAt } });
    try {
      const h = await mount();
      await fillExhibit(h, 'Early Bird Booth');
      h.submitButton().click();
      await h.waitForPart('not-open', 10_000);
      expect(h.part('form')).to.equal(null);
      await restore();
      await h.waitForPart('form', 6000);
      expect(h.matchesState('not-open')).to.equal(false);
      expect(h.control('title').value, 'the answers are still there').to.equal('Early Bird Booth');
    } finally {
      await restore();
    }
  });

  it('prefills from data attributes and the prefill property, never over what is typed', async () => {
    const h = await mount(
      'data-prefill-title="Loom" data-prefill-presenter.full-name="Ada Lovelace" data-prefill-exhibit-type="startup"',
    );
    expect(h.control('title').value).to.equal('Loom');
    expect(h.control('presenter.fullName').value).to.equal('Ada Lovelace');
    expect(h.control<HTMLSelectElement>('exhibitType').value).to.equal('startup');
    await h.fill({ 'presenter.email': 'typed@example.org' });
    h.el.prefill = {
      'presenter.email': 'vendor@example.org',
      shortDescription: 'From the vendor site.',
      title: 'Other',
    };
    await h.settle();
    expect(h.control('shortDescription').value).to.equal('From the vendor site.');
    expect(h.control('presenter.email').value, 'typed stays').to.equal('typed@example.org');
    expect(h.control('title').value, 'prefilled earlier stays').to.equal('Loom');
  });

  it('lets a person on after autofill filled the honeypot, and waits out the minimum fill time', async () => {
    const h = await mount();
    const mountedAt = performance.now();
    h.el.minFillMs = 2500;
    await h.settle();
    await fillExhibit(h, 'Honeypot Booth');
    // Nothing a browser's autofill maps: no website, url, name or e-mail in its name, id or label.
    const honeypot = h.q<HTMLInputElement>('.hp input')!;
    const label = h.q(`label[for="${honeypot.id}"]`)!.textContent!;
    expect(`${honeypot.name} ${honeypot.id} ${label}`).to.not.match(/web|url|site|home|name|mail|phone|company/i);
    await expectBotGuards(h, { writes: SUBMIT, accepted: submitted, mountedAt });
  });
});

describe('<conf-exhibit-form>: an unconfirmed application', function () {
  this.timeout(60_000);
  let restoreWindow: () => Promise<void>;
  before(async () => {
    restoreWindow = await withSettings({ exhibition: OPEN });
  });
  after(async () => restoreWindow());
  beforeEach(() => sessionStorage.clear());
  afterEach(cleanup);

  async function mountExhibit(): Promise<FormHarness<ConfExhibitForm>> {
    const h = await mount();
    await fillExhibit(h, 'Lost and found');
    return h;
  }

  it('an unconfirmed application is not repeated by itself; a reload resends it with its key', async () => {
    let h = await mountExhibit();
    const lost = preferOn(SUBMIT, 'code=500, after=processing');
    const spy = watchWrites(SUBMIT);
    try {
      h.submitButton().click();
      await h.waitForPart('resend-button', 15_000);
      expect(spy.writes.length).to.equal(1);
      lost();
      // A reload: the new element asks again with the same key and gets the same answer.
      cleanup();
      h = await mountExhibit();
      await waitFor(() => spy.writes.length === 2 && h.part('resend-button'), 'the resumed attempt');
      expect(spy.writes[1]!.idempotencyKey).to.equal(spy.writes[0]!.idempotencyKey);
      expect(spy.writes[1]!.status).to.equal(502);
    } finally {
      spy.stop();
      lost();
    }
  });
});

runFormTests('conf-exhibit-form', {
  write: SUBMIT,
  event: 'conf-exhibit-submitted',
  required: ['title', 'exhibitType', 'shortDescription', 'presenter.fullName', 'presenter.email'],
  setup: () => withSettings({ exhibition: OPEN }),
  async fill(h, tag) {
    await fillExhibit(h, `Suite ${tag}`);
    return tag;
  },
  async refusedByServer(h, tag) {
    await fillExhibit(h, `Suite ${tag}`);
    // The browser takes an address without a top-level domain; the server does not.
    await h.fill({ 'presenter.email': 'ada@localhost' });
    return ['presenter.email'];
  },
});
