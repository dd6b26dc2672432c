/**
 * The proxy mounted in Express 5 and Fastify 5 exactly as README.md and proxy/README.md show it,
 * against the sandbox on loopback, each with a route of the host's own beside it (a JSON body
 * parser included, which must not take the proxy's bodies). On each: a read, a 404 for a path
 * outside the allow-list (no upstream call), a registration with an `Idempotency-Key` and its
 * replay (one record, the same answer), an upload stored with its storage URI, and the host's
 * own route still answering.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { createProxy, type Proxy } from '../../proxy/index.js';
import { nodeListener, PROXY_MOUNTS } from '../../proxy/node.js';
import { startSandbox, type StartedSandbox } from '../../sandbox/index.js';
import { FX, fixtureConferences } from '../../sandbox/test/fixture.js';

const API = '/api/public/v1';
const KEY = FX.keys.all;
const ORIGIN = 'https://conf.example.org';

let sandbox: StartedSandbox;
/** Requests the sandbox received, by path. */
const upstreamPaths: string[] = [];

before(async () => {
  sandbox = await startSandbox({
    db: ':memory:',
    seedData: fixtureConferences,
    startsOn: '2030-06-10',
    rateLimit: false,
  });
});
after(async () => {
  await sandbox?.close();
});

function makeProxy(): Proxy {
  return createProxy({
    upstream: sandbox.url,
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    bundlePath: null,
    logger: () => {},
    // Counts what reaches the sandbox, to see that a refused path made no upstream call.
    fetchImpl: (input, init) => {
      upstreamPaths.push(new URL(typeof input === 'string' || input instanceof URL ? input : input.url).pathname);
      return fetch(input, init);
    },
  });
}

/** Express 5, as the README shows it: the proxy on its paths, before the app's body parsers. */
async function expressApp(proxy: Proxy): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(PROXY_MOUNTS, nodeListener(proxy));
  app.use(express.json());
  app.post('/own/echo', (req, res) => {
    res.json({ echoed: (req.body as { word?: string }).word });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Fastify 5, as the README shows it: in its own plugin scope, the proxy's paths answered from the
 * raw request (`reply.hijack()`), with a content-type parser that leaves every body unread.
 */
async function fastifyApp(proxy: Proxy): Promise<{ url: string; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify();
  const confWidgets = nodeListener(proxy);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const path of PROXY_MOUNTS) {
      scope.all(path.endsWith('.js') ? path : `${path}/*`, (request, reply) => {
        reply.hijack();
        confWidgets(request.raw, reply.raw);
      });
    }
  });
  app.post('/own/echo', async (request) => ({ echoed: (request.body as { word?: string }).word }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}

const hosts = { express: expressApp, fastify: fastifyApp };

for (const [name, mount] of Object.entries(hosts)) {
  describe(`the proxy mounted in ${name}`, () => {
    let proxy: Proxy;
    let host: { url: string; close(): Promise<void> };
    before(async () => {
      proxy = makeProxy();
      host = await mount(proxy);
    });
    after(async () => {
      await host?.close();
      await proxy?.close();
    });

    test('a read reaches the sandbox and comes back as JSON with its CORS grant', async () => {
      const res = await fetch(`${host.url}${API}/events/events?limit=2`, { headers: { origin: ORIGIN } });
      const body = (await res.json()) as { data: unknown[] };
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
      assert.equal(body.data.length, 2);
    });

    test('a path outside the allow-list is 404 in the proxy’s error shape, with no upstream call', async () => {
      const before = upstreamPaths.length;
      const res = await fetch(`${host.url}${API}/admin/keys`, { headers: { origin: ORIGIN } });
      const body = (await res.json()) as { error?: { code?: string } };
      assert.equal(res.status, 404);
      assert.equal(body.error?.code, 'not_found', JSON.stringify(body));
      assert.equal(upstreamPaths.length, before);
    });

    test('a registration with an Idempotency-Key and its replay: one record, the same answer', async () => {
      const email = `${name}-mount@example.org`;
      const post = () =>
        fetch(`${host.url}${API}/registrations/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'idempotency-key': `mount-${name}-0001` },
          body: JSON.stringify({
            firstName: 'Ada',
            lastName: 'Lovelace',
            email,
            ticketTypeId: FX.freeTicket,
            customFields: { organization: 'Engines' },
          }),
        });
      const first = await post();
      const firstBody = await first.text();
      const replay = await post();
      assert.equal(first.status, 201, firstBody);
      assert.equal(replay.status, 201);
      assert.deepEqual(JSON.parse(await replay.text()), JSON.parse(firstBody));
      assert.equal(sandbox.sandbox.store.registrations.list(FX.id, email).length, 1);
    });

    test('an upload passes through and is answered with its storage URI', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200 * 1024, 0x20)]);
      const res = await fetch(`${host.url}/uploads/registration-evidence?filename=proof.pdf`, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf', origin: ORIGIN },
        body: pdf,
      });
      const text = await res.text();
      assert.equal(res.status, 201, text);
      const body = JSON.parse(text) as { data: { uri: string } };
      assert.match(body.data.uri, /^storage:\/\//);
    });

    test('the host’s own JSON route still answers beside the proxy', async () => {
      const res = await fetch(`${host.url}/own/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ word: 'kept' }),
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { echoed: 'kept' });
    });
  });
}
