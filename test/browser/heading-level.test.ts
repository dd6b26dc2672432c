/**
 * `heading-level`: every element's headings start where the page says and never skip a level,
 * so a page's outline reads h2 (the page's section) → h3 (the element's) → h4, with no jump.
 */
import { expect } from '@esm-bundle/chai';
import { cleanup, ElementHarness, fixture, waitFor } from './harness.js';
import '../../src/elements/schedule/define.js';
import '../../src/elements/abstracts/define.js';
import '../../src/elements/exhibits/define.js';
import '../../src/elements/workshops/define.js';

/** The levels of the element's headings in document order, dialogs left out (a modal is its own outline). */
function outline(h: ElementHarness): number[] {
  return h
    .all('h1, h2, h3, h4, h5, h6')
    .filter((e) => !e.closest('dialog'))
    .map((e) => Number(e.localName.slice(1)));
}

/** First heading at `level`, and none deeper than one below the one before. */
function expectOutline(levels: number[], level: number, what: string): void {
  expect(levels.length, `${what}: has headings`).to.be.greaterThan(0);
  expect(levels[0], `${what}: starts at h${level}`).to.equal(level);
  levels.forEach((l, i) => {
    expect(l, `${what}: no heading above the element's own`).to.be.at.least(level);
    if (i > 0) expect(l, `${what}: h${levels[i - 1]} → h${l} skips a level`).to.be.at.most(levels[i - 1]! + 1);
  });
}

const CASES = [
  { tag: 'conf-schedule', attrs: '', ready: '[part~="event"]' },
  { tag: 'conf-schedule', attrs: 'view="grid"', ready: '[part~="event"]' },
  { tag: 'conf-schedule', attrs: 'view="screen" now="2026-06-10T11:05:00+02:00"', ready: '[part~="screen-venue"]' },
  { tag: 'conf-abstracts', attrs: '', ready: '[part~="card"]' },
  { tag: 'conf-exhibits', attrs: '', ready: '[part~="card"]' },
  { tag: 'conf-exhibits', attrs: 'display="wall" group-by="type"', ready: '[part~="wall-item"]' },
  { tag: 'conf-workshops', attrs: '', ready: '[part~="card"]' },
];

describe('heading-level', () => {
  afterEach(() => cleanup());

  for (const { tag, attrs, ready } of CASES) {
    it(`<${tag} ${attrs}>: h3 by default, from h2 or h5 when asked, never skipping a level`, async function () {
      this.timeout(30_000);
      for (const [attr, level] of [
        ['', 3],
        ['heading-level="2"', 2],
        ['heading-level="5"', 5],
        ['heading-level="nine"', 3],
      ] as const) {
        const el = await fixture<HTMLElement>(`<${tag} ${attrs} ${attr}></${tag}>`);
        const h = new ElementHarness(el);
        await waitFor(() => h.q(ready), `${tag} content`);
        await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
        expectOutline(outline(h), level, `<${tag} ${attrs} ${attr}>`);
        cleanup();
      }
    });
  }

  it('follows a change of the attribute', async () => {
    const el = await fixture<HTMLElement>('<conf-abstracts></conf-abstracts>');
    const h = new ElementHarness(el);
    await waitFor(() => h.q('[part~="card"]'), 'cards');
    expect(h.part('title')!.localName).to.equal('h3');
    el.setAttribute('heading-level', '4');
    await h.settle();
    expect(h.part('title')!.localName).to.equal('h4');
  });
});
