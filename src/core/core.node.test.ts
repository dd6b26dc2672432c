import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ApiClient, NETWORK_ERROR } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { post } from '../api/writes.js';
import { resolveEndpoint } from './endpoint.js';
import { MAX_BACKOFF_SECONDS, nextDelaySeconds } from './polling-controller.js';
import { currentTime, isTimeZone, offsetMinutes, TimeFormatter } from './time.js';
import { VERSION } from './version.js';

describe('time', () => {
  it('computes offsets per instant, across DST changes', () => {
    assert.equal(offsetMinutes(new Date('2026-01-15T12:00:00Z'), 'Europe/Berlin'), 60);
    assert.equal(offsetMinutes(new Date('2026-06-15T12:00:00Z'), 'Europe/Berlin'), 120);
    assert.equal(offsetMinutes(new Date('2026-06-15T12:00:00Z'), 'America/New_York'), -240);
    assert.equal(offsetMinutes(new Date('2026-06-15T12:00:00Z'), 'Asia/Kolkata'), 330);
    assert.equal(offsetMinutes(new Date('2026-06-15T12:00:00Z'), 'UTC'), 0);
  });

  it("shows the viewer's time only where the clocks differ at that instant", () => {
    // London and Lisbon share offsets all year: never a second label.
    const lisbon = new TimeFormatter('en-GB', 'Europe/Lisbon', 'Europe/London');
    assert.equal(lisbon.range(new Date('2026-06-10T09:00:00Z')).local, undefined);
    // Berlin conference, London viewer: one hour apart, both in summer time.
    const f = new TimeFormatter('en-GB', 'Europe/Berlin', 'Europe/London');
    const june = f.range(new Date('2026-06-10T09:00:00+02:00'), new Date('2026-06-10T09:45:00+02:00'));
    assert.equal(june.text, '09:00–09:45');
    assert.match(june.local!, /^08:00–08:45 (BST|GMT\+1)$/);
    // Berlin vs New York: six hours in June, five in the weeks the US is on DST and Europe is not.
    const ny = new TimeFormatter('en-US', 'Europe/Berlin', 'America/New_York');
    assert.match(ny.range(new Date('2026-06-10T09:00:00+02:00')).local!, /^3:00\u00a0AM EDT$/);
    assert.match(ny.range(new Date('2026-03-20T10:00:00+01:00')).local!, /^5:00\u00a0AM EDT$/);
    assert.match(ny.range(new Date('2026-01-20T10:00:00+01:00')).local!, /^4:00\u00a0AM EST$/);
  });

  it("names the viewer's day when it is another calendar day", () => {
    const f = new TimeFormatter('en-GB', 'Europe/Berlin', 'America/Los_Angeles');
    const label = f.range(new Date('2026-06-10T08:00:00+02:00'));
    assert.match(label.local!, /^23:00 Tue 9 Jun (PDT|GMT-7)$/);
  });

  it('shares one formatter per locale and zones, so renders keep the same instance', () => {
    const a = TimeFormatter.for('de', 'Europe/Berlin', 'UTC');
    assert.equal(TimeFormatter.for('de', 'Europe/Berlin', 'UTC'), a);
    assert.notEqual(TimeFormatter.for('de', 'UTC', 'UTC'), a);
    assert.notEqual(TimeFormatter.for('en', 'Europe/Berlin', 'UTC'), a);
  });

  it('names a day in the zone asked for, the same when asked again and past the remembered ones', () => {
    const f = new TimeFormatter('en-GB', 'Europe/Berlin', 'UTC');
    const late = new Date('2026-06-10T23:30:00Z');
    assert.equal(f.shortDay(late), 'Thu 11 Jun');
    assert.equal(f.shortDay(late, 'UTC'), 'Wed 10 Jun', 'another zone, another day');
    assert.equal(f.shortDay(late), 'Thu 11 Jun');
    for (let d = 0; d < 600; d++) f.shortDay(new Date(Date.UTC(2026, 0, 1) + d * 86_400_000));
    assert.equal(f.shortDay(new Date('2026-06-09T12:00:00Z')), 'Tue 9 Jun');
    assert.equal(f.shortDay(late, 'UTC'), 'Wed 10 Jun');
  });

  it('groups by calendar day in the display zone', () => {
    const f = new TimeFormatter('en-GB', 'Europe/Berlin', 'UTC');
    assert.equal(f.dateKey(new Date('2026-06-10T23:30:00Z')), '2026-06-11');
  });

  it('validates zones and reads the now override', () => {
    assert.equal(isTimeZone('Europe/Berlin'), true);
    assert.equal(isTimeZone('Mars/Base'), false);
    assert.equal(currentTime('2026-06-10T09:00:00+02:00').toISOString(), '2026-06-10T07:00:00.000Z');
    assert.ok(Math.abs(currentTime('not a date').getTime() - Date.now()) < 1000);
  });
});

describe('endpoint resolution', () => {
  const base = 'https://www.example.org/news/page.html';
  it('takes the attribute, then the provider, then the script origin', () => {
    assert.deepEqual(resolveEndpoint('https://p.example/x/', 'https://q.example', base, 'https://cdn.example'), {
      url: 'https://p.example/x',
      source: 'attribute',
    });
    assert.deepEqual(resolveEndpoint(null, '/conf', base, 'https://cdn.example'), {
      url: 'https://www.example.org/conf',
      source: 'provider',
    });
    assert.deepEqual(resolveEndpoint('', undefined, base, 'https://cdn.example'), {
      url: 'https://cdn.example',
      source: 'script',
    });
  });
  it('skips a value that is not an http address, and says so', () => {
    assert.deepEqual(resolveEndpoint('javascript:alert(1)', 'https://q.example', base, 'https://cdn.example'), {
      url: 'https://q.example',
      source: 'provider',
      rejected: 'javascript:alert(1)',
    });
  });
  it('answers again from the same inputs only: each changed input is resolved anew', () => {
    const first = resolveEndpoint('/a', null, base, 'https://cdn.example');
    assert.equal(resolveEndpoint('/a', null, base, 'https://cdn.example'), first, 'the same inputs: the same answer');
    assert.equal(resolveEndpoint('/b', null, base, 'https://cdn.example').url, 'https://www.example.org/b');
    assert.equal(resolveEndpoint(null, '/a', base, 'https://cdn.example').source, 'provider');
    assert.equal(
      resolveEndpoint('/a', null, 'https://other.example/', 'https://cdn.example').url,
      'https://other.example/a',
    );
    assert.equal(resolveEndpoint('', null, base, 'https://cdn2.example').url, 'https://cdn2.example');
  });
});

describe('polling backoff', () => {
  it('waits the interval while healthy and backs off exponentially on failures, capped', () => {
    const mid = () => 0.5;
    assert.equal(nextDelaySeconds(30, 0, mid), 30);
    assert.equal(nextDelaySeconds(30, 1, mid), 60);
    assert.equal(nextDelaySeconds(30, 2, mid), 120);
    assert.equal(nextDelaySeconds(30, 10, mid), MAX_BACKOFF_SECONDS);
    assert.ok(nextDelaySeconds(30, 1, () => 0) >= 48 && nextDelaySeconds(30, 1, () => 0.999) <= 72, 'jittered');
  });
});

describe('client', () => {
  type Call = { url: string; headers: Record<string, string> };
  function fakeServer(total: number, opts: { etag?: boolean } = {}) {
    const calls: Call[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url: url.pathname + url.search, headers });
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const tag = `"p${offset}"`;
      if (opts.etag && headers['if-none-match'] === tag) return new Response(null, { status: 304 });
      const data = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
        id: String(offset + i),
      }));
      return Response.json({ data, meta: { total, limit, offset } }, { headers: opts.etag ? { etag: tag } : {} });
    };
    return { calls, fetch: fetch as typeof globalThis.fetch };
  }

  it('pages through a list: the first page, then the rest', async () => {
    const s = fakeServer(250);
    const c = new ApiClient('https://proxy.example/', { fetch: s.fetch, pageSize: 100 });
    const all = await c.listAll('speakers');
    assert.equal(all.data.length, 250);
    assert.equal(all.data[249]!.id, '249');
    assert.deepEqual(
      s.calls.map((x) => x.url),
      [
        '/api/public/v1/events/speakers?limit=100&offset=0',
        '/api/public/v1/events/speakers?limit=100&offset=100',
        '/api/public/v1/events/speakers?limit=100&offset=200',
      ],
    );
  });

  it('revalidates with If-None-Match and reports unchanged lists', async () => {
    const s = fakeServer(150, { etag: true });
    const c = new ApiClient('https://proxy.example', { fetch: s.fetch, pageSize: 100 });
    const first = await c.listAll('events');
    assert.equal(first.changed, true);
    const again = await c.listAll('events');
    assert.equal(again.changed, false);
    assert.equal(again.data.length, 150);
    assert.equal(s.calls[2]!.headers['if-none-match'], '"p0"');
  });

  it("raises one ApiError with the server's code and message", async () => {
    const c = new ApiClient('https://proxy.example', {
      fetch: (async () =>
        Response.json(
          { error: { code: 'module_disabled', message: 'Schedule is off.', details: { m: 1 } } },
          { status: 403 },
        )) as typeof fetch,
    });
    await assert.rejects(c.listAll('events'), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 403);
      assert.equal(e.code, 'module_disabled');
      assert.equal(e.message, 'Schedule is off.');
      assert.deepEqual(e.details, { m: 1 });
      return true;
    });
  });

  it('turns an unreachable proxy and a non-JSON answer into ApiErrors that say what to check', async () => {
    const down = new ApiClient('https://proxy.example', {
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    await assert.rejects(
      down.get('websiteSite'),
      (e: unknown) =>
        e instanceof ApiError && e.code === 'network_error' && /could not reach the conference proxy/i.test(e.message),
    );
    const html = new ApiClient('https://www.example.org', {
      fetch: (async () =>
        new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } })) as typeof fetch,
    });
    await assert.rejects(
      html.get('websiteSite'),
      (e: unknown) => e instanceof ApiError && e.code === 'invalid_response' && /endpoint/.test(e.message),
    );
  });

  it('sends writes as JSON with an idempotency key', async () => {
    let seen: RequestInit | undefined;
    const c = new ApiClient('https://proxy.example', {
      fetch: (async (_u: unknown, init?: RequestInit) => {
        seen = init;
        return Response.json({ data: { id: 'reg-1' } }, { status: 201 });
      }) as typeof fetch,
    });
    const body = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.example',
      ticketTypeId: 't',
      paymentMethodId: 'p',
      paymentReference: 'r',
      paymentProofUrl: 'https://x.example/p.pdf',
    };
    const r = await post(c, 'registrationCreate', body, { idempotencyKey: 'k1' });
    assert.equal(r.id, 'reg-1');
    assert.equal(seen?.method, 'POST');
    assert.equal((seen?.headers as Record<string, string>)['idempotency-key'], 'k1');
    assert.deepEqual(JSON.parse(String(seen?.body)), body);
  });

  it('lets an abort through as an abort, not as a network error', async () => {
    const ac = new AbortController();
    const c = new ApiClient('https://proxy.example', {
      fetch: ((_u: unknown, init?: RequestInit) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        )) as typeof fetch,
    });
    const p = c.get('websiteSite', { signal: ac.signal });
    ac.abort();
    await assert.rejects(p, (e: unknown) => e instanceof DOMException && e.name === 'AbortError');
  });

  it('gives up on a write that gets no answer in time, as a network error that may be repeated', async () => {
    const hanging = ((_u: unknown, init?: RequestInit) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof fetch;
    const c = new ApiClient('https://proxy.example', { fetch: hanging });
    const body = { qr: 'DEMO-0001', location: 'Hall A' };
    await assert.rejects(
      post(c, 'badgeCheckin', body, { idempotencyKey: 'k', timeoutMs: 50 }),
      (e: unknown) =>
        e instanceof ApiError && e.status === 0 && e.code === NETWORK_ERROR && /did not answer within/.test(e.message),
    );
    // The caller's own abort stays an abort.
    const ac = new AbortController();
    const p = post(c, 'badgeCheckin', body, { signal: ac.signal, timeoutMs: 5000 });
    ac.abort();
    await assert.rejects(p, (e: unknown) => e instanceof DOMException && e.name === 'AbortError');
  });
});

describe('version', () => {
  it('matches package.json, so the safe define compares real versions', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    assert.equal(VERSION, pkg.version);
  });
});

describe('core: clock times read as people write them', () => {
  it('a 12-hour clock has no leading zero and never breaks before AM/PM; a 24-hour clock keeps its zero', () => {
    const us = new TimeFormatter('en-US', 'Europe/Berlin', 'Europe/Berlin');
    assert.equal(us.time(new Date('2026-06-10T13:30:00+02:00')), '1:30\u00a0PM');
    assert.equal(
      us.range(new Date('2026-06-10T10:30:00+02:00'), new Date('2026-06-10T11:00:00+02:00')).text,
      '10:30\u00a0AM–11:00\u00a0AM',
    );
    assert.equal(
      new TimeFormatter('de', 'Europe/Berlin', 'Europe/Berlin').time(new Date('2026-06-10T09:05:00+02:00')),
      '09:05',
    );
  });

  it('the same rule with seconds (the kiosk history) and with the day (a scan of another day)', () => {
    const us = new TimeFormatter('en-US', 'Europe/Berlin', 'Europe/Berlin');
    const de = new TimeFormatter('de', 'Europe/Berlin', 'Europe/Berlin');
    const morning = new Date('2026-06-10T09:05:07+02:00');
    assert.equal(us.timeWithSeconds(morning), '9:05:07\u00a0AM');
    assert.equal(us.timeWithSeconds(new Date('2026-06-10T11:38:47+02:00')), '11:38:47\u00a0AM');
    assert.equal(de.timeWithSeconds(morning), '09:05:07');
    assert.match(us.dayTime(morning), /^Jun 10, 9:05\u00a0AM$/);
    assert.match(de.dayTime(morning), /^10\. Juni?\.?, 09:05$/);
  });
});
