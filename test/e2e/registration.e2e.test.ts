/**
 * The worst thing this kit can do is lose or double a registration. Here people register through
 * the demo site's register page in headless Chromium — typing, choosing, uploading a PDF proof,
 * pressing the button, and pressing "try again" whenever the form offers it, as a person would —
 * while the sandbox answers 30 % of all API requests with 503 (`--fail-rate 0.3`). Afterwards the
 * sandbox must hold exactly one registration per e-mail: once alone, then for 20 people. Then
 * the harder case: the sandbox also records some writes and answers them 500 (`--lose-rate`), as
 * when an answer is lost after the work was done; those people see "not confirmed" and, as asked,
 * do not send again. Still exactly one registration each: none doubled by a retry, none lost.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { onePagePdf } from '../pdf-fixture.js';
import { skippable } from '../skippable.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from './browser.js';

/** Every request comes from one loopback address: the write limits (all and per kind) out of the way. */
const NO_WRITE_LIMITS = {
  max: 10_000,
  kinds: { registrations: false, enrollments: false, abstracts: false, exhibits: false, uploads: false },
} as const;

const ADMIN_TOKEN = 'e2e-admin-token';
const CONFERENCE = 'conf-demo';
const FORM = 'conf-registration-form';
const RUN = Date.now().toString(36);

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

describe('registration through the demo site while the API fails 30 % of the time', () => {
  let demo: StartedDemo;
  let browser: Browser;

  before(async () => {
    ensureBundle();
    demo = await startDemo({
      port: 0,
      failRate: 0.3,
      // The forms and the proxy must keep exactly once alone: the sandbox ignores Idempotency-Key.
      sandboxIdempotency: false,
      adminToken: ADMIN_TOKEN,
      proxy: {
        logger: () => {},
        // This test is about outages, not the write limits: 21 people from one address, with
        // uploads and retries, would exceed the default registrations and uploads per address.
        rateLimit: NO_WRITE_LIMITS,
      },
    });
    browser = await launchChromium();
    // A full run once saw "page … has been closed" mid-registration: say which part went away.
    browser.on('disconnected', () => console.log('# Chromium disconnected during the registration tests'));
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  async function registrations(email?: string, from: StartedDemo = demo): Promise<{ id: string; email: string }[]> {
    const q = new URLSearchParams({ conference: CONFERENCE, ...(email ? { email } : {}) });
    const res = await fetch(`${from.url}/__sandbox/__admin/registrations?${q}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(res.status, 200, 'admin registrations');
    return ((await res.json()) as { data: { id: string; email: string }[] }).data;
  }

  /** Presses the element's own "try again" buttons whenever offered, until `done` shows. */
  async function until(
    page: Page,
    done: string | string[],
    retries: string[],
    what: string,
    timeoutMs = 90_000,
  ): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const d of [done].flat()) if (await page.locator(`${FORM} [part~="${d}"]`).count()) return d;
      for (const r of retries) {
        const button = page.locator(`${FORM} [part~="${r}"]`);
        if ((await button.count()) && (await button.first().isEnabled()))
          await button
            .first()
            .click()
            .catch(() => {});
      }
      if (Date.now() > deadline) {
        const said = await page
          .locator(FORM)
          .evaluate((el) => el.shadowRoot?.textContent?.replace(/\s+/g, ' ').slice(0, 400));
        throw new Error(`timed out waiting for ${what}; the form says: ${said}`);
      }
      await page.waitForTimeout(150);
    }
  }

  /**
   * One person, start to finish, through the UI. Returns the registration number shown, or
   * `unconfirmed` when the form reported the answer lost.
   */
  async function register(email: string, demo: StartedDemo): Promise<string> {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'en-US' });
    let finished = false;
    try {
      const page = await context.newPage();
      page.on('crash', () => console.log(`# the page of ${email} crashed (renderer)`));
      page.on('close', () => {
        if (!finished) console.log(`# the page of ${email} closed before the registration ended`);
      });
      await page.goto(`${demo.url}/register.html`);
      // The config read can fail too; the element then shows the server's message and a retry.
      await until(page, 'form', ['retry-button'], 'the form');
      const field = (name: string) => page.locator(`${FORM} [name="${name}"]`);
      const tag = email.split('@')[0]!;
      await field('firstName').fill('Ada');
      await field('lastName').fill(`Lovelace ${tag}`);
      await field('email').fill(email);
      await field('ticketTypeId').selectOption('tt-student');
      await field('custom.organization').fill('Analytical Engines');
      await field('custom.tshirt_size').selectOption('m');
      await field('paymentMethodId').selectOption({ index: 1 });
      await field('paymentReference').fill(`TX-${tag}`);
      await page.locator(`${FORM} input[type="file"]`).setInputFiles({
        name: 'transfer-receipt.pdf',
        mimeType: 'application/pdf',
        buffer: onePagePdf(`Transfer receipt for ${email}`),
      });
      await until(page, 'upload-done', ['upload-retry'], 'the proof upload');
      // The form waits out its minimum fill time by itself; a person pressing early is fine.
      await page.locator(`${FORM} [part~="submit-button"]`).click();
      if ((await until(page, ['success', 'unconfirmed'], ['retry-button'], 'the outcome')) === 'unconfirmed')
        return 'unconfirmed';
      return (await page.locator(`${FORM} [part~="record-id"]`).textContent())?.trim() ?? '';
    } finally {
      finished = true;
      await context.close();
    }
  }

  test('one person: exactly one registration for the e-mail, the one shown', async () => {
    const email = `e2e-${RUN}-single@example.org`;
    const id = await register(email, demo);
    assert.notEqual(id, '');
    const rows = await registrations(email);
    assert.deepEqual(
      rows.map((r) => r.id),
      [id],
    );
  });

  test(
    'answers lost after the work: people told so, and still one registration each',
    { timeout: 600_000 },
    async () => {
      const lossy = await startDemo({
        port: 0,
        failRate: 0.3,
        loseRate: 0.4,
        sandboxIdempotency: false,
        adminToken: ADMIN_TOKEN,
        proxy: { logger: () => {}, rateLimit: NO_WRITE_LIMITS },
      });
      try {
        const emails = Array.from({ length: 8 }, (_, i) => `e2e-${RUN}-lost-${i}@example.org`);
        const outcomes: string[] = [];
        for (let i = 0; i < emails.length; i += 4) {
          outcomes.push(...(await Promise.all(emails.slice(i, i + 4).map((e) => register(e, lossy)))));
        }
        console.log(
          `# ${outcomes.filter((o) => o === 'unconfirmed').length} of ${emails.length} answers lost after the work`,
        );
        for (const [i, email] of emails.entries()) {
          const ids = (await registrations(email, lossy)).map((r) => r.id);
          assert.equal(ids.length, 1, `exactly one registration for ${email} (${outcomes[i]})`);
          if (outcomes[i] !== 'unconfirmed') assert.deepEqual(ids, [outcomes[i]]);
        }
      } finally {
        await lossy.close();
      }
    },
  );

  test('20 people: 20 registrations, none doubled, none lost', { timeout: 600_000 }, async () => {
    const before = (await registrations()).length;
    const emails = Array.from({ length: 20 }, (_, i) => `e2e-${RUN}-${String(i).padStart(2, '0')}@example.org`);
    const shown = new Map<string, string>();
    // Four people at a time, as on a busy registration day.
    for (let i = 0; i < emails.length; i += 4) {
      const batch = emails.slice(i, i + 4);
      const ids = await Promise.all(batch.map((e) => register(e, demo)));
      batch.forEach((e, k) => shown.set(e, ids[k]!));
    }
    for (const email of emails) {
      const rows = await registrations(email);
      assert.deepEqual(
        rows.map((r) => r.id),
        [shown.get(email)],
        `exactly one registration for ${email}`,
      );
    }
    assert.equal(new Set(shown.values()).size, 20, 'twenty different registration numbers shown');
    assert.equal((await registrations()).length - before, 20, 'the sandbox holds exactly 20 more registrations');
  });
});
