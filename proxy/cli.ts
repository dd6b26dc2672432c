/**
 * `npm run proxy`: serves the proxy on a port through `nodeListener` (the fast lane for fresh
 * cache hits, the host-agnostic handler from `index.ts` for everything else), with request log
 * lines written in batches.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HELP, parseCli } from './cli-args.js';
import { createProxy, type ProxyOptions } from './index.js';
import { batchedLines } from './log-writer.js';
import { NODE_SERVER_OPTIONS, nodeListener } from './node.js';

async function main(): Promise<number> {
  const parsed = parseCli(process.argv.slice(2), process.env);
  if (parsed.kind === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`conf-widgets proxy: ${parsed.message}\n\n${HELP}`);
    return 2;
  }
  const { options, port, host, redisUrl } = parsed.config;
  let closeRedis = async () => {};
  let stores: Partial<ProxyOptions> = {};
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    const { redisCacheStore, redisIdempotencyStore, redisRateLimitStore } = await import('./stores/redis.js');
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    closeRedis = async () => void (await redis.quit());
    stores = {
      cache: { ...(options.cache || {}), store: redisCacheStore({ redis }) },
      idempotencyStore: redisIdempotencyStore({ redis }),
      rateLimit: options.rateLimit === false ? false : { ...options.rateLimit, store: redisRateLimitStore({ redis }) },
    };
  }
  let proxy;
  const lines = batchedLines();
  try {
    proxy = createProxy({ logger: lines.log, ...options, ...stores });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    await closeRedis();
    return 2;
  }
  const server = createServer(NODE_SERVER_OPTIONS, nodeListener(proxy));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const info = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'info',
      msg: 'listening',
      url: `http://${shown}:${info.port}`,
      upstream: new URL(options.upstream).origin,
      origins: options.allowedOrigins,
      kiosk: Boolean(options.kioskToken),
      redis: Boolean(redisUrl),
    }),
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await proxy.close();
  await closeRedis();
  lines.flush();
  return 0;
}

process.exitCode = await main();
