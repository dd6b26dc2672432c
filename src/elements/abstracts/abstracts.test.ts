import { expect } from '@esm-bundle/chai';
import { runAsyncStateTests } from '../../../test/browser/async-state-suite.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import type { Abstract, ListResult } from '../../api/records.js';
import type { ConfAbstractOpenEvent } from '../../events/conf-abstract-open.js';
import type { ConfLoadedEvent } from '../../events/conf-loaded.js';
import './define.js';
import type { ConfAbstracts } from './abstracts.js';

const API = '/api/public/v1';
const LIST = /\/abstracts\/abstracts\?/;

async function mount(attrs = '', container?: HTMLElement): Promise<ElementHarness<ConfAbstracts>> {
  const el = await fixture<ConfAbstracts>(`<conf-abstracts ${attrs}></conf-abstracts>`, container);
  const h = new ElementHarness(el);
  await waitFor(() => h.all('[part~="card"]').length > 0, 'abstract cards');
  return h;
}

const ids = (h: ElementHarness) => h.all('[part~="card"]').map((c) => c.dataset.id);

/** API requests this page made whose URL contains `fragment`. */
const requested = (fragment: string) =>
  performance
    .getEntriesByType('resource')
    .filter((e) => e.name.includes(fragment))
    .map((e) => e.name);

/** The requests once `count` of them are in the timeline, which records them a little after the answer. */
const requestsOnceThere = (fragment: string, count: number) =>
  waitFor(() => requested(fragment).length >= count && requested(fragment), `${count} requests of ${fragment}`);

function setHash(hash: string): void {
  history.replaceState(null, '', hash || location.pathname + location.search);
}

runAsyncStateTests('conf-abstracts', {
  request: LIST,
  path: `${API}/abstracts/abstracts`,
  isReady: (h) => h.all('[part~="card"]').length > 0,
});

describe('<conf-abstracts>', () => {
  let all: Abstract[];
  let total: number;
  before(async () => {
    const res = await fetch(`${API}/abstracts/abstracts?limit=200&include=authors`);
    const body = (await res.json()) as ListResult<Abstract>;
    all = body.data;
    total = body.meta.total;
  });
  beforeEach(() => performance.clearResourceTimings());
  afterEach(() => {
    cleanup();
    setHash('');
    performance.clearResourceTimings();
  });

  it("shows the first page of the sandbox's accepted abstracts with authors, the presenting one marked", async () => {
    expect(total).to.equal(all.length);
    expect(total).to.be.greaterThan(20);
    expect(all.every((a) => a.status === 'accepted')).to.equal(true);
    const loaded = new Promise<ConfLoadedEvent>((r) => document.addEventListener('conf-loaded', r, { once: true }));
    const h = await mount();
    expect(ids(h)).to.deep.equal(all.slice(0, 20).map((a) => a.id));
    expect((await loaded).detail).to.deep.include({ resource: 'abstracts', count: 20, stale: false });
    expect(h.q('.count')!.textContent).to.contain(`20 of ${total} abstracts`);
    const [request] = await requestsOnceThere('/abstracts/abstracts?', 1);
    expect(requested('/abstracts/abstracts?')).to.have.length(1);
    expect(request)
      .to.match(/limit=20/)
      .and.match(/offset=0/)
      .and.match(/include=authors/);
    const first = all[0]!;
    const card = h.q(`[part~="card"][data-id="${first.id}"]`)!;
    expect(card.querySelector('[part~="title"]')!.textContent).to.contain(first.title);
    expect(card.querySelector('[part~="track"]')!.textContent).to.equal(first.track);
    for (const a of first.authors!) expect(card.querySelector('[part~="authors"]')!.textContent).to.contain(a.fullName);
    const presenting = first.authors!.find((a) => a.presenting);
    if (presenting)
      expect(card.querySelector('[part~="presenting"]')!.textContent)
        .to.contain(presenting.fullName)
        .and.contain('presenting');
  });

  it('loads more a page at a time with limit and offset, moving focus to the first new abstract', async () => {
    const h = await mount();
    const more = h.part<HTMLButtonElement>('load-more')!;
    expect(more.textContent).to.contain('Load 20 more');
    more.focus();
    await h.press('Enter');
    await waitFor(() => h.all('[part~="card"]').length === 40, '40 cards');
    expect(ids(h)).to.deep.equal(all.slice(0, 40).map((a) => a.id));
    await waitFor(
      () => h.focused?.closest('[part~="card"]')?.getAttribute('data-id') === all[20]!.id,
      'focus on the 21st',
    );
    expect(h.text()).to.contain('20 more abstracts loaded.');
    h.part<HTMLButtonElement>('load-more')!.click();
    await waitFor(() => h.all('[part~="card"]').length === total, 'every card');
    expect(h.part('load-more')).to.equal(null);
    const pages = (await requestsOnceThere('/abstracts/abstracts?', 3)).map((u) =>
      new URL(u).searchParams.get('offset'),
    );
    expect(pages).to.deep.equal(['0', '20', '40']);
  });

  it('takes its page size from the page-size attribute', async () => {
    const h = await mount('page-size="7"');
    expect(h.all('[part~="card"]')).to.have.length(7);
    expect(h.part('load-more')!.textContent).to.contain('Load 7 more');
    expect(h.part('notice')).to.equal(null);
    const warn = console.warn;
    console.warn = () => {};
    try {
      const bad = await mount('page-size="lots"');
      expect(bad.all('[part~="card"]')).to.have.length(20);
      expect(bad.part('notice')!.textContent).to.contain('page-size="lots"');
    } finally {
      console.warn = warn;
    }
  });

  it('keeps the loaded pages when it refreshes', async () => {
    const h = await mount('page-size="10"');
    h.part<HTMLButtonElement>('load-more')!.click();
    await waitFor(() => h.all('[part~="card"]').length === 20, '20 cards');
    expect(await h.el.reload()).to.equal(true);
    await h.settle();
    expect(ids(h)).to.deep.equal(all.slice(0, 20).map((a) => a.id));
  });

  it('searches title, authors and keywords, with a filtered-empty view that says only loaded ones were searched', async () => {
    const h = await mount();
    const input = h.part<HTMLInputElement>('search')!;
    const target = all[5]!;
    const author = target.authors![0]!.fullName.split(' ').at(-1)!;
    await h.type(input, author.toUpperCase());
    expect(ids(h)).to.include(target.id);
    expect(ids(h).length).to.be.lessThan(20);
    input.value = '';
    await h.type(input, target.keywords[1] ?? target.keywords[0]!);
    expect(ids(h)).to.include(target.id);
    input.value = '';
    await h.type(input, 'zzqx-nothing');
    const empty = await h.waitForPart('empty');
    expect(empty.textContent).to.contain('No matches').and.contain('loaded so far');
    expect(h.part('load-more'), 'more can still be loaded').to.not.equal(null);
    empty.querySelector('button')!.click();
    await h.settle();
    expect(h.all('[part~="card"]')).to.have.length(20);
    expect(h.focused).to.equal(h.part('search'));
  });

  it('filters by track, alone and together with a search', async () => {
    const h = await mount();
    const track = all[0]!.track;
    const select = h.part<HTMLSelectElement>('track-filter')!;
    select.value = track;
    select.dispatchEvent(new Event('change'));
    await h.settle();
    const inTrack = all
      .slice(0, 20)
      .filter((a) => a.track === track)
      .map((a) => a.id);
    expect(ids(h)).to.deep.equal(inTrack);
    const other = all.slice(0, 20).find((a) => a.track !== track)!;
    await h.type(h.part('search')!, other.title);
    expect(h.part('empty')!.textContent).to.contain('No matches');
    const preset = await mount(`track="${track}"`);
    expect(ids(preset)).to.deep.equal(inTrack);
  });

  it('opens the detail by click, loaded from the single-abstract endpoint with authors', async () => {
    const h = await mount();
    const target = all[2]!;
    const opened = new Promise<ConfAbstractOpenEvent>((r) =>
      h.el.addEventListener('conf-abstract-open', r, { once: true }),
    );
    h.q<HTMLAnchorElement>(`[part~="card"][data-id="${target.id}"] a`)!.click();
    expect((await opened).detail).to.deep.include({ id: target.id });
    const dialog = h.part<HTMLDialogElement>('dialog')!;
    await waitFor(() => dialog.open && dialog.querySelector(`.detail[data-id="${target.id}"]`), 'detail shown');
    expect(await requestsOnceThere(`/abstracts/abstracts/${target.id}?include=authors`, 1)).to.have.length(1);
    expect(dialog.querySelector('h2')!.textContent).to.equal(target.title);
    expect(dialog.querySelector('.body')!.textContent).to.equal(target.body);
    const presenting = target.authors!.find((a) => a.presenting)!;
    expect(dialog.querySelector('.author.presenting')!.textContent)
      .to.contain(presenting.fullName)
      .and.contain('Presenting');
    expect(location.hash).to.equal(`#abstract-${target.id}`);
    await expectNoAxeViolations(h.el);
    h.part<HTMLButtonElement>('close-button')!.click();
    // The dialog's close event, which clears the link, arrives a task after it closed.
    await waitFor(() => !dialog.open && location.hash === '', 'closed, link cleared');
  });

  it('opens by keyboard, closes on Escape and returns focus to the card', async () => {
    const h = await mount();
    const target = all[1]!;
    const link = h.q<HTMLAnchorElement>(`[part~="card"][data-id="${target.id}"] a`)!;
    link.focus();
    await h.press('Enter');
    const dialog = h.part<HTMLDialogElement>('dialog')!;
    await waitFor(() => dialog.querySelector(`.detail[data-id="${target.id}"]`), 'detail shown');
    // One focus rule for every dialog: its heading (issue 21).
    expect(h.focused).to.equal(dialog.querySelector('#dialog-title'));
    await h.press('Escape');
    await waitFor(() => !dialog.open, 'closed');
    await h.settle();
    expect(h.focused).to.equal(link);
  });

  it('opens #abstract-ID from the address, even one beyond the loaded pages, and on hashchange', async () => {
    const far = all[total - 1]!;
    setHash(`#abstract-${far.id}`);
    const el = await fixture<ConfAbstracts>('<conf-abstracts></conf-abstracts>');
    const h = new ElementHarness(el);
    const dialog = await h.waitForPart<HTMLDialogElement>('dialog');
    await waitFor(() => dialog.open && dialog.querySelector(`.detail[data-id="${far.id}"]`), 'deep-linked detail');
    expect(dialog.querySelector('h2')!.textContent).to.equal(far.title);
    await h.press('Escape');
    await waitFor(() => !dialog.open, 'closed');
    const next = all[3]!;
    location.hash = `abstract-${next.id}`;
    await waitFor(() => dialog.open && dialog.querySelector(`.detail[data-id="${next.id}"]`), 'opened on hashchange');
  });

  it("shows the server's message for a deep link to an abstract that is not public", async () => {
    setHash('#abstract-no_such_abstract');
    const el = await fixture<ConfAbstracts>('<conf-abstracts></conf-abstracts>');
    const h = new ElementHarness(el);
    const dialog = await h.waitForPart<HTMLDialogElement>('dialog');
    await waitFor(() => dialog.open && dialog.querySelector('[part~="error"]'), 'error in the dialog');
    expect(dialog.textContent).to.contain('No accepted abstract with this id.');
  });

  it('lets a host page take over opening by cancelling conf-abstract-open', async () => {
    const h = await mount();
    h.el.addEventListener('conf-abstract-open', (e) => e.preventDefault(), { once: true });
    h.q<HTMLAnchorElement>('[part~="card"] a')!.click();
    await h.settle();
    expect(h.part<HTMLDialogElement>('dialog')!.open).to.equal(false);
    expect(location.hash).to.equal('');
  });

  it('lays out columns from its own width', async () => {
    const narrow = document.createElement('div');
    narrow.style.width = '300px';
    const wide = document.createElement('div');
    wide.style.width = '1100px';
    document.body.append(narrow, wide);
    try {
      const a = await mount('', narrow);
      const b = await mount('', wide);
      await waitFor(
        () => a.part('list')?.className.includes('cols-1') && b.part('list')?.className.includes('cols-3'),
        'columns',
      );
    } finally {
      narrow.remove();
      wide.remove();
    }
  });

  it('has no axe violations when showing data', async () => {
    const h = await mount();
    await expectNoAxeViolations(h.el);
  });

  it('speaks German from its lang', async () => {
    const h = await mount('lang="de"');
    expect(h.q('label[for="q"]')!.textContent).to.equal('Einreichungen durchsuchen');
    expect(h.part('load-more')!.textContent).to.contain('20 weitere laden');
  });
});
