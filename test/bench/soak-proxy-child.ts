/**
 * The proxy for `memory-soak.bench.ts`, in its own process, served as the CLI serves it (`nodeListener`,
 * `NODE_SERVER_OPTIONS`, log lines batched to stdout, which the bench discards), with a memory
 * sampler that only this bench process can reach: over the IPC channel, never over HTTP.
 *
 * Started with `--expose-gc` and one JSON argument `{ upstream, kioskToken }`. Tells its URL over
 * IPC, then answers each `{ type: 'sample', gc }` with `process.memoryUsage()` (after a full
 * collection when `gc` is set) and what the memory stores hold. Exits when the bench disconnects.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createProxy } from '../../proxy/index.js';
import { batchedLines } from '../../proxy/log-writer.js';
import { NODE_SERVER_OPTIONS, nodeListener } from '../../proxy/node.js';
import {
  memoryCacheStore,
  memoryIdempotencyStore,
  memoryRateLimitStore,
  type StoreStats,
} from '../../proxy/stores/memory.js';

export interface SoakProxyConfig {
  upstream: string;
  apiKey: string;
  kioskToken: string;
  /** The idempotency store's entry bound (default the proxy's own). */
  idempotencyEntries?: number;
}

export interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  cache: StoreStats;
  idempotency: StoreStats;
  rateLimit: StoreStats;
}

async function main(config: SoakProxyConfig, send: (m: object) => void): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('soak-proxy-child.ts needs --expose-gc');
  // The stores the proxy would create itself, with their default bounds, made here to read them.
  const cache = memoryCacheStore();
  const idempotency = memoryIdempotencyStore(
    config.idempotencyEntries ? { maxEntries: config.idempotencyEntries } : {},
  );
  const rateLimit = memoryRateLimitStore();
  const lines = batchedLines();
  const proxy = createProxy({
    upstream: config.upstream,
    apiKey: config.apiKey,
    kioskToken: config.kioskToken,
    bundlePath: null,
    logger: lines.log,
    cache: { store: cache },
    idempotencyStore: idempotency,
    // Every request comes from one loopback address: limits high enough never to refuse, so
    // the writes reach the upstream (and fill the idempotency store), while windows are counted.
    rateLimit: {
      max: 1_000_000_000,
      store: rateLimit,
      kinds: { registrations: false, enrollments: false, abstracts: false, exhibits: false, uploads: false },
    },
    bodyLimits: { perAddress: 1_000 },
  });
  const server = createServer(NODE_SERVER_OPTIONS, nodeListener(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  process.on('message', (m: { type: 'sample'; gc: boolean }) => {
    if (m.type !== 'sample') return;
    if (m.gc) {
      // Twice: the first pass may only queue finalizers (WeakMap-held encoded bodies).
      gc();
      gc();
    }
    const u = process.memoryUsage();
    const sample: MemorySample = {
      rss: u.rss,
      heapUsed: u.heapUsed,
      heapTotal: u.heapTotal,
      external: u.external,
      arrayBuffers: u.arrayBuffers,
      cache: cache.stats(),
      idempotency: idempotency.stats(),
      rateLimit: rateLimit.stats(),
    };
    send(sample);
  });
  process.once('disconnect', () => {
    server.closeAllConnections();
    server.close(() => void proxy.close().then(() => process.exit(0)));
  });
  send({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.send)
    throw new Error('soak-proxy-child.ts is started by memory-soak.bench.ts (it needs an IPC channel)');
  const send = process.send.bind(process);
  await main(JSON.parse(process.argv[2]!) as SoakProxyConfig, (m) => void send(m));
}
