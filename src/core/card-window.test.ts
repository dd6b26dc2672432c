/**
 * The record lists' windowing (`CardWindow`) at conference scale, in each of `<conf-speakers>`
 * (800 speakers), `<conf-exhibits>` (800 exhibits) and `<conf-abstracts>` (200 on one page): what
 * is built, and what must keep working although most cards are not — list semantics with the full
 * count, a focused card kept, Tab through cards not built yet, deep links, print and search.
 */
import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { answerWith, cleanup, ElementHarness, fixture, waitFor } from '../../test/browser/harness.js';
import '../elements/abstracts/define.js';
import '../elements/exhibits/define.js';
import '../elements/speakers/define.js';
import { EAGER_CARDS } from './card-window.js';

const pad = (i: number) => String(i).padStart(4, '0');
const list = (data: unknown[]) => ({ data, meta: { total: data.length, limit: data.length, offset: 0 } });

interface Kind {
  tag: string;
  count: number;
  /** The list's part. */
  part: string;
  /** Deep-link prefix. */
  prefix: string;
  /** First letter of the records' ids. */
  id: string;
  attrs: string;
  answer: () => void;
  /** What to type in the search to find record `i` alone. */
  query: (i: number) => string;
  /** The focusable element of a card. */
  focusable: string;
}

const kinds: Kind[] = [
  {
    tag: 'conf-speakers',
    count: 800,
    part: 'grid',
    prefix: 'speaker-',
    id: 's',
    attrs: '',
    answer: () =>
      answerWith(
        /\/events\/speakers/,
        list(
          Array.from({ length: 800 }, (_, i) => ({
            id: `s${i}`,
            // Padded, so the element's order by name is the order of i.
            fullName: `Person${pad(i)} Surname${i % 41}`,
            affiliation: `Org ${i % 17}`,
            jobTitle: '',
            bio: 'About them.',
            photoUrl: null,
            links: [],
          })),
        ),
      ),
    query: (i) => `Person${pad(i)}`,
    focusable: '[part~="card"]',
  },
  {
    tag: 'conf-exhibits',
    count: 800,
    part: 'grid',
    prefix: 'exhibit-',
    id: 'x',
    attrs: '',
    answer: () =>
      answerWith(
        /\/exhibition\/exhibits/,
        list(
          Array.from({ length: 800 }, (_, i) => ({
            id: `x${i}`,
            title: `Exhibit ${pad(i)}`,
            exhibitType: i % 2 ? 'startup' : 'sponsor',
            shortDescription: 'What they show.',
            description: 'What they show, at length.',
            booth: `B${i}`,
            logoUrl: null,
            websiteUrl: null,
            presenter: { fullName: `Presenter ${i}` },
          })),
        ),
      ),
    query: (i) => `Exhibit ${pad(i)}`,
    focusable: '[part~="card"] a',
  },
  {
    tag: 'conf-abstracts',
    count: 200,
    part: 'list',
    prefix: 'abstract-',
    id: 'a',
    attrs: 'page-size="200"',
    answer: () => {
      const abstract = (i: number) => ({
        id: `a${i}`,
        title: `Abstract ${pad(i)}`,
        body: 'What the work found. '.repeat(1 + (i % 5)),
        track: `Track ${i % 4}`,
        keywords: ['graphs', 'scale'],
        status: 'accepted',
        authorCount: 1,
        authors: [{ fullName: `Author ${i}`, affiliation: 'Lab', presenting: true }],
      });
      answerWith(/\/abstracts\/abstracts(\?|$)/, list(Array.from({ length: 200 }, (_, i) => abstract(i))));
      answerWith(/\/abstracts\/abstracts\/a150(\?|$)/, abstract(150));
    },
    query: (i) => `Abstract ${pad(i)}`,
    focusable: '[part~="card"] a',
  },
];

/** Lets the window follow a scroll: a frame to measure, then the update it asked for. */
async function follow(h: ElementHarness): Promise<void> {
  for (let i = 0; i < 3; i++) await h.settle();
}

for (const k of kinds) {
  describe(`<${k.tag}> windowing, ${k.count} records`, () => {
    const cards = (h: ElementHarness) => h.all(`[part~="${k.part}"] > li[data-chunk]`);
    const cardOf = (h: ElementHarness, i: number) => h.q(`[part~="card"][data-id="${k.id}${i}"]`);
    const last = k.count - 1;
    /** Whether a card in the last tenth is built besides the last chunk (always built). */
    const nearEnd = (h: ElementHarness) => {
      const built = cards(h);
      const lastChunk = built.at(-1)?.dataset['chunk'];
      return built.some(
        (li) => li.dataset['chunk'] !== lastChunk && Number(li.getAttribute('aria-posinset')) > k.count * 0.9,
      );
    };

    async function mount(container?: HTMLElement): Promise<ElementHarness> {
      k.answer();
      const el = await fixture<HTMLElement>(`<${k.tag} ${k.attrs}></${k.tag}>`, container);
      const h = new ElementHarness(el);
      await waitFor(() => h.q('[part~="card"]'), 'the first cards');
      await follow(h);
      return h;
    }

    const scrollToEnd = (h: ElementHarness) =>
      scrollTo(0, h.part(k.part)!.getBoundingClientRect().bottom + scrollY - innerHeight);

    afterEach(async () => {
      cleanup();
      history.replaceState(null, '', location.pathname + location.search);
      scrollTo(0, 0);
      await emulateMedia({ media: 'screen' });
    });

    it('builds the cards near the screen and the list’s ends; placeholders are hidden from screen readers', async () => {
      const h = await mount();
      const built = cards(h).length;
      expect(built).to.be.greaterThan(0);
      expect(built, 'a few chunks').to.be.lessThan(Math.min(k.count / 2, 100));
      expect(cardOf(h, 0), 'the first card').to.not.equal(null);
      expect(cardOf(h, last), 'the last card, for Shift+Tab into the list').to.not.equal(null);
      expect(cardOf(h, Math.floor(k.count / 2)), 'the middle').to.equal(null);
      const gaps = h.all(`[part~="${k.part}"] > li[data-chunks]`);
      expect(gaps.length).to.be.greaterThan(0);
      for (const gap of gaps) expect(gap.getAttribute('aria-hidden')).to.equal('true');
    });

    for (const width of ['800px', '360px']) {
      it(`draws placeholders as tall as the rows they stand for, ${width} wide`, async () => {
        const box = document.createElement('div');
        box.style.width = width;
        document.body.append(box);
        try {
          const h = await mount(box);
          await follow(h);
          expectTrueHeight(h);
        } finally {
          box.remove();
        }
      });
    }

    /**
     * The placeholders make the list about as tall as all its cards (rows as tall as the first
     * ones), so the page scrolls to the end and the scroll bar tells where the visitor is.
     */
    function expectTrueHeight(h: ElementHarness): void {
      const ul = h.part(k.part)!;
      const columns = Number(/cols-(\d)/.exec(ul.className)![1]);
      const gap = parseFloat(getComputedStyle(ul).rowGap);
      const first = cards(h).slice(0, columns * 2);
      const row = (first.at(-1)!.getBoundingClientRect().bottom - first[0]!.getBoundingClientRect().top - gap) / 2;
      const rows = Math.ceil(k.count / columns);
      const expected = rows * (row + gap) - gap;
      expect(ul.getBoundingClientRect().height / expected, `${columns} columns`).to.be.within(0.85, 1.15);
    }

    it('is a list of every record to a screen reader: set size and position on each card', async () => {
      const h = await mount();
      const ul = h.part(k.part)!;
      expect(ul.localName).to.equal('ul');
      expect(ul.getAttribute('role')).to.equal('list');
      for (const li of cards(h)) {
        expect(li.getAttribute('aria-setsize')).to.equal(String(k.count));
        const card = li.querySelector<HTMLElement>('[part~="card"]')!;
        expect(li.getAttribute('aria-posinset'), card.dataset['id']).to.equal(
          String(Number(card.dataset['id']!.slice(1)) + 1),
        );
      }
    });

    it('builds cards as the page scrolls to them and lets go of those far behind', async () => {
      const h = await mount();
      const near = (from: number, to: number) =>
        cards(h).filter((li) => {
          const pos = Number(li.getAttribute('aria-posinset')) / k.count;
          return pos > from && pos < to;
        }).length;
      expect(near(0.4, 0.6)).to.equal(0);
      scrollTo(0, h.part(k.part)!.getBoundingClientRect().height / 2 + scrollY);
      await follow(h);
      await waitFor(() => near(0.4, 0.6) > 0, 'the middle cards, built as the page reaches them');
      expect(cards(h).length).to.be.lessThan(Math.min(k.count / 2, 100));
      scrollToEnd(h);
      await follow(h);
      await waitFor(() => nearEnd(h), 'cards near the end');
      expect(near(0.4, 0.6), 'the middle let go').to.equal(0);
      scrollTo(0, 0);
      await follow(h);
      await waitFor(() => !nearEnd(h), 'the end let go at the top again');
    });

    it('never recycles the focused card', async () => {
      const h = await mount();
      scrollTo(0, h.part(k.part)!.getBoundingClientRect().height / 2 + scrollY);
      await follow(h);
      const li = await waitFor(() => {
        const mid = cards(h).filter((c) => Number(c.getAttribute('aria-posinset')) > 40);
        return mid[0];
      }, 'a card in the middle');
      const target = li.querySelector<HTMLElement>(k.focusable)!;
      target.focus();
      scrollToEnd(h);
      await follow(h);
      await waitFor(() => nearEnd(h), 'the end of the list');
      expect(target.isConnected, 'the focused card is kept').to.equal(true);
      expect(h.focused).to.equal(target);
    });

    it('Tab walks the cards in order, into cards that were not built', async function () {
      // Each key press is a round trip to the test runner; under load forty take a while.
      this.timeout(90_000);
      const h = await mount();
      const builtAtTop = cards(h).filter((c) => Number(c.getAttribute('aria-posinset')) < k.count / 2).length;
      expect(cardOf(h, builtAtTop + 12), 'a card past the first window').to.equal(null);
      h.q<HTMLElement>(`li[aria-posinset="1"] ${k.focusable}`)!.focus();
      const order: number[] = [];
      while (order.length < builtAtTop + 16) {
        const li = (h.focused as HTMLElement | null)?.closest('li[data-chunk]');
        if (!li) break;
        order.push(Number(li.getAttribute('aria-posinset')));
        await sendKeys({ press: 'Tab' });
        await h.settle();
      }
      expect(order.length, 'more cards than were built at the top').to.equal(builtAtTop + 16);
      order.forEach((pos, i) => expect(pos, `Tab ${i}`).to.equal(i + 1));
      // And back with Shift+Tab.
      await sendKeys({ press: 'Shift+Tab' });
      await h.settle();
      const back = (h.focused as HTMLElement | null)?.closest('li[data-chunk]');
      expect(back?.getAttribute('aria-posinset')).to.equal(String(order.length));
    });

    it('Shift+Tab from below the list meets its last card', async () => {
      const h = await mount();
      const after = document.createElement('button');
      after.textContent = 'after';
      h.el.after(after);
      after.focus();
      await sendKeys({ press: 'Shift+Tab' });
      await h.settle();
      const li = (h.focused as HTMLElement | null)?.closest('li[data-chunk]');
      expect(li?.getAttribute('aria-posinset')).to.equal(String(k.count));
    });

    it('a deep link to a record not built opens it and builds its card on screen behind the dialog', async () => {
      const id = 150;
      history.replaceState(null, '', `#${k.prefix}${k.id}${id}`);
      const h = await mount();
      const dialog = await waitFor(() => h.q<HTMLDialogElement>('dialog[open]'), 'the dialog');
      await waitFor(() => dialog.textContent?.includes(pad(id)), 'the record in the dialog');
      const card = await waitFor(() => cardOf(h, id), 'the linked card, built');
      await waitFor(() => {
        const r = card.getBoundingClientRect();
        return r.top >= -1 && r.bottom <= innerHeight + 1;
      }, 'the card on screen');
    });

    it('prints every record, though the screen built a few', async function () {
      this.timeout(30_000);
      const h = await mount();
      expect(cards(h).length).to.be.lessThan(k.count);
      await emulateMedia({ media: 'print' });
      await waitFor(() => cards(h).length === k.count, 'every card on paper');
      expect(h.all(`[part~="${k.part}"] > li[data-chunks]`).length, 'no placeholders on paper').to.equal(0);
      const drawn = h.all('[part~="card"]').filter((c) => c.getClientRects().length > 0);
      expect(drawn.length).to.equal(k.count);
      await emulateMedia({ media: 'screen' });
      await waitFor(() => cards(h).length < k.count, 'windowed again on screen');
    });

    it('search finds a record far down the list, and a broad search still builds only a window', async () => {
      const h = await mount();
      expect(cardOf(h, last - 20)).to.equal(null);
      const input = h.part<HTMLInputElement>('search')!;
      input.value = k.query(last - 20);
      input.dispatchEvent(new InputEvent('input'));
      const card = await waitFor(() => cardOf(h, last - 20), 'the found card');
      expect(card.closest('li')!.getAttribute('aria-setsize')).to.equal('1');
      expect(cards(h).length).to.equal(1);
      // Every record matches a broad search: the window again, not every card.
      input.value = k.query(0).slice(0, 3);
      input.dispatchEvent(new InputEvent('input'));
      await waitFor(() => cards(h).length > 1, 'the broad search');
      await follow(h);
      expect(cards(h).length).to.be.lessThan(Math.min(k.count / 2, 100));
      expect(cards(h)[0]!.getAttribute('aria-setsize')).to.equal(String(k.count));
    });
  });
}

describe('record lists no longer than EAGER_CARDS', () => {
  afterEach(cleanup);

  it('build every card, with no placeholders', async () => {
    kinds[0]!.answer();
    const data = Array.from({ length: EAGER_CARDS }, (_, i) => ({
      id: `s${i}`,
      fullName: `Person${pad(i)}`,
      affiliation: '',
      jobTitle: '',
      bio: '',
      photoUrl: null,
      links: [],
    }));
    answerWith(/\/events\/speakers/, list(data));
    const el = await fixture<HTMLElement>('<conf-speakers></conf-speakers>');
    const h = new ElementHarness(el);
    await waitFor(() => h.q('[part~="card"]'), 'the cards');
    await follow(h);
    expect(h.all('[part~="grid"] > li[data-chunk]').length).to.equal(EAGER_CARDS);
    expect(h.all('[part~="grid"] > li[data-chunks]').length).to.equal(0);
  });
});

describe('<conf-abstracts> windowed, "Load more"', () => {
  afterEach(() => {
    cleanup();
    scrollTo(0, 0);
  });

  it('moves focus to the first new abstract, built wherever the window stands', async () => {
    const abstract = (i: number) => ({
      id: `a${i}`,
      title: `Abstract ${pad(i)}`,
      body: 'What the work found.',
      track: 'Track',
      keywords: [],
      status: 'accepted',
      authorCount: 0,
    });
    const page = (from: number) => ({
      data: Array.from({ length: 200 }, (_, i) => abstract(from + i)),
      meta: { total: 400, limit: 200, offset: from },
    });
    answerWith(/\/abstracts\/abstracts\?/, page(0));
    // Checked first: the later rule wins.
    answerWith(/\/abstracts\/abstracts\?.*offset=200/, page(200));
    const el = await fixture<HTMLElement>('<conf-abstracts page-size="200"></conf-abstracts>');
    const h = new ElementHarness(el);
    await waitFor(() => h.part('load-more'), 'the first page');
    await follow(h);
    expect(h.all('[part~="list"] > li[data-chunk]').length, 'windowed').to.be.lessThan(100);
    h.part<HTMLButtonElement>('load-more')!.click();
    const link = await waitFor(
      () => h.focused?.closest('[part~="card"]')?.getAttribute('data-id') === 'a200' && (h.focused as HTMLElement),
      'focus on the 201st',
    );
    expect(link.closest('li')!.getAttribute('aria-posinset')).to.equal('201');
    expect(link.closest('li')!.getAttribute('aria-setsize')).to.equal('400');
    const r = link.getBoundingClientRect();
    expect(r.top).to.be.at.least(-1);
    expect(r.bottom).to.be.at.most(innerHeight + 1);
  });
});
