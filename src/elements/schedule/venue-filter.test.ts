import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import './define.js';
import type { ConfSchedule } from './schedule.js';

async function mount(): Promise<ElementHarness<ConfSchedule>> {
  const el = await fixture<ConfSchedule>('<conf-schedule style="display:block;width:780px"></conf-schedule>');
  const h = new ElementHarness(el);
  await waitFor(() => h.q('.venue-toggle'), 'the rooms button');
  await h.settle();
  // Cards off screen are skipped (content-visibility) and take a placeholder height until the
  // browser draws them, a frame or more after the first layout, and the list builds the cards
  // below the screen when the page is next idle, learning their heights: measure once all that
  // has settled (the same layout after an idle period and a frame).
  let last = '';
  for (let round = 0; round < 60; round++) {
    const now = layoutOf(h).join();
    if (now === last) break;
    last = now;
    await new Promise((resolve) =>
      requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), { timeout: 500 }),
    );
  }
  return h;
}

/** Where the page's parts are, to tell that opening the panel moved nothing. */
function layoutOf(h: ElementHarness): string[] {
  return ['.toolbar', '.venue-toggle', '[part="type-filter"]', '[part="day-tabs"]', '#day-panel'].map((s) => {
    const r = h.q(s)!.getBoundingClientRect();
    return `${s} ${r.x},${r.y} ${r.width}×${r.height}`;
  });
}

async function clickAt(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] });
}

const panel = (h: ElementHarness) => h.q<HTMLElement>('.venue-panel')!;
const isOpen = (h: ElementHarness) =>
  !panel(h).hidden && h.q('.venue-toggle')!.getAttribute('aria-expanded') === 'true';
const options = (h: ElementHarness) => h.all('[role="option"]');
const selected = (h: ElementHarness) =>
  options(h)
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.dataset.venue);

describe('<conf-schedule> Rooms popover', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    cleanup();
  });

  it('opens over the page by pointer, ticks rooms, and closes on an outside click, moving nothing', async function () {
    // The axe check walks a whole day of cards.
    this.timeout(60_000);
    const h = await mount();
    const before = layoutOf(h);
    const roomsBefore = h.all('.slot-item:not([hidden]) .venue').map((v) => v.textContent!.trim());
    await clickAt(h.q('.venue-toggle')!);
    await h.settle();
    expect(isOpen(h), 'open after a click').to.equal(true);
    expect(layoutOf(h), 'opening moved nothing').to.deep.equal(before);
    // The panel floats over the programme, below the button.
    const p = panel(h).getBoundingClientRect();
    expect(p.top).to.be.at.least(h.q('.venue-toggle')!.getBoundingClientRect().bottom);
    expect(getComputedStyle(panel(h)).position).to.equal('absolute');

    const second = options(h)[1]!;
    await clickAt(second);
    await h.settle();
    expect(selected(h)).to.deep.equal([second.dataset.venue]);
    expect(isOpen(h), 'ticking keeps the list open').to.equal(true);
    expect(h.q('.venue-toggle')!.textContent).to.contain(`1 of ${options(h).length}`);
    // The list shows that room's events only (of the cards it has built near the screen).
    const venues = h.all('.slot-item:not([hidden]) .venue').map((v) => v.textContent!.trim());
    expect(venues.length).to.be.greaterThan(0);
    expect(new Set(venues), 'one room').to.deep.equal(new Set([second.textContent!.trim()]));
    expect(new Set(roomsBefore).size, 'several rooms before').to.be.greaterThan(1);

    await expectNoAxeViolations(h.el);

    // A click on the page outside the element closes it; the choice stays.
    await sendMouse({ type: 'click', position: [790, 5] });
    await h.settle();
    expect(isOpen(h), 'closed by an outside click').to.equal(false);
    expect(selected(h)).to.deep.equal([second.dataset.venue]);
  });

  it('works from the keyboard: arrows move, Space ticks, Escape closes and returns focus', async () => {
    const h = await mount();
    const before = layoutOf(h);
    h.q<HTMLElement>('.venue-toggle')!.focus();
    await h.press('Enter');
    expect(isOpen(h), 'Enter on the button opens').to.equal(true);
    await waitFor(() => h.focused === options(h)[0], 'focus on the first room');
    expect(layoutOf(h)).to.deep.equal(before);

    await h.press('ArrowDown');
    await h.press('ArrowDown');
    expect(h.focused).to.equal(options(h)[2]);
    await h.press(' ');
    expect(selected(h)).to.deep.equal([options(h)[2]!.dataset.venue]);
    await h.press('ArrowUp');
    await h.press(' ');
    expect(selected(h)).to.deep.equal([options(h)[1]!.dataset.venue, options(h)[2]!.dataset.venue]);
    await h.press('End');
    expect(h.focused).to.equal(options(h).at(-1));
    await h.press('ArrowDown');
    expect(h.focused, 'wraps round to the first').to.equal(options(h)[0]);
    // Only the focused room is a tab stop: Tab leaves the list (and closes it).
    expect(options(h).filter((o) => o.tabIndex === 0)).to.have.length(1);

    await h.press('Escape');
    expect(isOpen(h), 'Escape closes').to.equal(false);
    await waitFor(() => h.focused === h.q('.venue-toggle'), 'focus back on the button');

    await h.press('ArrowDown');
    expect(isOpen(h), 'ArrowDown on the button opens').to.equal(true);
    await waitFor(() => h.focused === options(h)[1], 'opens on the first ticked room');
    await sendKeys({ press: 'Tab' });
    await h.settle();
    expect(isOpen(h), 'Tab out closes').to.equal(false);
  });
});
