/**
 * The duties every form element has (DESIGN.md, "The elements' duties"), written once and run per
 * form against the sandbox: its configuration's load states, required answers, the server's field
 * messages, one record however often it is sent, outages retried under one key, an answer lost
 * after the server recorded it, a reload while sending, axe, and the keyboard.
 */
import { expect } from '@esm-bundle/chai';
import { expectNoAxeViolations } from './axe.js';
import { FormHarness, watchWrites } from './form-harness.js';
import { cleanup, fixture, preferOn, serverMessage, waitFor } from './harness.js';

export interface FormSuiteOptions {
  /** Markup attributes besides `draft-key` (the suite sets its own). */
  attributes?: string;
  /** Matches the URL of the form's write (a POST). */
  write: RegExp;
  /** The event the form fires once the server accepted it. */
  event: string;
  /** The request the form loads before it shows (its configuration), with its API path. */
  config?: { request: RegExp; path: string };
  /** Fills every answer the server accepts; returns what {@link count} finds the record by. */
  fill(h: FormHarness, tag: string): Promise<string>;
  /** Controls the form requires, in the order they stand. */
  required: readonly string[];
  /**
   * Fills answers the browser accepts and the server refuses with field messages; returns the
   * controls that must carry them.
   */
  refusedByServer(h: FormHarness, tag: string): Promise<string[]>;
  /**
   * Changes an answer after an unconfirmed send (the body then differs) so that the server still
   * accepts it; default: `Edited` into the first required control.
   */
  edit?(h: FormHarness): Promise<void>;
  /** How many records the server holds for what `fill` returned, when it can tell. */
  count?(key: string): Promise<number>;
  /** Runs before the suite (e.g. opens a window); returns the undo. */
  setup?(): Promise<() => Promise<void>>;
}

type FormElement = HTMLElement & { minFillMs: number };

export function runFormTests(tag: string, o: FormSuiteOptions): void {
  const draftKey = `suite-${tag}`;
  const markup = `<${tag} draft-key="${draftKey}" ${o.attributes ?? ''}></${tag}>`;
  const mount = async (waitForForm = true): Promise<FormHarness> => {
    const el = await fixture<FormElement>(markup);
    el.minFillMs = 0;
    const h = new FormHarness(el);
    if (waitForForm) await h.waitForPart('form', 15_000);
    return h;
  };
  const accepted = () => new Promise<Event>((resolve) => document.addEventListener(o.event, resolve, { once: true }));
  const expectCount = async (key: string, n: number) => {
    if (o.count) expect(await o.count(key), 'records on the server').to.equal(n);
  };

  describe(`<${tag}> form duties`, function () {
    this.timeout(60_000);
    let undo: (() => Promise<void>) | undefined;
    before(async () => {
      undo = await o.setup?.();
    });
    after(async () => undo?.());
    beforeEach(() => sessionStorage.clear());
    afterEach(cleanup);

    if (o.config) {
      const config = o.config;
      it('shows a skeleton while its configuration loads, then the form', async () => {
        const restore = preferOn(config.request, 'delay=600');
        try {
          const h = await mount(false);
          const loading = await h.waitForPart('loading');
          expect(loading.getAttribute('aria-busy')).to.equal('true');
          await h.waitForPart('form', 15_000);
        } finally {
          restore();
        }
      });

      it("shows the server's message when the configuration cannot load, and retry brings the form", async () => {
        const message = await serverMessage(config.path, 'code=503');
        const restore = preferOn(config.request, 'code=503');
        const h = await mount(false);
        const error = await h.waitForPart('error', 15_000);
        expect(error.textContent).to.contain(message);
        restore();
        h.part<HTMLButtonElement>('retry-button')!.click();
        await h.waitForPart('form', 15_000);
      });
    }

    it('sends nothing while required answers are missing, says so, and the summary follows the fixes', async () => {
      const h = await mount();
      const spy = watchWrites(o.write);
      try {
        h.submitButton().click();
        await waitFor(() => h.part('form-error')?.textContent?.trim(), 'the summary');
        for (const name of o.required) expect(h.errorOf(name), `message beside ${name}`).to.not.equal('');
        expect(h.focused).to.equal(h.control(o.required[0]!));
        const summary = h.part('form-error')!;
        expect(summary.getAttribute('role')).to.equal('alert');
        const count = o.required.length;
        expect(summary.textContent).to.match(
          count === 1 ? /One answer needs attention/ : new RegExp(`${count} answers need attention`),
        );
        // One fixed: the count follows. All fixed: the summary goes, before any new submit.
        const [first] = o.required;
        await h.fill({
          [first!]:
            h.control<HTMLSelectElement>(first!).tagName === 'SELECT'
              ? h.control<HTMLSelectElement>(first!).options[1]!.value
              : 'x',
        });
        const left = o.required.length - 1;
        if (left > 1) expect(summary.textContent).to.match(new RegExp(`${left} answers need attention`));
        await o.fill(h, 'required');
        expect(summary.textContent!.trim(), 'no summary once every answer is fixed').to.equal('');
        await new Promise((r) => setTimeout(r, 200));
        expect(spy.writes).to.have.length(0);
      } finally {
        spy.stop();
      }
    });

    it("puts the server's field messages beside their fields, focused and invalid, with no axe violations", async () => {
      const h = await mount();
      const fields = await o.refusedByServer(h, 'refused');
      h.submitButton().click();
      await waitFor(() => fields.every((f) => h.errorOf(f) !== ''), 'the server field messages', 15_000);
      expect(h.focused).to.equal(h.control(fields[0]!));
      for (const f of fields) expect(h.control(f).getAttribute('aria-invalid')).to.equal('true');
      await expectNoAxeViolations(h.el);
    });

    it('records one submission however often it is sent', async () => {
      const h = await mount();
      const key = await o.fill(h, 'double');
      const restore = preferOn(o.write, 'delay=400');
      const spy = watchWrites(o.write);
      try {
        const done = accepted();
        h.submitButton().click();
        h.submitButton().click();
        h.q<HTMLFormElement>('form')!.requestSubmit();
        await h.settle();
        expect(h.submitButton().disabled).to.equal(true);
        h.submitButton().click();
        await done;
        await new Promise((r) => setTimeout(r, 400));
        expect(spy.writes).to.have.length(1);
        await expectCount(key, 1);
      } finally {
        spy.stop();
        restore();
      }
    });

    it('retries an outage under one key, then its retry button records it once', async () => {
      const h = await mount();
      const key = await o.fill(h, 'outage');
      const restore = preferOn(o.write, 'code=503');
      const spy = watchWrites(o.write);
      try {
        h.submitButton().click();
        const retry = await h.waitForPart<HTMLButtonElement>('retry-button', 20_000);
        expect(
          spy.writes.map((w) => w.status),
          'the first request and its three automatic retries',
        ).to.deep.equal([503, 503, 503, 503]);
        expect(h.part('form-error')!.textContent).to.contain('temporarily unavailable');
        expect(h.part('form-error')!.textContent).to.contain('nothing is sent twice');
        await expectCount(key, 0);
        restore();
        const done = accepted();
        retry.click();
        await done;
        expect(spy.writes.map((w) => w.status)).to.deep.equal([503, 503, 503, 503, 201]);
        expect(new Set(spy.writes.map((w) => w.idempotencyKey)).size, 'one key for every request').to.equal(1);
        expect(spy.writes[0]!.idempotencyKey).to.be.a('string').and.not.equal('');
        await expectCount(key, 1);
      } finally {
        spy.stop();
        restore();
      }
    });

    it('after an answer lost once recorded, sends nothing more until the person chooses "send as new"', async () => {
      const h = await mount();
      const key = await o.fill(h, 'lost');
      const lost = preferOn(o.write, 'code=500, after=processing');
      const spy = watchWrites(o.write);
      try {
        h.submitButton().click();
        await h.waitForPart('resend-button', 15_000);
        expect(spy.writes, 'no automatic repeat of an unconfirmed write').to.have.length(1);
        expect(h.part('form-error')!.textContent).to.contain('may have been recorded');
        expect(h.part('retry-button')).to.equal(null);
        expect(h.part('submit-button')).to.equal(null);
        await expectCount(key, 1);
        await expectNoAxeViolations(h.el);
        lost();
        // Nothing more is sent until the person chooses: not as it was, not edited (an edited body
        // would get a new key), not by the Enter key.
        await (o.edit ? o.edit(h) : h.fill({ [o.required[0]!]: 'Edited' }));
        h.q<HTMLFormElement>('form')!.requestSubmit();
        await new Promise((r) => setTimeout(r, 400));
        expect(spy.writes, 'Enter sends nothing').to.have.length(1);
        expect(h.part('resend-button')).to.not.equal(null);
        const done = accepted();
        h.part<HTMLButtonElement>('resend-button')!.click();
        await done;
        expect(spy.writes[1]!.idempotencyKey).to.not.equal(spy.writes[0]!.idempotencyKey);
        await expectCount(key, 2);
      } finally {
        spy.stop();
        lost();
      }
    });

    it('a reload while sending asks for the first outcome under the same key', async () => {
      let h = await mount();
      const key = await o.fill(h, 'reload');
      const slow = preferOn(o.write, 'delay=1500');
      const spy = watchWrites(o.write);
      try {
        h.submitButton().click();
        await waitFor(() => h.part('submit-button')?.hasAttribute('disabled'), 'sending');
        await new Promise((r) => setTimeout(r, 200));
        cleanup();
        slow();
        const done = accepted() as Promise<CustomEvent<{ id: string }>>;
        h = await mount(false);
        const e = await done;
        await h.waitForPart('success');
        expect(h.part('record-id')!.textContent!.trim()).to.equal(e.detail.id);
        expect(spy.writes).to.have.length(2);
        expect(spy.writes[1]!.idempotencyKey).to.equal(spy.writes[0]!.idempotencyKey);
        expect(sessionStorage.getItem(`${draftKey}:attempt`)).to.equal(null);
        await expectCount(key, 1);
      } finally {
        spy.stop();
        slow();
      }
    });

    it('is sent with the keyboard: Tab reaches the button, Enter sends, focus goes to the outcome', async () => {
      const h = await mount();
      await o.fill(h, 'keyboard');
      await expectNoAxeViolations(h.el);
      h.control(o.required[0]!).focus();
      for (let i = 0; i < 40 && h.focused !== h.submitButton(); i++) await h.press('Tab');
      expect(h.focused).to.equal(h.submitButton());
      const done = accepted();
      await h.press('Enter');
      await done;
      await waitFor(() => h.focused?.id === 'success-title', 'focus on the outcome');
      await expectNoAxeViolations(h.el);
    });
  });
}
