/**
 * The proxy's Node server timeouts (`node.ts`): the stated figures, and the idle timeout that
 * closes a connection whose answer never comes instead of leaving the client to its own timeout.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { API_PREFIX } from '../../src/api/contract.js';
import { createProxy } from '../index.js';
import { IDLE_TIMEOUT_MS, NODE_SERVER_OPTIONS, nodeListener } from '../node.js';

describe('proxy server timeouts', () => {
  it('are stated: headers 20 s, request 130 s, keep-alive 5 s, checked every second, idle 150 s', () => {
    assert.deepEqual(NODE_SERVER_OPTIONS, {
      headersTimeout: 20_000,
      requestTimeout: 130_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    });
    assert.equal(IDLE_TIMEOUT_MS, 150_000);
    // Longer than the longest answer with the default upstream (10 s) and upload (120 s) timeouts.
    assert.ok(IDLE_TIMEOUT_MS > 120_000 + 10_000);
  });

  it('an upstream that never answers (its timeout set long): the client connection is closed at the idle timeout', async () => {
    const upstreamCalls: AbortSignal[] = [];
    const proxy = createProxy({
      upstream: 'http://upstream.invalid',
      apiKey: 'server-timeouts-key-0123456789',
      bundlePath: null,
      upstreamTimeoutMs: 60_000,
      // Never answers; gives up only when the proxy's own signal aborts.
      fetchImpl: ((_url: string, init: RequestInit) => {
        upstreamCalls.push(init.signal!);
        return new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
      }) as typeof fetch,
      logger: () => {},
    });
    const server = createServer(NODE_SERVER_OPTIONS, nodeListener(proxy, { idleTimeoutMs: 300 }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const started = performance.now();
      const received = await new Promise<string>((resolve, reject) => {
        let data = '';
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`GET ${API_PREFIX}/events/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
        );
        socket.setEncoding('latin1');
        socket.on('data', (c: string) => (data += c));
        socket.on('error', () => {});
        socket.on('close', () => resolve(data));
        setTimeout(() => reject(new Error('the proxy kept the connection open 15 s')), 15_000).unref();
      });
      const ms = performance.now() - started;
      assert.equal(received, '', 'nothing was answered');
      assert.ok(ms >= 250 && ms < 5_000, `closed after ${Math.round(ms)} ms`);
      assert.equal(upstreamCalls.length, 1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await proxy.close();
    }
  });

  it('refuses an idle timeout that is not positive', () => {
    const proxy = { fetch: async () => new Response(), fastLane: {} } as unknown as Parameters<typeof nodeListener>[0];
    assert.throws(() => nodeListener(proxy, { idleTimeoutMs: 0 }), /idleTimeoutMs/);
  });
});
