/**
 * Exactly once when the proxy's idempotency store is lost: the proxy forwards `Idempotency-Key`,
 * so an upstream that honours it (the sandbox) refuses to process a write twice even when the
 * proxy no longer knows the key (memory store on a restart, Redis restarted empty); and a proxy
 * that cannot reach its store refuses keyed writes at once (503), never holds them to forward
 * later. The Redis parts run against a real redis-server and skip themselves without one.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import type { Redis } from 'ioredis';
import { startSandbox, type SandboxOptions, type StartedSandbox } from '../../sandbox/index.js';
import { FX, fixtureConferences } from '../../sandbox/test/fixture.js';
import { skippable } from '../../test/skippable.js';
import { createProxy, type Proxy, type ProxyOptions } from '../index.js';
import { nodeListener } from '../node.js';
import { REDIS_CLIENT_OPTIONS, redisIdempotencyStore, redisPersistence } from '../stores/redis.js';
import { API, codeOf, startStack } from './harness.js';
import { redisClient, redisSkip, startRedisServer, whenReady, type RedisServer } from './redis-server.js';
/** The Redis suites: each of their tests counted as skipped where redis-server is missing. */
const withRedis = skippable(redisSkip);

const REGISTER = `${API}/registrations/registrations`;
const KEY = FX.keys.all;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const person = (email: string) =>
  JSON.stringify({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    ticketTypeId: FX.freeTicket,
    customFields: { organization: 'Engines' },
  });

/** Everything the proxy sent back in this file, for the key scan. */
const seen: string[] = [];

interface Served {
  url: string;
  proxy: Proxy;
  logs: string[];
  post(
    path: string,
    body: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; text: string; headers: Headers }>;
  close(): Promise<void>;
}

async function serveProxy(upstream: string, options: Partial<ProxyOptions> = {}): Promise<Served> {
  const logs: string[] = [];
  const proxy = createProxy({
    upstream,
    apiKey: KEY,
    bundlePath: null,
    cache: false,
    rateLimit: false,
    logger: (line) => void logs.push(line),
    ...options,
  });
  const server: Server = createServer(nodeListener(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    proxy,
    logs,
    async post(path, body, headers = {}) {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      const text = await res.text();
      seen.push(text, JSON.stringify([...res.headers]));
      return { status: res.status, text, headers: res.headers };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await proxy.close();
    },
  };
}

function sandboxWith(options: SandboxOptions = {}): Promise<StartedSandbox> {
  return startSandbox({
    db: ':memory:',
    seedData: fixtureConferences,
    startsOn: '2030-06-10',
    rateLimit: false,
    ...options,
  });
}

const registrations = (s: StartedSandbox, email: string) => s.sandbox.store.registrations.list(FX.id, email).length;

after(() => {
  for (const [i, logLine] of seen.entries()) assert.ok(!logLine.includes(KEY), `the API key reached a client (${i})`);
});

describe('Idempotency-Key reaches the upstream', () => {
  test("a keyed write carries the browser's key upstream; a write without one carries none", async () => {
    const stack = await startStack({ rateLimit: false });
    try {
      const path = `${API}/abstracts/submissions`;
      const body = {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'fwd-0001' },
        body: '{"title":"x"}',
      };
      await stack.request(path, body);
      assert.equal(stack.upstream.lastHeaders.get(`POST ${path}`)?.['idempotency-key'], 'fwd-0001');
      await stack.request(path, { ...body, headers: { 'content-type': 'application/json' } });
      assert.equal(stack.upstream.lastHeaders.get(`POST ${path}`)?.['idempotency-key'], undefined);
    } finally {
      await stack.close();
    }
  });

  test('the memory store lost with a restart: the retry is forwarded, and the upstream replays instead of recording twice', async () => {
    const sandbox = await sandboxWith();
    try {
      const email = 'restart@example.org';
      const headers = { 'idempotency-key': 'restart-0001' };
      const first = await serveProxy(sandbox.url, { forwardScenarioHeaders: true });
      const lost = await first.post(REGISTER, person(email), { ...headers, prefer: 'code=500, after=processing' });
      assert.equal(codeOf(JSON.parse(lost.text)), 'outcome_unknown');
      await first.close();
      // A new process: its memory store has never seen the key.
      const second = await serveProxy(sandbox.url);
      try {
        const retry = await second.post(REGISTER, person(email), headers);
        assert.equal(retry.status, 201);
        assert.equal(registrations(sandbox, email), 1);
      } finally {
        await second.close();
      }
    } finally {
      await sandbox.close();
    }
  });

  test("the upstream's 409 idempotency_in_progress: 503 with Retry-After, the key released for the retry", async () => {
    let calls = 0;
    const fake = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        calls++;
        if (calls === 1) {
          res.writeHead(409, { 'content-type': 'application/json', 'retry-after': '1' });
          res.end(JSON.stringify({ error: { code: 'idempotency_in_progress', message: 'Still running.' } }));
        } else {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data: { id: 'reg_1' } }));
        }
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', () => resolve()));
    const proxy = await serveProxy(`http://127.0.0.1:${(fake.address() as AddressInfo).port}`);
    try {
      const headers = { 'idempotency-key': 'busy-0001' };
      const busy = await proxy.post(REGISTER, person('busy@example.org'), headers);
      assert.equal(busy.status, 503);
      assert.equal(codeOf(JSON.parse(busy.text)), 'service_unavailable');
      assert.equal(busy.headers.get('retry-after'), '1');
      const retry = await proxy.post(REGISTER, person('busy@example.org'), headers);
      assert.equal(retry.status, 201);
      assert.equal(calls, 2);
    } finally {
      await proxy.close();
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });
});

withRedis.describe('Redis lost', () => {
  let redisServer: RedisServer;
  withRedis.before(async () => {
    if (redisSkip) return;
    redisServer = await startRedisServer();
  });
  withRedis.after(async () => {
    await redisServer?.close();
  });

  withRedis.test(
    'Redis stopped: a keyed write is 503 with Retry-After at once, and is not forwarded when Redis is back',
    async () => {
      const sandbox = await sandboxWith();
      // ioredis's defaults (offline queue, 20 reconnects per command), as a library user may pass them.
      const redis = await redisClient(redisServer.port);
      const proxy = await serveProxy(sandbox.url, {
        idempotencyStore: redisIdempotencyStore({ redis, prefix: 'stopped:' }),
      });
      try {
        const email = 'stopped@example.org';
        const headers = { 'idempotency-key': 'stopped-0001' };
        await redisServer.kill();
        const t0 = Date.now();
        const refused = await proxy.post(REGISTER, person(email), headers);
        const ms = Date.now() - t0;
        assert.equal(refused.status, 503);
        assert.equal(codeOf(JSON.parse(refused.text)), 'service_unavailable');
        assert.equal(refused.headers.get('retry-after'), '1');
        // "At once": ioredis's defaults alone held the claim 73 s (20 reconnects) before failing.
        assert.ok(ms < 5000, `answered in ${ms} ms`);
        await redisServer.restart();
        await whenReady(redis);
        assert.equal(registrations(sandbox, email), 0, 'nothing was forwarded after Redis came back');
        const retry = await proxy.post(REGISTER, person(email), headers);
        assert.equal(retry.status, 201);
        assert.equal(registrations(sandbox, email), 1);
      } finally {
        await proxy.close();
        redis.disconnect();
        await sandbox.close();
      }
    },
  );

  withRedis.test(
    'Redis paused: a keyed write is 503 after the command timeout, and the retry after it resumes goes through',
    async () => {
      const sandbox = await sandboxWith();
      const redis = await redisClient(redisServer.port, REDIS_CLIENT_OPTIONS);
      const store = redisIdempotencyStore({ redis, prefix: 'paused:', commandTimeoutMs: 500 });
      const proxy = await serveProxy(sandbox.url, { idempotencyStore: store });
      try {
        const email = 'paused@example.org';
        const headers = { 'idempotency-key': 'paused-0001' };
        redisServer.pause();
        let refused;
        try {
          refused = await proxy.post(REGISTER, person(email), headers);
        } finally {
          redisServer.resume();
        }
        assert.equal(refused.status, 503);
        assert.equal(refused.headers.get('retry-after'), '1');
        assert.equal(registrations(sandbox, email), 0);
        // The claim Redis ran on resuming was taken back: the retry is not kept waiting 30 s for it
        // (a few tries allowed, in case a loaded machine makes one command slower than 500 ms).
        const t0 = Date.now();
        let retry = await proxy.post(REGISTER, person(email), headers);
        for (let i = 0; retry.status === 503 && i < 5; i++) retry = await proxy.post(REGISTER, person(email), headers);
        assert.equal(retry.status, 201);
        // A claim left behind kept the retry waiting for its expiry (16 s here); taken back, ~1 s.
        assert.ok(Date.now() - t0 < 8000, `the retry took ${Date.now() - t0} ms`);
        assert.equal(registrations(sandbox, email), 1);
      } finally {
        await proxy.close();
        redis.disconnect();
        await sandbox.close();
      }
    },
  );

  /**
   * The outside attack run, reproduced: two proxies sharing one Redis, the sandbox failing 30 % of
   * requests before processing and losing 30 % of answers after it, concurrent retries of each
   * key spread over a few seconds, Redis killed and restarted empty in the middle. Writes whose
   * record died with Redis are forwarded again; only the upstream's own idempotency keeps them
   * from being recorded twice.
   */
  async function outageRun(
    sandboxIdempotency: boolean,
  ): Promise<{ doubled: string[]; missing: string[]; tally: Map<number, number> }> {
    const KEYS = 40;
    const SENDERS = 10;
    const sandbox = await sandboxWith({ failRate: 0.3, loseRate: 0.3, idempotency: sandboxIdempotency });
    const clients: Redis[] = [
      await redisClient(redisServer.port, REDIS_CLIENT_OPTIONS),
      await redisClient(redisServer.port, REDIS_CLIENT_OPTIONS),
    ];
    const prefix = `outage-${sandboxIdempotency}:`;
    const proxies = await Promise.all(
      clients.map((redis) => serveProxy(sandbox.url, { idempotencyStore: redisIdempotencyStore({ redis, prefix }) })),
    );
    const tally = new Map<number, number>();
    const count = (status: number) => tally.set(status, (tally.get(status) ?? 0) + 1);
    try {
      const send = async (key: string, body: string, startAt: number) => {
        await sleep(startAt);
        for (let attempt = 0; attempt < 100; attempt++) {
          const proxy = proxies[Math.floor(Math.random() * proxies.length)]!;
          let status = 0;
          try {
            status = (await proxy.post(REGISTER, body, { 'idempotency-key': key })).status;
          } catch {
            // A connection lost: retried like an outage.
          }
          count(status);
          if (status !== 0 && status !== 503) return;
          await sleep(30 + Math.random() * 120);
        }
      };
      const outage = (async () => {
        await sleep(1500);
        await redisServer.kill();
        await sleep(700);
        await redisServer.restart();
      })();
      const emails = Array.from({ length: KEYS }, (_, i) => `outage-${sandboxIdempotency}-${i}@example.org`);
      await Promise.all([
        outage,
        ...emails.flatMap((email, i) =>
          Array.from({ length: SENDERS }, () =>
            send(`outage-${sandboxIdempotency}-key-${i}`, person(email), Math.random() * 4000),
          ),
        ),
      ]);
      return {
        doubled: emails.filter((e) => registrations(sandbox, e) > 1),
        missing: emails.filter((e) => registrations(sandbox, e) === 0),
        tally,
      };
    } finally {
      await Promise.all(proxies.map((p) => p.close()));
      for (const c of clients) c.disconnect();
      await sandbox.close();
    }
  }

  const show = (tally: Map<number, number>) =>
    [...tally]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');

  withRedis.test(
    'two proxies, fail-rate 0.3, lose-rate 0.3, Redis killed and restarted empty: every key is exactly one registration',
    { timeout: 60_000 },
    async () => {
      const { doubled, missing, tally } = await outageRun(true);
      console.log(`# answers by status: ${show(tally)}`);
      assert.deepEqual(doubled, [], 'keys recorded twice');
      assert.deepEqual(missing, [], 'keys never recorded');
      assert.ok((tally.get(503) ?? 0) > 0 && (tally.get(201) ?? 0) > 0);
    },
  );

  withRedis.test(
    'the same run against an upstream that ignores the key doubles registrations (what the test above guards)',
    { timeout: 60_000 },
    async () => {
      const { doubled, tally } = await outageRun(false);
      console.log(
        `# without the upstream's idempotency: ${doubled.length} of 40 keys recorded twice or more; answers ${show(tally)}`,
      );
      assert.ok(doubled.length > 0, 'the outage must make the proxy forward some keys again');
    },
  );
});

withRedis.describe('Redis persistence check', () => {
  async function persistenceOf(args: string[]) {
    const server = await startRedisServer(args);
    // ioredis's ready check is an INFO command, refused where INFO is disabled.
    const redis = await redisClient(server.port, { enableReadyCheck: !args.includes('INFO') });
    try {
      return await redisPersistence(redis);
    } finally {
      redis.disconnect();
      await server.close();
    }
  }

  withRedis.test(
    'appendonly yes persists; no persistence and snapshots only do not; CONFIG and INFO disabled: cannot tell',
    async () => {
      assert.equal((await persistenceOf(['--appendonly', 'yes'])).persists, true);
      const none = await persistenceOf([]);
      assert.equal(none.persists, false);
      assert.match(none.detail, /every record is lost/);
      const snapshots = await persistenceOf(['--save', '60 1000']);
      assert.equal(snapshots.persists, false);
      assert.match(snapshots.detail, /RDB snapshots only/);
      const noConfig = await persistenceOf(['--appendonly', 'yes', '--rename-command', 'CONFIG', '']);
      assert.deepEqual([noConfig.persists, /INFO/.test(noConfig.detail)], [true, true]);
      const blind = await persistenceOf(['--rename-command', 'CONFIG', '', '--rename-command', 'INFO', '']);
      assert.equal(blind.persists, null);
    },
  );

  withRedis.test('the CLI warns at start when its Redis does not persist', { timeout: 30_000 }, async () => {
    const server = await startRedisServer();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'proxy/cli.ts',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--redis',
        `redis://127.0.0.1:${server.port}`,
      ],
      {
        env: { ...process.env, CONF_BASE_URL: 'http://127.0.0.1:9', CONF_API_KEY: KEY },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('"msg":"listening"')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the CLI exited (${code}): ${out}`)));
      });
      const warning = out.split('\n').find((l) => l.includes('redis_not_persistent'));
      assert.ok(warning, out);
      assert.equal(JSON.parse(warning).level, 'warn');
      assert.match(warning, /appendonly yes/);
      assert.ok(!out.includes(KEY));
    } finally {
      child.kill('SIGTERM');
      await server.close();
    }
  });
});
