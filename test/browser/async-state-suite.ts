/**
 * The async states every data element must show (DESIGN.md, "The elements' duties"), written once
 * and run per element: loading, empty, error with the server's message and a working retry, and
 * stale data after a refresh fails or when the proxy answers from its last good copy. Errors and delays are real answers of the sandbox, forced per
 * page with its `Prefer` header; only the empty list is a fixed answer.
 */
import { expect } from '@esm-bundle/chai';
import type { ConfErrorEvent } from '../../src/events/conf-error.js';
import type { ConfLoadedEvent } from '../../src/events/conf-loaded.js';
import { answerWith, cleanup, ElementHarness, fixture, preferOn, serverMessage, staleOn, waitFor } from './harness.js';

export interface AsyncStateOptions {
  /** Markup attributes, e.g. `view="list"`. */
  attributes?: string;
  /** Matches the URL of the element's main list request. */
  request: RegExp;
  /** API path of that list (for reading the server's own error message). */
  path: string;
  /** True once the element shows its data. */
  isReady: (h: ElementHarness) => boolean;
  /** The skeleton is taller than this (px); default 40. A one-row element's is about its row. */
  skeletonAbove?: number;
}

type Reloadable = HTMLElement & { reload(): Promise<boolean>; updateComplete: Promise<unknown> };

export function runAsyncStateTests(tag: string, options: AsyncStateOptions): void {
  const mount = async () => {
    const el = await fixture<Reloadable>(`<${tag} ${options.attributes ?? ''}></${tag}>`);
    return new ElementHarness(el);
  };
  const ready = (h: ElementHarness) => waitFor(() => options.isReady(h), `<${tag}> showing data`);

  describe(`<${tag}> async states`, () => {
    afterEach(cleanup);

    it('shows a skeleton while loading, marked busy and :state(loading)', async () => {
      preferOn(options.request, 'delay=600');
      const h = await mount();
      const loading = await h.waitForPart('loading');
      expect(loading.getAttribute('aria-busy')).to.equal('true');
      expect(h.matchesState('loading')).to.equal(true);
      // The skeleton takes room, so the content does not jump in from nothing.
      expect(loading.getBoundingClientRect().height).to.be.greaterThan(options.skeletonAbove ?? 40);
      await ready(h);
      expect(h.matchesState('loading')).to.equal(false);
    });

    it('shows the empty view when there is nothing', async () => {
      answerWith(options.request, { data: [], meta: { total: 0, limit: 100, offset: 0 } });
      const h = await mount();
      const empty = await h.waitForPart('empty');
      expect(empty.textContent?.trim()).to.not.equal('');
      expect(h.matchesState('empty')).to.equal(true);
    });

    it("shows the server's error message, and retry loads the data", async () => {
      const message = await serverMessage(options.path, 'code=503');
      expect(message).to.not.equal('');
      const restore = preferOn(options.request, 'code=503');
      const errors: ConfErrorEvent[] = [];
      document.addEventListener('conf-error', (e) => errors.push(e), { once: true });
      const h = await mount();
      const error = await h.waitForPart('error');
      expect(error.getAttribute('role')).to.equal('alert');
      expect(error.textContent).to.contain(message);
      expect(h.matchesState('error')).to.equal(true);
      expect(errors[0]?.detail.status).to.equal(503);
      expect(errors[0]?.detail.message).to.equal(message);
      restore();
      h.part<HTMLButtonElement>('retry-button')!.click();
      await ready(h);
      expect(h.part('error')).to.equal(null);
    });

    it('keeps the last good data, marked stale, when a refresh fails', async () => {
      const h = await mount();
      await ready(h);
      const restore = preferOn(options.request, 'code=503');
      const ok = await (h.el as Reloadable).reload();
      expect(ok).to.equal(false);
      await h.settle();
      const stale = await h.waitForPart('stale');
      expect(stale.textContent).to.contain(await serverMessage(options.path, 'code=503'));
      expect(options.isReady(h), 'data still shown').to.equal(true);
      expect(h.matchesState('stale')).to.equal(true);
      restore();
      expect(await (h.el as Reloadable).reload()).to.equal(true);
      await h.settle();
      expect(h.part('stale')).to.equal(null);
      expect(h.matchesState('stale')).to.equal(false);
    });

    it('marks data the proxy served from its last good copy (X-Cache: stale) as stale', async () => {
      const loaded: ConfLoadedEvent[] = [];
      const onLoaded = (e: ConfLoadedEvent) => void loaded.push(e);
      document.addEventListener('conf-loaded', onLoaded);
      try {
        const restore = staleOn(options.request);
        const h = await mount();
        await ready(h);
        const stale = await h.waitForPart('stale');
        expect(stale.textContent).to.contain('last good copy');
        expect(h.matchesState('stale')).to.equal(true);
        expect(loaded.at(-1)?.detail.stale, 'conf-loaded says stale').to.equal(true);
        // A fresh answer again clears the mark.
        restore();
        await (h.el as Reloadable).reload();
        await h.settle();
        expect(h.part('stale')).to.equal(null);
        expect(h.matchesState('stale')).to.equal(false);
        expect(options.isReady(h), 'data still shown').to.equal(true);
      } finally {
        document.removeEventListener('conf-loaded', onLoaded);
      }
    });

    it('says so when the proxy cannot be reached', async () => {
      const warn = console.warn;
      const warnings: string[] = [];
      console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
      try {
        // Port 9 (discard) on localhost: the connection is refused, like a proxy that is down.
        const el = await fixture<Reloadable>(
          `<${tag} endpoint="http://127.0.0.1:9" ${options.attributes ?? ''}></${tag}>`,
        );
        const h = new ElementHarness(el);
        const notice = await h.waitForPart('notice');
        expect(notice.textContent).to.contain('could not be reached');
        expect(h.part('error')?.textContent).to.contain('Could not reach');
        expect(warnings.some((w) => w.includes('could not be reached') && w.includes('Fix:'))).to.equal(true);
      } finally {
        console.warn = warn;
      }
    });
  });
}
