import { expect } from '@esm-bundle/chai';
import { runAsyncStateTests } from '../../../test/browser/async-state-suite.js';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { answerWith, cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import type { SiteDocument } from '../../api/records.js';
import './define.js';
import type { ConfSiteNav } from './site-nav.js';

const API = '/api/public/v1';
const SITE = /\/website\/site(\?|$)/;

async function mount(attrs: string, width?: string): Promise<ElementHarness<ConfSiteNav>> {
  const box = document.createElement('div');
  if (width) box.style.width = width;
  document.body.append(box);
  const el = await fixture<ConfSiteNav>(`<conf-site-nav ${attrs}></conf-site-nav>`, box);
  const h = new ElementHarness(el);
  await waitFor(() => h.all('[part~="link"]').length > 0, 'links');
  return h;
}

const setHash = (hash: string) => history.replaceState(null, '', hash || location.pathname + location.search);

runAsyncStateTests('conf-site-nav', {
  request: SITE,
  path: `${API}/website/site`,
  isReady: (h) => h.all('[part~="link"]').length > 0,
  // One row, as tall as the nav it stands for (40 px at 16 px text), so nothing below it moves.
  skeletonAbove: 32,
});

describe('<conf-site-nav>', () => {
  let site: SiteDocument;
  before(async () => {
    site = ((await (await fetch(`${API}/website/site`)).json()) as { data: SiteDocument }).data;
  });
  afterEach(() => {
    cleanup();
    setHash('');
    for (const box of document.querySelectorAll('body > div:empty')) box.remove();
  });

  it("links every entry of the site's navigation through href-pattern, in a labelled nav landmark", async () => {
    const h = await mount('href-pattern="/info/{slug}"');
    const nav = h.part('nav')!;
    expect(nav.localName).to.equal('nav');
    expect(nav.getAttribute('aria-label')).to.equal('Site');
    const links = h.all<HTMLAnchorElement>('[part~="link"]');
    expect(links.map((a) => a.textContent)).to.deep.equal(site.navigation.map((n) => n.label));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(site.navigation.map((n) => `/info/${n.slug}`));
    expect(h.all('[aria-current]')).to.have.length(0);
    await expectNoAxeViolations(h.el);
  });

  it('encodes slugs, so a slug cannot add a path or query', async () => {
    answerWith(SITE, { data: { navigation: [{ label: 'Odd', slug: '../admin?x=1 y' }], pages: [] } });
    const h = await mount('href-pattern="/info/{slug}" label="Conference pages"');
    expect(h.part('link')!.getAttribute('href')).to.equal('/info/..%2Fadmin%3Fx%3D1%20y');
    expect(h.part('nav')!.getAttribute('aria-label')).to.equal('Conference pages');
  });

  it('marks the link of the current address aria-current="page", and follows the address as it changes', async () => {
    const [first, second] = site.navigation;
    setHash(`#info-${second!.slug}`);
    const h = await mount('href-pattern="#info-{slug}"');
    const current = () => h.all('[aria-current="page"]').map((a) => a.dataset.slug);
    expect(current()).to.deep.equal([second!.slug]);
    expect(h.part('current')!.dataset.slug).to.equal(second!.slug);
    // A click on another link changes the hash: the mark moves.
    h.q<HTMLAnchorElement>(`[data-slug="${first!.slug}"]`)!.click();
    await waitFor(() => current()[0] === first!.slug, 'the mark on the clicked link');
    expect(current()).to.have.length(1);
  });

  it("marks the current attribute's page when the address does not tell", async () => {
    const h = await mount(`href-pattern="/info/{slug}" current="${site.navigation[2]!.slug}"`);
    expect(h.all('[aria-current="page"]').map((a) => a.dataset.slug)).to.deep.equal([site.navigation[2]!.slug]);
  });

  it('folds the links behind a menu button when narrow, naming the current page', async () => {
    setHash(`#info-${site.navigation[0]!.slug}`);
    const h = await mount('href-pattern="#info-{slug}"', '320px');
    const button = await h.waitForPart<HTMLButtonElement>('menu-button');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.textContent).to.contain(site.navigation[0]!.label);
    const list = h.part('list')!;
    expect(list.hidden).to.equal(true);
    button.click();
    await h.settle();
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(list.hidden).to.equal(false);
    // Stacked: each link as wide as the list.
    const [a, b] = h.all('[part~="link"]');
    expect(b!.getBoundingClientRect().top).to.be.greaterThan(a!.getBoundingClientRect().top);
    await expectNoAxeViolations(h.el);
    // Escape closes it and focus returns to the button; following a link closes it too.
    h.all<HTMLAnchorElement>('[part~="link"]')[1]!.focus();
    await h.press('Escape');
    expect(list.hidden).to.equal(true);
    expect(h.focused).to.equal(button);
    button.click();
    await h.settle();
    h.all<HTMLAnchorElement>('[part~="link"]')[2]!.click();
    await waitFor(() => list.hidden, 'the menu closed after a link');
    expect(button.textContent).to.contain(site.navigation[2]!.label);
  });

  it('is one row of links when wide, and shows the conference with show-conference', async () => {
    const h = await mount('href-pattern="/info/{slug}" show-conference', '1000px');
    expect(h.part('menu-button')).to.equal(null);
    const tops = new Set(h.all('[part~="link"]').map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(tops.size).to.equal(1);
    expect(h.part('conference-name')!.textContent).to.equal(site.conference.name);
    expect(h.part('conference-meta')!.textContent).to.contain(site.conference.city);
  });

  it('speaks German', async () => {
    const h = await mount('lang="de" href-pattern="/{slug}"');
    expect(h.part('nav')!.getAttribute('aria-label')).to.equal('Website');
  });

  describe('an href-pattern that is not http(s) or relative makes no link', () => {
    const pwned = () => (window as unknown as { __pwned?: number }).__pwned;
    afterEach(() => delete (window as unknown as { __pwned?: number }).__pwned);

    // As markup, so the HTML parser decodes the entities as it does on a CMS page.
    const PATTERNS: [string, string][] = [
      ['javascript:', 'javascript:window.__pwned=1//{slug}'],
      ['an entity for a letter', 'jav&#x61;script:window.__pwned=1//{slug}'],
      ['an entity for the colon', 'javascript&colon;window.__pwned=1//{slug}'],
      ['mixed case', 'JaVaScRiPt:window.__pwned=1//{slug}'],
      ['leading spaces and a newline', '  &#10;javascript:window.__pwned=1//{slug}'],
      ['a tab inside the scheme', 'java&#9;script:window.__pwned=1//{slug}'],
      ['data:', 'data:text/html,<script>parent.__pwned=1</script>{slug}'],
    ];
    for (const [what, pattern] of PATTERNS) {
      it(`${what}: the entries are text, clicking them runs nothing, and the organizer is told`, async () => {
        const warn = console.warn;
        const warnings: string[] = [];
        console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
        try {
          const h = await mount(`href-pattern="${pattern.replace(/"/g, '&quot;')}" debug`);
          const links = h.all<HTMLAnchorElement>('[part~="link"]');
          expect(links.map((a) => a.textContent)).to.deep.equal(
            site.navigation.map((n) => n.label),
            'every entry is still listed',
          );
          expect(h.all('a[href]'), 'no entry has an href').to.have.length(0);
          expect(h.all('a[href^="javascript" i], a[href^="data" i]')).to.have.length(0);
          for (const a of links) a.click();
          await new Promise((r) => setTimeout(r, 50));
          expect(pwned()).to.equal(undefined);
          expect(h.part('notice')!.textContent).to.contain('is not an http(s) or relative address');
          expect(warnings.some((w) => w.includes('is not an http(s) or relative address'))).to.equal(true);
        } finally {
          console.warn = warn;
        }
      });
    }

    it('relative, protocol-relative and https patterns still make links', async () => {
      for (const pattern of [
        '?page={slug}',
        '//conf.example/{slug}',
        'https://conf.example/info/{slug}',
        'info/{slug}',
      ]) {
        const h = await mount(`href-pattern="${pattern}"`);
        expect(h.all('a[href]').length, pattern).to.equal(site.navigation.length);
        expect(h.part('notice'), pattern).to.equal(null);
        cleanup();
      }
    });
  });
});
