/**
 * The venue screen counts down (issue 21, item 10): before a room's first session "Starts in
 * N min" instead of only "Nothing right now", the time left of what runs, and its NOW/NEXT rules
 * on one line across a row of cards.
 */
import { expect } from '@esm-bundle/chai';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import './define.js';
import type { ConfSchedule } from './schedule.js';

async function screen(now: string, attributes = ''): Promise<ElementHarness<ConfSchedule>> {
  const el = await fixture<ConfSchedule>(
    `<conf-schedule view="screen" now="${now}" page-seconds="600" ${attributes}></conf-schedule>`,
  );
  el.style.width = '1920px';
  el.style.height = '1080px';
  const h = new ElementHarness(el);
  await waitFor(() => h.part('screen-venue'), 'screen content');
  await h.settle();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await h.settle();
  return h;
}

function card(h: ElementHarness<ConfSchedule>, room: string): HTMLElement {
  const c = h
    .all<HTMLElement>('[part="screen-venue"]')
    .find((e) => e.querySelector('.screen-venue-name')?.textContent?.trim() === room);
  if (!c) throw new Error(`no card for ${room}`);
  return c;
}

describe('<conf-schedule view="screen"> counting down', () => {
  afterEach(cleanup);

  it('before the first talk says when it starts; once it runs, the minutes left', async () => {
    // The opening keynote in the Main Hall starts at 9:00 in Berlin.
    const early = await screen('2026-06-10T08:18:00+02:00');
    const now = card(early, 'Main Hall').querySelector('[part="screen-now"]')!.textContent!.replace(/\s+/g, ' ');
    expect(now).to.contain('Starts in 42 min');
    expect(now).to.not.contain('Nothing right now');
    cleanup();
    const running = await screen('2026-06-10T09:20:00+02:00');
    expect(
      card(running, 'Main Hall').querySelector('[part="screen-now"]')!.textContent!.replace(/\s+/g, ' '),
    ).to.contain('40 min left');
  });

  it('counts down in German', async () => {
    const de = await screen('2026-06-10T08:18:00+02:00', 'lang="de"');
    expect(de.q('[part="screen-now"]')!.textContent).to.match(/Beginnt in \d+ Min\./);
  });

  it("lines up the NEXT rules of a row's cards", async () => {
    const h = await screen('2026-06-10T11:10:00+02:00');
    const rows = new Map<number, number[]>();
    for (const c of h.all<HTMLElement>('[part="screen-venue"]')) {
      const top = Math.round(c.getBoundingClientRect().top);
      const rule = c.querySelector<HTMLElement>('[part="screen-next"]')!.getBoundingClientRect().top;
      rows.set(top, [...(rows.get(top) ?? []), rule]);
    }
    for (const [top, rules] of rows) {
      expect(Math.max(...rules) - Math.min(...rules), `row at ${top}px: NEXT rules within 1 px`).to.be.at.most(1);
    }
  });
});

describe('<conf-schedule view="screen"> using the space for what comes next', () => {
  afterEach(cleanup);

  /** Rendered lines of a clamped paragraph, and whether its text is cut. */
  function lines(el: HTMLElement): { lines: number; cut: boolean } {
    return {
      lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      cut: el.scrollHeight > el.clientHeight + 1,
    };
  }

  it('gives a long NEXT title more than two lines where the row has room, rules aligned, nothing out of its card', async () => {
    // 9:20: the keynote runs in the Main Hall; the other rooms start at 10:30.
    const h = await screen('2026-06-10T09:20:00+02:00');
    const spree = card(h, 'Spree Room');
    expect(spree.querySelector('[part="screen-now"] .screen-soon'), 'nothing runs in the Spree Room yet').to.not.equal(
      null,
    );
    const title = spree.querySelector<HTMLElement>('[part="screen-next"] .screen-title')!;
    expect(lines(title), `"${title.textContent}" in full`).to.deep.equal({ lines: 3, cut: false });

    const rows = new Map<number, number[]>();
    for (const c of h.all<HTMLElement>('[part="screen-venue"]')) {
      const box = c.getBoundingClientRect();
      const top = Math.round(box.top);
      rows.set(top, [
        ...(rows.get(top) ?? []),
        c.querySelector<HTMLElement>('[part="screen-next"]')!.getBoundingClientRect().top,
      ]);
      for (const p of c.querySelectorAll<HTMLElement>('p, .screen-venue-name')) {
        expect(p.getBoundingClientRect().bottom, `${p.textContent} inside its card`).to.be.at.most(box.bottom + 0.5);
        if (!p.classList.contains('clamp'))
          expect(p.scrollHeight, `${p.textContent} not cut`).to.be.at.most(p.clientHeight + 1);
      }
    }
    for (const [top, rules] of rows) {
      expect(Math.max(...rules) - Math.min(...rules), `row at ${top}px: NEXT rules within 1 px`).to.be.at.most(1);
    }
  });

  it('takes no line from what runs now to give it to what comes next', async () => {
    const h = await screen('2026-06-10T11:10:00+02:00');
    for (const c of h.all<HTMLElement>('[part="screen-venue"]')) {
      const now = c.querySelector<HTMLElement>('[part="screen-now"]')!;
      expect(now.scrollHeight, 'the now box holds its lines').to.be.at.most(now.clientHeight + 1);
    }
  });
});
