import { expect } from '@esm-bundle/chai';
import { runAsyncStateTests } from '../../../test/browser/async-state-suite.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import type { Exhibit, ListResult } from '../../api/records.js';
import type { ConfExhibitOpenEvent } from '../../events/conf-exhibit-open.js';
import type { ConfLoadedEvent } from '../../events/conf-loaded.js';
import './define.js';
import type { ConfExhibits } from './exhibits.js';

const API = '/api/public/v1';

async function mount(attrs = '', container?: HTMLElement): Promise<ElementHarness<ConfExhibits>> {
  const el = await fixture<ConfExhibits>(`<conf-exhibits ${attrs}></conf-exhibits>`, container);
  const h = new ElementHarness(el);
  await waitFor(() => h.all('[part~="card"]').length > 0, 'exhibit cards');
  return h;
}

const ids = (h: ElementHarness) => h.all('[part~="card"]').map((c) => c.dataset.id);

function setHash(hash: string): void {
  history.replaceState(null, '', hash || location.pathname + location.search);
}

runAsyncStateTests('conf-exhibits', {
  request: /\/exhibition\/exhibits/,
  path: `${API}/exhibition/exhibits`,
  isReady: (h) => h.all('[part~="card"]').length > 0,
});

describe('<conf-exhibits>', () => {
  let all: Exhibit[];
  let total: number;
  before(async () => {
    const body = (await (await fetch(`${API}/exhibition/exhibits?limit=200`)).json()) as ListResult<Exhibit>;
    all = body.data;
    total = body.meta.total;
  });
  afterEach(() => {
    cleanup();
    setHash('');
  });

  it('shows every published exhibit of the sandbox with logo or initials, name, type, booth and summary', async () => {
    expect(all).to.have.length(total);
    const loaded = new Promise<ConfLoadedEvent>((r) => document.addEventListener('conf-loaded', r, { once: true }));
    const h = await mount();
    expect(ids(h)).to.deep.equal(all.map((e) => e.id));
    expect((await loaded).detail).to.deep.include({ resource: 'exhibits', count: total, stale: false });
    expect(h.q('.count')!.textContent).to.contain(`${total} exhibits`);
    const first = all[0]!;
    const card = h.q(`[part~="card"][data-id="${first.id}"]`)!;
    expect(card.querySelector('[part~="title"]')!.textContent).to.contain(first.title);
    expect(card.querySelector('[part~="summary"]')!.textContent).to.equal(first.shortDescription);
    if (first.booth) expect(card.querySelector('[part~="booth"]')!.textContent).to.contain(first.booth);
    expect(card.querySelector('[part~="type"]')!.textContent!.toLowerCase()).to.equal(first.exhibitType);
    const logo = card.querySelector('[part~="logo"]')!;
    if (first.logoUrl) expect(logo.getAttribute('src')).to.equal(first.logoUrl);
    else expect(logo.textContent!.trim()).to.match(/^\p{Lu}{1,2}$/u);
  });

  it('filters by type with keyboard-operable chips, and a filtered-empty view with a way back', async () => {
    const h = await mount();
    const sponsors = all.filter((e) => e.exhibitType === 'sponsor').map((e) => e.id);
    expect(sponsors.length).to.be.greaterThan(0);
    const chips = h.all<HTMLButtonElement>('[part~="type-chip"]');
    const types = new Set(all.map((e) => e.exhibitType));
    expect(chips).to.have.length(types.size + 1, 'one per type, plus All');
    expect(h.part('types')!.getAttribute('role')).to.equal('group');
    const sponsorChip = chips.find((c) => c.dataset.type === 'sponsor')!;
    sponsorChip.focus();
    await h.press('Enter');
    expect(ids(h)).to.deep.equal(sponsors);
    expect(sponsorChip.getAttribute('aria-pressed')).to.equal('true');
    const startup = chips.find((c) => c.dataset.type === 'startup')!;
    startup.focus();
    await h.press('Space');
    expect(ids(h)).to.deep.equal(all.filter((e) => e.exhibitType === 'startup').map((e) => e.id));
    await h.type(h.part('search')!, all.find((e) => e.exhibitType === 'sponsor')!.title);
    const empty = await h.waitForPart('empty');
    expect(empty.textContent).to.contain('No matches');
    empty.querySelector('button')!.click();
    await h.settle();
    expect(ids(h)).to.have.length(total);
    expect(h.focused).to.equal(h.part('search'));
  });

  for (const width of [375, 760, 1100]) {
    it(`display="wall" at ${width} px: names on at most two lines, full rows with no empty columns (issue 21)`, async () => {
      const box = document.createElement('div');
      box.style.width = `${width}px`;
      document.body.append(box);
      try {
        const h = new ElementHarness(
          await fixture<ConfExhibits>('<conf-exhibits display="wall"></conf-exhibits>', box),
        );
        await waitFor(() => h.part('wall-item'), 'the wall');
        const wall = h.part('wall')!.getBoundingClientRect();
        const tiles = h.all<HTMLElement>('[part~="wall"] > li').map((li) => li.getBoundingClientRect());
        for (const name of h.all<HTMLElement>('.wall-name')) {
          const lines = Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight));
          expect(lines, `"${name.textContent}" wraps over ${lines} lines`).to.be.at.most(2);
        }
        // No row but the last leaves room for another tile (the old wall left 40 % of a row empty).
        const rows = [...new Set(tiles.map((t) => Math.round(t.top)))];
        const smallest = Math.min(...tiles.map((t) => t.width));
        for (const top of rows.slice(0, -1)) {
          const row = tiles.filter((t) => Math.round(t.top) === top);
          expect(wall.width - (row.at(-1)!.right - row[0]!.left), `empty px in the row at ${top}`).to.be.below(
            smallest,
          );
        }
        const last = tiles.filter((t) => Math.round(t.top) === rows.at(-1));
        expect(last[0]!.left - wall.left).to.be.closeTo(wall.right - last.at(-1)!.right, 2);
      } finally {
        box.remove();
      }
    });
  }

  it('display="wall": logos (or names) only, linking to websites, strictly of the type, grouped on request', async () => {
    const sponsors = all.filter((e) => e.exhibitType === 'sponsor');
    const h = new ElementHarness(
      await fixture<ConfExhibits>('<conf-exhibits type="sponsor" display="wall"></conf-exhibits>'),
    );
    await waitFor(() => h.part('wall-item'), 'the wall');
    // No search, count, chips or cards: a wall to look at.
    expect(h.part('search')).to.equal(null);
    expect(h.part('types')).to.equal(null);
    expect(h.q('.count')).to.equal(null);
    expect(h.all('[part~="card"]')).to.have.length(0);
    const items = h.all('[part~="wall-item"]');
    expect(items.map((i) => i.dataset.id)).to.deep.equal(sponsors.map((e) => e.id));
    items.forEach((item, i) => {
      const e = sponsors[i]!;
      const img = item.querySelector('img');
      // The name is what a screen reader hears, and what the eye sees where there is no logo.
      if (e.logoUrl) expect(img!.alt).to.equal(e.title);
      else expect(item.querySelector('.wall-name')!.textContent).to.equal(e.title);
      if (e.websiteUrl) {
        expect(item.localName).to.equal('a');
        expect(item.getAttribute('href')).to.equal(e.websiteUrl);
        expect(item.getAttribute('rel')).to.contain('noopener');
      } else expect(item.localName).to.equal('span');
      // Only logo or name: no description, booth or type on the wall.
      expect(item.textContent!.replace('(opens in a new tab)', '').trim()).to.equal(e.logoUrl ? '' : e.title);
    });
    await expectNoAxeViolations(h.el);

    // Every exhibitor, grouped by type under a heading each (types in the chips' order).
    const g = new ElementHarness(
      await fixture<ConfExhibits>('<conf-exhibits display="wall" group-by="type"></conf-exhibits>'),
    );
    await waitFor(() => g.part('wall-group'), 'the groups');
    const types = [...new Set(all.map((e) => e.exhibitType))].sort();
    expect(
      g
        .all('[part~="wall-group"]')
        .map((s) => s.dataset.type)
        .sort(),
    ).to.deep.equal(types);
    for (const group of g.all('[part~="wall-group"]')) {
      const expected = all.filter((e) => e.exhibitType === group.dataset.type).map((e) => e.id);
      expect([...group.querySelectorAll<HTMLElement>('[part~="wall-item"]')].map((i) => i.dataset.id)).to.deep.equal(
        expected,
      );
      expect(group.querySelector('h3')!.textContent!.trim()).to.not.equal('');
    }
    expect(g.all('[part~="wall-item"]')).to.have.length(total);
  });

  it('searches name, descriptions, booth and presenter, ignoring case', async () => {
    const h = await mount();
    const target = all.find((e) => e.booth)!;
    await h.type(h.part('search')!, target.booth!.toLowerCase());
    expect(ids(h)).to.deep.equal([target.id]);
    const input = h.part<HTMLInputElement>('search')!;
    input.value = '';
    await h.type(input, target.presenter.fullName.toUpperCase());
    expect(ids(h)).to.include(target.id);
  });

  it('shows only sponsors with type="sponsor", and says when a type is unknown', async () => {
    const h = await mount('type="sponsor"');
    expect(ids(h)).to.deep.equal(all.filter((e) => e.exhibitType === 'sponsor').map((e) => e.id));
    // The page's type is a restriction, not a starting filter: no chips offer to widen it.
    expect(h.part('types')).to.equal(null);
    expect(h.text()).to.not.match(/\bAll\b/);
    expect(h.part('notice')).to.equal(null);
    const warn = console.warn;
    console.warn = () => {};
    try {
      const bad = await fixture<ConfExhibits>('<conf-exhibits type="sponsors"></conf-exhibits>');
      const hb = new ElementHarness(bad);
      const notice = await hb.waitForPart('notice');
      expect(notice.textContent).to.contain('type="sponsors"').and.contain('"sponsor"');
      expect(hb.part('empty')).to.not.equal(null);
    } finally {
      console.warn = warn;
    }
  });

  it('opens the detail by keyboard with description, booth, presenter and a safe website link; Escape returns focus', async () => {
    const target = all.find((e) => e.websiteUrl && e.booth)!;
    const h = await mount();
    const opened = new Promise<ConfExhibitOpenEvent>((r) =>
      h.el.addEventListener('conf-exhibit-open', r, { once: true }),
    );
    const link = h.q<HTMLAnchorElement>(`[part~="card"][data-id="${target.id}"] a`)!;
    link.focus();
    await h.press('Enter');
    expect((await opened).detail.exhibit.title).to.equal(target.title);
    const dialog = h.part<HTMLDialogElement>('dialog')!;
    await waitFor(() => dialog.open, 'dialog open');
    expect(dialog.querySelector('h2')!.textContent).to.equal(target.title);
    expect(dialog.textContent)
      .to.contain(target.description)
      .and.contain(target.booth!)
      .and.contain(target.presenter.fullName);
    const site = dialog.querySelector<HTMLAnchorElement>('[part~="website"]')!;
    expect(site.href).to.equal(new URL(target.websiteUrl!).href);
    expect(site.target).to.equal('_blank');
    expect(site.rel.split(' ')).to.include('noopener');
    expect(location.hash).to.equal(`#exhibit-${target.id}`);
    await expectNoAxeViolations(h.el);
    await h.press('Escape');
    await waitFor(() => !dialog.open && location.hash === '', 'closed, link cleared');
    await h.settle();
    expect(h.focused).to.equal(link);
  });

  it('opens the detail by click', async () => {
    const target = all[1]!;
    const h = await mount();
    h.q<HTMLAnchorElement>(`[part~="card"][data-id="${target.id}"] a`)!.click();
    const dialog = h.part<HTMLDialogElement>('dialog')!;
    await waitFor(() => dialog.open, 'dialog open');
    expect(dialog.querySelector('.dialog-body')!.getAttribute('data-id')).to.equal(target.id);
  });

  it('opens #exhibit-ID from the address once the list has loaded, and on hashchange', async () => {
    const target = all.at(-1)!;
    setHash(`#exhibit-${target.id}`);
    const h = await mount();
    const dialog = h.part<HTMLDialogElement>('dialog')!;
    await waitFor(() => dialog.open, 'deep-linked dialog');
    expect(dialog.querySelector('h2')!.textContent).to.equal(target.title);
    await h.press('Escape');
    await waitFor(() => !dialog.open, 'closed');
    location.hash = `exhibit-${all[0]!.id}`;
    await waitFor(
      () => dialog.open && dialog.querySelector('h2')!.textContent === all[0]!.title,
      'opened on hashchange',
    );
  });

  it('opens a #exhibit-ID link in one of two lists on the page, not in both', async () => {
    const target = all[1]!;
    setHash(`#exhibit-${target.id}`);
    const box = await fixture<HTMLElement>('<div><conf-exhibits></conf-exhibits><conf-exhibits></conf-exhibits></div>');
    const [a, b] = [...box.querySelectorAll<ConfExhibits>('conf-exhibits')].map((el) => new ElementHarness(el));
    const cards = (h: ElementHarness) => h.all('[part~="card"]').length > 0;
    await waitFor(() => cards(a!) && cards(b!), 'both lists');
    const open = () => [a!, b!].filter((h) => h.q<HTMLDialogElement>('dialog')?.open);
    await waitFor(() => open().length > 0, 'a dialog from the link');
    await a!.settle();
    await b!.settle();
    expect(open()).to.have.length(1);
    // A link followed later also opens one dialog: the first list's.
    open()[0]!.el.close();
    await waitFor(() => open().length === 0, 'dialog closed');
    location.hash = `#exhibit-${all[2]!.id}`;
    await waitFor(() => open().length > 0, 'a dialog from the second link');
    await a!.settle();
    await b!.settle();
    expect(open()).to.deep.equal([a]);
  });

  it('lays out columns from its own width', async () => {
    const narrow = document.createElement('div');
    narrow.style.width = '260px';
    const wide = document.createElement('div');
    wide.style.width = '1200px';
    document.body.append(narrow, wide);
    try {
      const a = await mount('', narrow);
      const b = await mount('', wide);
      await waitFor(
        () => a.part('grid')?.className.includes('cols-1') && b.part('grid')?.className.includes('cols-5'),
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
    expect(h.q('label[for="q"]')!.textContent).to.equal('Aussteller suchen');
    expect(h.all('[part~="type-chip"]').map((c) => c.textContent!.trim())).to.include('Gemeinnützig');
  });
});
