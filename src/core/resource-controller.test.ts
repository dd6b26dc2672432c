/**
 * The resource controller's runs, with a stand-in element whose loads the test ends by hand: a
 * change of what the data depends on starts a new load and aborts the old one, whose end then
 * changes nothing; a reload says whether it succeeded.
 */
import { expect } from '@esm-bundle/chai';
import { html, LitElement } from 'lit';
import { cleanup, fixture } from '../../test/browser/harness.js';
import { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { ResourceController, type LoadContext } from './resource-controller.js';

interface Load {
  key: string;
  signal: AbortSignal;
  resolve(value: string): void;
  reject(error: unknown): void;
}

class ResourceHostElement extends LitElement {
  /** Nothing kept in the browser: the saved copy would be one more load. */
  static savesAnswers = false;
  readonly client = new ApiClient('http://localhost:9');
  readonly refresh = 0;
  key = 'a';
  readonly loads: Load[] = [];
  readonly resource = new ResourceController<string>(this, {
    name: 'test',
    args: () => [this.key],
    load: (ctx: LoadContext) =>
      new Promise<string>((resolve, reject) => {
        this.loads.push({ key: this.key, signal: ctx.signal, resolve, reject });
        // As fetch does: an aborted load fails.
        ctx.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  });

  setState(): void {}

  protected override render(): unknown {
    const v = this.resource.view;
    return html`${v.kind === 'ready' ? v.value : v.kind}`;
  }
}
customElements.define('test-resource-host', ResourceHostElement);

/** Lets the load's promise chain and the element's update run. */
async function settle(el: ResourceHostElement): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await el.updateComplete;
}

describe('ResourceController runs', () => {
  afterEach(cleanup);

  it('loads again when its arguments change; the replaced load is aborted and its end changes nothing', async () => {
    const el = await fixture<ResourceHostElement>('<test-resource-host></test-resource-host>');
    expect(el.loads.map((l) => l.key)).to.deep.equal(['a']);
    expect(el.resource.loading).to.equal(true);
    el.requestUpdate();
    await el.updateComplete;
    expect(el.loads.length, 'the same arguments do not load again').to.equal(1);

    el.key = 'b';
    el.requestUpdate();
    await el.updateComplete;
    expect(el.loads.map((l) => l.key)).to.deep.equal(['a', 'b']);
    expect(el.loads[0]!.signal.aborted).to.equal(true);
    await settle(el);
    expect(el.resource.loading, 'still loading: the newer load runs').to.equal(true);
    expect(el.shadowRoot!.textContent).to.equal('loading');

    el.loads[1]!.resolve('B');
    await settle(el);
    expect(el.resource.loading).to.equal(false);
    expect(el.shadowRoot!.textContent).to.equal('B');
  });

  it('reload resolves with the outcome, and a failure shows once no load runs', async () => {
    const el = await fixture<ResourceHostElement>('<test-resource-host></test-resource-host>');
    el.loads[0]!.resolve('A');
    await settle(el);
    expect(el.shadowRoot!.textContent).to.equal('A');

    const failed = el.resource.reload();
    expect(el.resource.loading).to.equal(true);
    el.loads[1]!.reject(new ApiError(500, 'internal_error', 'down'));
    expect(await failed).to.equal(false);
    await el.updateComplete;
    expect(el.resource.loading).to.equal(false);
    expect(el.resource.error?.code).to.equal('internal_error');
    expect(el.shadowRoot!.textContent, 'the last good value stays').to.equal('A');

    const ok = el.resource.reload();
    el.loads[2]!.resolve('A2');
    expect(await ok).to.equal(true);
    await el.updateComplete;
    expect(el.resource.error).to.equal(null);
    expect(el.shadowRoot!.textContent).to.equal('A2');
  });
});
