/**
 * Code that only some pages need comes on demand, and works the first time it is needed: the
 * poller once an element has a `refresh`, the set-up hints' texts once an element has something
 * to report; a form keeps nothing in the browser's offline store; the forms' texts for wrong
 * answers and their submission, and the registration form's proof upload code, summary after
 * registering, registrant memory and the organizer's translated labels come when used. (Their
 * chunks failing to arrive: `test/e2e/delivery.e2e.test.ts`, which can make the network fail.) (A form's refusal texts, also
 * loaded on demand, are tested by every form's suite, `test/browser/form-suite.ts`.) (Which chunks a page downloads
 * is tested on the built bundle, `test/e2e/delivery.e2e.test.ts`.)
 */
import { expect } from '@esm-bundle/chai';
import { uniqueEmail } from '../../test/browser/admin.js';
import { fillPaid, FormHarness, makeFile } from '../../test/browser/form-harness.js';
import { cleanup, ElementHarness, fixture, waitFor } from '../../test/browser/harness.js';
import type { ConfRegistrationForm } from '../elements/registration-form/registration-form.js';
import { readSaved } from './saved-answers.js';
import '../elements/registration-form/define.js';
import '../elements/speakers/define.js';

const API = `${location.origin}/api/public/v1`;
const SPEAKERS_PAGE = `${API}/events/speakers?limit=100&offset=0`;
const REGISTRATION_CONFIG = `${API}/registrations/config`;

/** Whether the page has fetched a source module whose path ends with `file`. */
const fetched = (file: string) =>
  performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith(file));

function captureWarnings(): { warnings: string[]; restore: () => void } {
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  return { warnings, restore: () => (console.warn = warn) };
}

/** Polls the offline store until `url` is saved. */
async function savedFor(url: string): Promise<void> {
  const until = performance.now() + 8000;
  while (!(await readSaved(url))) {
    if (performance.now() > until) throw new Error(`Timed out waiting for a saved answer for ${url}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('code loaded on demand', () => {
  afterEach(cleanup);

  // In this order: the first two tests need a page where neither the poller nor the set-up texts
  // have been fetched yet.
  it('an element without refresh never fetches the poller; given one, it fetches it and polls', async () => {
    const h = new ElementHarness(await fixture<HTMLElement>('<conf-speakers></conf-speakers>'));
    await waitFor(() => h.all('[part~="card"]').length > 0, 'speaker cards');
    await h.settle();
    expect(fetched('/polling-controller.ts'), 'no poller without refresh').to.equal(false);
    const requests = () =>
      performance.getEntriesByType('resource').filter((e) => e.name.startsWith(`${API}/events/speakers`)).length;
    const before = requests();
    h.el.setAttribute('refresh', '0.2');
    await waitFor(() => requests() > before, 'a refresh after refresh="0.2"');
    expect(fetched('/polling-controller.ts')).to.equal(true);
  });

  it('a well set-up element fetches no set-up texts; a misconfigured one prints its hint and shows it on localhost', async () => {
    const good = new ElementHarness(await fixture<HTMLElement>('<conf-speakers></conf-speakers>'));
    await waitFor(() => good.all('[part~="card"]').length > 0, 'speaker cards');
    await good.settle();
    expect(good.part('notice')).to.equal(null);
    expect(fetched('/setup-texts.ts'), 'no set-up texts without a problem').to.equal(false);
    const log = captureWarnings();
    try {
      const bad = new ElementHarness(
        await fixture<HTMLElement>('<conf-speakers time-zone="Mars/Base" refresh="soon"></conf-speakers>'),
      );
      const notice = await bad.waitForPart('notice');
      expect(notice.textContent).to.contain('Mars/Base').and.contain('refresh must be a number');
      expect(fetched('/setup-texts.ts')).to.equal(true);
      expect(log.warnings.some((w) => w.includes('"Mars/Base"') && w.includes('Fix:'))).to.equal(true);
    } finally {
      log.restore();
    }
  });

  it('a proxy that cannot be reached: the error view and the hint come together', async () => {
    const log = captureWarnings();
    try {
      const h = new ElementHarness(
        await fixture<HTMLElement>('<conf-speakers endpoint="http://127.0.0.1:9"></conf-speakers>'),
      );
      await h.waitForPart('error');
      // In the same render as the error: the texts were fetched before the failure showed.
      expect(h.part('notice')?.textContent).to.contain('could not be reached');
      expect(log.warnings.some((w) => w.includes('could not be reached') && w.includes('127.0.0.1:9'))).to.equal(true);
    } finally {
      log.restore();
    }
  });

  it("a form's configuration is not kept in the offline store; a list's is", async () => {
    const form = new ElementHarness(
      await fixture<HTMLElement>('<conf-registration-form></conf-registration-form><conf-speakers></conf-speakers>'),
    );
    await form.waitForPart('form');
    await savedFor(SPEAKERS_PAGE);
    expect(await readSaved(REGISTRATION_CONFIG)).to.equal(undefined);
  });

  it('a registration form shows without the texts for wrong answers, the submission, the upload code, the summary or the registrant memory; each comes when used', async function () {
    this.timeout(30_000); // a registration through the sandbox, with a proof upload
    const el = await fixture<ConfRegistrationForm>(
      '<conf-registration-form draft-key="on-demand"></conf-registration-form>',
    );
    el.minFillMs = 0;
    const h = new FormHarness(el);
    await h.waitForPart('form');
    await h.settle();
    for (const file of [
      '/form-validity.ts',
      '/upload-controller.ts',
      '/success.view.ts',
      '/page-labels.ts',
      '/registrant-memory.ts',
      '/submission-controller.ts',
    ]) {
      expect(fetched(file), `${file} not fetched before it is used`).to.equal(false);
    }
    // Sent empty (a click that does not focus): the texts come, and say it in the element's words.
    h.submitButton().click();
    await waitFor(() => h.errorOf('firstName') !== '', 'the field errors');
    expect(h.errorOf('firstName')).to.equal('Fill in this field.');
    expect(h.control('email').validationMessage).to.equal('Fill in this field.');
    expect(fetched('/form-validity.ts')).to.equal(true);
    // (The first wrong answer gets focus: the person has started on the form, which fetches the upload code.)

    // Starting on a form with paid tickets brings the upload code; a chosen file is uploaded.
    await fillPaid(h, uniqueEmail('on-demand'));
    await h.chooseFile('paymentProofUrl', makeFile('proof.pdf', 'application/pdf', 4096));
    await waitFor(() => h.part('upload-done'), 'the upload');
    expect(fetched('/upload-controller.ts')).to.equal(true);
    expect(fetched('/success.view.ts'), 'no summary before sending').to.equal(false);
    expect(fetched('/submission-controller.ts'), 'the submission comes when the person starts on the form').to.equal(
      true,
    );

    // Sent: the summary's code comes with the answer, the heading has focus, its sheet applies.
    h.submitButton().click();
    // The first submission of the page: the dev server builds the summary's modules for it.
    const summary = await h.waitForPart('summary', 20_000);
    expect(summary.textContent).to.contain('Lovelace').and.contain('Student');
    expect(fetched('/success.view.ts')).to.equal(true);
    expect(h.focused?.id).to.equal('success-title');
    expect(getComputedStyle(h.q('.copyable')!).display, "the summary's sheet applies").to.equal('inline-flex');
    // Remembered for the other forms of the site once its memory's code has come.
    const id = h.part('record-id')!.textContent!.trim();
    const key = `conf-widgets:registrant:${el.resolvedEndpoint.url}`;
    await waitFor(() => localStorage.getItem(key)?.includes(id), 'the remembered registration');
    expect(JSON.parse(localStorage.getItem(key)!)).to.deep.equal({ id, name: 'Ada Lovelace' });
    expect(fetched('/registrant-memory.ts')).to.equal(true);
    localStorage.removeItem(key);
  });

  it("a registration form given the organizer's labels fetches their code, and shows them from its first form", async () => {
    const block = JSON.stringify({ de: { organization: 'Firma oder Hochschule' } });
    const el = await fixture<ConfRegistrationForm>(
      `<conf-registration-form lang="de" draft-key="on-demand-labels"><script type="application/json" slot="labels">${block}</script></conf-registration-form>`,
    );
    const h = new FormHarness(el);
    await h.waitForPart('form');
    expect(h.q(`label[for="${h.control('custom.organization').id}"]`)!.textContent).to.contain('Firma oder Hochschule');
    expect(fetched('/page-labels.ts')).to.equal(true);
  });
});
