/**
 * Public writes flooded by a script (issue 18, finding 6): per-kind write limits and the optional
 * proof-of-work challenge; URL fields that would run in a dashboard (finding 9); the proxy's own
 * origin decided from configuration, never from `Host` (finding 10). Over real sockets, against
 * the sandbox.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEMO_IDS } from '../../sandbox/seed/demo.js';
import { parseCli } from '../cli-args.js';
import { createProxy, memoryIdempotencyStore } from '../index.js';
import {
  API,
  KIOSK_TOKEN,
  ORIGIN,
  assertNoKeyLeaks,
  codeOf,
  startStack,
  startUpstream,
  type CountingUpstream,
  type Stack,
} from './harness.js';

const registrations = `${API}/registrations/registrations`;
const enrollments = `${API}/events/workshops/registrations`;
const exhibits = `${API}/exhibition/submissions`;

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

const pdfUpload = (headers: Record<string, string> = {}) => ({
  method: 'PUT',
  headers: { 'content-type': 'application/pdf', origin: ORIGIN, ...headers },
  body: '%PDF-1.4\n%%EOF\n',
});

let upstream: CountingUpstream;
before(async () => {
  // The sandbox's own check-in limit is not what these tests count.
  upstream = await startUpstream({ rateLimit: false });
});
after(async () => {
  await upstream.close();
  assertNoKeyLeaks();
});

const writesUpstream = () =>
  [...upstream.counts].filter(([k]) => !k.startsWith('GET ')).reduce((sum, [, n]) => sum + n, 0);

/** One request with the `Host` header of our choosing (fetch will not send one). */
function withHost(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('same origin comes from configuration, never from Host (finding 10)', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack(
      { publicOrigin: 'https://proxy.example.org', forwardScenarioHeaders: false },
      {},
      upstream,
    );
  });
  after(() => stack.close());

  test('Host: evil with Origin: http://evil is refused: write 403, preflight 403, read without a grant', async () => {
    const port = new URL(stack.url).port;
    for (const host of ['evil', `evil:${port}`, `127.0.0.1:${port}`]) {
      const origin = `http://${host}`;
      const before = writesUpstream();
      const write = await withHost(
        stack.url,
        'POST',
        registrations,
        { host, origin, 'content-type': 'application/json' },
        '{}',
      );
      assert.equal(write.status, 403, host);
      assert.equal(codeOf(JSON.parse(write.text)), 'origin_not_allowed');
      assert.equal(writesUpstream(), before);
      const preflight = await withHost(stack.url, 'OPTIONS', registrations, {
        host,
        origin,
        'access-control-request-method': 'POST',
      });
      assert.equal(preflight.status, 403, host);
      // Twice: the second read is a fresh cache hit, answered by the fast lane.
      for (let i = 0; i < 2; i++) {
        const read = await withHost(stack.url, 'GET', `${API}/events/venues`, { host, origin });
        assert.equal(read.status, 200);
        assert.equal(read.headers['access-control-allow-origin'], undefined, `${host} read ${i}`);
      }
    }
  });

  test('the configured public origin is granted, by the chain and by the fast lane', async () => {
    const origin = 'https://proxy.example.org';
    const write = await stack.request(registrations, post({}, { origin }));
    assert.notEqual(write.res.status, 403);
    for (let i = 0; i < 2; i++) {
      const read = await stack.request(`${API}/events/speakers`, { headers: { origin } });
      assert.equal(read.res.headers.get('access-control-allow-origin'), origin);
    }
    assert.throws(
      () =>
        createProxy({
          upstream: upstream.url,
          apiKey: 'key-for-config-checks',
          publicOrigin: 'https://proxy.example.org/path',
        }),
      /origin/,
    );
  });
});

describe('URL fields are http(s) only at the proxy (finding 9)', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ rateLimit: false }, {}, upstream);
  });
  after(() => stack.close());

  const exhibit = (over: Record<string, unknown>) => ({
    title: 'Booth',
    exhibitType: 'startup',
    shortDescription: 'A booth.',
    presenter: { fullName: 'Ada', email: 'ada@example.org' },
    ...over,
  });

  test('javascript:, data: and relative driveUrl / proof / attachment URLs: 400 validation_failed naming the field, no upstream call', async () => {
    const cases: [string, unknown, string][] = [
      [exhibits, exhibit({ driveUrl: 'javascript:alert(document.domain)' }), 'driveUrl'],
      [exhibits, exhibit({ driveUrl: 'data:text/html,<script>alert(1)</script>' }), 'driveUrl'],
      [exhibits, exhibit({ driveUrl: ' JavaScript:alert(1)' }), 'driveUrl'],
      [exhibits, exhibit({ driveUrl: 'storage://demo/x' }), 'driveUrl'],
      [
        exhibits,
        exhibit({ payment: { paymentMethodId: 'pm', paymentReference: 'r', proofUrl: 'javascript:alert(1)' } }),
        'payment.proofUrl',
      ],
      [registrations, { firstName: 'A', paymentProofUrl: 'data:application/pdf;base64,JVBERi0=' }, 'paymentProofUrl'],
      [
        `${API}/abstracts/submissions`,
        { title: 'T', attachments: [{ url: 'https://example.org/a.pdf' }, { url: '/etc/passwd' }] },
        'attachments.1.url',
      ],
    ];
    for (const [path, body, field] of cases) {
      const before = writesUpstream();
      const { res, json } = await stack.request(path, post(body));
      assert.equal(res.status, 400, `${field} ${JSON.stringify(body)}`);
      assert.equal(codeOf(json), 'validation_failed');
      assert.ok(
        Object.hasOwn((json as { error: { details: { fields: object } } }).error.details.fields, field),
        JSON.stringify(json),
      );
      assert.equal(writesUpstream(), before, field);
    }
  });

  test('https and storage:// URLs pass on to the upstream', async () => {
    const before = writesUpstream();
    const a = await stack.request(exhibits, post(exhibit({ driveUrl: 'https://drive.example.org/f?id=1' })));
    assert.notEqual(codeOf(a.json), 'validation_failed', a.text);
    const b = await stack.request(
      registrations,
      post({ paymentProofUrl: 'storage://demo/registration-evidence/upl_x/a.pdf' }),
    );
    // The upstream answers (the body is incomplete); the proxy did not refuse the URL.
    assert.ok(
      !/paymentProofUrl/.test(JSON.stringify((b.json as { error?: { details?: unknown } }).error?.details ?? {})),
      b.text,
    );
    assert.equal(writesUpstream(), before + 2);
  });
});

describe('write limits per kind of write (finding 6)', () => {
  test('defaults: the 21st registration from one address in 10 minutes is 429 with Retry-After, while 120 enrollments a minute from that address (a venue at the opening) pass', async () => {
    let clock = Date.now();
    const stack = await startStack({ now: () => clock }, {}, upstream);
    try {
      for (let i = 0; i < 20; i++)
        assert.notEqual((await stack.request(registrations, post({ n: i }))).res.status, 429, `registration ${i}`);
      const before = writesUpstream();
      const over = await stack.request(registrations, post({ n: 21 }));
      assert.equal(over.res.status, 429);
      assert.equal(codeOf(over.json), 'rate_limited');
      assert.match((over.json as { error: { message: string } }).error.message, /registrations/);
      const retryAfter = Number(over.res.headers.get('retry-after'));
      assert.ok(retryAfter > 60 && retryAfter <= 600, String(retryAfter));
      assert.equal(writesUpstream(), before);

      // Enrollments have their own window: the venue's shared address enrolls on.
      for (let i = 0; i < 120; i++) {
        const e = await stack.request(enrollments, post({ registrationId: `reg-${i}`, workshopId: 'ws-x' }));
        assert.notEqual(e.res.status, 429, `enrollment ${i}`);
      }
      assert.equal(
        (await stack.request(enrollments, post({ registrationId: 'reg-x', workshopId: 'ws-x' }))).res.status,
        429,
      );

      // Ten minutes later the registration window is new.
      clock += 10 * 60_000 + 1000;
      assert.notEqual((await stack.request(registrations, post({ n: 22 }))).res.status, 429);
      // Check-ins with the kiosk token stay outside every window.
      for (let i = 0; i < 5; i++) {
        const scan = await stack.request(
          `${API}/badges/checkin`,
          post({ qr: DEMO_IDS.firstBadge, location: 'Door' }, { 'x-kiosk-token': KIOSK_TOKEN }),
        );
        assert.notEqual(scan.res.status, 429);
      }
    } finally {
      await stack.close();
    }
  });

  test('each kind is configurable or off; uploads count on their own', async () => {
    const stack = await startStack(
      {
        rateLimit: { kinds: { enrollments: { max: 2 }, registrations: false, uploads: { max: 1, windowMs: 60_000 } } },
      },
      {},
      upstream,
    );
    try {
      for (let i = 0; i < 2; i++) assert.notEqual((await stack.request(enrollments, post({}))).res.status, 429);
      assert.equal((await stack.request(enrollments, post({}))).res.status, 429);
      for (let i = 0; i < 25; i++)
        assert.notEqual((await stack.request(registrations, post({}))).res.status, 429, `registration ${i}`);
      assert.notEqual(
        (await stack.request('/uploads/registration-evidence?filename=a.pdf', pdfUpload())).res.status,
        429,
      );
      const second = await stack.request('/uploads/registration-evidence?filename=a.pdf', pdfUpload());
      assert.equal(second.res.status, 429);
      assert.match((second.json as { error: { message: string } }).error.message, /uploads/);
    } finally {
      await stack.close();
    }
    assert.throws(
      () =>
        createProxy({
          upstream: upstream.url,
          apiKey: 'key-for-config-checks',
          rateLimit: { kinds: { checkins: { max: 1 } } as never },
        }),
      /checkins/,
    );
  });
});

describe('the client address a platform names (Cloudflare Workers: CF-Connecting-IP)', () => {
  test('with clientAddressHeader, write limits count the address in that header; without it, the header is ignored', async () => {
    const limits = { rateLimit: { kinds: { enrollments: { max: 1 } } } };
    const named = await startStack({ ...limits, clientAddressHeader: 'CF-Connecting-IP' }, {}, upstream);
    try {
      const from = (address: string) => post({}, { 'cf-connecting-ip': address });
      assert.notEqual((await named.request(enrollments, from('203.0.113.7'))).res.status, 429);
      assert.equal((await named.request(enrollments, from('203.0.113.7'))).res.status, 429, 'same visitor');
      assert.notEqual((await named.request(enrollments, from('198.51.100.9'))).res.status, 429, 'another visitor');
      // IPv6 visitors count by their /64, as socket addresses do.
      assert.notEqual((await named.request(enrollments, from('2001:db8:1:2::1'))).res.status, 429);
      assert.equal((await named.request(enrollments, from('2001:db8:1:2::ffff'))).res.status, 429, 'same /64');
    } finally {
      await named.close();
    }
    const plain = await startStack(limits, {}, upstream);
    try {
      assert.notEqual(
        (await plain.request(enrollments, post({}, { 'cf-connecting-ip': '203.0.113.7' }))).res.status,
        429,
      );
      const other = await plain.request(enrollments, post({}, { 'cf-connecting-ip': '198.51.100.9' }));
      assert.equal(other.res.status, 429, 'a header the proxy was not told to trust picks no bucket');
    } finally {
      await plain.close();
    }
    assert.throws(
      () =>
        createProxy({ upstream: upstream.url, apiKey: 'key-for-config-checks', clientAddressHeader: 'not a header' }),
      /clientAddressHeader/,
    );
  });
});

type ChallengeJson = { data: Challenge };

async function solvedHeader(stack: Stack): Promise<string> {
  const { json } = await stack.request('/challenge', { headers: { origin: ORIGIN } });
  const challenge = (json as ChallengeJson).data;
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution);
  return Buffer.from(
    JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }),
  ).toString('base64');
}

describe('the proof-of-work challenge (finding 6)', () => {
  let clock = Date.now();
  let stack: Stack;
  before(async () => {
    stack = await startStack({ writeChallenge: { difficulty: 2000, ttlMs: 60_000 }, now: () => clock }, {}, upstream);
  });
  after(() => stack.close());

  test('off by default: no /challenge, writes need none', async () => {
    const plain = await startStack({ rateLimit: false }, {}, upstream);
    try {
      assert.equal((await plain.request('/challenge')).res.status, 404);
      assert.notEqual((await plain.request(registrations, post({}))).res.status, 428);
    } finally {
      await plain.close();
    }
  });

  test("GET /challenge: a signed challenge, not cached, with the API's CORS", async () => {
    const { res, json } = await stack.request('/challenge', { headers: { origin: ORIGIN } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
    const { parameters, signature } = (json as ChallengeJson).data;
    assert.equal(parameters.algorithm, 'SHA-256');
    assert.match(signature ?? '', /^[0-9a-f]{64}$/);
    assert.ok(parameters.expiresAt! * 1000 > clock);
    const evil = await stack.request('/challenge', { headers: { origin: 'https://evil.example' } });
    assert.equal(evil.res.headers.get('access-control-allow-origin'), null);
    // A site on another origin sends the solution in a header of its own: the preflight allows it.
    const preflight = await stack.request(registrations, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key, x-conf-challenge',
      },
    });
    assert.equal(preflight.res.status, 204);
    assert.match(preflight.res.headers.get('access-control-allow-headers') ?? '', /X-Conf-Challenge/i);
  });

  test('a write without, with a wrong, a tampered, a replayed or an expired solution is 428 challenge_required; no upstream call', async () => {
    const reasonOf = (json: unknown) => (json as { error: { details: { reason: string } } }).error.details.reason;
    const before = writesUpstream();
    const none = await stack.request(registrations, post({}));
    assert.equal(none.res.status, 428);
    assert.equal(codeOf(none.json), 'challenge_required');
    assert.equal(reasonOf(none.json), 'missing');
    assert.equal(
      reasonOf((await stack.request(registrations, post({}, { 'x-conf-challenge': 'not base64!' }))).json),
      'malformed',
    );

    const good = await solvedHeader(stack);
    const payload = JSON.parse(Buffer.from(good, 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const wrong = {
      ...payload,
      solution: {
        counter: payload.solution.counter + 1,
        derivedKey: payload.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      },
    };
    const tampered = {
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: { ...payload.challenge.parameters, expiresAt: payload.challenge.parameters.expiresAt! + 3600 },
      },
    };
    for (const p of [wrong, tampered]) {
      const r = await stack.request(
        registrations,
        post({}, { 'x-conf-challenge': Buffer.from(JSON.stringify(p)).toString('base64') }),
      );
      assert.equal(r.res.status, 428);
      assert.equal(reasonOf(r.json), 'invalid');
    }
    assert.equal(writesUpstream(), before);

    const first = await stack.request(registrations, post({}, { 'x-conf-challenge': good }));
    assert.notEqual(first.res.status, 428, first.text);
    assert.equal(writesUpstream(), before + 1);
    const replay = await stack.request(enrollments, post({}, { 'x-conf-challenge': good }));
    assert.equal(replay.res.status, 428);
    assert.equal(reasonOf(replay.json), 'used');

    const late = await solvedHeader(stack);
    clock += 61_000;
    const expired = await stack.request(registrations, post({}, { 'x-conf-challenge': late }));
    assert.equal(expired.res.status, 428);
    assert.equal(reasonOf(expired.json), 'expired');
    assert.equal(writesUpstream(), before + 1);
  });

  test('several instances with one secret and one store: a challenge from one is good on another, once', async () => {
    const secret = 'a-shared-challenge-secret-of-40-chars-00';
    const store = memoryIdempotencyStore();
    const a = await startStack({ writeChallenge: { secret, store } }, {}, upstream);
    const b = await startStack({ writeChallenge: { secret, store } }, {}, upstream);
    const c = await startStack(
      { writeChallenge: { secret: 'another-secret-of-at-least-32-characters' } },
      {},
      upstream,
    );
    try {
      const header = await solvedHeader(a);
      assert.equal((await c.request(registrations, post({}, { 'x-conf-challenge': header }))).res.status, 428);
      assert.notEqual((await b.request(registrations, post({}, { 'x-conf-challenge': header }))).res.status, 428);
      const again = await a.request(registrations, post({}, { 'x-conf-challenge': header }));
      assert.equal((again.json as { error: { details: { reason: string } } }).error.details.reason, 'used');
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  test('uploads need one too; kiosk check-ins do not', async () => {
    const before = writesUpstream();
    assert.equal((await stack.request('/uploads/registration-evidence?filename=a.pdf', pdfUpload())).res.status, 428);
    assert.equal(writesUpstream(), before);
    const ok = await stack.request(
      '/uploads/registration-evidence?filename=a.pdf',
      pdfUpload({ 'x-conf-challenge': await solvedHeader(stack) }),
    );
    assert.equal(ok.res.status, 201, ok.text);
    const scan = await stack.request(
      `${API}/badges/checkin`,
      post({ qr: 'DEMO-0002', location: 'Door' }, { 'x-kiosk-token': KIOSK_TOKEN }),
    );
    assert.notEqual(scan.res.status, 428);
  });

  test('the script that filled a workshop (upload, unpaid paid ticket, enroll; three times) gets nothing through without solving', async () => {
    const config = (await stack.request(`${API}/registrations/config`, { headers: { origin: ORIGIN } })).json as {
      data: { ticket_types: { id: string; price?: { amount: number } }[]; payment_methods: { id: string }[] };
    };
    const paid = config.data.ticket_types.find((t) => (t.price?.amount ?? 0) > 0)!;
    const before = writesUpstream();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const upload = await stack.request('/uploads/registration-evidence?filename=p.pdf', pdfUpload());
      statuses.push(upload.res.status);
      const reg = await stack.request(
        registrations,
        post({
          firstName: 'Bot',
          lastName: String(i),
          email: `bot${i}@example.org`,
          ticketTypeId: paid.id,
          paymentMethodId: config.data.payment_methods[0]!.id,
          paymentReference: 'none',
          paymentProofUrl: 'storage://demo/registration-evidence/upl_x/p.pdf',
        }),
      );
      statuses.push(reg.res.status);
      for (const registrationId of [DEMO_IDS.firstRegistration, 'reg-0002']) {
        statuses.push(
          (await stack.request(enrollments, post({ registrationId, workshopId: DEMO_IDS.capacity3Workshop }))).res
            .status,
        );
      }
    }
    assert.equal(statuses.length, 12);
    assert.deepEqual([...new Set(statuses)], [428]);
    // And a flood of 200 at once, with made-up or replayed headers: nothing either.
    const junk = Buffer.from(
      JSON.stringify({
        challenge: {
          parameters: { algorithm: 'SHA-256', nonce: '00', salt: '00', keyPrefix: '00', expiresAt: 4e9 },
          signature: '0'.repeat(64),
        },
        solution: { counter: 1, derivedKey: '00' },
      }),
    ).toString('base64');
    const flood = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        stack.request(
          enrollments,
          post(
            { registrationId: `reg-${i}`, workshopId: DEMO_IDS.capacity3Workshop },
            i % 2 ? { 'x-conf-challenge': junk } : {},
          ),
        ),
      ),
    );
    assert.deepEqual([...new Set(flood.map((r) => r.res.status))], [428]);
    assert.equal(writesUpstream(), before);
  });
});

describe('CLI settings of write limits, the challenge and the public origin', () => {
  const env = { CONF_API_KEY: 'key-0000001', CONF_BASE_URL: 'https://api.example' };
  test('--write-limit / CONF_WRITE_LIMITS, --write-challenge / CONF_WRITE_CHALLENGE, --public-origin / CONF_PUBLIC_ORIGIN', () => {
    const r = parseCli(
      [
        '--write-limit',
        'registrations=5/30m,uploads=off,enrollments=300/90s',
        '--write-challenge',
        '--challenge-difficulty',
        '5000',
        '--public-origin',
        'https://conf.example.org',
      ],
      env,
    );
    assert.equal(r.kind, 'run');
    if (r.kind !== 'run') return;
    const o = r.config.options;
    assert.deepEqual(o.rateLimit, {
      max: 150,
      windowMs: 60_000,
      kinds: {
        registrations: { max: 5, windowMs: 30 * 60_000 },
        uploads: false,
        enrollments: { max: 300, windowMs: 90_000 },
      },
    });
    assert.deepEqual(o.writeChallenge, { difficulty: 5000 });
    assert.deepEqual(o.publicOrigin, ['https://conf.example.org']);
    const e = parseCli([], {
      ...env,
      CONF_WRITE_LIMITS: 'abstracts=2/1h',
      CONF_WRITE_CHALLENGE: '1',
      CONF_WRITE_CHALLENGE_SECRET: 's'.repeat(40),
      CONF_PUBLIC_ORIGIN: 'http://127.0.0.1:8787',
    });
    assert.ok(e.kind === 'run');
    if (e.kind !== 'run') return;
    assert.deepEqual(e.config.options.writeChallenge, { secret: 's'.repeat(40) });
    assert.deepEqual((e.config.options.rateLimit as { kinds: unknown }).kinds, {
      abstracts: { max: 2, windowMs: 3_600_000 },
    });
    const off = parseCli([], env);
    assert.ok(off.kind === 'run' && off.config.options.writeChallenge === undefined);
    for (const bad of ['checkins=1/1m', 'registrations=many', 'registrations=0/1m']) {
      const x = parseCli(['--write-limit', bad], env);
      assert.equal(x.kind, 'error', bad);
    }
  });
});

describe('npm start (the demo on one port) passes its own origin', () => {
  test('its pages may write; a rebound name may not', async () => {
    const { startDemo, ownOrigins } = await import('../../scripts/demo-server.js');
    assert.deepEqual(ownOrigins('127.0.0.1', 8787), [
      'http://127.0.0.1:8787',
      'http://localhost:8787',
      'http://[::1]:8787',
    ]);
    assert.ok(ownOrigins('0.0.0.0', 80).includes('http://localhost:80'));
    assert.deepEqual(ownOrigins('conf.local', 8787), ['http://conf.local:8787']);
    const demo = await startDemo({ port: 0, proxy: { logger: () => {} } });
    try {
      const own = await fetch(`${demo.url}${registrations}`, {
        method: 'POST',
        headers: { origin: demo.url, 'content-type': 'application/json' },
        body: '{}',
      });
      assert.notEqual(own.status, 403);
      const evil = await withHost(
        demo.url,
        'POST',
        registrations,
        { host: 'evil', origin: 'http://evil', 'content-type': 'application/json' },
        '{}',
      );
      assert.equal(evil.status, 403);
    } finally {
      await demo.close();
    }
  });
});
