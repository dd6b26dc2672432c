/**
 * The shared proxy conformance suite (test/conformance/proxy-conformance.ts) against the Node
 * proxy, listening on loopback in front of a counting sandbox. The same cases run against the
 * WordPress plugin in test/e2e/wordpress-proxy.e2e.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createProxy } from '../../proxy/index.js';
import { DEMO_KEYS } from '../../sandbox/seed/demo.js';
import {
  proxyConformance,
  startCountingUpstream,
  type ConformanceTarget,
  type CountingUpstream,
} from '../conformance/proxy-conformance.js';

describe('the Node proxy', () => {
  let upstream: CountingUpstream;
  let server: ReturnType<typeof serve>;
  let target: ConformanceTarget;
  const proxies: ReturnType<typeof createProxy>[] = [];

  before(async () => {
    upstream = await startCountingUpstream();
    const kioskToken = `kiosk-${Math.random().toString(36).slice(2)}-token`;
    const allowedOrigin = 'https://conference.example.org';
    const proxy = createProxy({
      upstream: upstream.url,
      apiKey: DEMO_KEYS.all,
      allowedOrigins: [allowedOrigin],
      kioskToken,
      logger: () => {},
    });
    proxies.push(proxy);
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: proxy.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
    });
    target = { url: `http://127.0.0.1:${port}`, allowedOrigin, key: DEMO_KEYS.all, kioskToken, upstream, seen: [] };
  });
  after(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    (server as unknown as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
    for (const p of proxies) await p.close();
    await upstream?.close();
  });

  proxyConformance(test, () => target);
});
