/**
 * Set-up hints (proxy address, CORS advice) are for the organizer: inside the element only on
 * their own machine or with `debug`; a public site's visitors see a neutral message with a retry,
 * and the hints go to the console.
 */
import { expect } from '@esm-bundle/chai';
import { isDeveloperHost, pageHost } from '../../src/core/diagnostics.js';
import '../../src/elements/page/define.js';
import { cleanup, ElementHarness, fixture } from './harness.js';

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
    for (const h of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isDeveloperHost(h), h).to.equal(true);
    for (const h of ['conference.example', 'localhost.example.com', '128.0.0.1', '10.0.0.1', '']) expect(isDeveloperHost(h), h).to.equal(false);
  });

  it('on a public site: a neutral message with a retry, no hints in the element, the hints in the console', async () => {
    pageHost.hostname = () => 'conference.example';
    const log = captureWarnings();
    try {
      const h = new ElementHarness(await fixture<HTMLElement>(`<conf-page slug="about" endpoint="${DOWN}"></conf-page>`));
      const error = await h.waitForPart('error');
      expect(error.textContent).to.contain('Could not reach the conference server');
      expect(h.part('retry-button')).to.not.equal(null);
      expect(h.part('notice')).to.equal(null);
      expect(h.text()).to.not.contain('127.0.0.1').and.not.contain('CORS').and.not.contain('allowed origins');
      expect(log.warnings.some((w) => w.includes('could not be reached') && w.includes('Fix:') && w.includes('127.0.0.1:9'))).to.equal(true);
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
      const h = new ElementHarness(await fixture<HTMLElement>(`<conf-page slug="about" debug endpoint="${DOWN}"></conf-page>`));
      const notice = await h.waitForPart('notice');
      expect(notice.textContent).to.contain('could not be reached').and.contain('127.0.0.1:9');
    } finally {
      log.restore();
    }
  });

  it('on localhost: the hints in the element', async () => {
    const log = captureWarnings();
    try {
      const h = new ElementHarness(await fixture<HTMLElement>(`<conf-page slug="about" endpoint="${DOWN}"></conf-page>`));
      expect((await h.waitForPart('notice')).textContent).to.contain('could not be reached');
    } finally {
      log.restore();
    }
  });
});
