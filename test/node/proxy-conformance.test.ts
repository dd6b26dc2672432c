/**
 * The shared proxy conformance suite (test/conformance/proxy-conformance.ts) against the Node
 * proxy, listening on loopback in front of a counting sandbox. The same cases run against the
 * WordPress plugin in test/e2e/wordpress-proxy.e2e.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
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
  const servers: ReturnType<typeof serve>[] = [];
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
    // The same proxy with the write challenge on, which the challenge case switches to.
    const challenged = createProxy({
      upstream: upstream.url,
      apiKey: DEMO_KEYS.all,
      allowedOrigins: [allowedOrigin],
      kioskToken,
      writeChallenge: { difficulty: 1000 },
      logger: () => {},
    });
    proxies.push(proxy, challenged);
    const listen = (fetch: (req: Request) => Response | Promise<Response>) =>
      new Promise<{ server: ReturnType<typeof serve>; url: string }>((resolve) => {
        const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
          resolve({ server: s, url: `http://127.0.0.1:${info.port}` }),
        );
      });
    const plain = await listen(proxy.fetch);
    const withChallenge = await listen(challenged.fetch);
    servers.push(plain.server, withChallenge.server);
    target = {
      url: plain.url,
      allowedOrigin,
      key: DEMO_KEYS.all,
      kioskToken,
      upstream,
      seen: [],
      writeChallenge: async (on) => {
        target.url = on ? withChallenge.url : plain.url;
      },
    };
  });
  after(async () => {
    for (const server of servers) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    }
    for (const p of proxies) await p.close();
    await upstream?.close();
  });

  proxyConformance(test, () => target);
});
