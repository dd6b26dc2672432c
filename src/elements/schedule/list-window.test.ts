/**
 * The list view's windowing at conference scale (2,000 events, 12 rooms, 3 days: 667 on the first
 * day, 37 per time slot): what is built, and what must keep working although most cards are not.
 */
import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { answerWith, cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import './define.js';
import { chunkSize } from './list-window.controller.js';
import type { ConfSchedule } from './schedule.js';

const ZONE = 'Europe/Berlin';
/** Cards per chunk at the test page's width (two columns; at most four). */
const CHUNK = chunkSize(4);
const EVENTS = 2000;
const BASE = Date.parse('2026-06-10T08:00:00+02:00');
const SLOTS = 18;
const words = 'data cloud systems learning graph security privacy design ethics scale latency robust'.split(' ');

function startOf(i: number): number {
  return BASE + (i % 3) * 86_400_000 + (Math.floor(i / 36) % SLOTS) * 30 * 60_000;
}

function answerLarge(): void {
  const venues = Array.from({ length: 12 }, (_, i) => ({
    id: `v${i}`,
    name: `Room ${i + 1}`,
    description: '',
    floor: '1',
    capacity: 100,
    sortOrder: i,
  }));
  const speakers = Array.from({ length: 300 }, (_, i) => ({
    id: `s${i}`,
    fullName: `Person${i} Surname${i % 41}`,
    affiliation: 'Org',
    jobTitle: '',
    bio: '',
    photoUrl: null,
    links: [],
  }));
  const events = Array.from({ length: EVENTS }, (_, i) => ({
    id: `e${i}`,
    title: `${words[i % 12]} ${words[(i * 5) % 12]} ${i}`,
    type: i % 9 === 0 ? 'keynote' : 'talk',
    description: 'About it.',
    startsAt: new Date(startOf(i)).toISOString(),
    endsAt: new Date(startOf(i) + 25 * 60_000).toISOString(),
    timeZone: ZONE,
    venueId: `v${i % 12}`,
    speakerIds: [`s${i % 300}`],
    track: null,
    workshopId: null,
  }));
  const list = (data: unknown[]) => ({ data, meta: { total: data.length, limit: data.length, offset: 0 } });
  answerWith(/\/events\/events/, list(events));
  answerWith(/\/events\/venues/, list(venues));
  answerWith(/\/events\/speakers/, list(speakers));
}

/** Events of the first day (i % 3 === 0) in the last time slot: never near the top of the list. */
const lastSlotIds = Array.from({ length: EVENTS }, (_, i) => i).filter(
  (i) => i % 3 === 0 && Math.floor(i / 36) % SLOTS === SLOTS - 1,
);

async function mount(attributes = 'day="2026-06-10"'): Promise<ElementHarness<ConfSchedule>> {
  answerLarge();
  const el = await fixture<ConfSchedule>(`<conf-schedule ${attributes}></conf-schedule>`);
  const h = new ElementHarness(el);
  await waitFor(() => h.q('.slot-item'), 'the first cards');
  await h.settle();
  // The window measures the built rows when the page is next idle (within 150 ms): settled once
  // it has, as a page is by the time a visitor types.
  await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
  await h.settle();
  await h.settle();
  return h;
}

/** Lets the window follow a scroll: a frame to measure, then the update it asked for. */
async function follow(h: ElementHarness<ConfSchedule>): Promise<void> {
  for (let i = 0; i < 3; i++) await h.settle();
}

const built = (h: ElementHarness) => h.all<HTMLLIElement>('.slot-item');
const cardOf = (h: ElementHarness, i: number) => h.q(`.slot-item:has(a[href="#event-e${i}"])`);

function countNodes(root: Node): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
  let n = 0;
  while (walker.nextNode()) n++;
  return n;
}

describe('<conf-schedule> list windowing, 2,000 events', () => {
  afterEach(async () => {
    cleanup();
    history.replaceState(null, '', location.pathname + location.search);
    scrollTo(0, 0);
    await emulateMedia({ media: 'screen' });
  });

  it('builds the cards near the screen only, every slot heading, and placeholders as tall as the rest', async () => {
    const h = await mount();
    const cards = built(h).length;
    expect(cards).to.be.greaterThan(0);
    expect(cards, 'a few chunks of 667 cards').to.be.at.most(6 * CHUNK);
    expect(h.all('.list > .slot').length, 'every slot of the day keeps its heading').to.equal(SLOTS);
    expect(countNodes(h.el.shadowRoot!), 'nodes in the shadow root').to.be.lessThan(3000);
    // The placeholders make the list about as tall as the day: the page scrolls to its end.
    const list = h.part('list')!;
    expect(list.getBoundingClientRect().height).to.be.greaterThan(innerHeight * 5);
    for (const gap of h.all('.slot-gap')) expect(gap.getAttribute('aria-hidden')).to.equal('true');
  });

  it('keeps list semantics: cards are items of their slot, with the slot’s size and their place in it', async () => {
    const h = await mount();
    const perSlot = new Map<number, number>();
    for (let i = 0; i < EVENTS; i += 3) perSlot.set(startOf(i), (perSlot.get(startOf(i)) ?? 0) + 1);
    for (const li of built(h)) {
      expect(li.parentElement!.localName).to.equal('ul');
      const slot = li.closest<HTMLElement>('.slot')!;
      expect(slot.parentElement!.localName).to.equal('ol');
      const size = Number(li.getAttribute('aria-setsize'));
      expect(size).to.equal(perSlot.get(Number(slot.dataset['start'])));
      const pos = Number(li.getAttribute('aria-posinset'));
      expect(pos).to.be.within(1, size);
    }
    const first = h.q('.list > .slot .slot-item')!;
    expect(first.getAttribute('aria-posinset')).to.equal('1');
    const next = first.nextElementSibling!;
    expect(next.getAttribute('aria-posinset')).to.equal('2');
  });

  it('builds cards as the page scrolls to them and lets go of those far behind', async () => {
    const h = await mount();
    const firstCard = h.q('.slot-item')!;
    expect(cardOf(h, lastSlotIds.at(-1)!)).to.equal(null);
    const list = h.part('list')!;
    scrollTo(0, list.getBoundingClientRect().bottom + scrollY - innerHeight);
    await follow(h);
    await waitFor(() => cardOf(h, lastSlotIds.at(-1)!), 'the last card, built as the page reaches it');
    expect(firstCard.isConnected, 'the first card let go').to.equal(false);
    expect(built(h).length).to.be.at.most(8 * CHUNK);
    scrollTo(0, 0);
    await follow(h);
    await waitFor(() => cardOf(h, 0), 'the first card again');
  });

  it('never recycles the focused card, and Tab walks the cards in order past what was built', async function () {
    // Each key press is a round trip to the test runner; under load a hundred take a while.
    this.timeout(90_000);
    const h = await mount();
    const link = h.q<HTMLAnchorElement>('.slot-item a[href="#event-e0"]')!;
    link.focus();
    const list = h.part('list')!;
    scrollTo(0, list.getBoundingClientRect().bottom + scrollY - innerHeight);
    await follow(h);
    await waitFor(() => cardOf(h, lastSlotIds.at(-1)!), 'the end of the day');
    expect(link.isConnected, 'the focused card is kept').to.equal(true);
    expect(h.focused).to.equal(link);

    // Back to the top, then Tab through more cards than the first window held.
    scrollTo(0, 0);
    await follow(h);
    const first = h.q<HTMLElement>('.slot-item [part="star"]')!;
    const builtAtTop = built(h).length;
    first.focus();
    const order: number[] = [];
    for (let i = 0; i < 2 * (builtAtTop + 2 * CHUNK) && order.length <= builtAtTop + CHUNK; i++) {
      await sendKeys({ press: 'Tab' });
      await h.settle();
      const li = (h.focused as HTMLElement | null)?.closest<HTMLElement>('.slot-item');
      if (!li) break;
      if ((h.focused as HTMLElement).localName === 'a') order.push(Number(li.getAttribute('aria-posinset')));
    }
    // Every card in turn: positions count up within a slot and start again at 1 in the next.
    expect(order.length, 'more cards than were built at the top').to.be.greaterThan(builtAtTop + CHUNK);
    for (let i = 1; i < order.length; i++) {
      expect(order[i] === order[i - 1]! + 1 || order[i] === 1, `card ${i}: ${order[i - 1]} then ${order[i]}`).to.equal(
        true,
      );
    }
  });

  it('a deep link to a card not yet built opens its dialog and builds the card on screen behind it', async () => {
    const id = lastSlotIds[5]!;
    history.replaceState(null, '', `#event-e${id}`);
    const h = await mount();
    const dialog = await waitFor(() => h.q<HTMLDialogElement>('dialog[open]'), 'the dialog');
    expect(dialog.textContent).to.contain(`${id}`);
    const card = await waitFor(() => cardOf(h, id), 'the linked card, built');
    const r = card.getBoundingClientRect();
    expect(r.top).to.be.at.least(-1);
    expect(r.bottom).to.be.at.most(innerHeight + 1);
  });

  it('"now" jumps to a slot whose cards were not built', async () => {
    // 16:05 in Berlin on the first day: the 16:00 slot runs (slot 16 of 18).
    const h = await mount('day="2026-06-10" now="2026-06-10T14:05:00Z"');
    const slot = h.q<HTMLElement>(`.list > .slot[data-start="${BASE + 16 * 30 * 60_000}"]`)!;
    expect(slot.querySelector('.slot-item'), 'nothing of the slot built').to.equal(null);
    h.part('now-button')!.click();
    const card = await waitFor(() => slot.querySelector<HTMLElement>('.slot-item'), 'the now slot’s first card');
    expect(card.getAttribute('aria-posinset')).to.equal('1');
    await waitFor(() => {
      const r = card.getBoundingClientRect();
      return r.top >= -2 && r.bottom <= innerHeight && Math.abs(slot.getBoundingClientRect().top) < 2;
    }, 'the slot at the top of the screen, its first card in sight');
    expect(h.focused?.classList.contains('slot-time')).to.equal(true);
  });

  it('prints every day and every event, though the screen built a few', async function () {
    // 2,000 cards on paper.
    this.timeout(60_000);
    const h = await mount();
    expect(built(h).length).to.be.lessThan(200);
    await emulateMedia({ media: 'print' });
    await waitFor(() => h.all('.print-day').length === 3, 'every day on paper');
    await h.settle();
    expect(h.all('.print-day [part~="event"]').length).to.equal(EVENTS);
    expect(h.all('.slot-gap').length, 'no placeholders on paper').to.equal(0);
    await emulateMedia({ media: 'screen' });
    await waitFor(() => h.all('.print-day').length === 0, 'back to the screen');
  });

  it('after each of many searches, builds the cards on screen at once and the half screen below it soon after', async () => {
    const h = await mount();
    const input = h.part<HTMLInputElement>('search')!;
    // Beyond a row below the screen: only the margin's chunks reach there.
    const below = () => built(h).filter((li) => li.getBoundingClientRect().top > innerHeight + 150).length;
    for (const q of ['s', 'su', 'surname1', 'surname', 'data', 'learning', 'priv', '']) {
      input.value = q;
      input.dispatchEvent(new InputEvent('input'));
      await h.el.updateComplete;
      // The screen is full at once: the last card built reaches its bottom.
      expect(built(h).length, `"${q}": cards built`).to.be.greaterThan(0);
      const last = built(h).at(-1)!;
      expect(last.getBoundingClientRect().bottom, `"${q}": the screen filled`).to.be.at.least(innerHeight);
      await waitFor(() => below() > 0, `"${q}": cards below the screen, built when the page is idle`);
    }
  });

  it('search finds a talk whose card was not built', async () => {
    const h = await mount();
    const id = lastSlotIds.at(-1)!;
    expect(cardOf(h, id)).to.equal(null);
    const input = h.part<HTMLInputElement>('search')!;
    input.value = `${words[id % 12]} ${words[(id * 5) % 12]} ${id}`;
    input.dispatchEvent(new InputEvent('input'));
    await h.settle();
    const card = await waitFor(() => cardOf(h, id), 'the found card');
    expect(card.hidden).to.equal(false);
    expect(built(h).length).to.equal(1);
    expect(card.getAttribute('aria-setsize')).to.equal('1');
  });
});

describe('<conf-schedule> grid windowing, 2,000 events', () => {
  afterEach(async () => {
    cleanup();
    scrollTo(0, 0);
  });

  it('builds the cards in and near the grid’s box, the rest as it scrolls, keeping the focused one', async () => {
    answerLarge();
    const el = await fixture<ConfSchedule>(`<conf-schedule view="grid" day="2026-06-10"></conf-schedule>`);
    const h = new ElementHarness(el);
    await waitFor(() => h.q('.grid-cell'), 'the first cards');
    await follow(h);
    const cells = h.all('.grid-cell').length;
    expect(cells).to.be.greaterThan(0);
    expect(cells, 'part of the day’s 667').to.be.lessThan(150);
    const late = () => lastSlotIds.some((id) => h.q(`.grid-cell[data-id="e${id}"]`));
    expect(late(), 'the last slot not built yet').to.equal(false);
    const link = h.q<HTMLAnchorElement>('.grid-cell a')!;
    link.focus();
    const box = h.part('grid')!;
    box.scrollTo(box.scrollWidth, box.scrollHeight);
    await follow(h);
    await waitFor(late, 'the last slot’s cards, built as the box reaches them');
    expect(link.isConnected, 'the focused card is kept').to.equal(true);
    expect(h.focused).to.equal(link);
  });
});
