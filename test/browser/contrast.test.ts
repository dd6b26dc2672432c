/**
 * Contrast in both schemes (issue 21, item 4), with the demo site's brand colour (#0f6b5c, picked
 * for a light page) and with the default one: axe's color-contrast rule over every element's
 * shadow tree, light and dark, and the filled controls computed here — the text on a primary
 * button or a pressed chip at least 4.5:1, the primary colour against the surface at least 3:1
 * (a control's edge, a focus ring). Lighthouse only ever checked light pages.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/abstracts/define.js';
import '../../src/elements/exhibits/define.js';
import '../../src/elements/registration-form/define.js';
import '../../src/elements/schedule/define.js';
import '../../src/elements/speakers/define.js';
import '../../src/elements/workshops/define.js';
import { expectNoAxeViolations } from './axe.js';
import { cleanup, ElementHarness, fixture, waitFor } from './harness.js';

/** Any CSS colour (oklch, color-mix …) as sRGB bytes, by painting it. */
const paint = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
function rgb(color: string): [number, number, number] {
  paint.clearRect(0, 0, 1, 1);
  paint.fillStyle = '#000';
  paint.fillStyle = color;
  paint.fillRect(0, 0, 1, 1);
  const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!];
}
function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

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
  { tag: 'conf-schedule', ready: (h) => h.all('.card').length > 0, filled: '.button.primary, .chip:has(input:checked)' },
];

const PRIMARIES = { demo: '#0f6b5c', default: '' };

describe('contrast in light and dark', function () {
  this.timeout(40_000);
  afterEach(cleanup);

  for (const [brand, primary] of Object.entries(PRIMARIES)) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const c of CASES) {
        it(`<${c.tag}> ${scheme}, ${brand} primary: text 4.5:1, controls 3:1`, async () => {
          const style = primary ? `style="--conf-color-primary: ${primary}"` : '';
          const el = await fixture<HTMLElement>(`<div ${style}><${c.tag} theme="${scheme}"></${c.tag}></div>`);
          const host = el.firstElementChild as HTMLElement;
          const h = new ElementHarness(host);
          await waitFor(() => c.ready(h), `<${c.tag}> ready`, 15_000);
          await c.prepare?.(h);
          const cs = getComputedStyle(host);
          const surface = cs.backgroundColor;
          const filled = h.all<HTMLElement>(c.filled).filter((x) => x.getClientRects().length > 0);
          for (const f of filled) {
            const fs = getComputedStyle(f);
            const ratio = contrast(fs.color, fs.backgroundColor === 'rgba(0, 0, 0, 0)' ? surface : fs.backgroundColor);
            expect(ratio, `${f.className} ${fs.color} on ${fs.backgroundColor}`).to.be.at.least(4.5);
          }
          // The primary colour as the element resolves it: focus rings, control edges, links.
          const probe = document.createElement('span');
          probe.style.color = 'var(--_primary)';
          h.root.append(probe);
          const primaryColor = getComputedStyle(probe).color;
          probe.remove();
          expect(contrast(primaryColor, surface), `primary ${primaryColor} on ${surface}`).to.be.at.least(3);
          await expectNoAxeViolations(host, { runOnly: ['color-contrast'] });
        });
      }
    }
  }
});
