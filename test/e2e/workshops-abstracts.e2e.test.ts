/**
 * Workshop enrollment and abstract submission through the demo site in headless Chromium, while
 * the sandbox answers 30 % of all API requests with 503 (`--fail-rate 0.3`). People type, press
 * the button, and press "try again" whenever the element offers it, as a person would.
 * - Five people enroll in the capacity-3 workshop, one after another: three get a seat, two get
 *   waiting-list places 1 and 2, each sees their own outcome, and the sandbox holds exactly one
 *   place per person.
 * - One person submits an abstract with two authors and a PDF: exactly one submission, holding
 *   both authors and the file.
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
const WORKSHOP = 'ws-capacity-3';

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

describe('workshops and abstracts through the demo site while the API fails 30 % of the time', () => {
  let demo: StartedDemo;
  let browser: Browser;

  before(async () => {
    ensureBundle();
    demo = await startDemo({
      port: 0,
      failRate: 0.3,
      // Exactly once must come from the elements and the proxy alone.
      sandboxIdempotency: false,
      adminToken: ADMIN_TOKEN,
      proxy: { logger: () => {}, rateLimit: NO_WRITE_LIMITS },
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  async function admin<T>(path: string, query: Record<string, string>): Promise<T> {
    const q = new URLSearchParams({ conference: CONFERENCE, ...query });
    const res = await fetch(`${demo.url}/__sandbox/__admin/${path}?${q}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(res.status, 200, `admin ${path}`);
    return ((await res.json()) as { data: T }).data;
  }

  /** Presses the element's own retry buttons whenever offered, until one of `done` shows. */
  async function until(page: Page, tag: string, done: string[], what: string, timeoutMs = 90_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const d of done) if (await page.locator(`${tag} [part~="${d}"]`).count()) return d;
      const retry = page.locator(`${tag} [part~="retry-button"]`);
      if ((await retry.count()) && (await retry.first().isEnabled()))
        await retry
          .first()
          .click()
          .catch(() => {});
      if (Date.now() > deadline) {
        const said = await page
          .locator(tag)
          .evaluate((el) => el.shadowRoot?.textContent?.replace(/\s+/g, ' ').slice(0, 400));
        throw new Error(`timed out waiting for ${what}; the element says: ${said}`);
      }
      await page.waitForTimeout(150);
    }
  }

  async function enroll(registrationId: string): Promise<{ status: string; text: string }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${demo.url}/workshops.html#workshop-${WORKSHOP}`);
      await until(page, 'conf-workshops', ['form'], 'the enroll form');
      await page.locator('conf-workshops [name="registrationId"]').fill(registrationId);
      await page.locator('conf-workshops [part~="submit-button"]').click();
      await until(page, 'conf-workshops', ['success'], 'the outcome');
      const success = page.locator('conf-workshops [part~="success"]');
      return { status: (await success.getAttribute('data-status')) ?? '', text: (await success.textContent()) ?? '' };
    } finally {
      await context.close();
    }
  }

  test(
    'five people enroll in the capacity-3 workshop: 3 enrolled, 2 waitlisted at positions 1 and 2, no doubles',
    { timeout: 600_000 },
    async () => {
      const before = await admin<unknown[]>('workshop-registrations', { workshop: WORKSHOP });
      assert.equal(before.length, 0, 'the seed leaves the workshop empty');
      const people = (await admin<{ id: string }[]>('registrations', {})).slice(0, 5).map((r) => r.id);
      const outcomes = [];
      for (const id of people) outcomes.push(await enroll(id));
      assert.deepEqual(
        outcomes.map((o) => o.status),
        ['enrolled', 'enrolled', 'enrolled', 'waitlisted', 'waitlisted'],
      );
      assert.match(outcomes[3]!.text, /position 1/);
      assert.match(outcomes[4]!.text, /position 2/);

      const places = await admin<{ registrationId: string; status: string; waitlistPosition: number | null }[]>(
        'workshop-registrations',
        { workshop: WORKSHOP },
      );
      assert.deepEqual(
        places.map((p) => p.registrationId),
        people,
        'one place per person, in order',
      );
      assert.deepEqual(
        places.map((p) => [p.status, p.waitlistPosition]),
        [
          ['enrolled', null],
          ['enrolled', null],
          ['enrolled', null],
          ['waitlisted', 1],
          ['waitlisted', 2],
        ],
      );
    },
  );

  test(
    'one abstract with two authors and a PDF: exactly one submission holding both',
    { timeout: 300_000 },
    async () => {
      const [person] = (await admin<{ id: string }[]>('registrations', {})).slice(10, 11);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      try {
        const page = await context.newPage();
        await page.goto(`${demo.url}/call-for-abstracts.html`);
        const form = 'conf-abstract-form';
        await until(page, form, ['form'], 'the form');
        await page.locator(`${form} [name="title"]`).fill('Exactly once under fire');
        await page.locator(`${form} [name="registrationId"]`).fill(person!.id);
        await page.locator(`${form} [name="authors.0.fullName"]`).fill('Ada Lovelace');
        await page.locator(`${form} [part~="add-author"]`).click();
        await page.locator(`${form} [name="authors.1.fullName"]`).fill('Grace Hopper');
        await page
          .locator(`${form} input[type="file"]`)
          .setInputFiles({ name: 'abstract.pdf', mimeType: 'application/pdf', buffer: onePagePdf('abstract') });
        await page.locator(`${form} [part~="submit-button"]`).click();
        await until(page, form, ['success'], 'the outcome');
        const shown = (await page.locator(`${form} [part~="record-id"]`).textContent())?.trim();
        const kept = await admin<{ id: string; authors: { fullName: string }[]; attachments: { name: string }[] }[]>(
          'abstract-submissions',
          { registration: person!.id },
        );
        assert.equal(kept.length, 1, 'exactly one submission');
        assert.equal(kept[0]!.id, shown);
        assert.deepEqual(
          kept[0]!.authors.map((a) => a.fullName),
          ['Ada Lovelace', 'Grace Hopper'],
        );
        assert.deepEqual(
          kept[0]!.attachments.map((a) => a.name),
          ['abstract.pdf'],
        );
      } finally {
        await context.close();
      }
    },
  );
});
