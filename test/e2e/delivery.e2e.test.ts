/**
 * What a form page downloads, on the built bundle in headless Chromium (a CMS page of another
 * origin embedding the proxy's `/conf-widgets.js`): a page with only `<conf-registration-form>`
 * fetches exactly its chunks as the build's module graph lists them, and, once the form shows and
 * the network is idle, nothing on demand: not the offline store (a form keeps nothing there), the
 * poller, the set-up hints' texts, the refusal texts, the proxy check of the other forms, the
 * texts for wrong answers, the proof's upload code (no file chosen), the summary after
 * registering or the memory of a registration made. A misconfigured form fetches the set-up texts and says what is wrong in the
 * console. When those parts' chunks cannot be fetched, the form says so where they were needed and
 * gets them on the next try (or, for the check of the answers, leaves it to the browser's own).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, NO_CHROMIUM, waitForElements, watchPage } from './browser.js';
import { startCmsWithDemo, type CmsWithDemo } from './cms-site.js';

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

/** Chunks a registration-only page has no use for until something happens (or ever). */
const ON_DEMAND =
  /^conf-widgets\/(saved-answers|checkin-shared|polling-controller|setup-texts|forms-abstract-exhibit|write-challenge|upload|file-signature|form-validity|success-view|page-labels|forms-[a-z-]*registrant-memory[a-z-]*|forms-[a-z-]*upload-controller[a-z-]*)-/;

/** The form's tag, as Playwright's CSS (which pierces shadow roots) names it. */
const FORM = 'conf-registration-form';

/** The page's console warnings, as they come (the elements say there why a chunk did not arrive). */
function consoleWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return warnings;
}

/** The chunk file (under dist/) holding a module, by repository path, from the build's report. */
function chunkOf(module: string): string {
  const { chunks } = JSON.parse(readFileSync('dist/conf-widgets.modules.json', 'utf8')) as {
    chunks: Record<string, [string, number][]>;
  };
  const file = Object.keys(chunks).find((f) => chunks[f]!.some(([m]) => m === module));
  assert.ok(file, `a chunk holds ${module}`);
  return file;
}

describe('a registration-only page in Chromium', () => {
  let demo: StartedDemo;
  let browser: Browser;
  let site: CmsWithDemo;
  let cmsOrigin: string;
  let pulled: string[];

  before(async () => {
    ensureBundle();
    pulled = (
      JSON.parse(readFileSync('dist/conf-widgets.chunks.json', 'utf8')) as { elements: Record<string, string[]> }
    ).elements['registration-form']!;
    const pages: Record<string, string> = {
      '/form': '<conf-registration-form></conf-registration-form>',
      '/misconfigured': '<conf-registration-form time-zone="Mars/Base"></conf-registration-form>',
      '/labels': `<conf-registration-form lang="de"><script type="application/json" slot="labels">${JSON.stringify({ de: { organization: 'Firma oder Hochschule' } })}</script></conf-registration-form>`,
    };
    site = await startCmsWithDemo((req, res) => {
      const body = pages[req.url ?? ''];
      res.statusCode = body ? 200 : 404;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>CMS</title>` +
          `<script type="module" src="${demo.url}/conf-widgets.js"></script></head><body>${body ?? ''}</body></html>`,
      );
    });
    ({ demo, browser, cmsOrigin } = site);
  });
  after(async () => {
    await site?.close();
  });

  /** Opens a CMS page; the scripts the proxy sent, the console's warnings, what went wrong. */
  async function open(path: string): Promise<{
    page: Page;
    scripts: string[];
    warnings: string[];
    problems: string[];
    close: () => Promise<void>;
  }> {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchPage(page);
    const scripts: string[] = [];
    const warnings = consoleWarnings(page);
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin === demo.url && url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(1));
    });
    await page.goto(`${cmsOrigin}${path}`, { waitUntil: 'load' });
    return { page, scripts, warnings, problems, close: () => context.close() };
  }

  test('downloads exactly its chunks, and nothing on demand once the form shows', async () => {
    const { page, scripts, problems, close } = await open('/form');
    try {
      const report = await waitForElements(page);
      assert.deepEqual(
        report.map((r) => [r.tag, r.ready]),
        [['conf-registration-form', true]],
        `the form shows (${problems.join('; ')})`,
      );
      await page.waitForLoadState('networkidle');
      assert.deepEqual([...scripts].sort(), ['conf-widgets.js', ...pulled].sort());
      assert.deepEqual(
        scripts.filter((f) => ON_DEMAND.test(f)),
        [],
        `nothing on demand: ${scripts.join(', ')}`,
      );
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a misconfigured form fetches the set-up texts and says what is wrong in the console', async () => {
    const { page, scripts, warnings, problems, close } = await open('/misconfigured');
    try {
      await waitForElements(page);
      await page.waitForLoadState('networkidle');
      assert.ok(
        scripts.some((f) => /^conf-widgets\/setup-texts-/.test(f)),
        `the set-up texts' chunk: ${scripts.join(', ')}`,
      );
      assert.ok(
        warnings.some((w) => w.includes('does not know the time zone "Mars/Base"') && w.includes('Fix:')),
        warnings.join('\n'),
      );
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('chunks that cannot be fetched: the browser\'s own check of the answers, "Upload again" and "Try again" get the rest', async () => {
    const failing = new Set([
      chunkOf('src/core/form-validity.ts'),
      chunkOf('src/core/upload-controller.ts'),
      chunkOf('src/elements/registration-form/success.view.ts'),
      chunkOf('src/core/registrant-memory.ts'),
    ]);
    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await context.newPage();
      const warnings = consoleWarnings(page);
      await page.route(`${demo.url}/conf-widgets/**`, (route) =>
        failing.has(new URL(route.request().url()).pathname.slice(1)) ? route.abort() : route.fallback(),
      );
      await page.goto(`${cmsOrigin}/form`, { waitUntil: 'load' });
      await waitForElements(page);
      const field = (name: string) => page.locator(`${FORM} [name="${name}"]`);
      const part = (name: string) => page.locator(`${FORM} [part~="${name}"]`);
      const errorOf = (name: string) =>
        field(name).evaluate((c) => {
          const id = c
            .getAttribute('aria-describedby')
            ?.split(' ')
            .find((x) => x.endsWith('-error'));
          return id ? ((c.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.trim() ?? '') : '';
        });

      // Sent empty without the form's check of the answers: the browser checks them itself, in its
      // own words (the first wrong one focused), and nothing is sent.
      await part('submit-button').click();
      await page.waitForFunction(
        () =>
          (document.querySelector('conf-registration-form')?.shadowRoot?.activeElement as HTMLInputElement | null)
            ?.name === 'firstName',
      );
      const missing = await field('firstName').evaluate((c) => (c as HTMLInputElement).validationMessage);
      assert.notEqual(missing, '');
      assert.notEqual(missing, 'Fill in this field.', 'not the texts that could not be fetched');
      assert.equal(await part('success').count(), 0);
      assert.ok(
        warnings.some((w) => w.includes('texts for wrong answers could not be loaded')),
        warnings.join('\n'),
      );

      // A proof file chosen without its upload code: the field says so; "Upload again" gets the code and uploads.
      await field('firstName').fill('Ada');
      await field('lastName').fill('Lovelace');
      await field('email').fill(`delivery-${Date.now()}@example.org`);
      await field('ticketTypeId').selectOption('tt-student');
      await field('custom.organization').fill('Analytical Engines');
      await field('custom.tshirt_size').selectOption('m');
      await field('paymentMethodId').selectOption({ index: 1 });
      await field('paymentReference').fill('TX-delivery');
      await field('paymentProofUrl').setInputFiles({
        name: 'receipt.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await part('upload-retry').waitFor();
      assert.match(await errorOf('paymentProofUrl'), /could not be loaded/);
      failing.delete(chunkOf('src/core/upload-controller.ts'));
      await part('upload-retry').click();
      await part('upload-done').waitFor();

      // Registered without the summary's code: the heading and the number show, and "Try again" brings the summary.
      await part('submit-button').click();
      await part('part-error').waitFor();
      const id = (await part('record-id').textContent())?.trim() ?? '';
      assert.notEqual(id, '');
      assert.match((await part('success').textContent()) ?? '', /Thank you, your registration was received/);
      assert.equal(await part('summary').count(), 0);
      // Not remembered for the other forms (its memory's code could not be fetched either), and said so.
      for (let i = 0; i < 100 && !warnings.some((w) => w.includes('could not be remembered')); i++) {
        await page.waitForTimeout(50);
      }
      assert.deepEqual(
        await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('conf-widgets:registrant:'))),
        [],
      );
      assert.ok(
        warnings.some((w) => w.includes('could not be remembered for the other forms')),
        warnings.join('\n'),
      );
      failing.clear();
      await part('part-retry').click();
      await part('summary').waitFor();
      assert.match((await part('summary').textContent()) ?? '', /Lovelace/);
      assert.equal((await part('record-id').textContent())?.trim(), id);
    } finally {
      await context.close();
    }
  });

  test("the organizer's labels' chunk cannot be fetched: the form shows with the configuration's own texts", async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    try {
      const page = await context.newPage();
      const warnings = consoleWarnings(page);
      const labels = chunkOf('src/elements/registration-form/page-labels.ts');
      await page.route(`${demo.url}/${labels}`, (route) => route.abort());
      await page.goto(`${cmsOrigin}/labels`, { waitUntil: 'load' });
      const report = await waitForElements(page);
      assert.deepEqual(
        report.map((r) => [r.tag, r.ready]),
        [['conf-registration-form', true]],
      );
      const label = page.locator(`${FORM} [data-field="custom.organization"] label`);
      assert.doesNotMatch((await label.textContent()) ?? '', /Firma/);
      assert.notEqual(((await label.textContent()) ?? '').trim(), '');
      assert.ok(
        warnings.some((w) => w.includes('translated labels could not be loaded')),
        warnings.join('\n'),
      );
    } finally {
      await context.close();
    }
  });

  test("the submission's chunk cannot be fetched: the form says it cannot be sent now, and the next submit sends it", async () => {
    const submission = chunkOf('src/core/submission-controller.ts');
    let failing = true;
    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.route(`${demo.url}/${submission}`, (route) => (failing ? route.abort() : route.fallback()));
      await page.goto(`${cmsOrigin}/form`, { waitUntil: 'load' });
      await waitForElements(page);
      const field = (name: string) => page.locator(`${FORM} [name="${name}"]`);
      const part = (name: string) => page.locator(`${FORM} [part~="${name}"]`);
      await field('firstName').fill('Ada');
      await field('lastName').fill('Lovelace');
      await field('email').fill(`delivery-send-${Date.now()}@example.org`);
      await field('ticketTypeId').selectOption('tt-student');
      await field('custom.organization').fill('Analytical Engines');
      await field('custom.tshirt_size').selectOption('m');
      await field('paymentMethodId').selectOption({ index: 1 });
      await field('paymentReference').fill('TX-delivery');
      await page.locator(`${FORM} input[name="proofMode"][value="url"]`).check();
      await field('paymentProofUrl').fill('https://example.org/receipt.pdf');
      await part('submit-button').click();
      await page.waitForFunction(() =>
        document
          .querySelector('conf-registration-form')
          ?.shadowRoot?.querySelector('[part~="form-error"]')
          ?.textContent?.includes('This form cannot be sent at the moment.'),
      );
      assert.equal(await part('success').count(), 0);
      failing = false;
      await part('submit-button').click();
      await part('summary').waitFor();
      assert.match((await part('summary').textContent()) ?? '', /Lovelace/);
    } finally {
      await context.close();
    }
  });
});
