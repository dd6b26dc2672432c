/**
 * Both forms: the two ways a submission could still be doubled despite the idempotency key. An
 * answer lost after the platform recorded it (the proxy then keeps the attempt as
 * `outcome_unknown`), and a page reloaded while "Sending…" (the attempt's key lives beside the
 * draft and is sent again).
 */
import { expect } from '@esm-bundle/chai';
import type { ConfRegisteredEvent } from '../../src/events/conf-registered.js';
import { registrationsFor, uniqueEmail, withSettings } from './admin.js';
import { expectNoAxeViolations } from './axe.js';
import { FormHarness, watchWrites } from './form-harness.js';
import { cleanup, fixture, preferOn, waitFor } from './harness.js';
import '../../src/elements/registration-form/define.js';
import type { ConfRegistrationForm } from '../../src/elements/registration-form/registration-form.js';
import '../../src/elements/exhibit-form/define.js';
import type { ConfExhibitForm } from '../../src/elements/exhibit-form/exhibit-form.js';

const CREATE = /\/registrations\/registrations/;

async function mount(): Promise<FormHarness<ConfRegistrationForm>> {
  const el = await fixture<ConfRegistrationForm>('<conf-registration-form draft-key="safety-draft"></conf-registration-form>');
  el.minFillMs = 0;
  const h = new FormHarness(el);
  await waitFor(() => h.part('form'), 'the form');
  return h;
}

/** A paid ticket with an external proof link: everything the sandbox requires. */
async function fill(h: FormHarness, email: string): Promise<void> {
  await h.fill({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    ticketTypeId: 'tt-student',
    'custom.organization': 'Analytical Engines',
    'custom.tshirt_size': 'm',
  });
  await h.fill({ paymentMethodId: h.control<HTMLSelectElement>('paymentMethodId').options[1]!.value, paymentReference: 'TX-7' });
  await h.chooseRadio('proofMode', 'url');
  await h.fill({ paymentProofUrl: 'https://bank.example/receipts/7.pdf' });
}

function registered(): Promise<ConfRegisteredEvent> {
  return new Promise((resolve) => document.addEventListener('conf-registered', resolve, { once: true }));
}

describe('<conf-registration-form>: no registration doubled by a lost answer or a reload', function () {
  this.timeout(30_000);
  beforeEach(() => sessionStorage.clear());
  afterEach(cleanup);

  it('an answer lost after the platform recorded it: no automatic repeat, and only the person can send it again', async () => {
    const h = await mount();
    const email = uniqueEmail('lost-answer');
    await fill(h, email);
    const lost = preferOn(CREATE, 'code=500, after=processing');
    const spy = watchWrites(CREATE);
    try {
      h.submitButton().click();
      await h.waitForPart('resend-button', 15_000);
      expect(spy.writes.length, 'no automatic retries of an unconfirmed write').to.equal(1);
      expect(h.part('form-error')!.textContent).to.contain('may have been recorded');
      expect(h.part('retry-button')).to.equal(null);
      expect(await registrationsFor(email)).to.have.length(1);
      await expectNoAxeViolations(h.el);

      // Pressing the ordinary button again sends the same key: the proxy replays its answer.
      lost();
      h.submitButton().click();
      await waitFor(() => spy.writes.length === 2 && h.part('resend-button'), 'the replayed answer');
      expect(spy.writes[1]!.idempotencyKey).to.equal(spy.writes[0]!.idempotencyKey);
      expect(spy.writes[1]!.status).to.equal(502);
      expect(await registrationsFor(email)).to.have.length(1);

      // The explicit choice is a new request under a new key.
      const event = registered();
      h.part<HTMLButtonElement>('resend-button')!.click();
      await event;
      expect(spy.writes[2]!.idempotencyKey).to.not.equal(spy.writes[0]!.idempotencyKey);
      expect(await registrationsFor(email)).to.have.length(2);
    } finally {
      spy.stop();
      lost();
    }
  });

  it('a page reloaded while sending asks for the first outcome with the same key: one registration', async () => {
    let h = await mount();
    const email = uniqueEmail('reload');
    await fill(h, email);
    const slow = preferOn(CREATE, 'delay=1500');
    const spy = watchWrites(CREATE);
    try {
      h.submitButton().click();
      await waitFor(() => h.part('submit-button')?.hasAttribute('disabled'), 'sending');
      await new Promise((r) => setTimeout(r, 200));
      // The "reload": the element goes, the first request is still on its way, a new one comes.
      cleanup();
      slow();
      const event = registered();
      h = await mount();
      const e = await event;
      await waitFor(() => h.part('success'), 'the success view');
      expect(h.part('record-id')!.textContent!.trim()).to.equal(e.detail.id);
      const keys = new Set(spy.writes.map((w) => w.idempotencyKey));
      expect(spy.writes.length).to.equal(2);
      expect(keys.size, 'the resumed request carries the first key').to.equal(1);
      expect((await registrationsFor(email)).map((r) => r.id)).to.deep.equal([e.detail.id]);
      expect(sessionStorage.getItem('safety-draft:attempt')).to.equal(null);
    } finally {
      spy.stop();
      slow();
    }
  });
});

describe('<conf-exhibit-form>: the same guards', function () {
  this.timeout(30_000);
  let restoreWindow: () => Promise<void>;
  before(async () => {
    restoreWindow = await withSettings({ exhibition: { opensAt: null, closesAt: null, fee: null, requiresRegistration: false } });
  });
  after(async () => restoreWindow());
  beforeEach(() => sessionStorage.clear());
  afterEach(cleanup);

  async function mountExhibit(): Promise<FormHarness<ConfExhibitForm>> {
    const el = await fixture<ConfExhibitForm>('<conf-exhibit-form draft-key="safety-exhibit"></conf-exhibit-form>');
    el.minFillMs = 0;
    const h = new FormHarness(el);
    await waitFor(() => h.part('form'), 'the form');
    await h.fill({
      title: `Lost and found ${Date.now()}`,
      exhibitType: 'sponsor',
      shortDescription: 'A booth whose first answer went missing.',
      driveUrl: 'https://drive.example/lost',
      'presenter.fullName': 'Grace Hopper',
      'presenter.email': 'grace@example.org',
    });
    return h;
  }

  it('an unconfirmed application is not repeated by itself; a reload resends it with its key', async () => {
    let h = await mountExhibit();
    const lost = preferOn(/\/exhibition\/submissions$/, 'code=500, after=processing');
    const spy = watchWrites(/\/exhibition\/submissions$/);
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
