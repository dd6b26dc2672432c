/**
 * A CMS on an origin of its own in front of the demo site, as the end-to-end tests load "a
 * customer's page": a node:http server answering with `respond`, the demo site (sandbox, proxy,
 * bundle) with that origin among the proxy's allowed origins, and Chromium. Another port is
 * another origin; a route fulfilled inside Chromium would count as a public page, from which
 * Chromium refuses loopback requests.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { launchChromium } from './browser.js';

export interface CmsWithDemo {
  /** `http://127.0.0.1:PORT` of the CMS. */
  cmsOrigin: string;
  demo: StartedDemo;
  browser: Browser;
  /** Closes Chromium, the demo site and the CMS. */
  close(): Promise<void>;
}

/** `respond` may read the demo's URL once a page is asked for (it is known only after the CMS listens). */
export async function startCmsWithDemo(respond: RequestListener): Promise<CmsWithDemo> {
  const cms = createServer(respond);
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  const closeCms = () =>
    new Promise<void>((resolve) => {
      cms.closeAllConnections();
      cms.close(() => resolve());
    });
  const cmsOrigin = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  let demo: StartedDemo | undefined;
  try {
    demo = await startDemo({ port: 0, allowedOrigins: [cmsOrigin], proxy: { logger: () => {} } });
    const browser = await launchChromium();
    const started = demo;
    return {
      cmsOrigin,
      demo: started,
      browser,
      close: async () => {
        await browser.close();
        await started.close();
        await closeCms();
      },
    };
  } catch (error) {
    await demo?.close();
    await closeCms();
    throw error;
  }
}
