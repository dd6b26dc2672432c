/**
 * Contrast in both schemes (issue 21, item 4), with the demo site's brand colour (#0f6b5c, picked
 * for a light page) and with the default one: axe's color-contrast rule over every element's
 * shadow tree, light and dark, and the filled controls computed here — the text on a primary
 * button or a pressed chip at least 4.5:1, the primary colour against the surface at least 3:1
 * (a control's edge, a focus ring). Lighthouse only ever checked light pages.
 *
 * A light element is transparent on the page (issue 21, item 9), so every ratio is measured
 * against the background a visitor sees: the first opaque one up through the shadow host to the
 * page. Each scheme on a white page and on a dark one: a light element there is a panel again.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/abstracts/define.js';
import '../../src/elements/exhibits/define.js';
import '../../src/elements/registration-form/define.js';
import '../../src/elements/schedule/define.js';
import '../../src/elements/speakers/define.js';
import '../../src/elements/workshops/define.js';
import { expectNoAxeViolations } from './axe.js';
import { contrast, effectiveBackground } from './colors.js';
import { cleanup, ElementHarness, fixture, waitFor } from './harness.js';

interface Case {
  tag: string;
  ready: (h: ElementHarness) => unknown;
  /** Filled controls to measure: text on their own background. */
  filled: string;
  /** Puts the element in the state that shows them (a pressed chip). */
  prepare?: (h: ElementHarness) => Promise<void> | void;
}

const CASES: Case[] = [
  { tag: 'conf-registration-form', ready: (h) => h.part('form'), filled: '[part~="submit-button"]' },
  { tag: 'conf-workshops', ready: (h) => h.all('[part~="card"]').length > 0, filled: '.button.primary' },
  { tag: 'conf-speakers', ready: (h) => h.all('[part~="card"]').length > 0, filled: '.button.primary' },
  { tag: 'conf-abstracts', ready: (h) => h.all('[part~="card"]').length > 0, filled: '.button.primary, .pill' },
  {
    tag: 'conf-exhibits',
    ready: (h) => h.all('[part~="card"]').length > 0,
    filled: '.chip[aria-pressed="true"]',
    prepare: async (h) => {
      const chip = h.all<HTMLButtonElement>('.chip[aria-pressed="false"]')[0];
      chip?.click();
      await h.settle();
    },
  },
  {
    tag: 'conf-schedule',
    ready: (h) => h.all('.card').length > 0,
    filled: '.button.primary, .chip:has(input:checked)',
  },
];

const PRIMARIES = { demo: '#0f6b5c', default: '' };
const PAGES = { white: '#ffffff', dark: '#101418' };

describe('contrast in light and dark', function () {
  this.timeout(40_000);
  afterEach(cleanup);

  for (const [brand, primary] of Object.entries(PRIMARIES)) {
    for (const [page, pageColor] of Object.entries(PAGES)) {
      for (const scheme of ['light', 'dark'] as const) {
        for (const c of CASES) {
          it(`<${c.tag}> ${scheme} on a ${page} page, ${brand} primary: text 4.5:1, controls 3:1`, async () => {
            const style = `background: ${pageColor};${primary ? ` --conf-color-primary: ${primary}` : ''}`;
            const el = await fixture<HTMLElement>(
              `<div style="${style}"><${c.tag} theme="${scheme}"></${c.tag}></div>`,
            );
            const host = el.firstElementChild as HTMLElement;
            const h = new ElementHarness(host);
            await waitFor(() => c.ready(h), `<${c.tag}> ready`, 15_000);
            await c.prepare?.(h);
            // Light on a light page: no band of its own; anywhere else a padded panel.
            const cs = getComputedStyle(host);
            if (scheme === 'light' && page === 'white') {
              expect(cs.backgroundColor, 'transparent on a light page').to.equal('rgba(0, 0, 0, 0)');
              expect(cs.paddingTop).to.equal('0px');
            } else {
              expect(cs.backgroundColor, 'a panel').to.not.equal('rgba(0, 0, 0, 0)');
              expect(parseFloat(cs.paddingTop)).to.be.greaterThan(8);
            }
            const filled = h.all<HTMLElement>(c.filled).filter((x) => x.getClientRects().length > 0);
            for (const f of filled) {
              const fs = getComputedStyle(f);
              const behind = effectiveBackground(f);
              expect(contrast(fs.color, behind), `${f.className} ${fs.color} on ${behind}`).to.be.at.least(4.5);
            }
            // The primary colour as the element resolves it: focus rings, control edges, links.
            const probe = document.createElement('span');
            probe.style.color = 'var(--_primary)';
            h.root.append(probe);
            const primaryColor = getComputedStyle(probe).color;
            probe.remove();
            const surface = effectiveBackground(host);
            expect(contrast(primaryColor, surface), `primary ${primaryColor} on ${surface}`).to.be.at.least(3);
            await expectNoAxeViolations(host, { runOnly: ['color-contrast'] });
          });
        }
      }
    }
  }
});
