/**
 * `npm run proxy`: serves the proxy on a port through `nodeListener` (the fast lane for fresh
 * cache hits, the host-agnostic handler from `index.ts` for everything else), with request log
 * lines written in batches.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HELP, parseCli } from './cli-args.js';
import { batchedLines } from './log-writer.js';
import { IDLE_TIMEOUT_MS, NODE_SERVER_OPTIONS, nodeListener } from './node.js';
import { NO_ORIGINS_NOTE } from './refused-origins.js';
import { createProxy, type ProxyOptions } from './index.js';

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
    const {
      REDIS_CLIENT_OPTIONS,
      importIoredis,
      redisCacheStore,
      redisIdempotencyStore,
      redisPersistence,
      redisRateLimitStore,
    } = await import('./stores/redis.js');
    let Redis: (typeof import('ioredis'))['Redis'];
    try {
      ({ Redis } = await importIoredis());
    } catch (error) {
      process.stderr.write(`conf-widgets proxy: ${(error as Error).message}\n`);
      return 1;
    }
    const redis = new Redis(redisUrl, { ...REDIS_CLIENT_OPTIONS, lazyConnect: true });
    // The client's own connection errors (while Redis is down) are answered per request.
    redis.on('error', () => {});
    closeRedis = async () => void (await redis.quit().catch(() => redis.disconnect()));
    const warn = (msg: string, detail: string) =>
      console.log(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg, detail }));
    const connected = await Promise.race([
      redis.connect().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000).unref()),
    ]);
    const checkPersistence = async () => {
      const persistence = await redisPersistence(redis);
      if (persistence.persists === false) {
        warn(
          'redis_not_persistent',
          `${persistence.detail}. A restart of this Redis forgets idempotency records; set appendonly yes.`,
        );
      } else if (persistence.persists === null) {
        warn('redis_persistence_unknown', `${persistence.detail}; make sure it runs with appendonly yes.`);
      }
    };
    if (connected) {
      await checkPersistence();
    } else {
      warn('redis_unreachable', 'Redis did not answer at start; keyed writes are refused (503) until it does.');
      // Checked once it answers.
      redis.once('ready', () => void checkPersistence());
    }
    stores = {
      cache: { ...(options.cache || {}), store: redisCacheStore({ redis }) },
      idempotencyStore: redisIdempotencyStore({ redis }),
      rateLimit: options.rateLimit === false ? false : { ...options.rateLimit, store: redisRateLimitStore({ redis }) },
      // Used challenges too: a solution spent on one instance is spent on all.
      ...(options.writeChallenge
        ? {
            writeChallenge: {
              ...(options.writeChallenge === true ? {} : options.writeChallenge),
              store: redisIdempotencyStore({ redis }),
            },
          }
        : {}),
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
  // A --timeout beyond the idle timeout's margin moves it: an answer may take that long.
  const idleTimeoutMs = Math.max(IDLE_TIMEOUT_MS, (options.upstreamTimeoutMs ?? 0) + 30_000);
  const server = createServer(NODE_SERVER_OPTIONS, nodeListener(proxy, { idleTimeoutMs }));
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
      // Without an allowed origin, every element on the organizer's own site fails (CORS).
      ...(options.allowedOrigins?.length ? {} : { note: NO_ORIGINS_NOTE }),
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
