/**
 * The parts of the schedule fetched when first used: the list shows its events without the grid's,
 * the venue screen's, the dialog's or the calendar's code, and each arrives (with its sheets) when
 * it is used. The dev server serves each module as its own file, so the browser's resource timing
 * lists which modules the page has asked for. The tests run in order, in one page: each module is
 * fetched at most once per page.
 */
import { expect } from '@esm-bundle/chai';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import './define.js';
import type { ConfSchedule } from './schedule.js';

/** Source modules the page has requested, by file name without extension (`grid.view`). */
function requested(): Set<string> {
  return new Set(
    performance
      .getEntriesByType('resource')
      .map((e) => /\/src\/.*\/([^/]+)\.[jt]s$/.exec(new URL(e.name).pathname)?.[1])
      .filter((name): name is string => name !== undefined),
  );
}

async function mount(attributes = ''): Promise<ElementHarness<ConfSchedule>> {
  const el = await fixture<ConfSchedule>(
    `<conf-schedule ${attributes} style="display:block;width:1000px"></conf-schedule>`,
  );
  return new ElementHarness(el);
}

function resetHash(): void {
  history.replaceState(null, '', location.pathname + location.search);
}

describe('<conf-schedule> parts fetched on first use', () => {
  afterEach(() => {
    cleanup();
    resetHash();
  });

  it('shows the list without the grid, screen, dialog or calendar code; the dialog, the calendar and the grid come when used', async () => {
    const h = await mount();
    await waitFor(() => h.q('[part~="event"]'), 'event cards');
    await h.settle();
    const first = requested();
    expect(first.has('list.view'), 'the list is there').to.equal(true);
    for (const name of [
      'grid.view',
      'grid-layout.model',
      'grid-window.controller',
      'grid.styles',
      'screen.view',
      'screen.styles',
      'dialog.view',
      'dialog.styles',
      'detail-dialog-controller',
      'detail-dialog.styles',
      'deep-link',
      'ics-download',
      'ics.model',
    ]) {
      expect(first.has(name), `${name} not fetched before it is used`).to.equal(false);
    }
    const dialog = h.q<HTMLDialogElement>('dialog')!;
    expect(dialog, 'the closed dialog is there from the start').to.not.equal(null);

    // The dialog: fetched on the first open, styled by its own sheets once there.
    const link = h.q<HTMLAnchorElement>('[part="event-title"]')!;
    link.click();
    await waitFor(() => dialog.open && dialog.querySelector('#dialog-title'), 'the dialog opens');
    expect(dialog.querySelector('#dialog-title')!.textContent).to.equal(link.textContent!.trim());
    expect(requested().has('dialog.view')).to.equal(true);
    expect(getComputedStyle(dialog).boxShadow, "the dialog's sheet applies").to.not.equal('none');
    const close = dialog.querySelector<HTMLElement>('[part="close-button"]')!;
    expect(getComputedStyle(close).display, "the close button's sheet applies").to.equal('inline-flex');
    // Cascade order kept: the view sheets sit before the element's last sheet (print, skeleton).
    const sheets = h.root.adoptedStyleSheets;
    const rules = (s: CSSStyleSheet) => [...s.cssRules].map((r) => r.cssText).join('\n');
    const dialogSheet = sheets.findIndex((s) => /dialog::backdrop/.test(rules(s)));
    const lastSheet = sheets.findIndex((s) => /\.sk-card/.test(rules(s)));
    expect(dialogSheet, 'dialog sheet adopted').to.be.greaterThan(-1);
    expect(dialogSheet).to.be.lessThan(lastSheet);
    close.click();
    await waitFor(() => !dialog.open, 'dialog closed');
    expect(requested().has('ics-download'), 'the calendar code is not part of the dialog').to.equal(false);

    // The calendar: fetched on the first press, then the file is saved.
    const blobs: Blob[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (b: Blob | MediaSource) => {
      blobs.push(b as Blob);
      return original.call(URL, b);
    };
    try {
      h.part<HTMLButtonElement>('star')!.click();
      await h.settle();
      h.part<HTMLButtonElement>('ics-agenda-button')!.click();
      await waitFor(() => blobs.length > 0, 'the .ics file');
    } finally {
      URL.createObjectURL = original;
    }
    expect(await blobs[0]!.text()).to.contain('BEGIN:VEVENT');
    expect(requested().has('ics-download')).to.equal(true);
    expect(requested().has('grid.view'), 'still no grid').to.equal(false);

    // The grid: fetched when chosen, never a list in between once its code is asked for.
    h.q<HTMLButtonElement>('.view-switch button:nth-child(2)')!.click();
    await h.el.updateComplete;
    expect(h.part('list'), 'no list while the grid code loads').to.equal(null);
    await waitFor(() => h.part('grid'), 'the grid');
    expect(requested().has('grid.view')).to.equal(true);
    expect(getComputedStyle(h.part('grid')!).overflowX, "the grid's sheet applies").to.equal('auto');
    expect(requested().has('screen.view'), 'still no venue screen').to.equal(false);
  });

  it('opens the dialog on a deep link to an event, its code fetched for it', async () => {
    const h = await mount();
    await waitFor(() => h.q('[part~="event"]'), 'event cards');
    const link = h.all<HTMLAnchorElement>('[part="event-title"]')[2]!;
    const title = link.textContent!.trim();
    const href = link.getAttribute('href')!;
    cleanup();
    history.replaceState(null, '', href);
    const linked = await mount();
    const dialog = () => linked.q<HTMLDialogElement>('dialog');
    await waitFor(() => dialog()?.open && dialog()!.querySelector('#dialog-title'), 'the dialog opened by the link');
    expect(dialog()!.querySelector('#dialog-title')!.textContent).to.equal(title);
  });

  it('shows the venue screen with its own code and sheets', async () => {
    const h = await mount('view="screen" now="2026-06-10T11:05:00+02:00"');
    await waitFor(() => h.part('screen'), 'the venue screen');
    expect(requested().has('screen.view')).to.equal(true);
    expect(getComputedStyle(h.part('screen')!).display, "the screen's sheet applies").to.equal('grid');
  });
});
