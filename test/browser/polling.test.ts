/**
 * The polling controller with a stand-in host: runs never overlap, a hidden tab stops polling
 * and a visible one catches up, failures back off.
 */
import { expect } from '@esm-bundle/chai';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PollingController } from '../../src/core/polling-controller.js';
import { cleanup, fixture, preferOn, waitFor, ElementHarness } from './harness.js';
import '../../src/elements/speakers/define.js';

class Host implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  addController(c: ReactiveController) {
    this.controllers.push(c);
  }
  removeController() {}
  requestUpdate() {}
  updateComplete = Promise.resolve(true);
  connect() {
    for (const c of this.controllers) c.hostConnected?.();
  }
  disconnect() {
    for (const c of this.controllers) c.hostDisconnected?.();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('PollingController', () => {
  afterEach(() => {
    delete (document as unknown as { hidden?: boolean }).hidden;
    cleanup();
  });

  it('never starts a run while one is in flight', async () => {
    const host = new Host();
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    new PollingController(host, {
      interval: () => 0.02,
      run: async () => {
        active++;
        runs++;
        maxActive = Math.max(maxActive, active);
        await sleep(100);
        active--;
        return true;
      },
    });
    host.connect();
    await sleep(450);
    host.disconnect();
    expect(maxActive).to.equal(1);
    expect(runs).to.be.within(2, 5);
  });

  it('stops while the tab is hidden and catches up when it is shown', async () => {
    const host = new Host();
    let runs = 0;
    new PollingController(host, { interval: () => 0.05, run: async () => (runs++, true) });
    host.connect();
    setHidden(true);
    await sleep(200);
    expect(runs).to.equal(0);
    setHidden(false);
    await waitFor(() => runs > 0, 'a run after the tab is visible', 1000);
    host.disconnect();
  });

  it('backs off after failures', async () => {
    const host = new Host();
    let runs = 0;
    const p = new PollingController(host, { interval: () => 0.04, run: async () => (runs++, false) });
    host.connect();
    await sleep(600);
    host.disconnect();
    // Without backoff ~15 runs; with doubling delays (80, 160, 320 ms …) at most 4.
    expect(runs).to.be.within(1, 4);
    expect(p.failures).to.equal(runs);
  });
});

describe('refresh attribute', () => {
  afterEach(cleanup);

  it('refreshes with If-None-Match, and a failed refresh keeps the data marked stale', async () => {
    const seen: string[] = [];
    const realFetch = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const h = new Headers(init?.headers);
      if (String(input).includes('/events/speakers')) seen.push(h.get('if-none-match') ?? '');
      return realFetch(input, init);
    };
    try {
      const el = await fixture<HTMLElement>('<conf-speakers refresh="0.2"></conf-speakers>');
      const h = new ElementHarness(el);
      await waitFor(() => h.all('[part~="card"]').length > 0, 'cards');
      await waitFor(() => seen.length >= 2, 'a refresh', 3000);
      expect(seen[0]).to.equal('');
      expect(seen[1]).to.match(/^(W\/)?"/);
      preferOn(/\/events\/speakers/, 'code=503');
      await h.waitForPart('stale', 3000);
      expect(h.all('[part~="card"]').length).to.be.greaterThan(0);
    } finally {
      window.fetch = realFetch;
    }
  });
});
