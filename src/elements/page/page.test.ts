import { expect } from '@esm-bundle/chai';
import { runAsyncStateTests } from '../../../test/browser/async-state-suite.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { answerWith, cleanup, ElementHarness, fixture, preferOn, waitFor } from '../../../test/browser/harness.js';
import type { SiteDocument } from '../../api/records.js';
import type { ConfErrorEvent } from '../../events/conf-error.js';
import './define.js';
import '../site-nav/define.js';
import type { ConfPage } from './page.js';

const API = '/api/public/v1';
const SITE = /\/website\/site(\?|$)/;

async function mount(attrs: string): Promise<ElementHarness<ConfPage>> {
  const el = await fixture<ConfPage>(`<conf-page ${attrs}></conf-page>`);
  const h = new ElementHarness(el);
  await waitFor(() => h.part('title') || h.part('not-found') || h.part('error'), 'the page, not-found or error');
  return h;
}

runAsyncStateTests('conf-page', {
  attributes: 'slug="about"',
  request: SITE,
  path: `${API}/website/site`,
  isReady: (h) => h.part('title') !== null,
});

describe('<conf-page>', () => {
  let site: SiteDocument;
  before(async () => {
    site = ((await (await fetch(`${API}/website/site`)).json()) as { data: SiteDocument }).data;
  });
  afterEach(cleanup);

  it("shows the sandbox's page with its title and one paragraph per blank-line-separated block", async () => {
    const about = site.pages.find((p) => p.slug === 'about')!;
    const blocks = about.body.split(/\n\s*\n/);
    expect(blocks.length).to.be.greaterThan(1);
    const h = await mount('slug="about"');
    expect(h.part('title')!.textContent).to.equal(about.title);
    expect(h.part('title')!.localName).to.equal('h2');
    const paragraphs = h.all('[part~="paragraph"]');
    expect(paragraphs.map((p) => p.textContent)).to.deep.equal(blocks.map((b) => b.trim()));
    expect(h.part('conference'), 'no header unless asked').to.equal(null);
    await expectNoAxeViolations(h.el);
  });

  it('shows the conference name, dates and city with show-conference', async () => {
    const h = await mount('slug="faq" show-conference');
    expect(h.part('conference-name')!.textContent).to.equal(site.conference.name);
    const meta = h.part('conference-meta')!.textContent!;
    expect(meta).to.contain(site.conference.city);
    expect(meta).to.contain(site.conference.startsOn.slice(0, 4));
    expect(h.part('title')!.textContent).to.equal(site.pages.find((p) => p.slug === 'faq')!.title);
  });

  it('says a page with an unknown slug was not found, fires conf-error and names the known slugs to the organizer', async () => {
    const errors: ConfErrorEvent[] = [];
    const onError = (e: ConfErrorEvent) => void errors.push(e);
    document.addEventListener('conf-error', onError);
    try {
      const h = await mount('slug="no-such-page"');
      const notFound = await h.waitForPart('not-found');
      expect(notFound.getAttribute('role')).to.equal('alert');
      expect(notFound.textContent).to.contain('could not be found').and.contain('no-such-page');
      expect(h.part('title')).to.equal(null);
      expect(h.matchesState('not-found')).to.equal(true);
      await waitFor(() => errors.length > 0, 'conf-error');
      expect(errors[0]!.detail).to.deep.include({ resource: 'page', status: 404, code: 'page_not_found' });
      // Local host: the organizer's hint is in the element too.
      expect(h.part('notice')!.textContent).to.contain('"about"');
      // A known slug set later shows that page, and the state goes.
      h.el.slug = 'about';
      await waitFor(() => h.part('title'), 'the about page');
      expect(h.matchesState('not-found')).to.equal(false);
      expect(h.part('notice')).to.equal(null);
      expect(errors).to.have.length(1);
    } finally {
      document.removeEventListener('conf-error', onError);
    }
  });

  it('shows markup-like characters in titles and text as typed, never as HTML', async () => {
    const title = '<b>Bold</b> & <i>co</i>';
    const body =
      '<script>window.__confPageInjected = true</script>\n\n<b>not bold</b> &amp; <img src=x onerror="window.__confPageInjected=true">\nsecond line';
    answerWith(SITE, {
      data: { conference: { name: '<em>Conf</em>' }, navigation: [], pages: [{ slug: 'x', title, body }] },
    });
    const h = await mount('slug="x" show-conference');
    expect(h.part('title')!.textContent).to.equal(title);
    const [first, second] = h.all('[part~="paragraph"]');
    expect(first!.textContent).to.equal('<script>window.__confPageInjected = true</script>');
    expect(second!.textContent).to.equal(
      '<b>not bold</b> &amp; <img src=x onerror="window.__confPageInjected=true">second line',
    );
    expect(second!.querySelectorAll('br')).to.have.length(1);
    expect(h.part('conference-name')!.textContent).to.equal('<em>Conf</em>');
    expect(h.all('script, b, i, em, img')).to.have.length(0);
    expect((window as unknown as { __confPageInjected?: boolean }).__confPageInjected).to.equal(undefined);
  });

  it('shares one read of /website/site with a <conf-site-nav> on the same page', async () => {
    performance.clearResourceTimings();
    // A header of its own: no answer another test's elements read a moment ago can stand in.
    preferOn(SITE, 'delay=10');
    const box = await fixture<HTMLElement>(
      '<div><conf-site-nav href-pattern="/info/{slug}"></conf-site-nav><conf-page slug="faq"></conf-page></div>',
    );
    const page = new ElementHarness(box.querySelector('conf-page')!);
    const nav = new ElementHarness(box.querySelector('conf-site-nav')!);
    await waitFor(() => page.part('title') && nav.all('[part~="link"]').length > 0, 'both elements');
    const reads = await waitFor(() => {
      const r = performance.getEntriesByType('resource').filter((e) => e.name.includes('/website/site'));
      return r.length > 0 && r;
    }, 'the read in the timeline');
    expect(reads).to.have.length(1);
  });

  it('speaks German', async () => {
    const h = await mount('slug="nope" lang="de"');
    expect((await h.waitForPart('not-found')).textContent)
      .to.contain('nicht gefunden')
      .and.contain('„nope“');
  });
});
