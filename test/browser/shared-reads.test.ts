/**
 * Elements on one page share reads: one request per resource, whichever element or
 * `<conf-provider>` asks; another endpoint is another resource. Requests are counted where they
 * leave the page (window.fetch), answers come from the real sandbox behind the proxy.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/provider/define.js';
import '../../src/elements/speakers/define.js';
import { cleanup, ElementHarness, fixture, preferOn, waitFor } from './harness.js';

type Reloadable = HTMLElement & { reload(): Promise<boolean> };

const realFetch = window.fetch;
let requests: string[] = [];

/** Counts over whatever fetch is in place (the harness's, after a `preferOn`). */
function countRequests(): void {
  requests = [];
  const inner = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/public/v1/')) requests.push(new URL(url).pathname + new URL(url).search);
    return inner(input, init);
  };
}

const speakerReads = () => requests.filter((u) => u.includes('/events/speakers'));
const cards = (el: Element) => new ElementHarness(el as HTMLElement).all('[part~="card"]').length;

describe('shared reads', () => {
  beforeEach(countRequests);
  afterEach(() => {
    window.fetch = realFetch;
    cleanup();
  });

  it('two elements needing the same resource cause one request, and both show it', async () => {
    const wrapper = await fixture<HTMLElement>(
      '<div><conf-speakers></conf-speakers><conf-speakers view="list"></conf-speakers></div>',
    );
    const [a, b] = wrapper.querySelectorAll('conf-speakers');
    await waitFor(() => cards(a!) > 0 && cards(b!) > 0, 'both lists of speakers');
    expect(speakerReads()).to.have.length(1);
  });

  it('an element that upgrades a moment later reuses the answer', async () => {
    const first = await fixture<HTMLElement>('<conf-speakers></conf-speakers>');
    await waitFor(() => cards(first) > 0, 'the first list');
    const second = await fixture<HTMLElement>('<conf-speakers></conf-speakers>');
    await waitFor(() => cards(second) > 0, 'the second list');
    expect(speakerReads()).to.have.length(1);
  });

  it('two providers with the same endpoint share; another endpoint asks apart', async () => {
    const origin = location.origin;
    const wrapper = await fixture<HTMLElement>(`<div>
      <conf-provider endpoint="${origin}"><conf-speakers></conf-speakers></conf-provider>
      <conf-provider endpoint="${origin}/"><conf-speakers></conf-speakers></conf-provider>
      <conf-provider endpoint="${origin}/elsewhere"><conf-speakers></conf-speakers></conf-provider>
    </div>`);
    const [a, b, c] = wrapper.querySelectorAll('conf-speakers');
    await waitFor(() => cards(a!) > 0 && cards(b!) > 0, 'the two lists of the same proxy');
    // The third proxy does not exist: its element ends in its error view, having asked on its own.
    await waitFor(() => new ElementHarness(c as HTMLElement).part('error'), 'the other endpoint failing');
    expect(speakerReads().filter((u) => u.startsWith('/api/'))).to.have.length(1);
    expect(speakerReads().filter((u) => u.startsWith('/elsewhere/api/'))).to.have.length(1);
  });

  it('a reload asks again; the element it aborts leaves the shared read running for the other', async () => {
    window.fetch = realFetch;
    preferOn(/\/events\/speakers/, 'delay=500');
    countRequests();
    const wrapper = await fixture<HTMLElement>(
      '<div><conf-speakers></conf-speakers><conf-speakers></conf-speakers></div>',
    );
    const [a, b] = [...wrapper.querySelectorAll<Reloadable>('conf-speakers')];
    await waitFor(() => speakerReads().length === 1, 'the shared read on its way');
    // A's first load is aborted by its new run (a fresh request); B still waits on the first.
    const reloaded = a!.reload();
    expect(await reloaded).to.equal(true);
    await waitFor(() => cards(a!) > 0 && cards(b!) > 0, 'both lists');
    expect(new ElementHarness(b!).part('error')).to.equal(null);
    expect(speakerReads()).to.have.length(2);
  });
});
