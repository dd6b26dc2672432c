/**
 * Which scheme an element shows: the host page's by default (declared `color-scheme`, the meta
 * tag, the background as a fallback, light otherwise), the system's with `theme="auto"`, forced
 * with `light`/`dark`; live when the page or the system switches; one watcher for all elements.
 */
import { expect } from '@esm-bundle/chai';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/elements/checkin/define.js';
import '../../src/elements/schedule/define.js';
import '../../src/elements/speakers/define.js';
import type { ConfSpeakers } from '../../src/elements/speakers/speakers.js';
import { effectiveBackground, luminance } from './colors.js';
import { cleanup, ElementHarness, fixture, waitFor } from './harness.js';

/**
 * What a visitor sees of the element's scheme: the background behind its text (its own panel, or
 * the page through a light element's transparent host).
 */
function looks(el: HTMLElement): 'light' | 'dark' {
  return luminance(effectiveBackground(el)) < 0.18 ? 'dark' : 'light';
}

/** Waits until the element looks `scheme` and its `dark` state (for the page's own CSS) agrees. */
async function becomes(el: HTMLElement, scheme: 'light' | 'dark'): Promise<void> {
  await waitFor(
    () => looks(el) === scheme && new ElementHarness(el).matchesState('dark') === (scheme === 'dark'),
    `<${el.localName}> ${scheme}`,
  );
}

async function mount(attrs = ''): Promise<ConfSpeakers> {
  return fixture<ConfSpeakers>(`<conf-speakers ${attrs}></conf-speakers>`);
}

/** Page-level changes made by a test, undone after it. */
const undo: (() => void)[] = [];
function pageStyle(text: string): HTMLStyleElement {
  const s = document.createElement('style');
  s.textContent = text;
  document.head.append(s);
  undo.push(() => s.remove());
  return s;
}

describe('theme: the host page decides', () => {
  afterEach(async () => {
    cleanup();
    for (const u of undo.splice(0)) u();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('stays light on a light page while the system is dark, transparent, with no panel padding', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    expect(matchMedia('(prefers-color-scheme: dark)').matches).to.equal(true);
    const el = await mount();
    expect(el.hasAttribute('theme')).to.equal(false);
    await becomes(el, 'light');
    expect(getComputedStyle(el).paddingTop).to.equal('0px');
    expect(getComputedStyle(el).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
  });

  it('is transparent on a tinted light page: no white band of its own', async () => {
    pageStyle('body { background: #fbfaf7; }');
    const el = await mount();
    await becomes(el, 'light');
    expect(getComputedStyle(el).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    expect(effectiveBackground(el)).to.equal('rgb(251, 250, 247)');
  });

  it("gives its sticky slot times the page's colour behind them, not a white box", async () => {
    pageStyle('body { background: #fbfaf7; }');
    const el = await fixture<HTMLElement>('<conf-schedule></conf-schedule>');
    const h = new ElementHarness(el);
    const time = await waitFor(() => h.all<HTMLElement>('.slot-time')[0], 'slot times');
    expect(getComputedStyle(time).backgroundColor).to.equal('rgb(251, 250, 247)');
  });

  it('paints a padded panel when the page asks for one (the panel attribute)', async () => {
    pageStyle('body { background: #fbfaf7; }');
    const el = await mount('panel style="--conf-color-surface: #fff"');
    await becomes(el, 'light');
    const s = getComputedStyle(el);
    expect(s.backgroundColor).to.equal('rgb(255, 255, 255)');
    expect(parseFloat(s.paddingTop)).to.be.greaterThan(8);
    expect(parseFloat(s.borderTopLeftRadius)).to.be.greaterThan(0);
  });

  it('is a light panel inside a dark section of a light page, where its dark text would not read', async () => {
    const section = await fixture<HTMLElement>(
      '<div style="background: #101418"><conf-speakers theme="light"></conf-speakers></div>',
    );
    const el = section.firstElementChild as HTMLElement;
    await becomes(el, 'light');
    expect(new ElementHarness(el).matchesState('panel')).to.equal(true);
    expect(parseFloat(getComputedStyle(el).paddingTop)).to.be.greaterThan(8);
  });

  it('is dark on a page declaring color-scheme: dark, as a padded, rounded panel', async () => {
    pageStyle(':root { color-scheme: dark; }');
    const el = await mount();
    await becomes(el, 'dark');
    const s = getComputedStyle(el);
    expect(parseFloat(s.paddingTop)).to.be.greaterThan(8);
    expect(parseFloat(s.paddingInlineStart)).to.be.greaterThan(8);
    expect(parseFloat(s.borderTopLeftRadius)).to.be.greaterThan(0);
  });

  it('is dark on a page with <meta name="color-scheme" content="dark">', async () => {
    const meta = document.createElement('meta');
    meta.name = 'color-scheme';
    meta.content = 'dark';
    document.head.append(meta);
    undo.push(() => meta.remove());
    await becomes(await mount(), 'dark');
  });

  it('reads a dark page background when the page declares no scheme', async () => {
    pageStyle('body { background: #101418; }');
    await becomes(await mount(), 'dark');
  });

  it('follows the system when the page declares "light dark"', async () => {
    pageStyle(':root { color-scheme: light dark; }');
    const el = await mount();
    expect(looks(el)).to.equal('light');
    await emulateMedia({ colorScheme: 'dark' });
    await becomes(el, 'dark');
  });

  it('switches live when the site toggles its dark mode by a class on <html>', async () => {
    pageStyle('html.dark { color-scheme: dark; background: #000; }');
    const el = await mount();
    const other = await mount('lang="de"');
    expect(looks(el)).to.equal('light');
    document.documentElement.classList.add('dark');
    undo.push(() => document.documentElement.classList.remove('dark'));
    await becomes(el, 'dark');
    await becomes(other, 'dark');
    document.documentElement.classList.remove('dark');
    await becomes(el, 'light');
    await becomes(other, 'light');
  });

  it('switches live when the site rewrites its meta tag', async () => {
    const meta = document.createElement('meta');
    meta.name = 'color-scheme';
    meta.content = 'light';
    document.head.append(meta);
    undo.push(() => meta.remove());
    const el = await mount();
    expect(looks(el)).to.equal('light');
    meta.content = 'dark';
    await becomes(el, 'dark');
  });

  it('watches the page once for all its elements, and stops when none is left', async () => {
    const Real = window.MutationObserver;
    let rootObservers = 0;
    class Counting extends Real {
      override observe(target: Node, options?: MutationObserverInit): void {
        if (target === document.documentElement) rootObservers += 1;
        super.observe(target, options);
      }
    }
    window.MutationObserver = Counting;
    try {
      const els = await Promise.all([mount(), mount(), mount('theme="auto"')]);
      expect(els.every((e) => e.isConnected)).to.equal(true);
      expect(rootObservers).to.equal(1);
      cleanup();
      await mount();
      expect(rootObservers, 'a new watcher once the old one stopped').to.equal(2);
    } finally {
      window.MutationObserver = Real;
    }
  });
});

describe('theme: explicit choices', () => {
  afterEach(async () => {
    cleanup();
    for (const u of undo.splice(0)) u();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('theme="auto" follows the system, live, whatever the page says', async () => {
    pageStyle(':root { color-scheme: light; }');
    const el = await mount('theme="auto"');
    expect(looks(el)).to.equal('light');
    await emulateMedia({ colorScheme: 'dark' });
    await becomes(el, 'dark');
    await emulateMedia({ colorScheme: 'light' });
    await becomes(el, 'light');
  });

  it('theme="light" and theme="dark" force the scheme against page and system', async () => {
    pageStyle(':root { color-scheme: dark; }');
    await emulateMedia({ colorScheme: 'dark' });
    const light = await mount('theme="light"');
    const dark = await mount('theme="dark"');
    await becomes(light, 'light');
    await becomes(dark, 'dark');
    // Dropping the attribute hands the choice back to the page.
    light.removeAttribute('theme');
    await becomes(light, 'dark');
  });

  it("inherits the page's font family unless --conf-font is set", async () => {
    pageStyle('body { font-family: Georgia, serif; }');
    const el = await mount();
    const own = await mount('style="--conf-font: monospace"');
    // Text inside the shadow root, whatever the element is showing (data, skeleton or error).
    const inside = await waitFor(() => new ElementHarness(el).root.firstElementChild, 'rendered content');
    expect(getComputedStyle(inside).fontFamily).to.equal('Georgia, serif');
    expect(getComputedStyle(own).fontFamily).to.equal('monospace');
  });

  it('keeps its own sans-serif on the venue screen and the kiosk, read from a distance', async () => {
    pageStyle('body { font-family: Georgia, serif; }');
    const screen = await fixture<HTMLElement>('<conf-schedule view="screen"></conf-schedule>');
    const kiosk = await fixture<HTMLElement>('<conf-checkin></conf-checkin>');
    const list = await fixture<HTMLElement>('<conf-schedule></conf-schedule>');
    expect(getComputedStyle(screen).fontFamily).to.match(/^system-ui/);
    expect(getComputedStyle(kiosk).fontFamily).to.match(/^system-ui/);
    expect(getComputedStyle(list).fontFamily).to.equal('Georgia, serif');
  });
});
