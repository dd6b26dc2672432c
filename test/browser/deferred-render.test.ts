/**
 * An element far below the viewport fetches its data at once but keeps its loading view until it
 * comes near the viewport, is printed, or says `render="eager"`; one near the top draws at once.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/speakers/define.js';
import { cleanup, ElementHarness, fixture, waitFor } from './harness.js';

const cards = (el: Element) => new ElementHarness(el as HTMLElement).all('[part~="card"]').length;
const deferred = (el: Element) => el.matches(':state(deferred)');
/** Two spacers of ten viewports each: the elements after them are far below. */
const far = (tag: string) => `<div><div style="height:${innerHeight * 10}px"></div>${tag}</div>`;

describe('deferred first render', () => {
  afterEach(() => {
    scrollTo(0, 0);
    cleanup();
  });

  it('an element far below waits with its data as a skeleton, and draws when scrolled near', async () => {
    const wrapper = await fixture<HTMLElement>(far('<conf-speakers></conf-speakers>'));
    const el = wrapper.querySelector('conf-speakers')!;
    await waitFor(() => deferred(el), 'the element to hold its data back');
    expect(cards(el)).to.equal(0);
    expect(el.shadowRoot!.querySelector('[part~="loading"]')).to.not.equal(null);
    el.scrollIntoView();
    await waitFor(() => cards(el) > 0, 'the cards once near');
    expect(deferred(el)).to.equal(false);
  });

  it('render="eager" draws far below at once', async () => {
    const wrapper = await fixture<HTMLElement>(far('<conf-speakers render="eager"></conf-speakers>'));
    const el = wrapper.querySelector('conf-speakers')!;
    await waitFor(() => cards(el) > 0, 'the eager cards');
    expect(scrollY).to.equal(0);
  });

  it('printing draws every deferred element', async () => {
    const wrapper = await fixture<HTMLElement>(far('<conf-speakers></conf-speakers>'));
    const el = wrapper.querySelector('conf-speakers')!;
    await waitFor(() => deferred(el), 'the element to hold its data back');
    window.dispatchEvent(new Event('beforeprint'));
    await waitFor(() => cards(el) > 0, 'the cards for print');
  });
});
