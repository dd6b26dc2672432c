/**
 * What a visitor notices: targets large enough to hit (WCAG 2.2 2.5.8, 24 × 24 px), rows that say
 * they scroll on a phone, a labelled Track row, and the same close button as every other panel.
 */
import { expect } from '@esm-bundle/chai';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import './define.js';
import type { ConfSchedule } from './schedule.js';

async function mount(attrs: string, width: number): Promise<ElementHarness<ConfSchedule>> {
  const el = await fixture<ConfSchedule>(
    `<conf-schedule ${attrs} style="display:block;width:${width}px"></conf-schedule>`,
  );
  const h = new ElementHarness(el);
  await waitFor(() => h.q('[part~="event"]'), 'event cards');
  await h.settle();
  return h;
}

/**
 * True when the 24 px circle centred in `at` (WCAG 2.5.8's measure) is all `target`'s to hit:
 * every sampled point of it lands on the target (or inside it), as the pointer would; else what
 * was hit instead.
 */
function hitsSquare(h: ElementHarness, target: Element, at: DOMRect): true | string {
  const cx = at.x + at.width / 2;
  const cy = at.y + at.height / 2;
  const points = [
    [0, 0],
    [-11.5, 0],
    [11.5, 0],
    [0, -11.5],
    [0, 11.5],
    [-8, -8],
    [8, -8],
    [-8, 8],
    [8, 8],
  ] as const;
  for (const [dx, dy] of points) {
    {
      const hit = h.root.elementFromPoint(cx + dx, cy + dy);
      if (!hit || !(hit === target || target.contains(hit)))
        return `${dx},${dy} hits ${hit?.localName}.${hit?.className}`;
    }
  }
  return true;
}

const frames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

describe('<conf-schedule> details a visitor notices', () => {
  afterEach(() => cleanup());

  for (const view of ['list', 'grid'] as const) {
    it(`${view}: star buttons and title links are targets of at least 24 × 24 px`, async () => {
      const h = await mount(`view="${view}"`, 760);
      // The first dozen cards, found again by their links at each step: the list builds the cards
      // near the screen as the page scrolls, and lets go of those the scrolling left behind.
      const hrefs: string[] = [];
      for (let step = 0; step < 50 && hrefs.length < 12; step++) {
        await frames();
        await h.settle();
        for (const a of h.all('.slot-item:not([hidden]) [part="event-title"], .grid-cell [part="event-title"]')) {
          const href = a.getAttribute('href')!;
          if (!hrefs.includes(href)) hrefs.push(href);
        }
        scrollBy(0, innerHeight / 2);
      }
      hrefs.splice(12);
      scrollTo(0, 0);
      const cardOf = (href: string) =>
        waitFor(() => h.q(`[part~="event"]:has([part="event-title"][href="${href}"])`), `the card of ${href}`);
      expect(hrefs.length).to.equal(12);
      for (const href of hrefs) {
        const star = (await cardOf(href)).querySelector<HTMLElement>('[part="star"]')!;
        star.scrollIntoView({ block: 'center' });
        // Off-screen cards are skipped (content-visibility): hit testing sees them once drawn.
        await frames();
        const r = star.getBoundingClientRect();
        expect(r.width, 'star width').to.be.at.least(24);
        expect(r.height, 'star height').to.be.at.least(24);
        expect(hitsSquare(h, star, r), 'the star is hit, not the link under it').to.equal(true);
      }
      scrollTo(0, 0);
      await frames();
      for (const href of hrefs) {
        const link = (await cardOf(href)).querySelector<HTMLElement>('[part="event-title"]')!;
        link.scrollIntoView({ block: 'center' });
        await frames();
        // The whole card is the link's target; the square is centred on the card's title.
        const card = link.closest('[part~="event"]')!.getBoundingClientRect();
        const title = link.getBoundingClientRect();
        const square = new DOMRect(card.x + card.width / 2 - 12, title.y + title.height / 2 - 12, 24, 24);
        expect(card.height, 'card height').to.be.at.least(24);
        expect(hitsSquare(h, link, square), `title link “${link.textContent}”: a 24 px square of target`).to.equal(
          true,
        );
      }
    });
  }

  it('in a narrow box (a phone, a sidebar) the day tabs and type chips fade out at the edge they scroll past, and not when they fit', async () => {
    const narrow = await mount('', 300);
    // The type chips fold behind "Filters" in a narrow box.
    narrow.part<HTMLButtonElement>('filters-button')!.click();
    await narrow.settle();
    const tabs = narrow.part('day-tabs')!;
    const chips = narrow.part('type-filter')!;
    for (const [row, name] of [
      [tabs, 'day tabs'],
      [chips, 'type chips'],
    ] as const) {
      expect(row.scrollWidth, `${name} scroll at 300 px`).to.be.greaterThan(row.clientWidth);
      const atStart = getComputedStyle(row).maskImage;
      expect(atStart, `${name}: a fade at the start`).to.contain('gradient');
      row.scrollLeft = row.scrollWidth;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const atEnd = getComputedStyle(row).maskImage;
      expect(atEnd, `${name}: a fade at the end`).to.contain('gradient');
      expect(atEnd, `${name}: the fade moves to the other edge`).to.not.equal(atStart);
    }
    cleanup();
    const wide = await mount('', 1100);
    expect(wide.part('day-tabs')!.scrollWidth).to.be.at.most(wide.part('day-tabs')!.clientWidth);
    expect(getComputedStyle(wide.part('day-tabs')!).maskImage, 'no fade when the tabs fit').to.equal('none');
  });

  it('event details: the Track row has a visible label, and the dialog closes with the shared “Close” button', async () => {
    const h = await mount('', 760);
    // The first event with a track shows the row: each card opened in turn, scrolling down the
    // list (which builds the cards near the screen) until one has a track.
    let tracked: Element | null = null;
    const tried = new Set<string>();
    for (let step = 0; step < 400 && !tracked; step++) {
      for (const a of h.all<HTMLAnchorElement>('[part="event-title"]')) {
        const href = a.getAttribute('href')!;
        if (tried.has(href)) continue;
        tried.add(href);
        a.click();
        // The dialog's code arrives on the first open.
        await waitFor(() => h.q('dialog[open] #dialog-title'), 'the dialog');
        await h.settle();
        tracked = h.q('dialog[open] .track');
        if (tracked) break;
        h.part<HTMLButtonElement>('close-button')!.click();
        await waitFor(() => !h.q('dialog[open]'), 'closed');
        // Opening brought the card on screen; what is built around it may have changed.
        break;
      }
      if (tracked) break;
      if (h.all('[part="event-title"]').every((a) => tried.has(a.getAttribute('href')!))) {
        const before = scrollY;
        scrollBy(0, innerHeight / 2);
        await frames();
        await h.settle();
        if (scrollY === before) break;
      }
    }
    expect(tracked, 'some event has a track').to.not.equal(null);
    const dt = tracked!.parentElement!.querySelector('dt')!;
    expect(dt.textContent!.trim()).to.equal('Track');
    expect(dt.classList.contains('visually-hidden')).to.equal(false);
    expect(dt.getBoundingClientRect().width).to.be.greaterThan(0);
    const close = h.part<HTMLButtonElement>('close-button')!;
    expect(close.textContent!.trim()).to.equal('Close');
    expect(close.classList.contains('dialog-close')).to.equal(true);
    close.click();
    await waitFor(() => !h.q('dialog[open]'), 'the dialog closes');
  });
});
