import { expect } from '@esm-bundle/chai';
import { abstractSubmissions, anyRegistration, registrationWithoutAbstracts } from '../../../test/browser/admin.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { FormHarness, watchWrites } from '../../../test/browser/form-harness.js';
import { runFormTests } from '../../../test/browser/form-suite.js';
import { cleanup, fixture, waitFor } from '../../../test/browser/harness.js';
import { remember } from '../../core/registrant.js';
import type { ConfAbstractSubmittedEvent } from '../../events/conf-abstract-submitted.js';
import './define.js';
import type { ConfAbstractForm } from './abstract-form.js';

const SUBMIT = /\/abstracts\/submissions$/;
const DRAFT = 'test-abstract-draft';

const pdf = (name: string, text = 'a paper') =>
  new File([`%PDF-1.7\n${text}\n%%EOF\n`], name, { type: 'application/pdf' });
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

runFormTests('conf-abstract-form', {
  write: SUBMIT,
  event: 'conf-abstract-submitted',
  required: ['title', 'registrationId', 'authors.0.fullName'],
  async fill(h, tag) {
    const r = await registrationWithoutAbstracts();
    await h.fill({ title: unique(`Suite ${tag}`), registrationId: r.id, 'authors.0.fullName': 'Ada Lovelace' });
    return r.id;
  },
  async refusedByServer(h) {
    await h.fill({ title: 'Refused', registrationId: 'reg-does-not-exist', 'authors.0.fullName': 'Ada' });
    return ['registrationId'];
  },
  async count(registrationId) {
    return (await abstractSubmissions(registrationId)).length;
  },
});

async function mount(attrs = ''): Promise<FormHarness<ConfAbstractForm>> {
  const el = await fixture<ConfAbstractForm>(`<conf-abstract-form draft-key="${DRAFT}" ${attrs}></conf-abstract-form>`);
  el.minFillMs = 0;
  const h = new FormHarness(el);
  await h.waitForPart('form');
  return h;
}

function submitted(): Promise<ConfAbstractSubmittedEvent> {
  return new Promise((resolve) => document.addEventListener('conf-abstract-submitted', resolve, { once: true }));
}

async function choose(h: FormHarness, ...files: File[]): Promise<void> {
  const input = h.control('attachments');
  const data = new DataTransfer();
  for (const f of files) data.items.add(f);
  input.files = data.files;
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await h.settle();
}

/** Records the part names of each multipart body the page sends to `match` (watchWrites keeps JSON bodies only). */
function watchPartNames(match: RegExp): { sent: string[][]; stop(): void } {
  const sent: string[][] = [];
  const previous = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (match.test(url) && init?.body instanceof FormData) sent.push([...init.body.keys()]);
    return previous(input, init);
  };
  return { sent, stop: () => void (window.fetch = previous) };
}

const authorNames = (h: FormHarness) => h.all<HTMLInputElement>('[part~="author-row"] input').map((i) => i.value);

describe('<conf-abstract-form>', function () {
  this.timeout(30_000);
  afterEach(() => {
    cleanup();
    sessionStorage.removeItem(DRAFT);
    localStorage.clear();
  });

  it('authors as rows: add, reorder, remove, at least one; the remembered registrant is the first author', async () => {
    const r = await anyRegistration();
    const h0 = await mount();
    remember(h0.el.resolvedEndpoint.url, { id: r.id, name: 'Grace Hopper' });
    cleanup();
    const h = await mount();
    expect(h.part('registrant')!.textContent).to.contain('Grace Hopper');
    expect(authorNames(h)).to.deep.equal(['Grace Hopper']);
    expect(h.part<HTMLButtonElement>('remove-author')!.disabled, 'the last author cannot go').to.equal(true);

    h.part<HTMLButtonElement>('add-author')!.click();
    await waitFor(() => h.focused?.getAttribute('name') === 'authors.1.fullName', 'focus on the new row');
    await h.fill({ 'authors.1.fullName': 'Ada Lovelace' });
    h.all<HTMLButtonElement>('[part~="move-up"]')[1]!.click();
    await h.settle();
    expect(authorNames(h)).to.deep.equal(['Ada Lovelace', 'Grace Hopper']);
    expect(h.part('status')!.textContent).to.contain('Ada Lovelace is now author 1');
    h.all<HTMLButtonElement>('[part~="remove-author"]')[1]!.click();
    await h.settle();
    expect(authorNames(h)).to.deep.equal(['Ada Lovelace']);
    await expectNoAxeViolations(h.el);
  });

  it('two authors and two PDFs make exactly one submission that holds both files, sent as attachments[] parts; the success view says what happens next', async () => {
    const r = await anyRegistration();
    const h = await mount(`registration-id="${r.id}"`);
    const title = unique('Weaving with light');
    await h.fill({ title, 'authors.0.fullName': 'Ada Lovelace' });
    h.part<HTMLButtonElement>('add-author')!.click();
    await h.settle();
    await h.fill({ 'authors.1.fullName': 'Grace Hopper' });
    await choose(h, pdf('paper.pdf'), new File(['not a pdf'], 'notes.txt', { type: 'text/plain' }));
    expect(h.errorOf('attachments')).to.contain('notes.txt is not a PDF file');
    await choose(h, pdf('slides.pdf', 'slides'));
    expect(h.all('[part~="attachments"] li').map((li) => li.querySelector('.file-name')!.textContent)).to.deep.equal([
      'paper.pdf',
      'slides.pdf',
    ]);

    const spy = watchWrites(SUBMIT);
    const parts = watchPartNames(SUBMIT);
    const done = submitted();
    h.submitButton().click();
    const e = await done;
    parts.stop(); // in the reverse order of wrapping, so fetch is the page's own again
    spy.stop();
    expect(spy.writes).to.have.length(1);
    // PHP's array form, so a WordPress site holding the key receives both files (PHP keeps only
    // the last of a plain name repeated); the Node proxy these tests run against takes it too.
    expect(parts.sent).to.deep.equal([['registrationId', 'title', 'authors', 'attachments[]', 'attachments[]']]);
    expect(e.detail.submission.attachments.map((a) => a.name)).to.deep.equal(['paper.pdf', 'slides.pdf']);
    const kept = (await abstractSubmissions(r.id)).filter((s) => s.title === title);
    expect(kept).to.have.length(1);
    expect(kept[0]!.authors.map((a) => a.fullName)).to.deep.equal(['Ada Lovelace', 'Grace Hopper']);
    expect(kept[0]!.attachments).to.have.length(2);
    const success = h.part('success')!;
    expect(success.textContent).to.contain('What happens next');
    expect(success.textContent).to.contain('paper.pdf, slides.pdf');
    expect(h.part('record-id')!.textContent).to.equal(e.detail.id);
  });

  it('at most five files, each at most 10 MB, checked before sending; a file that only claims to be a PDF is refused by the proxy beside the field', async () => {
    const r = await anyRegistration();
    const h = await mount(`registration-id="${r.id}"`);
    await choose(h, ...Array.from({ length: 6 }, (_, i) => pdf(`${i}.pdf`)));
    expect(h.all('[part~="attachments"] li')).to.have.length(5);
    expect(h.errorOf('attachments')).to.contain('At most 5 files; 5.pdf was not added');
    expect(h.control<HTMLInputElement>('attachments').disabled).to.equal(true);
    for (let i = 0; i < 5; i++) {
      h.part<HTMLButtonElement>('remove-file')!.click();
      await h.settle();
    }
    await choose(h, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf', { type: 'application/pdf' }));
    expect(h.errorOf('attachments')).to.contain('huge.pdf is larger than 10 MB');

    await choose(h, new File(['<!doctype html><script>alert(1)</script>'], 'fake.pdf', { type: 'application/pdf' }));
    await h.fill({ title: unique('Disguised'), 'authors.0.fullName': 'Ada' });
    const before = (await abstractSubmissions(r.id)).length;
    h.submitButton().click();
    await waitFor(
      () => h.errorOf('attachments').includes('Must be application/pdf'),
      'the proxy’s refusal beside the files',
      15_000,
    );
    expect(h.part('form-error')!.textContent).to.contain('text/html');
    expect((await abstractSubmissions(r.id)).length).to.equal(before);
  });

  it('speaks German', async () => {
    const h = await mount('lang="de"');
    expect(h.submitButton().textContent).to.contain('Abstract einreichen');
    expect(h.q('label[for="f-authors-0-fullName"]')!.textContent).to.contain('Autor*in 1');
    expect(h.part('form')!.textContent).to.contain('Nur PDF, höchstens 5 Dateien');
  });
});
