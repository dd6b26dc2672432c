/**
 * Every detail dialog (schedule event, speaker, abstract, exhibit) on a phone (issue 21, items 2,
 * 6 and 13): it fits a 320 px and a 375 px wide screen — nothing wider than the dialog, Close
 * wholly inside it — and follows one focus rule: its heading takes focus when it opens.
 */
import { expect } from '@esm-bundle/chai';
import { setViewport } from '@web/test-runner-commands';
import type { ListResult } from '../../src/api/records.js';
import '../../src/elements/abstracts/define.js';
import '../../src/elements/exhibits/define.js';
import '../../src/elements/schedule/define.js';
import '../../src/elements/speakers/define.js';
import { cleanup, ElementHarness, fixture, waitFor } from './harness.js';

const API = '/api/public/v1';

async function firstWith<T>(path: string, pick: (items: T[]) => T | undefined): Promise<T> {
  const res = await fetch(`${API}${path}?limit=200`);
  const item = pick(((await res.json()) as ListResult<T>).data);
  if (!item) throw new Error(`no fitting item in ${path}`);
  return item;
}

/** The longest by a text of it: the hardest case for a narrow dialog. */
const longest =
  <T>(text: (t: T) => string) =>
  (items: T[]) =>
    [...items].sort((a, b) => text(b).length - text(a).length)[0];

interface Case {
  tag: string;
  hash: (id: string) => string;
  record: () => Promise<{ id: string }>;
}

const CASES: Case[] = [
  {
    tag: 'conf-schedule',
    hash: (id) => `#event-${id}`,
    record: () =>
      firstWith<{ id: string; title: string; track: string | null }>(
        '/events/events',
        longest((e) => (e.track ? e.title : '')),
      ),
  },
  {
    tag: 'conf-speakers',
    hash: (id) => `#speaker-${id}`,
    record: () =>
      firstWith<{ id: string; fullName: string; affiliation: string; jobTitle: string }>(
        '/events/speakers',
        longest((s) => s.fullName + s.affiliation + s.jobTitle),
      ),
  },
  {
    tag: 'conf-abstracts',
    hash: (id) => `#abstract-${id}`,
    record: () =>
      firstWith<{ id: string; title: string }>(
        '/abstracts/abstracts',
        longest((a) => a.title),
      ),
  },
  {
    tag: 'conf-exhibits',
    hash: (id) => `#exhibit-${id}`,
    record: () =>
      firstWith<{ id: string; title: string }>(
        '/exhibition/exhibits',
        longest((x) => x.title),
      ),
  },
];

/** What sticks out of the dialog sideways, in px (0 when all fits). */
function overflow(dialog: HTMLDialogElement): number {
  const box = dialog.getBoundingClientRect();
  let worst = Math.max(0, dialog.scrollWidth - dialog.clientWidth);
  for (const el of dialog.querySelectorAll<HTMLElement>('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    worst = Math.max(worst, r.right - box.right, box.left - r.left);
  }
  return worst;
}

describe('detail dialogs on a phone', function () {
  this.timeout(30_000);
  afterEach(async () => {
    cleanup();
    history.replaceState(null, '', location.pathname + location.search);
    await setViewport({ width: 800, height: 600 });
  });

  for (const width of [320, 375]) {
    for (const c of CASES) {
      it(`<${c.tag}>'s dialog fits ${width} px: no sideways overflow, Close inside, the heading focused`, async () => {
        const record = await c.record();
        await setViewport({ width, height: 740 });
        history.replaceState(null, '', c.hash(record.id));
        const el = await fixture<HTMLElement>(`<${c.tag}></${c.tag}>`);
        const h = new ElementHarness(el);
        const dialog = await waitFor(() => h.q<HTMLDialogElement>('dialog[open]'), `${c.tag}'s dialog`, 15_000);
        await waitFor(() => dialog.querySelector('h2'), 'its heading');
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        expect(dialog.getBoundingClientRect().right, 'inside the screen').to.be.at.most(width);
        expect(overflow(dialog), 'px sticking out sideways').to.be.at.most(1);
        const close = h.q<HTMLElement>('[part~="close-button"]')!;
        const [c1, d1] = [close.getBoundingClientRect(), dialog.getBoundingClientRect()];
        expect(c1.left >= d1.left && c1.right <= d1.right && c1.width > 0, 'Close wholly visible').to.equal(true);
        expect(h.focused?.localName, 'the heading takes focus').to.equal('h2');
        expect(h.focused?.id).to.equal('dialog-title');
      });
    }
  }

  it("the abstract dialog underlines only the presenting author's name, not the affiliation and badge", async () => {
    const res = await fetch(`${API}/abstracts/abstracts?limit=200&include=authors`);
    type A = { id: string; authors?: { presenting?: boolean; affiliation?: string }[] };
    const abstract = ((await res.json()) as ListResult<A>).data.find((a) =>
      (a.authors ?? []).some((x) => x.presenting && x.affiliation),
    )!;
    history.replaceState(null, '', `#abstract-${abstract.id}`);
    const h = new ElementHarness(await fixture<HTMLElement>('<conf-abstracts></conf-abstracts>'));
    const dialog = await waitFor(() => h.q<HTMLDialogElement>('dialog[open]'), 'the abstract dialog', 15_000);
    const author = await waitFor(
      () => dialog.querySelector<HTMLElement>('.author.presenting'),
      'the presenting author',
    );
    expect(getComputedStyle(author).textDecorationLine, 'no underline across the row').to.equal('none');
    expect(getComputedStyle(author.querySelector('.author-name')!).fontWeight).to.equal('650');
  });

  it("the event dialog's Track row reads as the other rows: label beside value, in the text colour", async () => {
    const event = await CASES[0]!.record();
    history.replaceState(null, '', `#event-${event.id}`);
    const el = await fixture<HTMLElement>('<conf-schedule></conf-schedule>');
    const h = new ElementHarness(el);
    const dialog = await waitFor(() => h.q<HTMLDialogElement>('dialog[open]'), 'the event dialog', 15_000);
    const rows = [...dialog.querySelectorAll<HTMLElement>('.facts > div')];
    expect(rows.length).to.equal(3);
    const [time, , track] = rows.map((r) => ({ dt: r.querySelector('dt')!, dd: r.querySelector('dd')! }));
    expect(track!.dd.getBoundingClientRect().top, 'value beside its label').to.be.closeTo(
      track!.dt.getBoundingClientRect().top,
      2,
    );
    expect(track!.dd.getBoundingClientRect().left).to.be.closeTo(time!.dd.getBoundingClientRect().left, 1);
    expect(getComputedStyle(track!.dd).color).to.equal(getComputedStyle(time!.dd).color);
  });
});
