/**
 * One conformance suite for both key-holding proxies: the Node proxy (`proxy/`,
 * test/node/proxy-conformance.test.ts) and the WordPress plugin in key mode
 * (test/e2e/wordpress-proxy.e2e.test.ts). Each case is plain HTTP against the proxy, with a sandbox
 * as the upstream behind a counter of the requests it receives, so a duty one side lacks fails a
 * test of the same name on that side. What the two do differently on purpose (a repeat of a write
 * still in progress: the Node proxy waits and replays, the plugin answers 409) stays in each
 * side's own file.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type * as nodeTest from 'node:test';
import { serve } from '@hono/node-server';
import { createScrubber } from '../../proxy/secrets.js';
import { createSandbox, type Sandbox } from '../../sandbox/index.js';
import { DEMO_IDS } from '../../sandbox/seed/demo.js';
import { solveChallenge, type Challenge } from '../../src/api/write-challenge.js';
import { onePagePdf } from '../pdf-fixture.js';

export const API = '/api/public/v1';

export interface UpstreamRequest {
  method: string;
  target: string;
  key: string | null;
  idempotencyKey: string | null;
}

export interface CountingUpstream {
  url: string;
  sandbox: Sandbox;
  /** Every request the sandbox received, in order. */
  requests: UpstreamRequest[];
  close(): Promise<void>;
}

/**
 * A seeded sandbox on a free loopback port, behind a counter. A registration for "Slow" takes 2 s
 * upstream, so a test can send a repeat while the first is in progress.
 */
export async function startCountingUpstream(): Promise<CountingUpstream> {
  const sandbox = createSandbox();
  const requests: UpstreamRequest[] = [];
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const server = serve(
      {
        fetch: async (req: Request) => {
          const url = new URL(req.url);
          requests.push({
            method: req.method,
            target: url.pathname + url.search,
            key: req.headers.get('x-api-key'),
            idempotencyKey: req.headers.get('idempotency-key'),
          });
          if (req.method === 'POST' && (await req.clone().text()).includes('"Slow"'))
            await new Promise((r) => setTimeout(r, 2000));
          return sandbox.fetch(req);
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) => resolve({ server, port: info.port }),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    sandbox,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies, asserted field by field.
}

export interface ConformanceTarget {
  /** The origin a browser calls (`<origin>/api/public/v1/…`, `<origin>/uploads/<kind>`). */
  url: string;
  /** An origin the proxy grants (CORS). */
  allowedOrigin: string;
  key: string;
  kioskToken: string;
  upstream: CountingUpstream;
  /** Every answer (status line, headers, body) the cases received is pushed here. */
  seen: string[];
  /**
   * Turns the proxy's write challenge on (with a small difficulty, so a case solves it at once) or
   * back off, as its operator would; `url` may change meanwhile.
   */
  writeChallenge(on: boolean): Promise<void>;
}

/** Calls the target and keeps the answer in `seen`. */
export async function callTarget(t: ConformanceTarget, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${t.url}${path}`, { redirect: 'manual', ...init });
  const text = await res.text();
  t.seen.push(
    `${init.method ?? 'GET'} ${path} ${res.status}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${text}`,
  );
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

export function assertError(a: Answer, status: number, code: string): void {
  assert.equal(a.status, status, a.text);
  assert.equal(a.json().error.code, code, a.text);
  assert.equal(typeof a.json().error.message, 'string');
}

/** A registration body the demo conference accepts, from its config as read through the target. */
export async function registrationBody(
  t: ConformanceTarget,
  email: string,
  firstName = 'Ada',
): Promise<Record<string, unknown>> {
  const config = (await callTarget(t, `${API}/registrations/config`)).json().data;
  const ticket =
    config.ticket_types.find((x: { price: { amount: number } }) => x.price.amount === 0) ?? config.ticket_types[0];
  const customFields: Record<string, string> = {};
  for (const f of config.fields) if (f.enabled && f.required) customFields[f.name] = f.options?.[0]?.value ?? 'Demo';
  const body: Record<string, unknown> = {
    firstName,
    lastName: 'Lovelace',
    email,
    ticketTypeId: ticket.id,
    customFields,
  };
  if (ticket.price.amount > 0)
    Object.assign(body, {
      paymentMethodId: config.payment_methods[0].id,
      paymentReference: 'CONF-1',
      paymentProofUrl: 'https://example.org/proof.pdf',
    });
  return body;
}

type Test = typeof nodeTest.test;

/**
 * Registers the shared cases with `test` (inside the caller's `describe`); `target()` is read when
 * each case runs, after the caller's `before` has started everything.
 */
export function proxyConformance(test: Test, target: () => ConformanceTarget): void {
  const count = (part: string) => target().upstream.requests.filter((r) => r.target.includes(part)).length;

  test("conformance: a read is the upstream's data; the second comes from the cache (one upstream call); 304 with If-None-Match; unlisted query parameters dropped", async () => {
    const t = target();
    const direct = await fetch(`${t.upstream.url}${API}/events/venues?limit=3`, {
      headers: { 'x-api-key': t.key },
    }).then((r) => r.json());
    const before = count('/events/venues');
    const first = await callTarget(t, `${API}/events/venues?limit=3`);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.json(), direct);
    assert.equal(first.headers.get('x-cache'), 'miss');
    assert.match(first.headers.get('content-type') ?? '', /^application\/json/);
    const second = await callTarget(t, `${API}/events/venues?limit=3&bust=1`);
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('x-cache'), 'hit');
    const etag = second.headers.get('etag');
    assert.ok(etag && etag === first.headers.get('etag'), 'one ETag for one body');
    assert.match(
      second.headers.get('cache-control') ?? '',
      /^public, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    const notModified = await callTarget(t, `${API}/events/venues?limit=3`, { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal(count('/events/venues'), before + 1);
    assert.ok(
      t.upstream.requests.filter((r) => r.target.includes('/events/venues')).every((r) => r.key === t.key),
      'the key went upstream as X-API-Key',
    );
  });

  test("conformance: what the contract does not list is 404 in the API's error shape, with no upstream call", async () => {
    const t = target();
    const before = t.upstream.requests.length;
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    assertError(await callTarget(t, `${API}/health`), 404, 'not_found');
    assertError(await callTarget(t, `${API}/registrations/evidence/upload-url`, json), 404, 'not_found');
    assertError(await callTarget(t, `${API}/events/events`, json), 404, 'not_found');
    assertError(await callTarget(t, `${API}/abstracts/abstracts/..%2Fhealth`), 404, 'not_found');
    assertError(await callTarget(t, `${API}/admin/keys`), 404, 'not_found');
    assertError(await callTarget(t, `${API}/events/events?limit=5;drop`), 400, 'invalid_query');
    assert.equal(t.upstream.requests.length, before);
  });

  test('conformance: a write sent twice with one Idempotency-Key is forwarded once (the key with it) and both get the same answer; the key with another body is 422', async () => {
    const t = target();
    const email = `conformance-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    const body = JSON.stringify(await registrationBody(t, email));
    const idem = `conf-${email}`;
    const send = (b = body) =>
      callTarget(t, `${API}/registrations/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idem },
        body: b,
      });
    const first = await send();
    assert.equal(first.status, 201, first.text);
    const second = await send();
    assert.equal(second.status, 201);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    const forwarded = t.upstream.requests.filter((r) => r.idempotencyKey === idem);
    assert.equal(forwarded.length, 1);
    const store = t.upstream.sandbox.store;
    assert.equal(store.conferences.list().flatMap((c) => store.registrations.list(c.id, email)).length, 1);
    assertError(await send(body.replace('"Ada"', '"Eve"')), 422, 'idempotency_key_reused');
  });

  test("conformance: bodies are JSON within the cap, in the API's error shape otherwise", async () => {
    const t = target();
    const post = (type: string, body: string) =>
      callTarget(t, `${API}/registrations/registrations`, { method: 'POST', headers: { 'content-type': type }, body });
    const before = t.upstream.requests.length;
    assertError(await post('text/plain', '{}'), 415, 'unsupported_media_type');
    assertError(await post('application/json', `{"x":"${'a'.repeat(300 * 1024)}"}`), 413, 'payload_too_large');
    assert.equal(t.upstream.requests.length, before, 'refused before the upstream');
    // Not JSON: the plugin refuses it itself, the Node proxy passes the upstream's refusal on.
    assertError(await post('application/json', '{"x":'), 400, 'invalid_json');
  });

  test('conformance: check-ins only with the kiosk token', async () => {
    const t = target();
    const checkin = (headers: Record<string, string>) =>
      callTarget(t, `${API}/attendance/checkin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ qr: `DAILY:2/${DEMO_IDS.lastBadge}` }),
      });
    const before = count('/attendance/checkin');
    assertError(await checkin({}), 401, 'kiosk_token_required');
    assertError(await checkin({ 'x-kiosk-token': `${t.kioskToken}x` }), 401, 'kiosk_token_required');
    assert.equal(count('/attendance/checkin'), before);
    const ok = await checkin({ 'x-kiosk-token': t.kioskToken });
    assert.equal(ok.status, 201, ok.text);
  });

  test('conformance: CORS grants the allowed origin; another gets no grant and its writes are refused before the upstream', async () => {
    const t = target();
    const preflight = await callTarget(t, `${API}/registrations/registrations`, {
      method: 'OPTIONS',
      headers: { origin: t.allowedOrigin, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), t.allowedOrigin);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Idempotency-Key/);
    const evil = 'https://evil.example';
    assertError(
      await callTarget(t, `${API}/registrations/registrations`, {
        method: 'OPTIONS',
        headers: { origin: evil, 'access-control-request-method': 'POST' },
      }),
      403,
      'origin_not_allowed',
    );
    const before = t.upstream.requests.length;
    assertError(
      await callTarget(t, `${API}/registrations/registrations`, {
        method: 'POST',
        headers: { origin: evil, 'content-type': 'application/json' },
        body: '{}',
      }),
      403,
      'origin_not_allowed',
    );
    assert.equal(t.upstream.requests.length, before);
    const read = await callTarget(t, `${API}/events/venues?limit=3`, { headers: { origin: evil } });
    assert.equal(read.status, 200);
    assert.equal(read.headers.get('access-control-allow-origin'), null);
    const granted = await callTarget(t, `${API}/events/venues?limit=3`, { headers: { origin: t.allowedOrigin } });
    assert.equal(granted.headers.get('access-control-allow-origin'), t.allowedOrigin);
  });

  test('conformance: a proof upload goes to the signed address through the proxy and only the storage URI comes back; refused files cost no upstream call', async () => {
    const t = target();
    const pdf = Uint8Array.from(onePagePdf('Transfer receipt'));
    const before = t.upstream.requests.length;
    const res = await callTarget(t, '/uploads/registration-evidence?filename=proof.pdf', {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: pdf,
    });
    assert.equal(res.status, 201, res.text);
    assert.match(res.json().data.uri, /^storage:\/\//);
    assert.doesNotMatch(res.text, /uploadUrl|signature|http/, 'the signed address stays on the server');
    const made = t.upstream.requests.slice(before);
    assert.deepEqual(
      made.map((r) => r.method),
      ['POST', 'PUT'],
    );
    assert.ok(made[0]!.target.endsWith('/registrations/evidence/upload-url') && made[0]!.key === t.key);
    assert.equal(made[1]!.key, null, 'the key never reaches the storage host');

    const n = t.upstream.requests.length;
    const put = (path: string, type: string, body: string | Uint8Array<ArrayBuffer>) =>
      callTarget(t, path, { method: 'PUT', headers: { 'content-type': type }, body });
    assertError(
      await put('/uploads/registration-evidence?filename=x.pdf', 'application/pdf', '<html><script>alert(1)</script>'),
      415,
      'unsupported_media_type',
    );
    assertError(await put('/uploads/registration-evidence?filename=x.pdf', 'application/pdf', ''), 400, 'empty_upload');
    assertError(
      await put('/uploads/registration-evidence?filename=x.svg', 'image/svg+xml', '<svg/>'),
      415,
      'unsupported_media_type',
    );
    assertError(await put('/uploads/registration-evidence', 'application/pdf', pdf), 400, 'validation_failed');
    assertError(await put('/uploads/elsewhere?filename=x.pdf', 'application/pdf', pdf), 404, 'not_found');
    assertError(
      await put(
        '/uploads/registration-evidence?filename=x.pdf',
        'application/pdf',
        new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25),
      ),
      413,
      'payload_too_large',
    );
    assert.equal(t.upstream.requests.length, n, 'no upstream call for any of them');
  });

  test("conformance: an abstract's two PDFs sent as attachments[] (PHP's array form, which the element sends) reach the upstream as both attachments; six files, or a mix of attachments and attachments[], cost no upstream call", async () => {
    const t = target();
    const registered = await callTarget(t, `${API}/registrations/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await registrationBody(t, `conformance-abstract-${Date.now()}@example.org`)),
    });
    assert.equal(registered.status, 201, registered.text);
    const registrationId = registered.json().data.id as string;
    const form = (files: [part: string, name: string][]) => {
      const f = new FormData();
      f.set('registrationId', registrationId);
      f.set('title', 'Two files, one submission');
      f.set('authors', JSON.stringify([{ fullName: 'Ada Lovelace' }]));
      for (const [part, name] of files)
        f.append(part, new Blob([Uint8Array.from(onePagePdf(name))], { type: 'application/pdf' }), name);
      return f;
    };
    const submit = (body: FormData) => callTarget(t, `${API}/abstracts/submissions`, { method: 'POST', body });
    const stored = () =>
      t.upstream.sandbox.store.conferences
        .list()
        .flatMap((c) => t.upstream.sandbox.store.abstracts.listSubmissions(c.id, registrationId));

    const before = count('/abstracts/submissions');
    const sent = await submit(
      form([
        ['attachments[]', 'paper.pdf'],
        ['attachments[]', 'figures.pdf'],
      ]),
    );
    assert.equal(sent.status, 201, sent.text);
    assert.deepEqual(
      sent.json().data.attachments.map((a: { name: string }) => a.name),
      ['paper.pdf', 'figures.pdf'],
    );
    assert.equal(count('/abstracts/submissions'), before + 1);
    assert.deepEqual(
      stored().map((s) => s.attachments.map((a) => a.name)),
      [['paper.pdf', 'figures.pdf']],
    );

    const six = Array.from({ length: 6 }, (_, i): [string, string] => ['attachments[]', `${i}.pdf`]);
    assertError(await submit(form(six)), 400, 'validation_failed');
    const mixed = Array.from({ length: 6 }, (_, i): [string, string] => [
      i === 0 ? 'attachments' : 'attachments[]',
      `${i}.pdf`,
    ]);
    assertError(await submit(form(mixed)), 400, 'validation_failed');
    assert.equal(count('/abstracts/submissions'), before + 1, 'nothing more forwarded');
    assert.equal(stored().length, 1);
  });

  test('conformance: the write challenge is off by default (404 at /challenge); on, public writes and uploads need a solved challenge (428 challenge_required: missing, malformed, invalid, used; nothing forwarded), a solution is good for one write, and check-ins are never asked', async () => {
    assertError(await callTarget(target(), '/challenge'), 404, 'not_found');
    await target().writeChallenge(true);
    try {
      const t = target();
      const issued = await callTarget(t, '/challenge');
      assert.equal(issued.status, 200, issued.text);
      assert.equal(issued.headers.get('cache-control'), 'no-store');
      const challenge = issued.json().data as Challenge;
      assert.equal(challenge.parameters.algorithm, 'SHA-256');
      assert.match(challenge.signature ?? '', /^[0-9a-f]{64}$/);
      // The forms' own solver (src/api/write-challenge.ts).
      const solution = await solveChallenge(challenge);
      const header = (c: Challenge, s: { counter: number; derivedKey: string }) =>
        btoa(JSON.stringify({ challenge: c, solution: s }));
      const email = `challenge-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
      const body = JSON.stringify(await registrationBody(t, email));
      const post = (value?: string) =>
        callTarget(t, `${API}/registrations/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(value ? { 'x-conf-challenge': value } : {}) },
          body,
        });
      const reason = (a: Answer) => {
        assertError(a, 428, 'challenge_required');
        assert.equal(a.json().error.details.challenge, '/challenge');
        return a.json().error.details.reason as string;
      };
      const before = t.upstream.requests.length;
      assert.equal(reason(await post()), 'missing');
      assert.equal(reason(await post('not a challenge!')), 'malformed');
      const tampered = {
        ...challenge,
        parameters: { ...challenge.parameters, keyPrefix: `${challenge.parameters.keyPrefix.slice(0, -2)}00` },
      };
      assert.equal(reason(await post(header(tampered, solution))), 'invalid');
      assert.equal(
        reason(await post(header(challenge, { counter: solution.counter, derivedKey: '00'.repeat(32) }))),
        'invalid',
      );
      const upload = await callTarget(t, '/uploads/registration-evidence?filename=proof.pdf', {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: Uint8Array.from(onePagePdf('Receipt')),
      });
      assert.equal(reason(upload), 'missing');
      assert.equal(t.upstream.requests.length, before, 'nothing forwarded without a solution');

      const accepted = await post(header(challenge, solution));
      assert.equal(accepted.status, 201, accepted.text);
      assert.equal(reason(await post(header(challenge, solution))), 'used');
      const store = t.upstream.sandbox.store;
      assert.equal(store.conferences.list().flatMap((c) => store.registrations.list(c.id, email)).length, 1);

      const checkins = t.upstream.requests.filter((r) => r.target.includes('/attendance/checkin')).length;
      const checkin = await callTarget(t, `${API}/attendance/checkin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-kiosk-token': t.kioskToken },
        body: JSON.stringify({ qr: `DAILY:2/${DEMO_IDS.lastBadge}` }),
      });
      assert.notEqual(checkin.status, 428, checkin.text);
      assert.equal(t.upstream.requests.filter((r) => r.target.includes('/attendance/checkin')).length, checkins + 1);
    } finally {
      await target().writeChallenge(false);
    }
    assertError(await callTarget(target(), '/challenge'), 404, 'not_found');
  });

  test('conformance: no answer above holds the key or the kiosk token in any form', () => {
    const t = target();
    const secrets = createScrubber([t.key, t.kioskToken]);
    assert.ok(t.seen.length > 20);
    assert.deepEqual(
      t.seen.filter((s) => secrets.contains(s) || secrets.containsDecoded(s)).map((s) => s.split('\n')[0]),
      [],
    );
  });
}
