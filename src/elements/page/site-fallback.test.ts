/**
 * The deprecated `/website/pages` as a fallback, in its own file (its own page) because the
 * console line it checks is said once per page load.
 */
import { expect } from '@esm-bundle/chai';
import { answerWith, cleanup, ElementHarness, fixture, preferOn, waitFor } from '../../../test/browser/harness.js';
import type { SitePage } from '../../api/records.js';
import './define.js';
import '../site-nav/define.js';

const API = '/api/public/v1';
const SITE = /\/website\/site(\?|$)/;
const requested = (fragment: string) =>
  performance.getEntriesByType('resource').filter((e) => e.name.includes(fragment)).length;

describe('<conf-page> and <conf-site-nav> without /website/site', () => {
  let pages: SitePage[];
  before(async () => {
    pages = ((await (await fetch(`${API}/website/pages`)).json()) as { data: SitePage[] }).data;
  });
  beforeEach(() => performance.clearResourceTimings());
  afterEach(cleanup);

  it('do not fall back when /website/site fails otherwise (503): the error shows', async () => {
    preferOn(SITE, 'code=503');
    const el = await fixture<HTMLElement>('<conf-page slug="about"></conf-page>');
    const h = new ElementHarness(el);
    await h.waitForPart('error');
    expect(requested('/website/pages')).to.equal(0);
  });

  it('read the deprecated /website/pages when /website/site answers 404, and say so in the console once', async () => {
    answerWith(SITE, { error: { code: 'not_found', message: 'No such endpoint.' } }, 404);
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      const box = await fixture<HTMLElement>(
        `<div><conf-site-nav href-pattern="/info/{slug}"></conf-site-nav><conf-page slug="${pages[1]!.slug}" show-conference></conf-page></div>`,
      );
      const nav = new ElementHarness(box.querySelector('conf-site-nav')!);
      const page = new ElementHarness(box.querySelector('conf-page')!);
      await waitFor(() => page.part('title') && nav.all('[part~="link"]').length > 0, 'page and links');
      expect(page.part('title')!.textContent).to.equal(pages[1]!.title);
      expect(nav.all('[part~="link"]').map((a) => a.textContent)).to.deep.equal(pages.map((p) => p.title));
      // The deprecated list has no conference: nothing to show, no empty header.
      expect(page.part('conference')).to.equal(null);
      // Another element later, and a reload: still one line.
      await (box.querySelector('conf-page') as unknown as { reload(): Promise<boolean> }).reload();
      const more = await fixture<HTMLElement>('<conf-page slug="about"></conf-page>');
      await waitFor(() => new ElementHarness(more).part('title'), 'a third element');
      const said = warnings.filter((w) => w.includes('/website/pages'));
      expect(said).to.have.length(1);
      expect(said[0]).to.contain('deprecated').and.contain('404');
    } finally {
      console.warn = warn;
    }
  });
});
