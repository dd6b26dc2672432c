/**
 * A real redis-server (Debian's package) for the Redis tests: its own process on a free loopback
 * port with a temporary directory, never a system service. `npm test` installs the package when
 * it may (scripts/run-tests.mjs); without it the tests skip themselves, saying why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';

export const REDIS_BINARY = [
  process.env.REDIS_SERVER_PATH,
  '/usr/bin/redis-server',
  '/usr/local/bin/redis-server',
].find((p): p is string => Boolean(p && existsSync(p)));
/** The `skip` value of Redis suites: false, or why they cannot run. */
export const redisSkip: string | false = REDIS_BINARY
  ? false
  : 'redis-server is not installed (apt-get install redis-server); Redis store tests skipped';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      resolve(true);
      socket.end();
    });
    socket.on('error', () => resolve(false));
  });
}

export interface RedisServer {
  port: number;
  /** SIGKILL: gone at once with everything it held in memory. */
  kill(): Promise<void>;
  /** Starts it again on the same port; without persistence it comes back empty. */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: the socket stays open but nothing is answered. */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

/**
 * Starts redis-server without persistence (`--save '' --appendonly no`) unless `args` say
 * otherwise (later arguments win).
 */
export async function startRedisServer(args: string[] = []): Promise<RedisServer> {
  if (!REDIS_BINARY) throw new Error('redis-server is not installed');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'conf-redis-'));
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      REDIS_BINARY,
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', ...args],
      { stdio: 'ignore' },
    );
    for (let i = 0; !(await accepts(port)); i++) {
      if (i > 200) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    port,
    kill,
    restart: launch,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async close() {
      child?.kill('SIGCONT');
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An ioredis client, connected (`ready`) before it is returned. */
export async function redisClient(port: number, options: RedisOptions = {}): Promise<Redis> {
  const redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true, ...options });
  // Connection errors while a test has Redis down are expected; commands report their own.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    // Stop its reconnecting, which would otherwise keep the test process alive.
    redis.disconnect();
    throw error;
  }
  return redis;
}

/** Resolves once the client is connected again (after a restart), within `ms`. */
export async function whenReady(redis: Redis, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (redis.status !== 'ready') {
    if (Date.now() > until) throw new Error(`Redis client not ready after ${ms} ms (${redis.status})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
