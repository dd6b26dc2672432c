/**
 * The core's behaviour as a host page sees it, through the reference element: endpoint
 * resolution order, host-CSS isolation, theme, diagnostics, and safe definition.
 */
import { expect } from '@esm-bundle/chai';
import { defineElement } from '../../src/core/define.js';
import { localeReady } from '../../src/core/localize.js';
import { TimeFormatter } from '../../src/core/time.js';
import '../../src/elements/provider/define.js';
import '../../src/elements/speakers/define.js';
import type { ConfSpeakers } from '../../src/elements/speakers/speakers.js';
import { effectiveBackground } from './colors.js';
import { answerWith, cleanup, ElementHarness, fixture, waitFor } from './harness.js';

const cards = (h: ElementHarness) => h.all('[part~="card"]').length > 0;

function captureWarnings(): { warnings: string[]; restore: () => void } {
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  return { warnings, restore: () => (console.warn = warn) };
}

describe('core: endpoint resolution', () => {
  afterEach(cleanup);

  it('uses the origin that served the script when nothing is set', async () => {
    const el = await fixture<ConfSpeakers>('<conf-speakers></conf-speakers>');
    expect(el.resolvedEndpoint).to.deep.equal({ url: location.origin, source: 'script' });
    await waitFor(() => cards(new ElementHarness(el)), 'data from the script origin');
  });

  it('prefers the nearest <conf-provider endpoint>, and the own attribute over both', async () => {
    const outer = await fixture<HTMLElement>(
      `<conf-provider endpoint="https://outer.example"><conf-provider endpoint="/inner/">
         <conf-speakers id="a"></conf-speakers>
         <conf-speakers id="b" endpoint="https://own.example/base"></conf-speakers>
       </conf-provider></conf-provider>`,
    );
    const a = outer.querySelector<ConfSpeakers>('#a')!;
    const b = outer.querySelector<ConfSpeakers>('#b')!;
    await a.updateComplete;
    expect(a.resolvedEndpoint).to.deep.equal({ url: `${location.origin}/inner`, source: 'provider' });
    expect(b.resolvedEndpoint).to.deep.equal({ url: 'https://own.example/base', source: 'attribute' });
    expect(b.client.url('speakers')).to.equal('https://own.example/base/api/public/v1/events/speakers');
  });

  it('follows a provider whose endpoint changes', async () => {
    const p = await fixture<HTMLElement & { endpoint?: string }>(
      `<conf-provider endpoint="http://127.0.0.1:9"><conf-speakers></conf-speakers></conf-provider>`,
    );
    const el = p.querySelector<ConfSpeakers>('conf-speakers')!;
    const h = new ElementHarness(el);
    await h.waitForPart('error');
    p.endpoint = location.origin;
    await waitFor(() => cards(h), 'data after the provider changed');
  });
});

describe('core: translations on demand', () => {
  afterEach(cleanup);

  it('a German element shows its skeleton, never English, until the German texts are in', async () => {
    // No test of this page has asked for German yet: its texts are not loaded.
    expect(localeReady('de')).to.equal(false);
    const wrapper = document.createElement('div');
    wrapper.innerHTML = '<conf-speakers lang="de"></conf-speakers>';
    const el = wrapper.firstElementChild as ConfSpeakers;
    const h = new ElementHarness(el);
    const started = performance.now();
    document.body.append(wrapper);
    // Every state of the shadow root, as the page could paint it.
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(h.text()));
    observer.observe(h.root, { childList: true, subtree: true, characterData: true });
    try {
      await waitFor(() => h.q('label')?.textContent === 'Sprecher suchen', 'the German search label');
      const ms = performance.now() - started;
      expect(localeReady('de')).to.equal(true);
      const english = seen.filter((t) => /Loading|Search speakers|speakers/.test(t));
      expect(english, `English shown before German (${ms.toFixed(0)} ms to German)`).to.deep.equal([]);
      // The first thing drawn is the skeleton: no text at all.
      expect(seen[0]).to.equal('');
    } finally {
      observer.disconnect();
      wrapper.remove();
    }
  });
});

describe('core: stale copies from the proxy', () => {
  afterEach(cleanup);

  it('marks data the proxy served from its last good copy as stale', async () => {
    const list = {
      data: [{ id: 's1', fullName: 'Ada Example', affiliation: 'Uni' }],
      meta: { total: 1, limit: 100, offset: 0 },
    };
    answerWith(/\/events\/speakers/, list, 200, { 'x-cache': 'stale' });
    const loaded = new Promise<Event & { detail?: { stale: boolean } }>((r) =>
      document.addEventListener('conf-loaded', r, { once: true }),
    );
    const h = new ElementHarness(await fixture<ConfSpeakers>('<conf-speakers></conf-speakers>'));
    const stale = await h.waitForPart('stale');
    expect(stale.textContent).to.contain('last good copy');
    expect(h.text()).to.contain('Ada Example');
    expect((await loaded).detail?.stale).to.equal(true);
  });
});

describe('core: isolation and theme', () => {
  afterEach(cleanup);

  it('looks the same under hostile host CSS', async () => {
    const h = new ElementHarness(await fixture<ConfSpeakers>('<conf-speakers></conf-speakers>'));
    await waitFor(() => cards(h), 'cards');
    await h.settle();
    await h.settle();
    const card = h.part('card')!;
    const measure = () => {
      const s = getComputedStyle(card);
      const name = getComputedStyle(h.part('name')!);
      return [
        card.getBoundingClientRect().height,
        s.borderTopWidth,
        s.borderTopColor,
        s.paddingTop,
        name.letterSpacing,
        name.textTransform,
      ].join('|');
    };
    const before = measure();
    const hostile = document.createElement('style');
    hostile.textContent = `div, span, li, ul { border: 3px solid red !important; padding: 20px; }
      button { all: unset; } * { letter-spacing: 4px; text-transform: uppercase; font-family: serif; line-height: 3; }
      html { font-size: 24px; }`;
    document.head.append(hostile);
    try {
      await h.settle();
      expect(measure()).to.equal(before);
      // The font family is the one thing taken from the page on purpose: the host's parent's.
      expect(getComputedStyle(h.part('name')!).fontFamily).to.equal(getComputedStyle(h.el.parentElement!).fontFamily);
    } finally {
      hostile.remove();
    }
  });

  it('switches to dark with theme="dark" and takes the accent from --conf-color-primary', async () => {
    const light = new ElementHarness(await fixture<ConfSpeakers>('<conf-speakers theme="light"></conf-speakers>'));
    const dark = new ElementHarness(
      await fixture<ConfSpeakers>(
        '<conf-speakers theme="dark" style="--conf-color-primary: rgb(200, 0, 0)"></conf-speakers>',
      ),
    );
    await waitFor(() => cards(light) && cards(dark), 'cards');
    const lum = (c: string) =>
      (c.match(/\d+(\.\d+)?/g) ?? [])
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0);
    expect(lum(effectiveBackground(dark.el))).to.be.lessThan(lum(effectiveBackground(light.el)));
    // The site's colour, lifted for the dark surface (issue 21: contrast): the same red, lighter.
    expect(getComputedStyle(dark.el).getPropertyValue('--_primary')).to.contain('rgb(200, 0, 0)');
    const probe = document.createElement('span');
    probe.style.color = 'var(--_primary)';
    dark.root.append(probe);
    const paint = document.createElement('canvas').getContext('2d')!;
    paint.fillStyle = getComputedStyle(probe).color;
    paint.fillRect(0, 0, 1, 1);
    const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
    probe.remove();
    expect(r, 'red').to.be.greaterThan(200);
    expect(g! + b!, "lighter than the light page's red").to.be.greaterThan(100);
    expect(r! - Math.max(g!, b!), 'still red').to.be.greaterThan(80);
  });
});

describe('core: diagnostics and definition', () => {
  afterEach(cleanup);

  it('names an unknown attribute value in the element and the console', async () => {
    const c = captureWarnings();
    try {
      const h = new ElementHarness(
        await fixture<ConfSpeakers>(
          '<conf-speakers theme="purple" time-zone="Mars/Base" now="next tuesday"></conf-speakers>',
        ),
      );
      const notice = await h.waitForPart('notice');
      expect(notice.textContent).to.contain('theme="purple"').and.contain('"light"');
      expect(notice.textContent).to.contain('Mars/Base');
      expect(c.warnings.filter((w) => w.includes('theme="purple"'))).to.have.length(1);
      // An unreadable `now` is named too, and the clock used instead.
      expect(notice.textContent).to.contain('now="next tuesday"').and.contain('ISO 8601');
      expect(c.warnings.filter((w) => w.includes('now="next tuesday"'))).to.have.length(1);
      expect(Math.abs(h.el.currentTime().getTime() - Date.now())).to.be.lessThan(5000);
    } finally {
      c.restore();
    }
  });

  it("says a failure the client describes in the element's language; the organizer's notice stays English", async () => {
    const c = captureWarnings();
    try {
      const down = new ElementHarness(
        await fixture<ConfSpeakers>('<conf-speakers lang="de" endpoint="http://127.0.0.1:9"></conf-speakers>'),
      );
      const error = await down.waitForPart('error');
      expect(error.textContent)
        .to.contain('Der Konferenzserver ist nicht erreichbar')
        .and.not.contain('Could not reach');
      expect(down.part('notice')!.textContent).to.contain('could not be reached');
      cleanup();
      const restore = answerWith(/\/events\/speakers/, null, 503);
      try {
        const bare = new ElementHarness(await fixture<ConfSpeakers>('<conf-speakers lang="de"></conf-speakers>'));
        expect((await bare.waitForPart('error')).textContent).to.contain('Der Server antwortete mit 503.');
      } finally {
        restore();
      }
    } finally {
      c.restore();
    }
  });

  it('says when its container is too narrow', async () => {
    const box = document.createElement('div');
    box.style.width = '120px';
    document.body.append(box);
    try {
      const h = new ElementHarness(await fixture<ConfSpeakers>('<conf-speakers></conf-speakers>', box));
      const notice = await h.waitForPart('notice');
      expect(notice.textContent).to.contain('too narrow');
    } finally {
      box.remove();
    }
  });

  it('defines safely when the bundle loads twice', () => {
    const c = captureWarnings();
    try {
      const first = customElements.get('conf-speakers');
      class Other extends HTMLElement {
        static version = '9.9.9';
      }
      expect(() => defineElement('conf-speakers', Other, '9.9.9')).to.not.throw();
      expect(() => defineElement('conf-speakers', Other, '9.9.9')).to.not.throw();
      expect(() => defineElement('conf-speakers', first!)).to.not.throw();
      expect(customElements.get('conf-speakers')).to.equal(first);
      expect(c.warnings.filter((w) => w.includes('9.9.9'))).to.have.length(1);
    } finally {
      c.restore();
    }
  });
});

describe('core: time formatting in the browser', () => {
  it('shows the viewer time only when the offsets differ at that instant (DST-aware)', () => {
    // Viewer in New York (the test browser's zone); conference in Berlin.
    const f = new TimeFormatter('en-GB', 'Europe/Berlin');
    expect(f.viewerZone).to.equal('America/New_York');
    // 20 March 2026: US already on DST (-4), Europe not yet (+1): five hours apart.
    const march = f.range(new Date('2026-03-20T10:00:00+01:00'));
    expect(march.text).to.equal('10:00');
    expect(march.local).to.match(/^05:00 (EDT|GMT-4)$/);
    // 10 June: six hours apart.
    expect(f.range(new Date('2026-06-10T09:00:00+02:00')).local).to.match(/^03:00 (EDT|GMT-4)$/);
    // Same zone: no second label.
    expect(new TimeFormatter('en-GB', 'America/New_York').range(new Date('2026-06-10T09:00:00+02:00')).local).to.equal(
      undefined,
    );
  });
});
