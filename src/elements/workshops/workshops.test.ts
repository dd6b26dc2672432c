import { expect } from '@esm-bundle/chai';
import { registrationOutside, workshopRegistrations } from '../../../test/browser/admin.js';
import { runAsyncStateTests } from '../../../test/browser/async-state-suite.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { FormHarness, makeFile, watchWrites } from '../../../test/browser/form-harness.js';
import { runFormTests } from '../../../test/browser/form-suite.js';
import { cleanup, fixture, waitFor } from '../../../test/browser/harness.js';
import { ConfRegisteredEvent } from '../../events/conf-registered.js';
import type { ConfWorkshopEnrolledEvent } from '../../events/conf-workshop-enrolled.js';
import './define.js';
import '../schedule/define.js';
import type { ConfWorkshops } from './workshops.js';

/** Free, 40 seats: the form suite's enrollments never fill it. */
const FREE = 'ws-modern-css-layout';
/** Paid (99 EUR), 25 seats. */
const PAID = 'ws-sqlite-production';
const ENROLL = /\/events\/workshops\/registrations$/;
const DRAFT = 'test-workshops-draft';

runAsyncStateTests('conf-workshops', {
  request: /\/events\/workshops(\?|$)/,
  path: '/api/public/v1/events/workshops',
  isReady: (h) => h.all('[part~="card"]').length > 0,
});

runFormTests('conf-workshops', {
  attributes: `workshop="${FREE}"`,
  write: ENROLL,
  event: 'conf-workshop-enrolled',
  required: ['registrationId'],
  async fill(h) {
    const r = await registrationOutside(FREE);
    await h.fill({ registrationId: r.id });
    return r.id;
  },
  async edit(h) {
    await h.fill({ registrationId: (await registrationOutside(FREE)).id });
  },
  async refusedByServer(h) {
    await h.fill({ registrationId: 'reg-does-not-exist' });
    return ['registrationId'];
  },
});

async function mount(attrs = ''): Promise<FormHarness<ConfWorkshops>> {
  const el = await fixture<ConfWorkshops>(`<conf-workshops draft-key="${DRAFT}" ${attrs}></conf-workshops>`);
  el.minFillMs = 0;
  return new FormHarness(el);
}

function enrolled(): Promise<ConfWorkshopEnrolledEvent> {
  return new Promise((resolve) => document.addEventListener('conf-workshop-enrolled', resolve, { once: true }));
}

async function enroll(h: FormHarness, registrationId: string): Promise<ConfWorkshopEnrolledEvent> {
  await h.fill({ registrationId });
  const done = enrolled();
  h.submitButton().click();
  return done;
}

describe('<conf-workshops>', function () {
  this.timeout(30_000);
  afterEach(() => {
    cleanup();
    sessionStorage.removeItem(DRAFT);
    localStorage.clear();
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('lists published workshops with time and the viewer’s time, room, price, seats; search narrows them', async () => {
    const h = await mount('lang="en"');
    await waitFor(() => h.all('[part~="card"]').length > 0, 'cards');
    const cards = h.all('[part~="card"]');
    expect(cards.length).to.be.greaterThan(5);
    expect(
      cards.some((c) => c.dataset.workshop === 'ws-wasm-components'),
      'unpublished workshops are not listed',
    ).to.equal(false);
    const paid = cards.find((c) => c.dataset.workshop === PAID)!;
    expect(paid.querySelector('[part~="room"]')!.textContent).to.contain('Workshop Lab 1');
    expect(paid.querySelector('[part~="price"]')!.textContent).to.match(/€\s?99\.00|99\.00\s?€/);
    // The browser runs in New York: the conference's Berlin time and the viewer's beside it.
    expect(paid.querySelector('[part~="time"]')!.textContent).to.match(/10:30.*12:30.*your time: 0?4:30/);
    expect(paid.querySelector('[part~="seats"]')!.textContent).to.match(/\d+ of 25 seats left/);
    const free = cards.find((c) => c.dataset.workshop === FREE)!;
    expect(free.querySelector('[part~="price"]')!.textContent).to.equal('Free');

    const q = h.part<HTMLInputElement>('search')!;
    q.value = 'sqlite';
    q.dispatchEvent(new Event('input'));
    await h.settle();
    expect(h.all('[part~="card"]').map((c) => c.dataset.workshop)).to.deep.equal([PAID]);
    await expectNoAxeViolations(h.el);
  });

  it('fills the capacity-3 workshop: three seats, then the waiting list with positions; a repeat shows the place it has', async () => {
    const h = await mount('workshop="ws-capacity-3"');
    await h.waitForPart('form');
    const before = await workshopRegistrations('ws-capacity-3');
    const seatsLeft = 3 - before.filter((r) => r.status === 'enrolled').length;
    const waiting = before.filter((r) => r.status === 'waitlisted').length;
    const people = [await registrationOutside('ws-capacity-3')];
    const e = await enroll(h, people[0]!.id);
    if (seatsLeft > 0) {
      expect(e.detail.status).to.equal('enrolled');
      expect(h.part('success')!.textContent).to.contain('You are enrolled');
    } else {
      expect(e.detail.status).to.equal('waitlisted');
      expect(e.detail.position).to.equal(waiting + 1);
      expect(h.part('success')!.textContent).to.contain(`position ${waiting + 1}`);
    }
    expect(e.detail.workshop.id).to.equal('ws-capacity-3');
    expect(e.detail.existing).to.equal(false);

    // The same registration again: the place it has, never a second one.
    h.el.reset();
    await h.waitForPart('form');
    const spy = watchWrites(ENROLL);
    const again = await enroll(h, people[0]!.id);
    spy.stop();
    expect(again.detail.existing).to.equal(true);
    expect(again.detail.workshopRegistration.id).to.equal(e.detail.workshopRegistration.id);
    expect(h.part('success')!.textContent).to.contain('nothing was booked twice');
    expect(
      (await workshopRegistrations('ws-capacity-3')).filter((r) => r.registrationId === people[0]!.id),
    ).to.have.length(1);
  });

  it('after enrolling: the full description in the enroll view, no required-fields note without fields, an enrolled mark in the list, seats from the server on a fresh page (issue 21)', async () => {
    const who = await registrationOutside(FREE);
    const api = (await (await fetch(`/api/public/v1/events/workshops?limit=100`)).json()) as {
      data: { id: string; description: string }[];
    };
    const description = api.data.find((w) => w.id === FREE)!.description;
    const seatsOf = (h: FormHarness) => h.q(`[data-workshop="${FREE}"] [part~="seats"]`)!.textContent!.trim();
    const h = await mount(`registration-id="${who.id}"`);
    await waitFor(() => h.all('[part~="card"]').length > 0, 'the list');
    // A fresh page has read the list once: the proxy holds it in its cache from here on.
    const seatsBefore = seatsOf(h);
    const left = (text: string) => Number(/^(\d+)/.exec(text)?.[1]);
    h.q<HTMLAnchorElement>(`[data-workshop="${FREE}"] [part~="enroll-button"]`)!.click();
    await h.waitForPart('form');
    expect(h.part('description')!.textContent!.trim(), 'the whole description').to.equal(description.trim());
    expect(getComputedStyle(h.part('description')!).webkitLineClamp).to.equal('none');
    expect(h.part('form')!.textContent, 'no fields, no note about them').to.not.contain('Fields marked');
    const done = enrolled();
    h.submitButton().click();
    const e = await done;
    expect(e.detail.status).to.equal('enrolled');
    h.q<HTMLButtonElement>('[part~="back-button"]')!.click();
    const mark = await waitFor(() => h.q(`[data-workshop="${FREE}"] [part~="enrolled-mark"]`), 'the enrolled mark');
    expect(mark.textContent).to.contain('You are enrolled');
    expect(h.q(`[data-workshop="${FREE}"] [part~="enroll-button"]`)!.textContent).to.contain('Your place');
    await waitFor(() => left(seatsOf(h)) === left(seatsBefore) - 1, 'one seat fewer');
    // Another page now (no shared reads): the server's seats, not the proxy's copy from before.
    cleanup();
    const other = await mount();
    await waitFor(() => other.all('[part~="card"]').length > 0, 'the list on a fresh page');
    expect(left(seatsOf(other))).to.equal(left(seatsBefore) - 1);
  });

  it('a paid workshop asks for the payment proof after enrolling and uploads it with the new enrollment’s id', async () => {
    const h = await mount(`workshop="${PAID}"`);
    await h.waitForPart('form');
    expect(h.part('form')!.textContent).to.contain('costs €99.00');
    const r = await registrationOutside(PAID);
    const e = await enroll(h, r.id);
    expect(e.detail.status).to.equal('enrolled');
    const input = await waitFor(() => h.q<HTMLInputElement>('input[type="file"]'), 'the proof field');
    const uploads: string[] = [];
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
      uploads.push(String(url));
      return open.call(this, method, url, true);
    } as typeof XMLHttpRequest.prototype.open;
    try {
      const data = new DataTransfer();
      data.items.add(makeFile('receipt.pdf', 'application/pdf', 2048));
      input.files = data.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await h.waitForPart('upload-done', 15_000);
    } finally {
      XMLHttpRequest.prototype.open = open;
    }
    expect(uploads).to.have.length(1);
    expect(uploads[0]).to.contain(`/uploads/workshop-payment-proof?`);
    expect(new URL(uploads[0]!).searchParams.get('workshopRegistrationId')).to.equal(e.detail.workshopRegistration.id);
  });

  it('takes the registration from registration-id, or from conf-registered in this browser until forgotten', async () => {
    const r = await registrationOutside(FREE);
    let h = await mount(`workshop="${FREE}" registration-id="${r.id}"`);
    await h.waitForPart('form');
    expect(h.part('registrant')!.textContent).to.contain(r.id);
    expect(h.q('[name="registrationId"]')).to.equal(null);
    expect(h.part('forget-button')).to.equal(null);
    cleanup();

    h = await mount(`workshop="${FREE}"`);
    await h.waitForPart('form');
    // What <conf-registration-form> fires (from itself, with its endpoint) once the server created the registration.
    const form = Object.assign(document.createElement('div'), { resolvedEndpoint: h.el.resolvedEndpoint });
    document.body.append(form);
    form.dispatchEvent(
      new ConfRegisteredEvent({
        id: r.id,
        registration: {
          id: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          email: 'x@example.org',
          ticketTypeId: 't',
          paymentMethodId: null,
          status: 'confirmed',
          createdAt: '',
        },
      }),
    );
    form.remove();
    await waitFor(() => h.part('registrant'), 'the remembered registration');
    expect(h.part('registrant')!.textContent).to.contain(`${r.firstName} ${r.lastName}`);
    const e = enrolled();
    h.submitButton().click();
    expect((await e).detail.workshopRegistration.registrationId).to.equal(r.id);
    cleanup();

    h = await mount(`workshop="${FREE}"`);
    await h.waitForPart('registrant');
    h.part<HTMLButtonElement>('forget-button')!.click();
    await waitFor(() => h.q('[name="registrationId"]'), 'the typed field after forgetting');
  });

  it('the schedule’s workshop event links to its enroll view', async () => {
    const list = (await (await fetch('/api/public/v1/events/workshops?limit=50')).json()) as {
      data: { id: string; eventId: string }[];
    };
    const paid = list.data.find((w) => w.id === PAID)!;
    history.replaceState(null, '', `#event-${paid.eventId}`);
    const wrapper = await fixture<HTMLElement>(
      `<div><conf-schedule></conf-schedule><conf-workshops draft-key="${DRAFT}"></conf-workshops></div>`,
    );
    const schedule = new FormHarness(wrapper.querySelector<HTMLElement>('conf-schedule')!);
    const workshops = new FormHarness(wrapper.querySelector<ConfWorkshops>('conf-workshops')!);
    const link = await schedule.waitForPart<HTMLAnchorElement>('workshop-link', 15_000);
    expect(link.getAttribute('href')).to.equal(`#workshop-${PAID}`);
    link.click();
    await workshops.waitForPart('form', 15_000);
    expect(workshops.q('#enroll-title')!.textContent).to.contain('SQLite');
  });

  it('opens a workshop from a #workshop- link and goes back to the list; German texts', async () => {
    history.replaceState(null, '', `#workshop-${PAID}`);
    const h = await mount('lang="de"');
    await h.waitForPart('form');
    expect(h.q('#enroll-title')!.textContent).to.contain('SQLite');
    expect(h.submitButton().textContent).to.contain('Anmelden');
    expect(h.q('label[for="f-registrationId"]')!.textContent).to.contain('Anmeldenummer');
    h.part<HTMLButtonElement>('back-button')!.click();
    await waitFor(() => h.all('[part~="card"]').length > 0, 'the list');
    expect(h.focused?.getAttribute('part')).to.equal('enroll-button');
  });
});
