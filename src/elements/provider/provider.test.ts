/**
 * How elements find `<conf-provider endpoint>`: by its attribute, on the way up the page as the
 * browser composes it. This page imports the provider's code only in the last test, so until then
 * every `<conf-provider>` here is a tag whose code has not run (a page whose provider chunk is
 * still on its way, or another copy of the bundle that has not defined it).
 */
import { expect } from '@esm-bundle/chai';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import '../speakers/define.js';
import type { ConfSpeakers } from '../speakers/speakers.js';

const cards = (h: ElementHarness) => h.all('[part~="card"]').length > 0;
/** An address where nothing answers: an element that uses it shows the error view. */
const NOWHERE = 'http://127.0.0.1:9';

describe('conf-provider: how elements find it', () => {
  afterEach(cleanup);

  it('is read before its code runs, and followed when its attribute changes', async () => {
    expect(customElements.get('conf-provider')).to.equal(undefined);
    const p = await fixture<HTMLElement>(
      `<conf-provider endpoint="${NOWHERE}"><conf-speakers></conf-speakers></conf-provider>`,
    );
    const el = p.querySelector<ConfSpeakers>('conf-speakers')!;
    await el.updateComplete;
    expect(el.resolvedEndpoint).to.deep.equal({ url: NOWHERE, source: 'provider' });
    const h = new ElementHarness(el);
    await h.waitForPart('error');
    p.setAttribute('endpoint', location.origin);
    await waitFor(() => cards(h), 'data after the provider changed');
    expect(el.resolvedEndpoint).to.deep.equal({ url: location.origin, source: 'provider' });
    p.removeAttribute('endpoint');
    await waitFor(() => el.resolvedEndpoint.source === 'script', 'the script origin once the provider names none');
  });

  it('is found through the slot an element is shown in, inside another element’s shadow root', async () => {
    const host = await fixture<HTMLElement>(`<div><conf-speakers></conf-speakers></div>`);
    const el = host.querySelector<ConfSpeakers>('conf-speakers')!;
    el.remove();
    // The shadow root wraps the slot in a provider: the light-DOM child is shown inside it.
    host.attachShadow({ mode: 'open' }).innerHTML =
      `<conf-provider endpoint="/in-shadow/"><slot></slot></conf-provider>`;
    host.append(el);
    await el.updateComplete;
    expect(el.resolvedEndpoint).to.deep.equal({ url: `${location.origin}/in-shadow`, source: 'provider' });
    // An element inside a shadow root finds the provider around that root's host.
    const outer = await fixture<HTMLElement>(`<conf-provider endpoint="/outer/"><div></div></conf-provider>`);
    const inner = outer.querySelector('div')!.attachShadow({ mode: 'open' });
    inner.innerHTML = '<conf-speakers></conf-speakers>';
    const deep = inner.querySelector<ConfSpeakers>('conf-speakers')!;
    await deep.updateComplete;
    expect(deep.resolvedEndpoint).to.deep.equal({ url: `${location.origin}/outer`, source: 'provider' });
  });

  it('is the one the element is in now: a moved element leaves the old one behind', async () => {
    const wrap = await fixture<HTMLElement>(
      `<div><conf-provider id="a" endpoint="/a/"><conf-speakers></conf-speakers></conf-provider><conf-provider id="b" endpoint="/b/"></conf-provider></div>`,
    );
    const a = wrap.querySelector('#a')!;
    const b = wrap.querySelector('#b')!;
    const el = wrap.querySelector<ConfSpeakers>('conf-speakers')!;
    await el.updateComplete;
    expect(el.resolvedEndpoint.url).to.equal(`${location.origin}/a`);
    b.append(el);
    await el.updateComplete;
    expect(el.resolvedEndpoint.url).to.equal(`${location.origin}/b`);
    // Attribute watchers run before a new task: by then a change the element still heard would show.
    a.setAttribute('endpoint', '/a2/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await el.updateComplete;
    expect(el.resolvedEndpoint.url).to.equal(`${location.origin}/b`);
    b.setAttribute('endpoint', '/b2/');
    await waitFor(() => el.resolvedEndpoint.url === `${location.origin}/b2`, 'the new provider followed');
    wrap.append(el);
    await el.updateComplete;
    expect(el.resolvedEndpoint.source).to.equal('script');
  });

  it('once defined, a provider’s endpoint property reaches the elements inside it', async () => {
    const p = await fixture<HTMLElement & { endpoint?: string; updateComplete?: Promise<unknown> }>(
      `<conf-provider endpoint="${NOWHERE}"><conf-speakers></conf-speakers></conf-provider>`,
    );
    await import('./define.js');
    const el = p.querySelector<ConfSpeakers>('conf-speakers')!;
    const h = new ElementHarness(el);
    await h.waitForPart('error');
    p.endpoint = location.origin;
    await waitFor(() => cards(h), 'data after the provider’s property changed');
  });
});
