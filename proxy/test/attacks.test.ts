/**
 * Attacks over real sockets: a hostile upstream that echoes the key in every form and place it
 * can (headers, encodings, redirects, signed addresses), request targets and headers a browser
 * or a script can send to reach something else, request smuggling, cache poisoning, body
 * encodings and rate-limit evasion. The proxy under attack is served as the CLI serves it.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { createProxy, type Proxy, type ProxyOptions } from '../index.js';
import { nodeListener, NODE_SERVER_OPTIONS } from '../node.js';
import { API, KIOSK_TOKEN, ORIGIN, codeOf, rawRequest, startStack, useStack, type Stack } from './harness.js';

/** A key with characters that change under URL, JSON and base64 encoding. */
const SECRET = 'ck_live_9f/A+b=Zq"8x';

/** Every form of SECRET a careless upstream might write, each checked in everything that leaves. */
function forms(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const found = [
    secret,
    url,
    url.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
  ];
  // Base64 of the secret inside a longer text, at each byte offset: its middle stretch is fixed.
  for (const prefix of ['', 'a', 'ab']) {
    for (const alphabet of ['base64', 'base64url'] as const)
      found.push(
        Buffer.from(prefix + secret)
          .toString(alphabet)
          .slice(4, 16),
      );
  }
  return found;
}

function assertNoSecret(where: string, text: string): void {
  for (const form of forms(SECRET))
    assert.ok(!text.includes(form), `${where} carries the key as ${form}: ${text.slice(0, 400)}`);
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface Hostile {
  url: string;
  /** Requests seen, `METHOD /path`. */
  seen: string[];
  handle: Handler;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function hostile(): Promise<Hostile> {
  const h: Hostile = {
    url: '',
    seen: [],
    handle: (_req, res) => json(res, 200, { data: [] }),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      h.seen.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
      h.handle(req, res, body);
    });
  });
  h.url = await listen(server);
  return h;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

interface Served {
  url: string;
  proxy: Proxy;
  logs: string[];
  get(path: string, init?: RequestInit): Promise<{ res: Response; text: string }>;
  close(): Promise<void>;
}

/** The proxy with SECRET as its key, served by `nodeListener`; every answer and log line is checked. */
async function serve(upstream: string, options: Partial<ProxyOptions> = {}): Promise<Served> {
  const logs: string[] = [];
  const proxy = createProxy({
    upstream,
    apiKey: SECRET,
    allowedOrigins: [ORIGIN],
    kioskToken: KIOSK_TOKEN,
    bundlePath: null,
    retry: { retries: 0 },
    ...options,
    logger: (line) => {
      assertNoSecret('log line', line);
      logs.push(line);
    },
  });
  const server = createServer(nodeListener(proxy));
  const url = await listen(server);
  return {
    url,
    proxy,
    logs,
    async get(path, init) {
      const res = await fetch(url + path, init);
      const text = await res.text();
      assertNoSecret(`${path} headers`, JSON.stringify([...res.headers]));
      assertNoSecret(`${path} body`, text);
      return { res, text };
    },
    async close() {
      await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
      await proxy.close();
    },
  };
}

describe('a hostile upstream cannot make the proxy leak the key', () => {
  let up: Hostile;
  let elsewhere: Hostile;
  before(async () => {
    up = await hostile();
    elsewhere = await hostile();
  });
  after(async () => {
    await up.close();
    await elsewhere.close();
  });

  const echoEverywhere: Handler = (req, res) => {
    const key = String(req.headers['x-api-key']);
    const b64 = Buffer.from(`user:${key}`).toString('base64');
    json(
      res,
      200,
      {
        data: {
          raw: key,
          url: encodeURIComponent(key),
          lower: encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
          basic: b64,
          php: key.replace(/\//g, '\\/'),
        },
        link: `https://api.example/next?api_key=${encodeURIComponent(key)}`,
      },
      {
        'content-type': `application/json; charset=utf-8; key=${encodeURIComponent(key)}`,
        link: `<https://api.example/next?api_key=${encodeURIComponent(key)}>; rel="next"`,
        deprecation: key,
        sunset: key,
        'www-authenticate': `Bearer error="invalid_token", key="${key}"`,
        location: `https://evil.example/?k=${key}`,
        'x-debug-key': key,
      },
    );
  };

  test('echoed in body, Link, Deprecation, Content-Type, WWW-Authenticate and Location: scrubbed or dropped (miss and hit)', async () => {
    up.handle = echoEverywhere;
    const s = await serve(up.url);
    try {
      for (const path of [`${API}/website/pages`, `${API}/website/pages`]) {
        const { res, text } = await s.get(path, { headers: { origin: ORIGIN } });
        assert.equal(res.status, 200);
        assert.match(text, /\[redacted\]/);
        assert.equal(res.headers.get('location'), null);
        assert.equal(res.headers.get('www-authenticate'), null);
        assert.equal(res.headers.get('x-debug-key'), null);
      }
    } finally {
      await s.close();
    }
  });

  test('echoed in an error, a write answer and its idempotent replay: scrubbed', async () => {
    up.handle = (req, res) => {
      const key = String(req.headers['x-api-key']);
      json(
        res,
        401,
        { error: { code: 'unauthorized', message: `Key ${key} (${encodeURIComponent(key)}) is not valid` } },
        { 'retry-after': key },
      );
    };
    const s = await serve(up.url);
    try {
      const read = await s.get(`${API}/events/events`);
      assert.equal(read.res.status, 401);
      const write = {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
        body: '{}',
      };
      assert.equal((await s.get(`${API}/registrations/registrations`, write)).res.status, 401);
      const replay = await s.get(`${API}/registrations/registrations`, write);
      assert.equal(replay.res.headers.get('idempotent-replayed'), 'true');
      const ready = await s.get('/readyz');
      assert.equal(ready.res.status, 503);
    } finally {
      await s.close();
    }
  });

  for (const transport of ['undici', 'fetch'] as const) {
    test(`a 302 to another host is not followed, and the key never reaches it (${transport})`, async () => {
      elsewhere.seen.length = 0;
      up.handle = (req, res) => {
        res.writeHead(302, { location: `${elsewhere.url}/steal?k=${String(req.headers['x-api-key'])}` });
        res.end();
      };
      const s = await serve(up.url, transport === 'fetch' ? { fetchImpl: fetch } : {});
      try {
        for (const path of [`${API}/events/venues`, '/readyz']) {
          const { res } = await s.get(path);
          assert.ok(res.status === 502 || res.status === 503, `${path}: ${res.status}`);
          assert.equal(res.headers.get('location'), null);
        }
        const write = await s.get(`${API}/registrations/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        assert.equal(write.res.status, 502);
        assert.deepEqual(elsewhere.seen, []);
      } finally {
        await s.close();
      }
    });
  }

  test('uploads: the signed address never reaches the browser, whatever the upstream or the storage answers', async () => {
    const signed = () => `${elsewhere.url}/bucket/object?X-Amz-Signature=deadbeef0123`;
    const put = { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' };
    const path = '/uploads/registration-evidence?filename=proof.pdf';
    const cases: [string, Handler, Handler][] = [
      [
        'address answered 202',
        (_q, r) => json(r, 202, { data: { uploadUrl: signed(), storageUri: 'storage://x' } }),
        (_q, r) => json(r, 200, {}),
      ],
      [
        'address with a bad storage URI',
        (_q, r) => json(r, 200, { data: { uploadUrl: signed(), storageUri: 'https://x' } }),
        (_q, r) => json(r, 200, {}),
      ],
      [
        'storage error quoting the address',
        (_q, r) => json(r, 200, { data: { uploadUrl: signed(), storageUri: 'storage://x' } }),
        (q, r) => json(r, 500, { error: { code: 'x', message: `PUT ${q.url} failed` } }),
      ],
      [
        'storage redirecting',
        (_q, r) => json(r, 200, { data: { uploadUrl: signed(), storageUri: 'storage://x' } }),
        (_q, r) => (r.writeHead(307, { location: signed() }), r.end()),
      ],
    ];
    for (const transport of [{}, { fetchImpl: fetch }]) {
      const s = await serve(up.url, transport);
      try {
        for (const [name, address, storage] of cases) {
          up.handle = address;
          elsewhere.handle = storage;
          elsewhere.seen.length = 0;
          const { res, text } = await s.get(path, put);
          assert.ok(res.status >= 400, `${name}: ${res.status}`);
          assert.ok(!text.includes('X-Amz-Signature') && !text.includes(elsewhere.url), `${name}: ${text}`);
          assert.equal(res.headers.get('location'), null);
          assert.ok(elsewhere.seen.length <= 1, `${name}: storage called ${elsewhere.seen.length} times`);
        }
        assert.ok(!s.logs.join('\n').includes('X-Amz-Signature'));
      } finally {
        await s.close();
      }
    }
  });

  test('a failing shared store reports without the key', async () => {
    up.handle = (_q, r) => json(r, 200, { data: [] });
    const store = {
      get: () => Promise.reject(new Error(`redis://default:${SECRET}@cache:6379 refused`)),
      set: () => Promise.reject(new Error(`SET with ${encodeURIComponent(SECRET)}`)),
      delete: async () => {},
    };
    const s = await serve(up.url, { cache: { store } });
    try {
      assert.equal((await s.get(`${API}/events/events`)).res.status, 200);
      assert.ok(s.logs.some((l) => l.includes('cache_get_failed')));
    } finally {
      await s.close();
    }
  });

  test('bad configuration names the option, never the key, even when the key is given as an origin', () => {
    for (const attempt of [
      () => createProxy({ upstream: 'https://api.example', apiKey: SECRET, allowedOrigins: [SECRET] }),
      () =>
        createProxy({
          upstream: 'https://api.example',
          apiKey: SECRET,
          allowedOrigins: [`https://conf.example/${SECRET}`],
        }),
      () => createProxy({ upstream: SECRET, apiKey: SECRET }),
      () => createProxy({ upstream: 'https://api.example', apiKey: SECRET, kioskToken: SECRET }),
    ]) {
      assert.throws(
        attempt,
        (error: Error) => (assertNoSecret('config error', error.message + String(error.stack)), true),
      );
    }
  });
});

describe('targets, methods and headers that try to reach something else', () => {
  const stackOf = useStack();
  let stack: Stack;
  beforeEach(() => {
    stack = stackOf();
  });

  test('path parameters, overlong UTF-8, unicode, "?" and "#" tricks, asterisk and authority forms: refused, no upstream call', async () => {
    const before = stack.upstream.total();
    const targets = [
      `${API}/events/events;jsessionid=1`,
      `${API}/health;/events/events`,
      `${API}/abstracts/abstracts/abs;x=..%2f..%2fhealth`,
      `${API}/events/%c0%ae%c0%ae/health`,
      `${API}/events/%e0%80%ae%e0%80%ae/health`,
      `${API}/events/\u{ff0e}\u{ff0e}/health`,
      `${API}/events/%ef%bc%8e%ef%bc%8e/health`,
      `${API}/health?/events/events`,
      `${API}/health#/events/events`,
      `${API}/health%3f/events/events`,
      `${API}/health%23/events/events`,
      `${API}/events/events/`,
      `${API}/events/events/.`,
      `${API}/EVENTS/events`,
      `${API}%2fhealth`,
      `${API}/events%5c..%5chealth`,
      `//evil.example${API}/events/events`,
      `/\\evil.example${API}/events/events`,
      '*',
    ];
    for (const target of targets) {
      const { status } = await rawRequest(stack.url, `GET ${target} HTTP/1.1`);
      assert.ok(status === 404 || status === 400, `${target} → ${status}`);
    }
    for (const line of [
      'OPTIONS * HTTP/1.1',
      `CONNECT 127.0.0.1:${new URL(stack.upstream.url).port} HTTP/1.1`,
      `CONNECT evil.example:443 HTTP/1.1`,
    ]) {
      const { status } = await rawRequest(stack.url, line);
      assert.ok(status === 0 || status === 400 || status === 404, `${line} → ${status}`);
    }
    assert.equal(stack.upstream.total(), before);
  });

  test('Host header games: absent, another host, with userinfo or a path: never another upstream', async () => {
    const before = stack.upstream.total();
    const bad = [
      ['Host: evil.example'],
      ['Host: evil.example@127.0.0.1'],
      ['Host: 127.0.0.1/api/public/v1/health#'],
      ['Host: 127.0.0.1', 'Host: evil.example'],
    ];
    for (const headers of bad) {
      // rawRequest sends its own Host first; a second one makes a duplicate, which node:http refuses.
      const { status } = await rawRequest(stack.url, `GET ${API}/health HTTP/1.1`, headers);
      assert.ok(status === 404 || status === 400, `${headers.join(' ')} → ${status}`);
    }
    assert.equal(stack.upstream.count('GET', `${API}/health`), 0);
    assert.equal(stack.upstream.total(), before);
  });

  test('method override headers are not honoured', async () => {
    const before = stack.upstream.total();
    for (const header of ['x-http-method-override', 'x-http-method', 'x-method-override']) {
      const asGet = await stack.request(`${API}/events/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: 'GET' },
        body: '{}',
      });
      assert.equal(asGet.res.status, 404, header);
      const asPost = await stack.request(`${API}/registrations/registrations`, { headers: { [header]: 'POST' } });
      assert.equal(asPost.res.status, 404, header);
      const asDelete = await stack.request(`${API}/events/events?_method=DELETE`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: 'DELETE' },
        body: '{}',
      });
      assert.equal(asDelete.res.status, 404, header);
    }
    assert.equal(stack.upstream.total(), before);
  });

  test('a request smuggled behind conflicting Content-Length and Transfer-Encoding never reaches a server endpoint', async () => {
    const smuggled = `GET ${API}/health HTTP/1.1\r\nHost: x\r\n\r\n`;
    const bodies = [
      // CL.TE: the front reads Content-Length, a back end chunks.
      [`Content-Length: ${5 + smuggled.length}`, 'Transfer-Encoding: chunked'],
      // TE.CL with an obfuscated Transfer-Encoding.
      ['Transfer-Encoding: chunked', 'Transfer-Encoding: identity', 'Content-Length: 4'],
      ['Transfer-Encoding: xchunked', `Content-Length: ${5 + smuggled.length}`],
      [`Content-Length: 2`, `Content-Length: ${5 + smuggled.length}`],
    ];
    for (const headers of bodies) {
      const answer = await rawSend(
        stack.url,
        `POST ${API}/registrations/registrations HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers.join('\r\n')}\r\n\r\n0\r\n\r\n${smuggled}`,
      );
      assert.ok(!/"status":"ok"/.test(answer), headers.join(' '));
    }
    assert.equal(stack.upstream.count('GET', `${API}/health`), 0);
  });

  test('X-Forwarded-For does not pick the rate-limit bucket unless trusted; with one trusted hop only its entry counts', async () => {
    const submission = `${API}/abstracts/submissions`;
    const post = (xff: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
      body: '{}',
    });
    const untrusted = await startStack({ rateLimit: { max: 2, windowMs: 60_000 } }, {}, stack.upstream);
    const trusted = await startStack(
      { rateLimit: { max: 2, windowMs: 60_000 }, trustedProxyHops: 1 },
      {},
      stack.upstream,
    );
    try {
      const a = [];
      for (let i = 0; i < 3; i++) a.push((await untrusted.request(submission, post(`10.0.0.${i}`))).res.status);
      assert.equal(a[2], 429, a.join());
      const b = [];
      for (let i = 0; i < 3; i++)
        b.push((await trusted.request(submission, post(`10.0.0.${i}, 192.0.2.7`))).res.status);
      assert.equal(b[2], 429, b.join());
      assert.notEqual((await trusted.request(submission, post('192.0.2.8'))).res.status, 429);
    } finally {
      await untrusted.close();
      await trusted.close();
    }
  });
});

/** Writes exact bytes and returns everything the server sent before closing (or 1 s of quiet). */
function rawSend(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (c: string) => (data += c));
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
  });
}

describe('kiosk answers and the cache', () => {
  const stackOf = useStack();
  let stack: Stack;
  beforeEach(() => {
    stack = stackOf();
  });
  const checkin = `${API}/badges/checkin`;
  const post = (headers: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ qr: 'DEMO-0002', location: 'Hall B' }),
  });

  test('the token is exact: other case, extra characters, a second value or the query do not pass', async () => {
    const before = stack.upstream.count('POST', checkin);
    for (const token of [
      KIOSK_TOKEN.toUpperCase(),
      `${KIOSK_TOKEN} x`,
      `${KIOSK_TOKEN},${KIOSK_TOKEN}`,
      KIOSK_TOKEN.slice(0, -1),
      `${KIOSK_TOKEN}\u00a0`,
    ]) {
      const { res } = await stack.request(checkin, post({ 'x-kiosk-token': token }));
      assert.equal(res.status, 401, JSON.stringify(token));
    }
    const inQuery = await stack.request(`${checkin}?x-kiosk-token=${KIOSK_TOKEN}`, post({}));
    assert.equal(inQuery.res.status, 401);
    const asBearer = await stack.request(checkin, post({ authorization: `Bearer ${KIOSK_TOKEN}` }));
    assert.equal(asBearer.res.status, 401);
    assert.equal(stack.upstream.count('POST', checkin), before);
  });

  test('check-in answers (first, duplicate, replayed) are never stored downstream; GET is not a way in', async () => {
    const token = { 'x-kiosk-token': KIOSK_TOKEN };
    const replayable = { ...token, 'idempotency-key': 'scan-1' };
    for (const headers of [token, token, replayable, replayable] as Record<string, string>[]) {
      const { res } = await stack.request(checkin, post(headers));
      assert.equal(res.headers.get('cache-control'), 'no-store', String(res.status));
    }
    const unauthorized = await stack.request(checkin, post({}));
    assert.equal(unauthorized.res.headers.get('cache-control'), 'no-store');
    const read = await stack.request(checkin, { headers: { 'x-kiosk-token': KIOSK_TOKEN } });
    assert.equal(read.res.status, 404);
    assert.equal(
      stack.proxy.fastLane.answer({ target: checkin, origin: undefined, ifNoneMatch: undefined, prefer: undefined }),
      null,
    );
  });
});

describe('cache poisoning', () => {
  let up: Hostile;
  beforeEach(async () => {
    up = await hostile();
  });

  test('a reader cannot choose the language others get: Accept-Language does not reach a cached read', async () => {
    up.handle = (req, res) => json(res, 200, { data: [{ lang: req.headers['accept-language'] ?? 'default' }] });
    const s = await serve(up.url);
    try {
      const first = await s.get(`${API}/events/speakers`, { headers: { 'accept-language': 'xx-EVIL' } });
      const second = await s.get(`${API}/events/speakers`, { headers: { 'accept-language': 'de' } });
      assert.ok(!first.text.includes('xx-EVIL'));
      assert.equal(first.text, second.text);
    } finally {
      await s.close();
      await up.close();
    }
  });

  test('duplicate and reordered parameters share one entry; the first value of a duplicate is the one forwarded', async () => {
    const queries: string[] = [];
    up.handle = (req, res) => (queries.push(req.url ?? ''), json(res, 200, { data: [] }));
    const s = await serve(up.url);
    try {
      await s.get(`${API}/events/events?limit=5&offset=0`);
      await s.get(`${API}/events/events?offset=0&limit=5&limit=500`);
      await s.get(`${API}/events/events?offset=0&limit=5&LIMIT=500&limit%00=9`);
      assert.deepEqual(queries, [`${API}/events/events?limit=5&offset=0`]);
    } finally {
      await s.close();
      await up.close();
    }
  });

  test('4xx answers are not cached here or downstream; hits vary on Origin', async () => {
    let status = 404;
    up.handle = (_q, res) =>
      json(
        res,
        status,
        status === 200 ? { data: { id: 'a1' } } : { error: { code: 'not_found', message: 'No such abstract.' } },
      );
    const s = await serve(up.url);
    try {
      const miss = await s.get(`${API}/abstracts/abstracts/a1`);
      assert.equal(miss.res.status, 404);
      assert.equal(miss.res.headers.get('cache-control'), 'no-store');
      status = 200;
      assert.equal((await s.get(`${API}/abstracts/abstracts/a1`)).res.status, 200);
      const hit = await s.get(`${API}/abstracts/abstracts/a1`, { headers: { origin: ORIGIN } });
      assert.equal(hit.res.headers.get('x-cache'), 'hit');
      assert.match(hit.res.headers.get('vary') ?? '', /Origin/);
      assert.match(hit.res.headers.get('cache-control') ?? '', /^public, max-age=/);
      assert.equal(up.seen.length, 2);
    } finally {
      await s.close();
      await up.close();
    }
  });

  test('/readyz cannot be used to spend the key: concurrent probes share one upstream call', async () => {
    up.handle = (_q, res) => setTimeout(() => json(res, 200, { status: 'ok' }), 20);
    const s = await serve(up.url);
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => s.get('/readyz')));
      assert.ok(answers.every((a) => a.res.status === 200));
      assert.equal((await s.get('/readyz')).res.status, 200);
      assert.equal(up.seen.filter((x) => x.endsWith('/health')).length, 1);
    } finally {
      await s.close();
      await up.close();
    }
  });
});

describe('body encodings and server timeouts', () => {
  let up: Hostile;
  let s: Served;
  before(async () => {
    up = await hostile();
    s = await serve(up.url);
  });
  after(async () => {
    await s.close();
    await up.close();
  });

  test('a gzip-encoded write or upload is refused with 415 before the upstream, not passed on as JSON', async () => {
    const zipped = gzipSync(Buffer.from(JSON.stringify({ title: 'x'.repeat(1_000_000) })));
    const write = await s.get(`${API}/registrations/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: zipped,
    });
    assert.equal(write.res.status, 415);
    const upload = await s.get('/uploads/registration-evidence?filename=a.pdf', {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'content-encoding': 'gzip' },
      body: zipped,
    });
    assert.equal(upload.res.status, 415);
    assert.deepEqual(up.seen, []);
    const identity = await s.get(`${API}/registrations/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      body: '{}',
    });
    assert.equal(identity.res.status, 200);
  });

  test('the Node server options cut off a client that sends its headers too slowly', async () => {
    assert.ok(NODE_SERVER_OPTIONS.headersTimeout <= 30_000 && NODE_SERVER_OPTIONS.requestTimeout >= 60_000);
    const server = createServer(
      { ...NODE_SERVER_OPTIONS, headersTimeout: 300, connectionsCheckingInterval: 50 },
      nodeListener(s.proxy),
    );
    const url = await listen(server);
    try {
      const { hostname, port } = new URL(url);
      const started = Date.now();
      const closed = await new Promise<string>((resolve) => {
        let data = '';
        const socket = connect(Number(port), hostname, () =>
          socket.write(`GET ${API}/events/events HTTP/1.1\r\nHost: x\r\n`),
        );
        socket.setEncoding('utf8');
        socket.on('data', (c: string) => (data += c));
        socket.on('error', () => {});
        socket.on('close', () => resolve(data));
        const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
        socket.on('close', () => clearInterval(drip));
      });
      assert.match(closed, /^HTTP\/1\.1 408/);
      assert.ok(Date.now() - started < 5000);
    } finally {
      await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
    }
  });
});

describe('write idempotency scope', () => {
  const stackOf = useStack();
  let stack: Stack;
  beforeEach(() => {
    stack = stackOf();
  });

  test('one key on another endpoint is another request; the same key and body on the same endpoint is the replay', async () => {
    const body = JSON.stringify({ registrationId: 'r-none', title: 'Scope', authors: [{ fullName: 'A' }] });
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'shared-key-1' };
    const first = await stack.request(`${API}/abstracts/submissions`, { method: 'POST', headers, body });
    const other = await stack.request(`${API}/events/workshops/registrations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ registrationId: 'r-none', workshopId: 'w' }),
    });
    assert.equal(other.res.headers.get('idempotent-replayed'), null);
    const again = await stack.request(`${API}/abstracts/submissions`, { method: 'POST', headers, body });
    assert.equal(again.res.status, first.res.status);
    assert.equal(again.res.headers.get('idempotent-replayed'), 'true');
    const changed = await stack.request(`${API}/abstracts/submissions`, {
      method: 'POST',
      headers,
      body: body.replace('Scope', 'Other'),
    });
    assert.equal(changed.res.status, 422);
    assert.ok(!changed.text.includes('Scope'));
  });

  test('a store that cannot be reached: a keyed write is refused with 503, not forwarded unprotected', async () => {
    const broken = {
      claim: () => Promise.reject(new Error('connection refused')),
      get: async () => undefined,
      complete: async () => {},
      release: async () => {},
    };
    const s = await startStack({ idempotencyStore: broken }, {}, stack.upstream);
    try {
      const path = `${API}/abstracts/submissions`;
      const before = stack.upstream.count('POST', path);
      const { res, json } = await s.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'k-down' },
        body: '{}',
      });
      assert.equal(res.status, 503);
      assert.equal(codeOf(json), 'service_unavailable');
      assert.equal(res.headers.get('retry-after'), '1');
      assert.equal(stack.upstream.count('POST', path), before);
      assert.ok(s.logs.some((l) => l.includes('idempotency_store_failed')));
    } finally {
      await s.close();
    }
  });
});
