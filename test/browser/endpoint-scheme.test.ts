/**
 * An `endpoint` (own or a `<conf-provider>`'s) that is not an http(s) or relative address is
 * refused before any request: no fetch is ever made to it, the element uses the next source (here
 * the script's origin, whose proxy answers), and the console says which value was ignored.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/provider/define.js';
import '../../src/elements/speakers/define.js';
import type { ConfSpeakers } from '../../src/elements/speakers/speakers.js';
import { cleanup, ElementHarness, fixture, waitFor } from './harness.js';

const BAD = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/plain,x',
  'blob:https://evil.example/1',
  'file:///etc/passwd',
  'ftp://evil.example/',
];

/** Records every URL the page fetches, then calls the fetch it replaced. */
function recordFetches(): { urls: string[]; restore: () => void } {
  const previous = window.fetch;
  const urls: string[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return previous.call(window, input, init);
  };
  return { urls, restore: () => (window.fetch = previous) };
}

function captureWarnings(): { warnings: string[]; restore: () => void } {
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  return { warnings, restore: () => (console.warn = warn) };
}

describe('core: an endpoint that is not http(s)', () => {
  let fetches: ReturnType<typeof recordFetches>;
  let console: ReturnType<typeof captureWarnings>;
  beforeEach(() => {
    fetches = recordFetches();
    console = captureWarnings();
  });
  afterEach(() => {
    fetches.restore();
    console.restore();
    cleanup();
  });

  for (const bad of BAD) {
    it(`endpoint=${JSON.stringify(bad)} gets no request; the script's origin serves the data; the console says why`, async () => {
      const el = await fixture<ConfSpeakers>(
        `<conf-speakers endpoint="${bad.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></conf-speakers>`,
      );
      const h = new ElementHarness(el);
      await waitFor(() => h.all('[part~="card"]').length > 0, 'speakers from the default proxy');
      expect(el.resolvedEndpoint.url).to.equal(location.origin);
      expect(el.resolvedEndpoint.rejected).to.equal(bad.trim());
      expect(fetches.urls.length).to.be.greaterThan(0);
      for (const url of fetches.urls) expect(new URL(url, location.href).origin, url).to.equal(location.origin);
      await waitFor(
        () => console.warnings.some((w) => w.includes(`ignores the endpoint "${bad.trim()}"`)),
        'the console warning',
      );
    });
  }

  it('a provider with a javascript: endpoint is skipped the same way', async () => {
    const p = await fixture<HTMLElement>(
      `<conf-provider endpoint="jav&#x61;script:alert(1)"><conf-speakers></conf-speakers></conf-provider>`,
    );
    const el = p.querySelector<ConfSpeakers>('conf-speakers')!;
    await el.updateComplete;
    const h = new ElementHarness(el);
    await waitFor(() => h.all('[part~="card"]').length > 0, 'speakers from the default proxy');
    expect(el.resolvedEndpoint).to.deep.equal({
      url: location.origin,
      source: 'script',
      rejected: 'javascript:alert(1)',
    });
    for (const url of fetches.urls) expect(new URL(url, location.href).origin, url).to.equal(location.origin);
  });

  it('a relative or protocol-relative http(s) endpoint is used', async () => {
    const el = await fixture<ConfSpeakers>(`<conf-speakers endpoint="//${location.host}/"></conf-speakers>`);
    expect(el.resolvedEndpoint).to.deep.equal({ url: location.origin, source: 'attribute' });
    const rel = await fixture<ConfSpeakers>(`<conf-speakers endpoint="./"></conf-speakers>`);
    expect(rel.resolvedEndpoint.source).to.equal('attribute');
    expect(new URL(rel.resolvedEndpoint.url).origin).to.equal(location.origin);
  });
});
