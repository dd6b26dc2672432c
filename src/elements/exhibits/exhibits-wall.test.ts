/**
 * The sponsor wall (`display="wall"`) at conference scale: 800 exhibitors, one wall and grouped
 * by type (four types of 200, served interleaved). Only the logos near the screen are built; what
 * must keep working although most are not — a list per wall or group with each logo's place in
 * it, every heading, whole rows, Tab and Shift+Tab through logos not built yet (across groups), a
 * focused logo kept, print, deep links — and the shadow root's size.
 */
import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { answerWith, cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import './define.js';

const COUNT = 800;
const TYPES = ['sponsor', 'startup', 'research', 'community'];
const pad = (i: number) => String(i).padStart(4, '0');

function answer(): void {
  const data = Array.from({ length: COUNT }, (_, i) => ({
    id: `x${i}`,
    title: `Exhibitor ${pad(i)}`,
    exhibitType: TYPES[i % TYPES.length],
    shortDescription: 'What they show.',
    description: 'What they show, at length.',
    booth: `B${i}`,
    logoUrl: null,
    websiteUrl: `https://exhibitor${i}.example/`,
    presenter: { fullName: `Presenter ${i}` },
  }));
  answerWith(/\/exhibition\/exhibits/, { data, meta: { total: COUNT, limit: COUNT, offset: 0 } });
}

/** Lets the window follow a scroll: a frame to measure, then the update it asked for. */
async function follow(h: ElementHarness): Promise<void> {
  for (let i = 0; i < 3; i++) await h.settle();
}

/** Every node in the shadow root: elements, text and Lit's markers. */
function nodes(h: ElementHarness): number {
  const walker = document.createTreeWalker(h.root, NodeFilter.SHOW_ALL);
  let n = 0;
  while (walker.nextNode()) n++;
  return n;
}

const built = (h: ElementHarness) => h.all('[part~="wall"] > li[data-chunk]');
const logoOf = (h: ElementHarness, i: number) => h.q<HTMLElement>(`[part~="wall-item"][data-id="x${i}"]`);
/** Asserted as a boolean: a failing assertion on an element would print the whole wall. */
const isBuilt = (h: ElementHarness, i: number) => logoOf(h, i) !== null;
/** Exhibitor index of a wall item or anything in it. */
const indexOf = (el: Element | null | undefined) =>
  Number(el?.closest('li')?.querySelector<HTMLElement>('[data-id]')?.dataset['id']?.slice(1) ?? NaN);

for (const grouped of [false, true]) {
  const attrs = `display="wall"${grouped ? ' group-by="type"' : ''}`;
  /** The wall's order: by type, then served order; or served order. */
  const order = grouped
    ? TYPES.flatMap((_, t) => Array.from({ length: COUNT / TYPES.length }, (_, k) => k * TYPES.length + t))
    : Array.from({ length: COUNT }, (_, i) => i);
  /** Set size and 1-based position of exhibitor `i` in its list. */
  const place = (i: number) =>
    grouped ? { size: COUNT / TYPES.length, pos: Math.floor(i / TYPES.length) + 1 } : { size: COUNT, pos: i + 1 };

  describe(`<conf-exhibits ${attrs}> windowed, ${COUNT} exhibitors`, () => {
    async function mount(container?: HTMLElement): Promise<ElementHarness> {
      answer();
      const h = new ElementHarness(await fixture<HTMLElement>(`<conf-exhibits ${attrs}></conf-exhibits>`, container));
      await waitFor(() => h.part('wall-item'), 'the first logos');
      await follow(h);
      return h;
    }

    afterEach(async () => {
      cleanup();
      history.replaceState(null, '', location.pathname + location.search);
      scrollTo(0, 0);
      await emulateMedia({ media: 'screen' });
    });

    it('builds the logos near the screen and the ends, in far fewer nodes than the whole wall', async () => {
      const h = await mount();
      const n = built(h).length;
      expect(n).to.be.greaterThan(0);
      expect(n, 'a few chunks').to.be.lessThan(100);
      expect(isBuilt(h, order[0]!), 'the first logo').to.equal(true);
      expect(isBuilt(h, order.at(-1)!), 'the last logo, for Shift+Tab into the wall').to.equal(true);
      expect(isBuilt(h, order[COUNT / 2]!), 'the middle').to.equal(false);
      const gaps = h.all('[part~="wall"] > li[data-chunks]');
      expect(gaps.length).to.be.greaterThan(0);
      for (const gap of gaps) expect(gap.getAttribute('aria-hidden')).to.equal('true');
      // The whole wall spends at least four nodes on each exhibitor (item, link, name and its
      // text, the new-tab hint); windowed, the shadow root holds fewer nodes than exhibitors.
      const windowed = nodes(h);
      expect(windowed, 'nodes on screen').to.be.lessThan(COUNT);
      await emulateMedia({ media: 'print' });
      await waitFor(() => built(h).length === COUNT, 'the whole wall');
      expect(nodes(h) / windowed, 'whole ÷ windowed').to.be.greaterThan(4);
    });

    it('is one list per wall or group to a screen reader: set size and position on each logo', async () => {
      const h = await mount();
      const lists = h.all('[part~="wall"]');
      expect(lists).to.have.length(grouped ? TYPES.length : 1);
      for (const ul of lists) {
        expect(ul.localName).to.equal('ul');
        expect(ul.getAttribute('role')).to.equal('list');
      }
      const items = built(h);
      expect(items.length).to.be.greaterThan(0).and.lessThan(COUNT);
      for (const li of items) {
        const { size, pos } = place(indexOf(li));
        expect(li.getAttribute('aria-setsize')).to.equal(String(size));
        expect(li.getAttribute('aria-posinset')).to.equal(String(pos));
      }
    });

    if (grouped) {
      it('keeps every type’s heading and list on the page, though most groups are placeholders', async () => {
        const h = await mount();
        const groups = h.all('[part~="wall-group"]');
        expect(groups.map((g) => g.dataset['type'])).to.deep.equal(TYPES);
        for (const g of groups) {
          expect(g.querySelector('h3')!.textContent!.trim()).to.not.equal('');
          expect(g.querySelector('[part~="wall"]') !== null, 'its list').to.equal(true);
        }
        const middle = groups[1]!.querySelector('[part~="wall"]')!;
        expect(middle.querySelectorAll('li[data-chunk]').length, 'a group off screen: its ends only').to.be.lessThan(
          COUNT / TYPES.length / 2,
        );
        expect(middle.querySelector('li[data-chunks]') !== null, 'and a placeholder').to.equal(true);
      });
    }

    // Larger logos make wider tiles than the element's first guess at its columns: the window counts them.
    for (const [width, logo] of [
      ['760px', ''],
      ['1100px', ''],
      ['1100px', '90px'],
    ] as const) {
      it(`cuts chunks at whole rows and draws placeholders as tall as the rows they stand for, ${width} wide${logo && `, ${logo} logos`}`, async () => {
        const box = document.createElement('div');
        box.style.width = width;
        if (logo) box.style.setProperty('--conf-exhibits-logo-size', logo);
        document.body.append(box);
        try {
          const h = await mount(box);
          await follow(h);
          expect(h.all('[part~="wall"] > li[data-chunks]').length, 'placeholders').to.be.greaterThan(0);
          const lists = h.all('[part~="wall"]');
          const first = [...lists[0]!.querySelectorAll<HTMLElement>(':scope > li[data-chunk]')];
          const columns = first.filter((li) => Math.abs(li.offsetTop - first[0]!.offsetTop) < 1).length;
          expect(columns, 'logos on the first row').to.be.greaterThan(1);
          // Every row of built logos is full, but for a list's last.
          for (const ul of lists) {
            const lis = [...ul.querySelectorAll<HTMLElement>(':scope > li[data-chunk]')];
            if (lis.length === 0) continue;
            const rows = new Map<number, number>();
            for (const li of lis) rows.set(Math.round(li.offsetTop), (rows.get(Math.round(li.offsetTop)) ?? 0) + 1);
            const last = Math.round(lis.at(-1)!.offsetTop);
            for (const [top, count] of rows) if (top !== last) expect(count, `row at ${top}`).to.equal(columns);
          }
          // The placeholders keep each list about as tall as its rows would be, groups off screen too.
          const gap = parseFloat(getComputedStyle(lists[0]!).rowGap);
          const row = first[0]!.getBoundingClientRect().height;
          const expected = Math.ceil(place(0).size / columns) * (row + gap) - gap;
          for (const ul of lists) {
            expect(ul.getBoundingClientRect().height / expected, `${columns} columns`).to.be.within(0.85, 1.15);
          }
        } finally {
          box.remove();
        }
      });
    }

    it('counts its columns again when its width changes, and keeps chunks at whole rows', async () => {
      // 90 px logos: five tiles a row at 1300 px, four at 1000 (where a chunk of five rows' 15 would not end a row).
      const box = document.createElement('div');
      box.style.width = '1300px';
      box.style.setProperty('--conf-exhibits-logo-size', '90px');
      document.body.append(box);
      try {
        const h = await mount(box);
        const firstRow = () => {
          const lis = [...h.all('[part~="wall"]')[0]!.querySelectorAll<HTMLElement>(':scope > li[data-chunk]')];
          return lis.filter((li) => Math.abs(li.offsetTop - lis[0]!.offsetTop) < 1).length;
        };
        const wide = firstRow();
        expect(wide).to.equal(5);
        box.style.width = '1000px';
        await follow(h);
        await waitFor(() => firstRow() < wide, 'fewer columns');
        await follow(h);
        const columns = firstRow();
        expect(h.all('[part~="wall"] > li[data-chunks]').length, 'placeholders').to.be.greaterThan(0);
        for (const ul of h.all('[part~="wall"]')) {
          const lis = [...ul.querySelectorAll<HTMLElement>(':scope > li[data-chunk]')];
          // Each run of built logos (between placeholders) fills its rows but for a list's last.
          const last = Math.round(lis.at(-1)?.offsetTop ?? 0);
          const rows = new Map<number, number>();
          for (const li of lis) rows.set(Math.round(li.offsetTop), (rows.get(Math.round(li.offsetTop)) ?? 0) + 1);
          for (const [top, count] of rows) if (top !== last) expect(count, `row at ${top}`).to.equal(columns);
        }
      } finally {
        box.remove();
      }
    });

    it('Tab walks the linked logos in order, into logos that were not built', async function () {
      // Each key press is a round trip to the test runner; under load many take a while.
      this.timeout(90_000);
      const h = await mount();
      const atTop = built(h).filter((li) => indexOf(li) < COUNT / 2 && (!grouped || indexOf(li) % 4 === 0)).length;
      expect(isBuilt(h, order[atTop + 12]!), 'a logo past the first window').to.equal(false);
      logoOf(h, order[0]!)!.focus();
      const walked: number[] = [];
      while (walked.length < atTop + 16) {
        const i = indexOf(h.focused);
        if (Number.isNaN(i)) break;
        walked.push(i);
        await sendKeys({ press: 'Tab' });
        await h.settle();
      }
      expect(walked).to.deep.equal(order.slice(0, atTop + 16));
      await sendKeys({ press: 'Shift+Tab' });
      await h.settle();
      expect(indexOf(h.focused)).to.equal(walked.at(-1));
    });

    if (grouped) {
      it('Tab and Shift+Tab cross from one group’s logos into the next', async function () {
        this.timeout(90_000);
        const h = await mount();
        const size = COUNT / TYPES.length;
        // Near the end of the first group (the sponsors), far below the first screen.
        const start = size - 6;
        expect(isBuilt(h, order[start]!), 'not built at the top').to.equal(false);
        const groups = h.all('[part~="wall-group"]');
        scrollTo(0, groups[1]!.getBoundingClientRect().top + scrollY - innerHeight / 2);
        await follow(h);
        const from = await waitFor(() => logoOf(h, order[start]!), 'the logo, built as the page reaches it');
        from.focus();
        const walked: number[] = [];
        for (let k = 0; k < 12; k++) {
          walked.push(indexOf(h.focused));
          await sendKeys({ press: 'Tab' });
          await h.settle();
        }
        expect(walked).to.deep.equal(order.slice(start, start + 12));
        expect(h.focused!.closest('[part~="wall-group"]')!.getAttribute('data-type')).to.equal(TYPES[1]);
        for (let k = 0; k < 8; k++) {
          await sendKeys({ press: 'Shift+Tab' });
          await h.settle();
        }
        expect(indexOf(h.focused), 'back in the first group').to.equal(order[start + 4]);
      });
    }

    it('Shift+Tab from below the wall meets its last logo', async () => {
      const h = await mount();
      expect(isBuilt(h, order.at(-2)!), 'the last chunk built').to.equal(true);
      expect(isBuilt(h, order[COUNT / 2]!), 'the middle not').to.equal(false);
      const after = document.createElement('button');
      after.textContent = 'after';
      h.el.after(after);
      try {
        after.focus();
        await sendKeys({ press: 'Shift+Tab' });
        await h.settle();
        expect(indexOf(h.focused)).to.equal(order.at(-1));
      } finally {
        after.remove();
      }
    });

    it('never removes the focused logo while the page scrolls away', async () => {
      const h = await mount();
      const lists = h.all('[part~="wall"]');
      const middle = lists[Math.floor(lists.length / 2)]!;
      scrollTo(0, middle.getBoundingClientRect().top + middle.getBoundingClientRect().height / 2 + scrollY);
      await follow(h);
      const target = await waitFor(() => {
        const li = [...middle.querySelectorAll<HTMLElement>(':scope > li[data-chunk]')].find(
          (li) => Number(li.getAttribute('aria-posinset')) > 40,
        );
        return li?.querySelector<HTMLElement>('a');
      }, 'a logo in the middle');
      target.focus();
      scrollTo(0, 0);
      await follow(h);
      await waitFor(() => logoOf(h, order[1]!), 'the top again');
      await follow(h);
      expect(target.isConnected, 'the focused logo is kept').to.equal(true);
      expect(h.focused === target, 'still focused').to.equal(true);
      // The logos around it were let go: the window still moved.
      expect(built(h).length).to.be.lessThan(100);
    });

    it('prints every logo, though the screen built a few', async function () {
      this.timeout(30_000);
      const h = await mount();
      expect(built(h).length).to.be.lessThan(COUNT);
      await emulateMedia({ media: 'print' });
      await waitFor(() => built(h).length === COUNT, 'every logo on paper');
      expect(h.all('[part~="wall"] > li[data-chunks]').length, 'no placeholders on paper').to.equal(0);
      const drawn = h.all('[part~="wall-item"]').filter((c) => c.getClientRects().length > 0);
      expect(drawn.length).to.equal(COUNT);
      await emulateMedia({ media: 'screen' });
      await waitFor(() => built(h).length < COUNT, 'windowed again on screen');
    });

    it('a deep link to an exhibitor far down opens it and builds its logo on screen behind the dialog', async () => {
      const id = order[COUNT - 40]!;
      history.replaceState(null, '', `#exhibit-x${id}`);
      const h = await mount();
      const dialog = await waitFor(() => h.q<HTMLDialogElement>('dialog[open]'), 'the dialog');
      await waitFor(() => dialog.textContent?.includes(pad(id)), 'the exhibitor in the dialog');
      const logo = await waitFor(() => logoOf(h, id), 'the linked logo, built');
      await waitFor(() => {
        const r = logo.getBoundingClientRect();
        return r.top >= -1 && r.bottom <= innerHeight + 1;
      }, 'the logo on screen');
      expect(built(h).length, 'the rest still windowed').to.be.lessThan(100);
    });
  });
}
