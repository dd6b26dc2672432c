import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { runAsyncStateTests } from '../../../test/browser/async-state-suite.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { cleanup, ElementHarness, fixture, staleOn, waitFor } from '../../../test/browser/harness.js';
import { ApiClient } from '../../api/client.js';
import type { ScheduleEvent, Speaker, Venue } from '../../api/records.js';
import type { ConfAgendaChangeEvent } from '../../events/conf-agenda-change.js';
import type { ConfEventOpenEvent } from '../../events/conf-event-open.js';
import { agendaHash, agendaStorageKey } from './agenda.model.js';
import './define.js';
import type { ConfSchedule } from './schedule.js';
import { buildIndex, filterItems, nowNext, type ScheduleIndex } from './schedule.model.js';
import { screenLayout } from './screen.view.js';

const ZONE = 'Europe/Berlin';
const MAIN_HALL = 'ven-main-hall';

let index: ScheduleIndex;

before(async () => {
  // The same data the element loads, read directly, so expectations follow the sandbox's seed.
  const client = new ApiClient(location.origin);
  const [events, venues, speakers] = await Promise.all([
    client.listAll('events'),
    client.listAll('venues'),
    client.listAll('speakers'),
  ]);
  index = buildIndex(
    { events: events.data as ScheduleEvent[], venues: venues.data as Venue[], speakers: speakers.data as Speaker[] },
    ZONE,
  );
});

function clearAgenda(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith('conf-widgets:agenda:')) localStorage.removeItem(key);
}

function resetHash(): void {
  history.replaceState(null, '', location.pathname + location.search);
}

async function mount(attributes = ''): Promise<ElementHarness<ConfSchedule>> {
  const el = await fixture<ConfSchedule>(`<conf-schedule ${attributes}></conf-schedule>`);
  const h = new ElementHarness(el);
  await waitFor(() => h.part('list') || h.part('grid') || h.part('screen'), 'schedule content');
  await h.settle();
  return h;
}

/** Mounts at a fixed size (the way a kiosk page sizes it), sized before its data arrives. */
async function mountSized(attributes: string, width: number, height: number): Promise<ElementHarness<ConfSchedule>> {
  const el = await fixture<ConfSchedule>(`<conf-schedule ${attributes}></conf-schedule>`);
  el.style.width = `${width}px`;
  el.style.height = `${height}px`;
  const h = new ElementHarness(el);
  await waitFor(() => h.part('screen-venue') || h.q('.screen-done'), 'screen content');
  // The venue area is measured after the first render; give the re-render a frame.
  await h.settle();
  await h.settle();
  return h;
}

/** A kiosk cannot scroll: every card inside the element's box and nothing scrollable. */
function expectScreenFits(h: ElementHarness<ConfSchedule>): void {
  const box = h.el.getBoundingClientRect();
  const cards = h.all('[part="screen-venue"]');
  expect(cards.length).to.be.greaterThan(0);
  for (const card of cards) {
    const r = card.getBoundingClientRect();
    const where = `${card.querySelector('.screen-venue-name')?.textContent ?? 'card'} at ${r.left},${r.top} ${r.width}×${r.height}`;
    expect(r.left, where).to.be.at.least(box.left - 0.5);
    expect(r.top, where).to.be.at.least(box.top - 0.5);
    expect(r.right, where).to.be.at.most(box.right + 0.5);
    expect(r.bottom, where).to.be.at.most(box.bottom + 0.5);
    expect(r.height, where).to.be.greaterThan(40);
  }
  for (const el of [h.el, h.q<HTMLElement>('.root')!, h.q<HTMLElement>('.screen-body')!]) {
    expect(el.scrollHeight, 'no vertical scrollbar').to.be.at.most(el.clientHeight);
    expect(el.scrollWidth, 'no horizontal scrollbar').to.be.at.most(el.clientWidth);
  }
}

/** The star button on the card of event `id`, in the list or the grid. */
const starOf = (h: ElementHarness, id: string) =>
  h.q<HTMLButtonElement>(`[part~="event"]:has(a[href="#event-${id}"]) [part="star"]`)!;

const shownCards = (h: ElementHarness) =>
  h.all('.slot-item:not([hidden]) [part~="event"], .grid-cell:not([hidden]) [part~="event"]');

/** A card as the list showed it: its event, its slot, and what a screen reader hears of its place. */
interface Seen {
  id: string;
  card: HTMLElement;
  slot: string;
  size: number;
  pos: number;
  /** The element the card's item sits in. */
  list: string;
}

/**
 * Every card the list shows, as a visitor scrolling through it sees them: the list builds only
 * the cards near the screen (list-window.controller.ts), so the page is scrolled from the list's
 * top to its end, half a screen at a time, letting the list build what comes into reach. One card
 * per event, each as it was shown; the page is scrolled back to the top after.
 */
async function scrollThrough(h: ElementHarness): Promise<Seen[]> {
  const seen = new Map<string, Seen>();
  const follow = async () => {
    for (let i = 0; i < 3; i++) await h.settle();
  };
  scrollTo(0, 0);
  for (let step = 0; step < 500; step++) {
    await follow();
    for (const card of shownCards(h)) {
      const id = card.querySelector('[part="event-title"]')!.getAttribute('href')!.replace('#event-', '');
      const li = card.closest<HTMLElement>('li')!;
      const slot = li.closest<HTMLElement>('.slot')?.dataset['start'] ?? '';
      const [size, pos] = ['aria-setsize', 'aria-posinset'].map((a) => Number(li.getAttribute(a)));
      seen.set(id, { id, card, slot, size: size!, pos: pos!, list: li.parentElement!.localName });
    }
    const list = h.part('list')!;
    if (list.getBoundingClientRect().bottom <= innerHeight) break;
    const before = scrollY;
    scrollBy(0, innerHeight / 2);
    if (scrollY === before) break;
  }
  scrollTo(0, 0);
  await follow();
  return [...seen.values()];
}

const dayIds = (items: ScheduleIndex['items']) => items.map((i) => i.event.id).sort();

/** The event ids of cards seen, sorted. */
const idsOf = (seen: readonly Seen[]) => seen.map((s) => s.id).sort();
/** The surname of the first speaker of day `n`'s first event that has one: a search term with matches. */
const surnameOn = (n: number) =>
  index.byDay
    .get(index.days[n]!)!
    .find((i) => i.speakers.length > 0)!
    .speakers[0]!.fullName.split(' ')
    .at(-1)!;

describe('<conf-schedule>', () => {
  beforeEach(() => {
    clearAgenda();
    resetHash();
  });
  afterEach(() => {
    cleanup();
    clearAgenda();
    resetHash();
  });

  it('renders the programme from the sandbox: day tabs, slots across venues, conf-loaded', async () => {
    let loaded = 0;
    const onLoaded = (e: Event) => (loaded = (e as CustomEvent<{ count: number }>).detail.count);
    document.addEventListener('conf-loaded', onLoaded);
    const h = await mount();
    document.removeEventListener('conf-loaded', onLoaded);
    expect(index.items.length).to.be.greaterThan(150);
    expect(loaded).to.equal(index.items.length);
    const tabs = h.all('[role="tab"]');
    expect(tabs.length).to.equal(index.days.length).and.equal(3);
    expect(tabs[0]!.getAttribute('aria-selected')).to.equal('true');
    // Only the selected day is shown, and of it the cards near the screen are built (every card
    // of the day, scrolling: "list of a day the size of the sandbox's, windowed" below).
    const firstDay = index.byDay.get(index.days[0]!)!;
    expect(h.all('.slot-item').length).to.be.within(1, firstDay.length - 1);
    for (const li of h.all('.slot-item'))
      expect(firstDay.some((i) => li.querySelector(`a[href="#event-${i.event.id}"]`))).to.equal(true);
    const firstSlot = h.q('.slot-time')!.textContent!.trim();
    expect(firstSlot).to.equal(
      // A 12-hour clock without a leading zero, never broken before AM/PM.
      new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' })
        .format(firstDay[0]!.start)
        .replace(/ /g, '\u00a0'),
    );
  });

  runAsyncStateTests('conf-schedule', {
    request: /\/api\/public\/v1\/events\/events/,
    path: '/api/public/v1/events/events',
    isReady: (h) => h.part('list') !== null,
  });

  it('searches titles, descriptions and speaker names; clears to everything', async () => {
    const h = await mount();
    const day = index.byDay.get(index.days[0]!)!;
    const surname = surnameOn(0);
    const search = h.part<HTMLInputElement>('search')!;
    await h.type(search, surname);
    const shown = await scrollThrough(h);
    expect(shown.length).to.be.greaterThan(0);
    expect(shown.length).to.be.lessThan(day.length);
    for (const { card } of shown) expect(card.textContent!.toLowerCase()).to.contain(surname.toLowerCase());
    expect(idsOf(shown)).to.deep.equal(dayIds(filterItems(index, { day: index.days[0]!, query: surname })));
    expect(h.q('[role="status"][aria-live="polite"]')!.textContent).to.contain(`${shown.length} events`);
    await h.type(search, ' zzzznotathing');
    expect(shownCards(h).length).to.equal(0);
    expect(h.part('empty')).to.not.equal(null);
    h.q<HTMLButtonElement>('[part="empty"] button')!.click();
    await h.settle();
    expect(idsOf(await scrollThrough(h))).to.deep.equal(dayIds(day));
  });

  it('a backspace, a retyped word and a cleared search show what a fresh search shows (kept matches)', async () => {
    const h = await mount();
    const word = surnameOn(0);
    const search = h.part<HTMLInputElement>('search')!;
    const expectShows = async (query: string) => {
      search.value = query;
      search.dispatchEvent(new InputEvent('input'));
      await h.settle();
      const want = dayIds(filterItems(index, { day: index.days[0]!, query }));
      expect(idsOf(await scrollThrough(h)), `"${query}"`).to.deep.equal(want);
      const counts = h.all('[part="day-tab-count"]').map((el) => Number(el.textContent));
      const perDay = index.days.map((d) => filterItems(index, { day: d, query }).length);
      expect(counts, `"${query}": day tab counts`).to.deep.equal(query.trim() ? perDay : []);
    };
    for (const q of [word.slice(0, 2), word, `${word} x`, word, word.slice(0, 2), '', word]) await expectShows(q);
    // The venue filter with the same query is another search, not the kept one.
    h.el.setAttribute('venue', index.venues[0]!.id);
    await h.settle();
    const inRoom = filterItems(index, { day: index.days[0]!, query: word, venues: new Set([index.venues[0]!.id]) });
    expect(idsOf(await scrollThrough(h))).to.deep.equal(dayIds(inRoom));
  });

  it("counts a search's matches on every day tab, so matches on other days show", async () => {
    const h = await mount();
    const term = surnameOn(2);
    const expected = index.days.map((day) => filterItems(index, { day, query: term }).length);
    expect(expected[2]).to.be.greaterThan(0);
    expect(h.part('day-tab-count'), 'no counts without a search').to.equal(null);
    await h.type(h.part<HTMLInputElement>('search')!, term);
    const counts = h.all('[part="day-tab-count"]').map((el) => Number(el.textContent));
    expect(counts).to.deep.equal(expected);
    const tabs = h.all('[role="tab"]');
    expect(tabs[2]!.textContent).to.contain(`${expected[2]} matching events`);
    expect(h.q('[role="status"][aria-live="polite"]')!.textContent).to.contain(`${expected[0]} events`);
    await expectNoAxeViolations(h.el);
    // Switching to another day keeps the search and shows that day's matches.
    tabs[2]!.click();
    await h.settle();
    expect((await scrollThrough(h)).length).to.equal(expected[2]);
    h.part<HTMLInputElement>('search')!.value = '';
    h.part<HTMLInputElement>('search')!.dispatchEvent(new InputEvent('input'));
    await h.settle();
    expect(h.part('day-tab-count')).to.equal(null);
  });

  describe('on paper', () => {
    /** Laid out, i.e. it would be on the page: `display: none` anywhere up the tree gives no boxes. */
    const drawn = (el: Element) => el.getClientRects().length > 0;
    afterEach(() => emulateMedia({ media: 'screen' }));

    it('prints every day under its date, as the list even from the grid, without controls', async () => {
      const h = await mount('view="grid"');
      expect(h.all('.slot-item, .grid-cell').length, 'one day on screen').to.be.lessThan(index.items.length);
      await emulateMedia({ media: 'print' });
      await waitFor(() => h.all('.print-day').length === index.days.length, 'every day on paper');
      expect(h.part('grid'), 'no grid on paper').to.equal(null);
      const fmt = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, month: 'long', day: 'numeric' });
      for (const [i, section] of h.all('.print-day').entries()) {
        const day = index.byDay.get(index.days[i]!)!;
        expect(section.querySelector('.print-day-title')!.textContent).to.contain(fmt.format(day[0]!.start));
        const cards = [...section.querySelectorAll('[part~="event"]')].filter(drawn);
        expect(cards.length, `events of ${index.days[i]} on paper`).to.equal(day.length);
      }
      expect(getComputedStyle(h.part('event')!).breakInside).to.equal('avoid');
      for (const part of ['toolbar', 'day-tabs', 'star', 'print-note']) {
        expect(h.all(`[part~="${part}"]`).filter(drawn), part).to.deep.equal([]);
      }
      await emulateMedia({ media: 'screen' });
      await waitFor(() => h.part('grid') && !h.q('.print-day'), 'back to one day of the grid');
      // The print command announces itself; the days must be there before the next task lays out the paper.
      dispatchEvent(new Event('beforeprint'));
      await new Promise((r) => setTimeout(r));
      expect(h.all('.print-day').length).to.equal(index.days.length);
      dispatchEvent(new Event('afterprint'));
      await waitFor(() => h.part('grid') && !h.q('.print-day'), 'the grid after printing');
    });

    it('prints what a search shows, on every day it matches, and says it is filtered', async () => {
      const h = await mount();
      const term = surnameOn(2);
      const matches = filterItems(index, { day: null, query: term });
      const days = new Set(matches.map((i) => i.day));
      await h.type(h.part<HTMLInputElement>('search')!, term);
      await emulateMedia({ media: 'print' });
      const note = await h.waitForPart('print-note');
      expect(drawn(note)).to.equal(true);
      expect(note.textContent).to.contain(`“${term}”`).and.contain(`${matches.length} of ${index.items.length} events`);
      expect(h.all('.print-day').map((d) => d.dataset.day)).to.deep.equal(index.days.filter((d) => days.has(d)));
      expect(h.all('.print-day [part~="event"]').filter(drawn).length).to.equal(matches.length);
    });
  });

  it('filters by event type and by venue', async () => {
    const h = await mount();
    const day = index.byDay.get(index.days[0]!)!;
    const keynoteChip = h.q<HTMLInputElement>('.type-filter .type-keynote input')!;
    keynoteChip.click();
    await h.settle();
    const keynotes = day.filter((i) => i.event.type === 'keynote');
    const shown = await scrollThrough(h);
    expect(idsOf(shown)).to.deep.equal(dayIds(keynotes));
    for (const { card } of shown) expect(card.getAttribute('part')).to.contain('event-keynote');
    keynoteChip.click();
    await h.settle();
    const venueBox = h.all<HTMLElement>('.venue-option')[0]!;
    venueBox.click();
    await h.settle();
    const inFirstVenue = day.filter((i) => i.event.venueId === index.venues[0]!.id);
    expect(idsOf(await scrollThrough(h))).to.deep.equal(dayIds(inFirstVenue));
    expect(h.q('.venue-toggle')!.textContent).to.contain(`1 of ${index.venues.length}`);
  });

  it('venue="…" in the list starts filtered to that room, and people can widen it', async () => {
    const h = await mount(`venue="${MAIN_HALL}"`);
    const day = index.byDay.get(index.days[0]!)!;
    const inMainHall = day.filter((i) => i.event.venueId === MAIN_HALL);
    expect(inMainHall.length).to.be.greaterThan(0);
    expect(idsOf(await scrollThrough(h))).to.deep.equal(dayIds(inMainHall));
    expect(h.q('.venue-toggle')!.textContent).to.contain(`1 of ${index.venues.length}`);
    h.all<HTMLElement>('.venue-option')
      .find((o) => o.getAttribute('aria-selected') === 'true')!
      .click();
    await h.settle();
    expect(idsOf(await scrollThrough(h))).to.deep.equal(dayIds(day));
  });

  it('switches days with the arrow keys, Home and End (ARIA tabs)', async () => {
    const h = await mount();
    const tabs = () => h.all<HTMLButtonElement>('[role="tab"]');
    tabs()[0]!.focus();
    await h.press('ArrowRight');
    expect(tabs()[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(h.focused).to.equal(tabs()[1]);
    expect(idsOf(await scrollThrough(h))).to.deep.equal(dayIds(index.byDay.get(index.days[1]!)!));
    await h.press('End');
    expect(tabs()[2]!.getAttribute('aria-selected')).to.equal('true');
    await h.press('ArrowRight');
    expect(tabs()[0]!.getAttribute('aria-selected')).to.equal('true');
    await h.press('ArrowLeft');
    expect(tabs()[2]!.getAttribute('aria-selected')).to.equal('true');
    await h.press('Home');
    expect(h.focused).to.equal(tabs()[0]);
    expect(tabs().filter((t) => t.tabIndex === 0).length).to.equal(1);
    expect(h.q('[role="tabpanel"]')!.getAttribute('aria-labelledby')).to.equal(tabs()[0]!.id);
  });

  it('opens the detail dialog by keyboard, updates the hash, closes with Escape and returns focus', async () => {
    const h = await mount();
    const opened: ConfEventOpenEvent[] = [];
    h.el.addEventListener('conf-event-open', (e) => opened.push(e));
    const link = h.q<HTMLAnchorElement>('[part="event-title"]')!;
    link.focus();
    await h.press('Enter');
    const dialog = h.q<HTMLDialogElement>('dialog')!;
    await waitFor(() => dialog.open, 'dialog open');
    const item = index.byDay.get(index.days[0]!)![0]!;
    expect(opened[0]?.detail.id).to.equal(item.event.id);
    expect(location.hash).to.equal(`#event-${item.event.id}`);
    expect(dialog.querySelector('#dialog-title')!.textContent).to.equal(item.event.title);
    expect(dialog.textContent).to.contain(item.venue!.name);
    for (const s of item.speakers) expect(dialog.textContent).to.contain(s.fullName);
    await h.press('Escape');
    await waitFor(() => !dialog.open, 'dialog closed');
    await h.settle();
    expect(location.hash).to.equal('');
    expect(h.focused).to.equal(link);
  });

  it('a dialog closed by its Close button or Escape stays closed through an update before its close event', async () => {
    const h = await mount();
    const dialog = h.q<HTMLDialogElement>('dialog')!;
    h.q<HTMLAnchorElement>('[part="event-title"]')!.click();
    await waitFor(() => dialog.open, 'dialog open');
    await h.settle();
    // As the Close button's form and Escape close it: the close event arrives a task later, and an
    // update (the list building cards after a scroll) can come first.
    dialog.close();
    h.el.requestUpdate();
    await h.el.updateComplete;
    expect(dialog.open, 'not shown again by the update').to.equal(false);
    expect(location.hash).to.equal('');
    await h.settle();
    expect(dialog.open).to.equal(false);
  });

  it('opens the event a #event-ID deep link names, on its day', async () => {
    const item = index.byDay.get(index.days[2]!)![3]!;
    history.replaceState(null, '', `#event-${item.event.id}`);
    const h = await mount();
    const dialog = h.q<HTMLDialogElement>('dialog')!;
    await waitFor(() => dialog.open, 'dialog opened by the deep link');
    expect(dialog.querySelector('#dialog-title')!.textContent).to.equal(item.event.title);
    expect(h.q('[role="tab"][aria-selected="true"]')!.getAttribute('data-day')).to.equal(index.days[2]);
    dialog.querySelector<HTMLButtonElement>('[part="close-button"]')!.click();
    await waitFor(() => !dialog.open, 'dialog closed');
    // A hash change while mounted opens another event.
    const other = index.byDay.get(index.days[0]!)![1]!;
    location.hash = `#event-${other.event.id}`;
    await waitFor(
      () => dialog.open && dialog.querySelector('#dialog-title')?.textContent === other.event.title,
      'second deep link',
    );
  });

  it('keeps stars in localStorage per endpoint, and reports the agenda', async () => {
    const h = await mount();
    const changes: ConfAgendaChangeEvent[] = [];
    h.el.addEventListener('conf-agenda-change', (e) => changes.push(e));
    const star = h.part<HTMLButtonElement>('star')!;
    expect(star.getAttribute('aria-pressed')).to.equal('false');
    star.click();
    await h.settle();
    const id = index.byDay.get(index.days[0]!)![0]!.event.id;
    expect(changes[0]?.detail).to.deep.equal({ starred: [id], saved: true });
    expect(JSON.parse(localStorage.getItem(agendaStorageKey(location.origin))!)).to.deep.equal([id]);
    cleanup();
    const again = await mount();
    expect(again.part('star')!.getAttribute('aria-pressed')).to.equal('true');
    const onlyMine = again.q<HTMLInputElement>('.starred-only input')!;
    onlyMine.click();
    await again.settle();
    expect(shownCards(again).length).to.equal(1);
  });

  it('keeps the stars of two schedules on one page in step, adding to what is stored', async () => {
    const box = await fixture<HTMLElement>(
      '<div><conf-schedule></conf-schedule><conf-schedule view="grid"></conf-schedule></div>',
    );
    const [list, grid] = [...box.querySelectorAll<ConfSchedule>('conf-schedule')].map((el) => new ElementHarness(el));
    await waitFor(() => list!.part('list') && grid!.part('grid'), 'both schedules');
    const [first, second, third] = index.byDay.get(index.days[0]!)!.map((i) => i.event.id);
    const pressed = (h: ElementHarness, id: string) => starOf(h, id).getAttribute('aria-pressed') === 'true';
    starOf(list!, first!).click();
    await waitFor(() => pressed(grid!, first!), 'the grid shows the star set in the list');
    starOf(grid!, second!).click();
    await waitFor(() => pressed(list!, second!), 'the list shows the star set in the grid');
    expect(pressed(grid!, first!), 'the grid kept the first star').to.equal(true);
    const key = agendaStorageKey(location.origin);
    expect(JSON.parse(localStorage.getItem(key)!)).to.deep.equal([first, second].sort());
    // Written by another tab in the meantime (no storage event reaches the writer's own tab): kept.
    localStorage.setItem(key, JSON.stringify([first, second, third]));
    starOf(list!, first!).click();
    await list!.settle();
    expect(JSON.parse(localStorage.getItem(key)!)).to.deep.equal([second, third].sort());
    await waitFor(() => pressed(grid!, third!) && !pressed(grid!, first!), 'the grid follows the merged stars');
  });

  it('answers an #event-ID or #agenda= link in one of two schedules on the page, not in both', async () => {
    const item = index.byDay.get(index.days[1]!)![2]!;
    history.replaceState(null, '', `#event-${item.event.id}`);
    const box = await fixture<HTMLElement>(
      '<div><conf-schedule></conf-schedule><conf-schedule view="grid"></conf-schedule></div>',
    );
    const both = [...box.querySelectorAll<ConfSchedule>('conf-schedule')].map((el) => new ElementHarness(el));
    const settle = () => Promise.all(both.map((h) => h.settle()));
    const open = () => both.filter((h) => h.q<HTMLDialogElement>('dialog')?.open);
    await waitFor(() => open().length > 0, 'a dialog from the link');
    await waitFor(() => both.every((h) => h.part('list') || h.part('grid')), 'both schedules');
    await settle();
    expect(open()).to.have.length(1);
    open()[0]!.q<HTMLButtonElement>('[part="close-button"]')!.click();
    await waitFor(() => open().length === 0, 'dialog closed');
    await settle();
    expect(open(), 'the other schedule does not open it after it was closed').to.have.length(0);
    location.hash = `#event-${index.byDay.get(index.days[0]!)![1]!.event.id}`;
    await waitFor(() => open().length > 0, 'a dialog from the second link');
    await settle();
    expect(open()).to.have.length(1);
    expect(open()[0], 'the first schedule in the page answers').to.equal(both[0]);
    open()[0]!.q<HTMLButtonElement>('[part="close-button"]')!.click();
    await waitFor(() => open().length === 0, 'dialog closed');
    location.hash = agendaHash([index.items[0]!.event.id]);
    await waitFor(() => both.some((h) => h.part('import')), 'an import banner');
    await settle();
    expect(both.filter((h) => h.part('import'))).to.have.length(1);
  });

  for (const list of ['venues', 'speakers']) {
    it(`marks the programme stale when only the ${list} come from the proxy's last good copy`, async () => {
      staleOn(new RegExp(`/events/${list}\\?`));
      const h = await mount();
      expect((await h.waitForPart('stale')).textContent).to.contain('last good copy');
      expect(h.matchesState('stale')).to.equal(true);
    });
  }

  it('keeps its size when the host page shrinks the root font (html { font-size: 62.5% })', async () => {
    const list = await mount();
    const grid = await mount('view="grid"');
    const measure = () =>
      [
        list.part('toolbar'),
        list.q('.chip'),
        list.q('[role="tab"]'),
        list.q('.slot-time'),
        list.part('event'),
        list.part('star'),
        grid.part('grid-venue'),
        grid.part('event'),
      ]
        .map((el) => {
          const r = el!.getBoundingClientRect();
          const s = getComputedStyle(el!);
          return `${el!.className}: ${r.width}×${r.height} font ${s.fontSize} padding ${s.padding} gap ${s.gap}`;
        })
        .join('\n');
    const before = measure();
    const hostile = document.createElement('style');
    hostile.textContent = 'html { font-size: 62.5% }';
    document.head.append(hostile);
    try {
      await list.settle();
      await grid.settle();
      expect(measure()).to.equal(before);
    } finally {
      hostile.remove();
    }
  });

  it('imports a shared agenda link after asking', async () => {
    const ids = [index.items[0]!.event.id, index.items[10]!.event.id, 'not-in-programme'];
    history.replaceState(null, '', agendaHash(ids));
    const h = await mount();
    const banner = await h.waitForPart('import');
    expect(banner.textContent).to.contain('2 events');
    banner.querySelector<HTMLButtonElement>('.primary')!.click();
    await h.settle();
    expect(h.part('import')).to.equal(null);
    expect(location.hash).to.equal('');
    const stored = JSON.parse(localStorage.getItem(agendaStorageKey(location.origin))!) as string[];
    expect(stored).to.deep.equal([ids[0], ids[1]].sort());
  });

  it('shares the agenda as a link that round-trips', async () => {
    const h = await mount();
    h.part<HTMLButtonElement>('star')!.click();
    await h.settle();
    h.part<HTMLButtonElement>('share-button')!.click();
    const box = await h.waitForPart('share');
    const url = box.querySelector('input')!.value;
    expect(url).to.match(/#agenda=[A-Za-z0-9_-]+$/);
    cleanup();
    clearAgenda();
    history.replaceState(null, '', new URL(url).hash);
    const other = await mount();
    expect((await other.waitForPart('import')).textContent).to.contain('1 events');
  });

  it('downloads the starred agenda as an .ics file', async () => {
    const h = await mount();
    const stars = h.all<HTMLButtonElement>('[part="star"]');
    stars[0]!.click();
    stars[1]!.click();
    await h.settle();
    const blobs: Blob[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (b: Blob | MediaSource) => {
      blobs.push(b as Blob);
      return original.call(URL, b);
    };
    try {
      h.part<HTMLButtonElement>('ics-agenda-button')!.click();
      // The calendar's code arrives on the first press.
      await waitFor(() => blobs.length > 0, 'the .ics file');
      await h.settle();
    } finally {
      URL.createObjectURL = original;
    }
    expect(blobs.length).to.equal(1);
    expect(blobs[0]!.type).to.contain('text/calendar');
    const text = await blobs[0]!.text();
    expect(text.match(/BEGIN:VEVENT/g)?.length).to.equal(2);
    expect(text).to.contain('\r\nDTSTART:');
  });

  it('shows conference times with the viewer\'s beside them, or the viewer\'s with time-zone="local"', async () => {
    // The test browser runs in America/New_York; the conference is in Europe/Berlin.
    const item = index.byDay.get(index.days[0]!)![0]!;
    const fmt = (zone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' })
        .format(item.start)
        .replace(/ /g, '\u00a0');
    const h = await mount();
    const time = h.q('.slot-item [part="time"]')!;
    expect(time.textContent).to.contain(fmt(ZONE));
    expect(time.querySelector('[part="local-time"]')!.textContent).to.contain(fmt('America/New_York'));
    cleanup();
    const local = await mount('time-zone="local"');
    const localTime = local.q('.slot-item [part="time"]')!;
    expect(localTime.textContent).to.contain(fmt('America/New_York'));
    expect(localTime.querySelector('[part="local-time"]')).to.equal(null);
  });

  it('lays out the grid with venues as columns and heights by duration, hiding venues', async () => {
    const h = await mount('view="grid"');
    const heads = h.all('[part="grid-venue"]');
    const used = new Set(index.byDay.get(index.days[0]!)!.map((i) => i.event.venueId));
    expect(heads.length).to.equal(index.venues.length);
    expect(used.size).to.be.greaterThan(5);
    const cell = (id: string) => h.q(`.grid-cell:has(a[href="#event-${id}"])`)!;
    const day = index.byDay.get(index.days[0]!)!;
    const short = day.find((i) => i.end - i.start === 30 * 60_000)!;
    const long = day.find((i) => i.end - i.start === 60 * 60_000)!;
    const hShort = cell(short.event.id).getBoundingClientRect().height;
    const hLong = cell(long.event.id).getBoundingClientRect().height;
    expect(hLong / hShort).to.be.closeTo(2, 0.1);
    h.all<HTMLElement>('.venue-option')[0]!.click();
    await h.settle();
    expect(h.all('[part="grid-venue"]').length).to.equal(1);
  });

  it('sizes grid hours so short talks read: title lines end in an ellipsis inside the card, time shown, full title kept', async () => {
    const h = await mount('view="grid"');
    h.el.style.width = '950px';
    await h.settle();
    const day = index.byDay.get(index.days[0]!)!;
    for (const minutes of [30, 45]) {
      const item = day.find((i) => i.end - i.start === minutes * 60_000 && i.event.type === 'talk')!;
      const card = h.q(`.grid-cell:has(a[href="#event-${item.event.id}"]) .card`)!;
      const box = card.getBoundingClientRect();
      const title = card.querySelector<HTMLElement>('.title')!;
      const time = card.querySelector<HTMLElement>('.meta')!;
      expect(card.querySelector('a')!.getAttribute('title')).to.equal(item.event.title);
      // At least two title lines, and the time line fully inside the card.
      const line = parseFloat(getComputedStyle(title).lineHeight);
      expect(title.getBoundingClientRect().height, `${minutes} min title`).to.be.at.least(
        Math.min(2 * line, title.scrollHeight) - 1,
      );
      expect(time.getBoundingClientRect().height).to.be.greaterThan(0);
      expect(time.getBoundingClientRect().bottom, `${minutes} min time inside the card`).to.be.at.most(box.bottom);
      expect(getComputedStyle(title).webkitLineClamp).to.match(/^[1-9]$/);
    }
    // The page's own hour height still wins.
    h.el.style.setProperty('--conf-schedule-hour-height', '240px');
    await h.settle();
    const hour = h.q('.grid-hour')!.getBoundingClientRect().height;
    expect(hour).to.be.closeTo(240, 1);
  });

  it('shows now and next for a venue on the screen view at a fixed now', async () => {
    const now = Date.parse('2026-06-10T11:05:00+02:00');
    const expected = nowNext(index, now, MAIN_HALL)[0]!;
    const h = await mount(`view="screen" venue="${MAIN_HALL}" now="2026-06-10T11:05:00+02:00"`);
    expect(h.part('clock')!.textContent).to.contain('11:05');
    const nowBox = h.part('screen-now')!;
    const nextBox = h.part('screen-next')!;
    if (expected.current[0]) expect(nowBox.textContent).to.contain(expected.current[0].event.title);
    expect(nextBox.textContent).to.contain(expected.next!.event.title);
    expect(h.q('.screen-heading')!.textContent).to.contain(expected.venue.name);
    expect(h.el.refresh).to.equal(60);
    // At the next event's start it becomes current.
    h.el.now = new Date(expected.next!.start).toISOString();
    await h.settle();
    expect(h.part('screen-now')!.textContent).to.contain(expected.next!.event.title);
  });

  it('shows every venue with something left on the screen view', async () => {
    const h = await mountSized('view="screen" now="2026-06-10T11:05:00+02:00"', 1920, 1080);
    const expected = nowNext(index, Date.parse('2026-06-10T11:05:00+02:00'));
    // At lobby type sizes eleven rooms take two pages (the test below pages through them all).
    const pages = Math.ceil(expected.length / 6);
    expect(h.part('screen-page')!.textContent!.trim()).to.equal(`Page 1 of ${pages}`);
    expect(h.all('.screen-venue-name').map((n) => n.textContent)).to.deep.equal(
      expected.slice(0, Math.ceil(expected.length / pages)).map((e) => e.venue.name),
    );
  });

  for (const [width, height, pages] of [
    [1920, 1080, 2],
    [1280, 720, 2],
    [1080, 1920, 2],
  ] as const) {
    it(`fits the venue screen into ${width}×${height}: every card inside the box, no scrollbar, pages through all venues`, async () => {
      const at = '2026-06-10T11:05:00+02:00';
      const expected = nowNext(index, Date.parse(at)).map((e) => e.venue.name);
      expect(expected.length).to.be.greaterThan(10);
      const h = await mountSized(`view="screen" now="${at}" page-seconds="0.25"`, width, height);
      const seen: string[] = [];
      for (let page = 1; page <= pages; page++) {
        if (pages > 1)
          await waitFor(
            () => h.part('screen-page')!.textContent!.trim() === `Page ${page} of ${pages}`,
            `page ${page}`,
          );
        else expect(h.part('screen-page')!.textContent!.trim()).to.equal('');
        await h.settle();
        expectScreenFits(h);
        seen.push(...h.all('.screen-venue-name').map((n) => n.textContent!.trim()));
      }
      expect(seen).to.deep.equal(expected);
      expect(h.part('screen-page')!.getAttribute('aria-live')).to.equal('polite');
      if (pages > 1)
        await waitFor(() => h.part('screen-page')!.textContent!.trim() === `Page 1 of ${pages}`, 'back to page 1');
    });
  }

  it('pages through more venues than fit, evenly, in a grid that stays put', async () => {
    const venues = Array.from({ length: 11 }, (_, i) => ({
      id: `v${i}`,
      name: `Room ${i + 1}`,
      description: '',
      floor: '',
      capacity: 50,
      sortOrder: i,
    }));
    const start = Date.parse('2026-06-10T11:00:00+02:00');
    const events = venues.map((v, i) => ({
      id: `e${i}`,
      title: `A talk with a rather long title that has to end in an ellipsis somewhere, number ${i}`,
      type: 'talk',
      description: '',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 45 * 60_000).toISOString(),
      timeZone: ZONE,
      venueId: v.id,
      speakerIds: [],
      track: null,
      workshopId: null,
    }));
    const list = (data: unknown[]) => ({ data, meta: { total: data.length, limit: data.length, offset: 0 } });
    const { answerWith } = await import('../../../test/browser/harness.js');
    answerWith(/\/events\/events/, list(events));
    answerWith(/\/events\/venues/, list(venues));
    answerWith(/\/events\/speakers/, list([]));
    const h = await mountSized('view="screen" now="2026-06-10T11:05:00+02:00" page-seconds="0.25"', 1920, 1080);
    // As many cards as fit at the screen's type size, the pages filled evenly, no empty cell
    // where a grid without one exists; portrait stacks them.
    expect(screenLayout(20, 1920, 960, 24)).to.deep.equal({ pages: 3, perPage: 7, cols: 4, rows: 2 });
    expect(screenLayout(11, 1920, 960, 24)).to.deep.equal({ pages: 2, perPage: 6, cols: 3, rows: 2 });
    expect(screenLayout(11, 1036, 1740, 24)).to.deep.equal({ pages: 2, perPage: 6, cols: 2, rows: 3 });
    expect(screenLayout(2, 1920, 960, 24)).to.deep.equal({ pages: 1, perPage: 2, cols: 2, rows: 1 });
    expect(screenLayout(40, 3840, 2160, 24)).to.deep.include({ perPage: 10 });
    await waitFor(() => h.part('screen-page')!.textContent!.trim() === 'Page 1 of 2', 'page 1 of 2');
    const firstRects = h.all('[part="screen-venue"]').map((c) => c.getBoundingClientRect().toJSON() as DOMRect);
    expect(firstRects.length).to.equal(6);
    expectScreenFits(h);
    const firstNames = h.all('.screen-venue-name').map((n) => n.textContent);
    await waitFor(() => h.part('screen-page')!.textContent!.trim() === 'Page 2 of 2', 'page 2 of 2');
    await h.settle();
    expectScreenFits(h);
    const secondNames = h.all('.screen-venue-name').map((n) => n.textContent);
    expect([...firstNames, ...secondNames]).to.deep.equal(venues.map((v) => v.name));
    // Same grid on every page: the cards of page 2 sit exactly where those of page 1 were.
    h.all('[part="screen-venue"]').forEach((c, i) => {
      const r = c.getBoundingClientRect();
      expect([r.x, r.y, r.width, r.height]).to.deep.equal([
        firstRects[i]!.x,
        firstRects[i]!.y,
        firstRects[i]!.width,
        firstRects[i]!.height,
      ]);
    });
    const title = h.q<HTMLElement>('.screen-title')!;
    expect(title.getAttribute('title')).to.equal(events[6]!.title);
    expect(title.scrollHeight).to.be.greaterThan(title.clientHeight - 1);
  });

  it('gives one venue the whole box on the screen view', async () => {
    const h = await mountSized(`view="screen" venue="${MAIN_HALL}" now="2026-06-10T11:05:00+02:00"`, 1280, 720);
    expectScreenFits(h);
    const card = h.part('screen-venue')!.getBoundingClientRect();
    const body = h.q('.screen-body')!.getBoundingClientRect();
    expect(card.width).to.be.closeTo(body.width, 1);
    expect(card.height).to.be.closeTo(body.height, 1);
    expect(card.height).to.be.greaterThan(720 * 0.6);
    expect(h.part('screen-page')!.textContent!.trim()).to.equal('');
  });

  it('names a venue attribute that no room of the conference has, in the list and the grid too', async () => {
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      for (const view of ['list', 'grid']) {
        const h = await mount(`view="${view}" venue="ven-nowhere"`);
        const notice = await h.waitForPart('notice');
        expect(notice.textContent, view).to.contain('venue="ven-nowhere"').and.contain(`"${MAIN_HALL}"`);
        cleanup();
      }
      expect(warnings.filter((w) => w.includes('venue="ven-nowhere"'))).to.have.length(2);
      const known = await mount(`view="grid" venue="${MAIN_HALL}"`);
      expect(known.part('notice')).to.equal(null);
    } finally {
      console.warn = warn;
    }
  });

  it('speaks German with lang="de", dates included', async () => {
    const h = await mount('lang="de"');
    expect(h.part<HTMLInputElement>('search')!.placeholder).to.equal('Titel, Person, Thema …');
    expect(h.all('[role="tab"]')[0]!.textContent).to.contain('Mi');
    expect(h.q('.venue-toggle')!.textContent).to.contain('Alle Räume');
  });

  it('keeps the venue screen up, marked stale, when the network fails', async () => {
    const { preferOn } = await import('../../../test/browser/harness.js');
    const h = await mount(`view="screen" venue="${MAIN_HALL}" now="2026-06-10T11:05:00+02:00"`);
    const restore = preferOn(/\/api\/public\/v1\//, 'code=503');
    expect(await h.el.reload()).to.equal(false);
    await h.settle();
    expect(h.part('stale')).to.not.equal(null);
    expect(h.part('screen-now')!.textContent).to.not.equal('');
    restore();
    expect(await h.el.reload()).to.equal(true);
    await h.settle();
    expect(h.part('stale')).to.equal(null);
  });

  it('has no axe violations in the list, the grid, the dialog and the screen', async function () {
    // Four full axe runs over a long programme: over 10 s on a loaded 2-core machine.
    this.timeout(40_000);
    const h = await mount();
    await expectNoAxeViolations(h.el);
    h.el.view = 'grid';
    await waitFor(() => h.part('grid'), 'the grid, its code fetched');
    await h.settle();
    await expectNoAxeViolations(h.el);
    h.q<HTMLAnchorElement>('[part="event-title"]')!.click();
    await waitFor(() => h.q<HTMLDialogElement>('dialog')!.open, 'dialog open');
    await expectNoAxeViolations(h.el);
    cleanup();
    const screen = await mount('view="screen" now="2026-06-10T11:05:00+02:00"');
    await expectNoAxeViolations(screen.el);
  });
});

describe('<conf-schedule> list of a day the size of the sandbox’s, windowed', () => {
  beforeEach(() => {
    clearAgenda();
    resetHash();
  });
  afterEach(() => {
    cleanup();
    clearAgenda();
    resetHash();
    scrollTo(0, 0);
  });

  /** The card of an event, when built. */
  const cardOf = (h: ElementHarness, id: string) => h.q<HTMLElement>(`.slot-item:has(a[href="#event-${id}"])`);
  /** The event of the focused card, or null when focus is not in a card. */
  const focusedEvent = (h: ElementHarness) =>
    (h.focused as HTMLElement | null)
      ?.closest('.slot-item')
      ?.querySelector('[part="event-title"]')
      ?.getAttribute('href')
      ?.replace('#event-', '') ?? null;

  it('builds part of the day; a screen reader hears every card as an item of its slot, with the slot’s size and its place', async () => {
    const h = await mount();
    const day = index.byDay.get(index.days[0]!)!;
    const built = h.all('.slot-item').length;
    expect(built, 'cards built at first').to.be.within(1, day.length - 1);
    expect(h.all('.list > .slot').length, 'every slot keeps its heading').to.equal(
      new Set(day.map((i) => i.start)).size,
    );
    for (const gap of h.all('.slot-gap')) expect(gap.getAttribute('aria-hidden')).to.equal('true');
    const seen = await scrollThrough(h);
    expect(idsOf(seen)).to.deep.equal(dayIds(day));
    const bySlot = new Map<string, Seen[]>();
    for (const s of seen) bySlot.set(s.slot, [...(bySlot.get(s.slot) ?? []), s]);
    for (const [start, cards] of bySlot) {
      const inSlot = day.filter((i) => String(i.start) === start);
      expect(
        cards.map((c) => c.list),
        `slot ${start}: items of a list`,
      ).to.deep.equal(cards.map(() => 'ul'));
      expect(cards.map((c) => c.size)).to.deep.equal(cards.map(() => inSlot.length));
      expect(cards.map((c) => c.pos).sort((a, b) => a - b)).to.deep.equal(inSlot.map((_, i) => i + 1));
      // In the slot's order.
      const order = inSlot.map((i) => i.event.id);
      for (const c of cards) expect(c.pos, c.id).to.equal(order.indexOf(c.id) + 1);
    }
  });

  it('Tab and Shift+Tab walk every card of the day in order, through cards not built at first, keeping the focused one', async function () {
    // Two key presses per card, each a round trip to the test runner, both ways.
    this.timeout(120_000);
    const h = await mount();
    const day = index.byDay.get(index.days[0]!)!.map((i) => i.event.id);
    expect(cardOf(h, day.at(-1)!), 'the last card not built at first').to.equal(null);
    h.q<HTMLElement>(`.slot-item:has(a[href="#event-${day[0]}"]) [part="star"]`)!.focus();
    const forward: string[] = [day[0]!];
    for (let i = 0; i < 4 * day.length; i++) {
      await h.press('Tab');
      const id = focusedEvent(h);
      if (id === null) break;
      if (id !== forward.at(-1)) forward.push(id);
    }
    expect(forward, 'Tab: every card in order').to.deep.equal(day);
    // Back from the last card's link, the way Shift+Tab goes.
    h.q<HTMLElement>(`.slot-item:has(a[href="#event-${day.at(-1)}"]) [part="event-title"]`)!.focus();
    const backward: string[] = [day.at(-1)!];
    for (let i = 0; i < 4 * day.length; i++) {
      await sendKeys({ press: 'Shift+Tab' });
      await h.settle();
      const id = focusedEvent(h);
      if (id === null) break;
      if (id !== backward.at(-1)) backward.push(id);
    }
    expect(backward, 'Shift+Tab: every card in reverse').to.deep.equal([...day].reverse());
    // The focused card stays while the page scrolls away from it.
    const link = h.q<HTMLElement>(`.slot-item:has(a[href="#event-${day[0]}"]) [part="event-title"]`)!;
    link.focus({ preventScroll: true });
    scrollTo(0, document.documentElement.scrollHeight);
    for (let i = 0; i < 4; i++) await h.settle();
    await waitFor(() => cardOf(h, day.at(-1)!), 'the end of the day, built');
    expect(link.isConnected, 'the focused card kept').to.equal(true);
    expect(h.focused).to.equal(link);
  });

  it('a deep link to a card not built yet opens it and builds the card on screen behind the dialog', async () => {
    const item = index.byDay.get(index.days[0]!)!.at(-1)!;
    history.replaceState(null, '', `#event-${item.event.id}`);
    const h = await mount();
    const dialog = await waitFor(() => h.q<HTMLDialogElement>('dialog[open]'), 'the dialog');
    expect(dialog.querySelector('#dialog-title')!.textContent).to.equal(item.event.title);
    const card = await waitFor(() => cardOf(h, item.event.id), 'the linked card, built');
    await waitFor(() => {
      const r = card.getBoundingClientRect();
      return r.top >= -1 && r.bottom <= innerHeight + 1;
    }, 'the card on screen');
  });

  it('the search finds a talk whose card was not built', async () => {
    const h = await mount();
    const item = index.byDay.get(index.days[0]!)!.at(-1)!;
    expect(cardOf(h, item.event.id)).to.equal(null);
    await h.type(h.part<HTMLInputElement>('search')!, item.event.title);
    const card = await waitFor(() => cardOf(h, item.event.id), 'the found card');
    expect(card.hidden).to.equal(false);
    const shown = await scrollThrough(h);
    expect(idsOf(shown)).to.deep.equal(dayIds(filterItems(index, { day: index.days[0]!, query: item.event.title })));
  });

  it('prints every event of every day, though the screen built part of one', async () => {
    const h = await mount();
    expect(h.all('.slot-item').length).to.be.lessThan(index.byDay.get(index.days[0]!)!.length);
    await emulateMedia({ media: 'print' });
    try {
      await waitFor(() => h.all('.print-day').length === index.days.length, 'every day on paper');
      const printed = h
        .all('.print-day [part="event-title"]')
        .map((a) => a.getAttribute('href')!.replace('#event-', ''));
      expect(printed.sort()).to.deep.equal(dayIds(index.items));
      expect(h.all('.slot-gap'), 'no placeholders on paper').to.deep.equal([]);
    } finally {
      await emulateMedia({ media: 'screen' });
    }
  });
});

describe('<conf-schedule> at scale', () => {
  afterEach(cleanup);

  it('renders 2,000 events in 12 venues and filters them per keystroke (times printed; npm run bench measures)', async function () {
    this.timeout(30_000);
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
    const words = 'data cloud systems learning graph security privacy design ethics scale latency robust'.split(' ');
    const events = Array.from({ length: 2000 }, (_, i) => {
      const start =
        Date.parse('2026-06-10T08:00:00+02:00') + (i % 3) * 86_400_000 + (Math.floor(i / 36) % 18) * 30 * 60_000;
      return {
        id: `e${i}`,
        title: `${words[i % 12]} ${words[(i * 5) % 12]} ${i}`,
        type: i % 9 === 0 ? 'keynote' : 'talk',
        description: `${words[(i * 7) % 12]} `.repeat(30),
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 25 * 60_000).toISOString(),
        timeZone: ZONE,
        venueId: `v${i % 12}`,
        speakerIds: [`s${i % 300}`],
        track: null,
        workshopId: null,
      };
    });
    const list = (data: unknown[]) => ({ data, meta: { total: data.length, limit: data.length, offset: 0 } });
    const { answerWith } = await import('../../../test/browser/harness.js');
    answerWith(/\/events\/events/, list(events));
    answerWith(/\/events\/venues/, list(venues));
    answerWith(/\/events\/speakers/, list(speakers));
    const t0 = performance.now();
    const h = await mount();
    const firstRender = performance.now() - t0;
    // The list builds the cards near the screen, not the day's 667 (list-window.test.ts tests the rest).
    expect(h.all('.slot-item').length).to.be.within(1, 200);
    const input = h.part<HTMLInputElement>('search')!;
    const times: number[] = [];
    for (const q of ['s', 'su', 'sur', 'surn', 'surname', 'surname1', 'surname12', 'surname1', '']) {
      const t = performance.now();
      input.value = q;
      input.dispatchEvent(new InputEvent('input'));
      await h.el.updateComplete;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    // Timings depend on the machine (test/bench/elements.bench.ts prints them); what the search
    // leaves shown does not.
    expect(shownCards(h).length).to.equal(h.all('.slot-item').length);
    // Paper holds every day: rendered when printing starts, dropped after.
    const t1 = performance.now();
    dispatchEvent(new Event('beforeprint'));
    await h.el.updateComplete;
    const toPaper = performance.now() - t1;
    expect(h.all('.print-day [part~="event"]').length).to.equal(events.length);
    dispatchEvent(new Event('afterprint'));
    await h.el.updateComplete;
    expect(h.all('.print-day').length).to.equal(0);
    console.log(
      `conf-schedule 2000 events: first render ${firstRender.toFixed(0)} ms, keystroke median ${median.toFixed(1)} ms, ` +
        `max ${times.at(-1)!.toFixed(1)} ms, all days for print ${toPaper.toFixed(0)} ms`,
    );
  });
});

/**
 * Live registrations made through addEventListener while installed, for listener counts in
 * tests. A registration counts while its target is not a node (window, document, media queries)
 * or is a connected node: listeners on nodes a render dropped go with those nodes.
 */
function trackListeners(): { count(): number; restore(): void } {
  const proto = EventTarget.prototype;
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  const byTarget = new Map<EventTarget, Set<string>>();
  const ids = new WeakMap<object, number>();
  let next = 0;
  const key = (type: string, listener: unknown, options: unknown): string => {
    const capture =
      typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture);
    const fn = listener as object;
    if (!ids.has(fn)) ids.set(fn, next++);
    return `${type}|${capture}|${ids.get(fn)}`;
  };
  proto.addEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (listener) {
      let set = byTarget.get(this);
      if (!set) byTarget.set(this, (set = new Set()));
      set.add(key(type, listener, options));
    }
    add.call(this, type, listener, options);
  };
  proto.removeEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ) {
    if (listener) byTarget.get(this)?.delete(key(type, listener, options));
    remove.call(this, type, listener, options);
  };
  return {
    count: () => {
      let n = 0;
      for (const [target, set] of byTarget) {
        if (target instanceof Node && !target.isConnected) byTarget.delete(target);
        else n += set.size;
      }
      return n;
    },
    restore: () => {
      proto.addEventListener = add;
      proto.removeEventListener = remove;
    },
  };
}

/** Every node in the element's shadow tree and light DOM, text and comments included. */
function nodeCount(el: Element): number {
  let n = 0;
  for (const root of [el, el.shadowRoot].filter((r): r is Element | ShadowRoot => r !== null)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
    while (walker.nextNode()) n++;
  }
  return n;
}

describe('<conf-schedule> venue screen, left running', () => {
  let realFetch: typeof window.fetch;
  let tracker: ReturnType<typeof trackListeners> | undefined;
  beforeEach(() => {
    realFetch = window.fetch;
  });
  afterEach(() => {
    tracker?.restore();
    tracker = undefined;
    window.fetch = realFetch;
    cleanup();
  });

  it('holds as many DOM nodes and listeners at refresh 1,000 as at refresh 200, through failures and new data', async function () {
    this.timeout(60_000);
    const venues = Array.from({ length: 4 }, (_, i) => ({
      id: `v${i}`,
      name: `Room ${i + 1}`,
      description: '',
      floor: '1',
      capacity: 100,
      sortOrder: i,
    }));
    const speakers = Array.from({ length: 40 }, (_, i) => ({
      id: `s${i}`,
      fullName: `Person ${i}`,
      affiliation: 'Org',
      jobTitle: '',
      bio: '',
      photoUrl: null,
      links: [],
    }));
    const day0 = Date.parse('2026-06-10T08:00:00+02:00');
    const events = Array.from({ length: 120 }, (_, i) => {
      const start = day0 + (i % 3) * 86_400_000 + Math.floor(i / 12) * 45 * 60_000;
      return {
        id: `e${i}`,
        title: `Talk ${i}`,
        type: 'talk',
        description: '',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 40 * 60_000).toISOString(),
        timeZone: ZONE,
        venueId: `v${i % 4}`,
        speakerIds: [`s${i % 40}`],
        track: null,
        workshopId: null,
      };
    });
    const lists: Record<string, readonly unknown[]> = { events, venues, speakers };
    // The proxy's behaviour in miniature: ETags and 304s, a 503 on demand, data that can change.
    let failing = false;
    let version = 0;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const name = /\/events\/(events|venues|speakers)$/.exec(url.pathname)?.[1];
      if (!name) return realFetch(input, init);
      if (failing)
        return Response.json(
          { error: { code: 'upstream_unavailable', message: 'Down for the test.' } },
          { status: 503 },
        );
      const etag = `"${name}-${version}"`;
      if (new Headers(init?.headers).get('if-none-match') === etag)
        return new Response(null, { status: 304, headers: { etag } });
      const data = lists[name]!;
      return Response.json(
        { data, meta: { total: data.length, limit: data.length, offset: 0 } },
        { headers: { etag } },
      );
    };
    tracker = trackListeners();
    const h = await mountSized(`view="screen" refresh="1" now="2026-06-10T06:00:00+02:00"`, 1920, 1080);
    // The conference's name arrives once, from the site document (not mocked here), before counting.
    await waitFor(() => h.q('.screen-conference'), 'the conference name in the header');
    // The clock comes round every 400 refreshes (15 minutes each, about four days), so refresh 200
    // and refresh 1,000 show the same moment and must show the same DOM.
    const at = (c: number) => new Date(day0 - 2 * 3_600_000 + (c % 400) * 15 * 60_000).toISOString();
    let sawStale = false;
    const counts: Record<number, { nodes: number; listeners: number }> = {};
    for (let c = 1; c <= 1000; c++) {
      failing = c % 50 === 49;
      if (c % 100 === 99) {
        version++;
        events[version % events.length]!.title = `Talk changed ${version}`;
      }
      h.el.setAttribute('now', at(c));
      await h.el.reload();
      await h.el.updateComplete;
      if (failing) sawStale ||= h.part('stale') !== null;
      if (c === 200 || c === 1000) {
        await h.settle();
        counts[c] = { nodes: nodeCount(h.el), listeners: tracker.count() };
      }
    }
    failing = false;
    expect(sawStale, 'stale marker shown while the network failed').to.equal(true);
    expect(h.part('stale'), 'stale marker gone once refreshes succeed').to.equal(null);
    expect(h.part('screen-venue')).to.not.equal(null);
    expect(counts[1000]!.nodes, 'DOM nodes').to.equal(counts[200]!.nodes);
    expect(counts[1000]!.listeners, 'event listeners').to.equal(counts[200]!.listeners);
  });
});
