/**
 * Set-up hints (proxy address, CORS advice) are for the organizer: inside the element only on
 * their own machine or with `debug`; a public site's visitors see a neutral message with a retry,
 * and the hints go to the console.
 */
import { expect } from '@esm-bundle/chai';
import { isDeveloperHost, pageHost } from '../../src/core/diagnostics.js';
import '../../src/elements/page/define.js';
import '../../src/elements/exhibit-form/define.js';
import '../../src/elements/abstract-form/define.js';
import { answerWith, cleanup, ElementHarness, fixture, waitFor } from './harness.js';

/** A proxy that is down: port 9 (discard) on this machine refuses the connection. */
const DOWN = 'http://127.0.0.1:9';

function captureWarnings(): { warnings: string[]; restore: () => void } {
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  return { warnings, restore: () => (console.warn = warn) };
}

describe('set-up hints', () => {
  const realHostname = pageHost.hostname;
  afterEach(() => {
    pageHost.hostname = realHostname;
    cleanup();
  });

  it('knows the hosts of an organizer’s own machine', () => {
    for (const h of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])
      expect(isDeveloperHost(h), h).to.equal(true);
    for (const h of ['conference.example', 'localhost.example.com', '128.0.0.1', '10.0.0.1', ''])
      expect(isDeveloperHost(h), h).to.equal(false);
  });

  it('on a public site: a neutral message with a retry, no hints in the element, the hints in the console', async () => {
    pageHost.hostname = () => 'conference.example';
    const log = captureWarnings();
    try {
      const h = new ElementHarness(
        await fixture<HTMLElement>(`<conf-page slug="about" endpoint="${DOWN}"></conf-page>`),
      );
      const error = await h.waitForPart('error');
      expect(error.textContent).to.contain('Could not reach the conference server');
      expect(h.part('retry-button')).to.not.equal(null);
      expect(h.part('notice')).to.equal(null);
      expect(h.text()).to.not.contain('127.0.0.1').and.not.contain('CORS').and.not.contain('allowed origins');
      expect(
        log.warnings.some((w) => w.includes('could not be reached') && w.includes('Fix:') && w.includes('127.0.0.1:9')),
      ).to.equal(true);
      // A retry that fails again stays neutral.
      h.part<HTMLButtonElement>('retry-button')!.click();
      await h.waitForPart('error');
      expect(h.part('notice')).to.equal(null);
    } finally {
      log.restore();
    }
  });

  it('on a public site with the debug attribute: the hints in the element', async () => {
    pageHost.hostname = () => 'conference.example';
    const log = captureWarnings();
    try {
      const h = new ElementHarness(
        await fixture<HTMLElement>(`<conf-page slug="about" debug endpoint="${DOWN}"></conf-page>`),
      );
      const notice = await h.waitForPart('notice');
      expect(notice.textContent).to.contain('could not be reached').and.contain('127.0.0.1:9');
    } finally {
      log.restore();
    }
  });

  it('on localhost: the hints in the element', async () => {
    const log = captureWarnings();
    try {
      const h = new ElementHarness(
        await fixture<HTMLElement>(`<conf-page slug="about" endpoint="${DOWN}"></conf-page>`),
      );
      expect((await h.waitForPart('notice')).textContent).to.contain('could not be reached');
    } finally {
      log.restore();
    }
  });
});

/**
 * The same page's proxy under another origin (127.0.0.1 for localhost): a real cross-origin call
 * that the test proxy, allowing no other origin, refuses (no CORS grant).
 */
const CROSS_ORIGIN = `http://127.0.0.1:${location.port}`;

describe('forms that read nothing before they are sent check the proxy when they appear', () => {
  const realHostname = pageHost.hostname;
  let log: ReturnType<typeof captureWarnings>;
  beforeEach(() => (log = captureWarnings()));
  afterEach(() => {
    log.restore();
    pageHost.hostname = realHostname;
    cleanup();
    performance.clearResourceTimings();
  });

  for (const tag of ['conf-exhibit-form', 'conf-abstract-form']) {
    it(`<${tag}>: a proxy refusing this origin (CORS) shows at once, before anything is typed, with the hint`, async () => {
      expect(CROSS_ORIGIN).to.not.equal(location.origin);
      const h = new ElementHarness(await fixture<HTMLElement>(`<${tag} endpoint="${CROSS_ORIGIN}"></${tag}>`));
      const banner = await h.waitForPart('unreachable');
      expect(banner.getAttribute('role')).to.equal('alert');
      expect(banner.textContent)
        .to.contain('cannot be sent at the moment')
        .and.contain('Could not reach the conference server');
      // The form is still there to fill in.
      expect(h.q('form')).to.not.equal(null);
      const notice = await h.waitForPart('notice');
      expect(notice.textContent).to.contain('could not be reached').and.contain(location.origin);
      expect(log.warnings.some((w) => w.includes('allowed origins (CORS)'))).to.equal(true);
    });

    it(`<${tag}>: on a public site, only the neutral message and a retry that clears it once the proxy answers`, async () => {
      pageHost.hostname = () => 'conference.example';
      const h = new ElementHarness(await fixture<HTMLElement>(`<${tag} endpoint="${DOWN}"></${tag}>`));
      const banner = await h.waitForPart('unreachable');
      expect(h.part('notice')).to.equal(null);
      expect(banner.textContent).to.not.contain('127.0.0.1').and.not.contain('CORS');
      // The proxy is back (a stand-in answering on the dead port's address).
      answerWith(/^http:\/\/127\.0\.0\.1:9\//, { data: [], meta: { total: 0, limit: 1, offset: 0 } });
      banner.querySelector<HTMLButtonElement>('[part~="retry-button"]')!.click();
      await waitFor(() => h.part('unreachable') === null, 'the message gone');
    });
  }

  it('a form whose proxy answers shows nothing of the kind, and the check was one read', async () => {
    const h = new ElementHarness(await fixture<HTMLElement>('<conf-abstract-form></conf-abstract-form>'));
    await waitFor(
      () => performance.getEntriesByType('resource').some((e) => e.name.includes('/abstracts/abstracts?')),
      'the check',
    );
    await h.settle();
    expect(h.part('unreachable')).to.equal(null);
    expect(h.part('notice')).to.equal(null);
    expect(
      performance.getEntriesByType('resource').filter((e) => e.name.includes('/abstracts/abstracts?')),
    ).to.have.length(1);
  });
});
