/**
 * The API requests a page of the demo site makes until every element shows its data: what
 * "each resource once per page" is measured by (the e2e test asserts it, the delivery bench
 * prints it).
 */
import type { Browser } from 'playwright-core';
import { waitForElements } from './browser.js';

export interface ApiRequestCount {
  /** Every API request, as path and query, in the order sent. */
  requests: string[];
  /** The URLs asked more than once, with how often. */
  repeated: Record<string, number>;
  distinct: number;
}

export async function countApiRequests(browser: Browser, pageUrl: string): Promise<ApiRequestCount> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  try {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.includes('/api/public/v1/') && r.method() !== 'OPTIONS')
        requests.push(url.pathname + url.search);
    });
    await page.goto(pageUrl, { waitUntil: 'load' });
    const report = await waitForElements(page, 60_000);
    const notReady = report.filter((e) => !e.ready);
    if (notReady.length > 0)
      throw new Error(`elements not ready: ${notReady.map((e) => `<${e.tag}> ${e.text}`).join('; ')}`);
    await page.waitForLoadState('networkidle');
    const counts = new Map<string, number>();
    for (const r of requests) counts.set(r, (counts.get(r) ?? 0) + 1);
    const repeated = Object.fromEntries([...counts].filter(([, n]) => n > 1));
    return { requests, repeated, distinct: counts.size };
  } finally {
    await context.close();
  }
}
