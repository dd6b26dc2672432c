/**
 * The schedule in narrow places (issue 21, item 8): a 300 px sidebar limited with `max-items`,
 * the phone toolbar folded behind one "Filters" button, the grid falling back to the list where
 * its rooms cannot fit, and the "Now" jump stopping below a site's sticky header.
 */
import { expect } from '@esm-bundle/chai';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import './define.js';
import type { ConfSchedule } from './schedule.js';

/** 11:05 in Berlin on the first day: sessions run, more follow. */
const NOW = '2026-06-10T11:05:00+02:00';

async function mountIn(width: number, attributes: string): Promise<ElementHarness<ConfSchedule>> {
  const box = document.createElement('div');
  box.style.width = `${width}px`;
  document.body.append(box);
  const el = await fixture<ConfSchedule>(`<conf-schedule now="${NOW}" ${attributes}></conf-schedule>`, box);
  const h = new ElementHarness(el);
  await waitFor(() => h.part('list') || h.part('grid'), 'schedule content');
  await h.settle();
  // The width observer reports in the next frame; the layout that follows is the one to measure.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await h.settle();
  return h;
}

function shownCards(h: ElementHarness<ConfSchedule>): HTMLElement[] {
  return h
    .all<HTMLElement>('.list .slot-item')
    .filter((li) => !li.hidden && !li.closest('.slot')!.hasAttribute('hidden'));
}

describe('<conf-schedule> in narrow places', () => {
  afterEach(() => {
    cleanup();
    document.querySelectorAll('body > div').forEach((d) => d.remove());
  });

  it('in a 300 px sidebar, max-items="5" shows five events from now, then all of them on "Show all"', async () => {
    const h = await mountIn(300, 'max-items="5"');
    const cards = shownCards(h);
    expect(cards.length).to.equal(5);
    // From the first event not yet over: nothing that ended before 11:05.
    for (const c of cards) {
      const ends = c.querySelector('time')!.getAttribute('datetime')!;
      expect(Date.parse(ends) + 0, 'starts at 10:30 or later').to.be.at.least(Date.parse('2026-06-10T10:30:00+02:00'));
    }
    const height = h.el.getBoundingClientRect().height;
    console.log(`300 px sidebar, max-items=5: ${Math.round(height)} px tall`);
    // Unlimited, the day is ~15,700 px in this width.
    expect(height).to.be.below(1500);
    const more = h.part('show-all-button')!;
    expect(more.textContent).to.match(/Show all \d+ events/);
    const total = Number(/Show all (\d+) events/.exec(more.textContent!)![1]);
    more.click();
    await h.settle();
    expect(h.part('show-all-button')).to.equal(null);
    // Every event of the day, as a visitor scrolling down the list sees them (the list builds the
    // cards near the screen as the page scrolls).
    const seen = new Set<string>();
    for (let step = 0; step < 500; step++) {
      for (let i = 0; i < 3; i++) await h.settle();
      for (const c of shownCards(h)) seen.add(c.querySelector('[part="event-title"]')!.getAttribute('href')!);
      const before = scrollY;
      scrollBy(0, innerHeight / 2);
      if (scrollY === before) break;
    }
    scrollTo(0, 0);
    expect(seen.size).to.equal(total);
  });

  it('on a phone the toolbar is one row (search, Now, Filters) and the filters unfold from it', async () => {
    const h = await mountIn(343, '');
    const toolbar = h.part('toolbar')!;
    const tall = toolbar.getBoundingClientRect().height;
    console.log(`phone toolbar: ${Math.round(tall)} px`);
    // A quarter of an 812 px phone screen at most (it was 230 px: search, rooms, chips, two rows of buttons).
    expect(tall).to.be.at.most(812 * 0.25);
    expect(h.part('type-filter')!.getBoundingClientRect().height, 'kinds folded').to.equal(0);
    const toggle = h.part('filters-button')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.click();
    await h.settle();
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(h.part('type-filter')!.getBoundingClientRect().height, 'kinds unfolded').to.be.greaterThan(0);
    expect(h.part('venue-filter')!.getBoundingClientRect().height, 'rooms unfolded').to.be.greaterThan(0);
  });

  it('keeps the wide toolbar unfolded, without the Filters button', async () => {
    const h = await mountIn(1000, '');
    expect(h.part('filters-button')!.getBoundingClientRect().width).to.equal(0);
    expect(h.part('type-filter')!.getBoundingClientRect().height).to.be.greaterThan(0);
  });

  it('shows the grid as the list, saying so, where not even three rooms fit', async () => {
    const narrow = await mountIn(500, 'view="grid"');
    expect(narrow.part('grid')).to.equal(null);
    expect(narrow.part('list')).to.not.equal(null);
    expect(narrow.part('grid-fallback')!.textContent).to.match(/shown as a list/);
    cleanup();
    // 80 px of times and three 176 px columns.
    const wide = await mountIn(80 + 3 * 176 + 2, 'view="grid"');
    expect(wide.part('grid')).to.not.equal(null);
    expect(wide.part('grid-fallback')).to.equal(null);
  });

  it('"Now" scrolls to the slot running now, below a sticky header of --conf-sticky-top', async () => {
    const h = await mountIn(343, 'style="--conf-sticky-top: 60px"');
    const button = h.part('now-button')!;
    expect(button.getAttribute('aria-label')).to.equal('Jump to now');
    button.click();
    // The slot of 10:30 (running at 11:05) is the first with an event not yet over.
    const slot = await waitFor(() => {
      const s = h
        .all<HTMLElement>('.list > .slot')
        .find((x) => x.querySelector('time')?.getAttribute('datetime')?.startsWith('2026-06-10T08:30'));
      return s;
    }, 'the 10:30 slot');
    await waitFor(
      () => Math.abs(slot.getBoundingClientRect().top - 60) < 2,
      'the slot scrolled below the 60 px header',
      5000,
    );
    expect(h.el.shadowRoot!.activeElement?.classList.contains('slot-time')).to.equal(true);
  });

  it("keeps the grid's room names below a sticky site header of --conf-sticky-top", async () => {
    const h = await mountIn(1400, 'view="grid" style="--conf-sticky-top: 200px"');
    const box = h.part('grid')!;
    expect(box.getBoundingClientRect().height, 'the grid box fits below the header').to.be.at.most(innerHeight - 200);
    box.scrollIntoView({ block: 'start' });
    const venue = h.part('grid-venue')!.getBoundingClientRect();
    expect(venue.top, 'room names start below the header').to.be.at.least(199);
    expect(venue.bottom).to.be.at.most(innerHeight);
  });

  it('has no Now button on another day', async () => {
    const h = await mountIn(343, 'day="2026-06-11"');
    expect(h.part('now-button')).to.equal(null);
  });
});
