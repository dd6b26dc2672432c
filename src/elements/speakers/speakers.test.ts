import { expect } from '@esm-bundle/chai';
import { emulateMedia } from '@web/test-runner-commands';
import { runAsyncStateTests } from '../../../test/browser/async-state-suite.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import type { Speaker, ScheduleEvent, ListResult } from '../../api/records.js';
import type { ConfLoadedEvent } from '../../events/conf-loaded.js';
import type { ConfSpeakerOpenEvent } from '../../events/conf-speaker-open.js';
import './define.js';
import '../provider/define.js';
import '../schedule/define.js';
import type { ConfSpeakers } from './speakers.js';

const API = '/api/public/v1';

async function all<T>(path: string): Promise<T[]> {
  const res = await fetch(`${API}${path}?limit=200`);
  return ((await res.json()) as ListResult<T>).data;
}

async function mount(attrs = '', container?: HTMLElement): Promise<ElementHarness<ConfSpeakers>> {
  const el = await fixture<ConfSpeakers>(`<conf-speakers ${attrs}></conf-speakers>`, container);
  const h = new ElementHarness(el);
  await waitFor(() => h.all('[part~="card"]').length > 0, 'speaker cards');
  return h;
}

runAsyncStateTests('conf-speakers', {
  request: /\/events\/speakers/,
  path: `${API}/events/speakers`,
  isReady: (h) => h.all('[part~="card"]').length > 0,
});

describe('<conf-speakers>', () => {
  let speakers: Speaker[];
  let events: ScheduleEvent[];
  before(async () => {
    speakers = await all<Speaker>('/events/speakers');
    events = await all<ScheduleEvent>('/events/events');
  });
  afterEach(cleanup);

  it('renders every speaker of the sandbox with name, affiliation and initials', async () => {
    const loaded = new Promise<ConfLoadedEvent>((r) => document.addEventListener('conf-loaded', r, { once: true }));
    const h = await mount();
    const cards = h.all('[part~="card"]');
    // More speakers than the list builds at once: the first ones are built, the list counts them all.
    expect(cards.length).to.be.within(1, speakers.length);
    expect(cards[0]!.closest('li')!.getAttribute('aria-setsize')).to.equal(String(speakers.length));
    expect((await loaded).detail).to.deep.include({ resource: 'speakers', count: speakers.length, stale: false });
    const first = [...speakers].sort((a, b) => a.fullName.localeCompare(b.fullName))[0]!;
    expect(cards[0]!.textContent).to.contain(first.fullName);
    if (first.affiliation) expect(cards[0]!.textContent).to.contain(first.affiliation);
    if (!first.photoUrl)
      expect(cards[0]!.querySelector('[part~="photo"]')!.textContent!.trim()).to.match(/^\p{Lu}{1,2}$/u);
  });

  // Dialog, address and focus: 30 s, as a full run on a loaded machine once passed the 10 s default.
  it('opens #speaker-ID from the address with the shared details dialog, and closing clears the link', async () => {
    const target = speakers[2]!;
    history.replaceState(null, '', `#speaker-${target.id}`);
    try {
      const h = await mount();
      const dialog = h.part<HTMLDialogElement>('dialog')!;
      await waitFor(() => dialog.open, 'deep-linked dialog');
      expect(dialog.querySelector('h2')!.textContent).to.equal(target.fullName);
      await h.press('Escape');
      await waitFor(() => !dialog.open && location.hash === '', 'closed, link cleared');
      h.q<HTMLButtonElement>(`[part~="card"][data-id="${speakers[0]!.id}"]`)!.click();
      await waitFor(() => dialog.open, 'opened by its card');
      expect(location.hash, 'opening writes the link').to.equal(`#speaker-${speakers[0]!.id}`);
      h.part<HTMLButtonElement>('close-button')!.click();
      await waitFor(() => !dialog.open, 'closed by its button', 15_000);
      await waitFor(() => location.hash === '', 'the link cleared', 15_000);
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  }).timeout(30_000);

  it('a details dialog closed by the browser stays closed through an update before its close event', async () => {
    try {
      const h = await mount();
      const dialog = h.part<HTMLDialogElement>('dialog')!;
      h.q<HTMLButtonElement>(`[part~="card"][data-id="${speakers[1]!.id}"]`)!.click();
      await waitFor(() => dialog.open, 'opened by its card');
      await h.el.updateComplete;
      // As its Close button and Escape close it: the close event arrives a task later, and an
      // update (the list building cards after a scroll) can come first.
      dialog.close();
      h.el.requestUpdate();
      await h.el.updateComplete;
      expect(dialog.open, 'not shown again by the update').to.equal(false);
      expect(location.hash, 'the link cleared').to.equal('');
      await new Promise((r) => setTimeout(r, 50));
      expect(dialog.open).to.equal(false);
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  it('searches by name and affiliation, ignoring case and accents, with a filtered-empty view', async () => {
    const h = await mount();
    const target = speakers[3]!;
    const input = h.part<HTMLInputElement>('search')!;
    await h.type(input, target.fullName.split(' ').at(-1)!.toUpperCase());
    const names = h.all('[part~="name"]').map((n) => n.textContent);
    expect(names).to.include(target.fullName);
    expect(names.length).to.be.lessThan(speakers.length);
    await h.type(input, 'zzqx-no-such-person');
    const empty = await h.waitForPart('empty');
    expect(empty.textContent).to.contain('No matches');
    empty.querySelector('button')!.click();
    await h.settle();
    expect(h.q('[part~="grid"] > li')!.getAttribute('aria-setsize')).to.equal(String(speakers.length));
    expect(h.focused).to.equal(h.part('search'));
  });

  it('lays out columns from its own width, not the viewport', async () => {
    const narrow = document.createElement('div');
    narrow.style.width = '260px';
    document.body.append(narrow);
    const wide = document.createElement('div');
    wide.style.width = '1000px';
    document.body.append(wide);
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

  // Dialog, address and focus: 30 s, as a full run on a loaded machine once passed the 10 s default.
  it('opens a dialog by keyboard with bio and sessions, closes on Escape and returns focus', async () => {
    const withSession = speakers.find((s) => events.some((e) => e.speakerIds.includes(s.id)))!;
    const session = events.find((e) => e.speakerIds.includes(withSession.id))!;
    const h = await mount();
    const card = h.q<HTMLButtonElement>(`[part~="card"][data-id="${withSession.id}"]`)!;
    const opened = new Promise<ConfSpeakerOpenEvent>((r) =>
      h.el.addEventListener('conf-speaker-open', r, { once: true }),
    );
    card.focus();
    await h.press('Enter');
    expect((await opened).detail.id).to.equal(withSession.id);
    const dialog = h.part<HTMLDialogElement>('dialog')!;
    await waitFor(() => dialog.open, 'dialog open');
    expect(dialog.textContent).to.contain(withSession.fullName);
    await waitFor(() => dialog.querySelector(`.session[data-id="${session.id}"]`), 'session listed');
    expect(dialog.textContent).to.contain(session.title);
    await expectNoAxeViolations(h.el);
    await h.press('Escape');
    await waitFor(() => !dialog.open, 'dialog closed');
    await h.settle();
    expect(h.focused).to.equal(card);
  }).timeout(30_000);

  it("links each session to the schedule's #event-ID: on a page with both, the event opens there", async () => {
    const withSession = speakers.find((s) => events.some((e) => e.speakerIds.includes(s.id)))!;
    const session = events.find((e) => e.speakerIds.includes(withSession.id))!;
    const page = await fixture<HTMLElement>(
      '<div><conf-schedule></conf-schedule><conf-speakers></conf-speakers></div>',
    );
    const schedule = new ElementHarness(page.querySelector('conf-schedule')!);
    const h = new ElementHarness(page.querySelector<ConfSpeakers>('conf-speakers')!);
    await waitFor(() => schedule.part('list') && h.part('card'), 'both elements');
    try {
      h.el.open(withSession.id);
      const link = await waitFor(() => h.q<HTMLAnchorElement>(`.session[data-id="${session.id}"] a`), 'session link');
      expect(link.getAttribute('href')).to.equal(`#event-${session.id}`);
      expect(link.textContent).to.equal(session.title);
      link.click();
      const dialog = await waitFor(() => schedule.q<HTMLDialogElement>('dialog[open]'), "the schedule's event dialog");
      expect(dialog.textContent).to.contain(session.title);
      expect(h.part<HTMLDialogElement>('dialog')!.open, 'the speaker dialog makes way').to.equal(false);
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  it('prints every card with name and affiliation, and no search', async () => {
    const h = await mount();
    const drawn = (el: Element) => el.getClientRects().length > 0;
    try {
      await emulateMedia({ media: 'print' });
      await waitFor(() => h.all('[part~="card"]').length === speakers.length, 'every card built for paper');
      const cards = h.all('[part~="card"]');
      expect(cards.length).to.equal(speakers.length);
      expect(cards.filter(drawn).length, 'cards on paper').to.equal(speakers.length);
      expect(h.all('[part~="name"]').filter(drawn).length).to.equal(speakers.length);
      expect(h.all('[part~="affiliation"]').filter(drawn).length).to.equal(
        speakers.filter((s) => s.affiliation).length,
      );
      expect(drawn(h.part('search')!)).to.equal(false);
      expect(drawn(h.q('.toolbar')!)).to.equal(false);
    } finally {
      await emulateMedia({ media: 'screen' });
    }
  });

  it('lets a host page take over opening by cancelling conf-speaker-open', async () => {
    const h = await mount();
    h.el.addEventListener('conf-speaker-open', (e) => e.preventDefault(), { once: true });
    h.q<HTMLButtonElement>('[part~="card"]')!.click();
    await h.settle();
    expect(h.part<HTMLDialogElement>('dialog')!.open).to.equal(false);
  });

  it("shows session times in the conference's zone with the viewer's time beside them", async () => {
    const withSession = speakers.find((s) => events.some((e) => e.speakerIds.includes(s.id)))!;
    const session = events.find((e) => e.speakerIds.includes(withSession.id))!;
    // As core/time.ts writes a 12-hour clock: no leading zero, a non-breaking space before AM/PM.
    const clock = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone })
        .format(new Date(session.startsAt))
        .replace(/ /g, '\u00a0');
    const expected = clock(session.timeZone);
    const viewer = clock('America/New_York');
    for (const [attrs, wantLocal] of [
      ['', true],
      ['time-zone="local"', false],
    ] as const) {
      const h = await mount(attrs);
      h.el.open(withSession.id);
      const item = await waitFor(() => h.q(`.session[data-id="${session.id}"]`), 'session');
      const when = item.querySelector('.when')!.textContent!;
      if (wantLocal) {
        expect(when).to.contain(expected);
        expect(item.querySelector('.local')?.textContent).to.contain(viewer).and.contain('your time');
      } else {
        expect(when).to.contain(viewer);
        expect(item.querySelector('.local')).to.equal(null);
      }
      h.el.close();
      cleanup();
    }
  });

  it('has no axe violations when showing data', async () => {
    const h = await mount();
    await expectNoAxeViolations(h.el);
  });

  it('speaks German from its own lang or the nearest ancestor lang', async () => {
    const own = await mount('lang="de"');
    expect(own.q('label')!.textContent).to.equal('Sprecher suchen');
    const box = document.createElement('section');
    box.lang = 'de-AT';
    document.body.append(box);
    try {
      const inherited = await mount('', box);
      expect(inherited.q('label')!.textContent).to.equal('Sprecher suchen');
      const english = await mount('lang="en"', box);
      expect(english.q('label')!.textContent).to.equal('Search speakers');
    } finally {
      box.remove();
    }
  });
});
