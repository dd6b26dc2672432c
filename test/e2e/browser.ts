/**
 * Headless Chromium for the end-to-end tests and the benchmarks: Debian's chromium (no browser
 * download), driven by playwright-core over the real sockets of the app `npm start` runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { bundleIsStale } from '../../scripts/demo-server.js';

export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** The Chromium to drive, or null when none is installed (the tests then skip, saying why). */
export function chromiumPath(): string | null {
  for (const p of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && existsSync(p)) return p;
  }
  return null;
}

export const NO_CHROMIUM =
  'Chromium not found (set CHROME_PATH, or run: sudo apt-get install -y chromium); skipping the browser checks.';

export function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(NO_CHROMIUM);
  return chromium.launch({ executablePath, args: CHROME_ARGS, headless: true });
}

/** The pages load `/conf-widgets.js`; test what `src/` says now, not an old build. */
export function ensureBundle(): void {
  if (!bundleIsStale()) return;
  const r = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  // The bundle can be written even when a later step (type declarations) fails; only a missing
  // bundle is fatal here.
  if (!existsSync('dist/conf-widgets.js')) throw new Error(`npm run build produced no bundle:\n${r.stderr}`);
}

/** Everything that went wrong on a page, as lines a failing assertion can print. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) =>
    problems.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

export interface ElementReport {
  tag: string;
  defined: boolean;
  ready: boolean;
  /** What the element says when it is not ready (its error or notice text). */
  text: string;
}

/**
 * Waits until every `conf-*` element the bundle defines shows content: upgraded, out of its
 * loading state, no skeleton, no error view. Tags the bundle does not define are reported, not
 * awaited.
 */
export async function waitForElements(page: Page, timeoutMs = 20_000): Promise<ElementReport[]> {
  const check = () =>
    page.evaluate(() => {
      const tags = [...document.querySelectorAll('*')].filter(
        (e) => e.localName.startsWith('conf-') && e.localName !== 'conf-provider',
      );
      return tags.map((el) => {
        const tag = el.localName;
        const defined = customElements.get(tag) !== undefined;
        const root = el.shadowRoot;
        let loading: boolean;
        try {
          loading = el.matches(':state(loading)');
        } catch {
          loading = false;
        }
        const text = root?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
        const skeleton = Boolean(root?.querySelector('[part~="loading"]'));
        const error = root?.querySelector('[part~="error"]');
        const ready = defined && root !== null && !loading && !skeleton && !error && text.length > 0;
        return { tag, defined, ready, text: error?.textContent?.replace(/\s+/g, ' ').trim() ?? text.slice(0, 160) };
      });
    });
  const deadline = Date.now() + timeoutMs;
  let report = await check();
  // The loader defines an element when its chunk arrives, which can be after the load event.
  while (Date.now() < deadline && report.some((r) => !r.ready)) {
    await page.waitForTimeout(200);
    report = await check();
  }
  return report;
}
