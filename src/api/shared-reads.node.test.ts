import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiClient } from './client.js';
import { ApiError } from './errors.js';
import { MAX_REUSE_MS, SharedReads } from './shared-reads.js';
import { post } from './writes.js';

/** A request that settles when the test says so, and records whether it was aborted. */
function gate<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const calls: { signal: AbortSignal }[] = [];
  const start = (signal: AbortSignal) => {
    calls.push({ signal });
    return new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
      signal.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')));
    });
  };
  return { start, calls, resolve: (v: T) => resolve(v), reject: (e: unknown) => reject(e) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('SharedReads', () => {
  it('gives readers of the same key one request and one answer; other keys ask apart', async () => {
    const reads = new SharedReads<string>();
    const g = gate<string>();
    const a = reads.read('k', g.start);
    const b = reads.read('k', g.start);
    const other = gate<string>();
    const c = reads.read('k2', other.start);
    await tick();
    assert.equal(g.calls.length, 1);
    assert.equal(other.calls.length, 1);
    g.resolve('answer');
    other.resolve('else');
    assert.deepEqual(await Promise.all([a, b, c]), ['answer', 'answer', 'else']);
    assert.equal(reads.started, 2);
  });

  it('reuses a settled answer only while young enough for the reader', async () => {
    let now = 1000;
    const reads = new SharedReads<number>(() => now);
    let n = 0;
    const start = async () => ++n;
    assert.equal(await reads.read('k', start, { maxAgeMs: 3000 }), 1);
    now += 2000;
    assert.equal(await reads.read('k', start, { maxAgeMs: 3000 }), 1, 'reused at 2 s');
    assert.equal(await reads.read('k', start, { maxAgeMs: 1000 }), 2, 'too old for a 1 s reader');
    now += 500;
    assert.equal(await reads.read('k', start), 3, 'no maxAge: only requests in flight are joined');
    now += MAX_REUSE_MS + 1;
    assert.equal(await reads.read('k', start, { maxAgeMs: 60_000 }), 4, 'never older than the cap');
  });

  it('a fresh read neither reuses nor joins; readers after it join it', async () => {
    const reads = new SharedReads<string>();
    const g = gate<string>();
    const plain = reads.read('k', g.start);
    await tick();
    const retry = gate<string>();
    const r1 = reads.read('k', retry.start, { fresh: true });
    const r2 = reads.read('k', retry.start);
    await tick();
    assert.equal(g.calls.length, 1);
    assert.equal(retry.calls.length, 1, 'the reader after the retry joined it');
    g.resolve('old');
    retry.resolve('new');
    assert.equal(await plain, 'old');
    assert.deepEqual(await Promise.all([r1, r2]), ['new', 'new']);
    const again = gate<string>();
    const r3 = reads.read('k', again.start, { fresh: true, maxAgeMs: 5000 });
    await tick();
    assert.equal(again.calls.length, 1, 'a settled answer is not reused by a fresh read');
    again.resolve('newer');
    assert.equal(await r3, 'newer');
  });

  it('hands out an answer the keep test refuses only to the readers in flight', async () => {
    let n = 0;
    const reads = new SharedReads<number>(Date.now, (v) => v % 2 === 0);
    const start = async () => ++n;
    assert.deepEqual(
      await Promise.all([reads.read('k', start, { maxAgeMs: 3000 }), reads.read('k', start, { maxAgeMs: 3000 })]),
      [1, 1],
    );
    assert.equal(await reads.read('k', start, { maxAgeMs: 3000 }), 2, 'the refused answer was not kept');
    assert.equal(await reads.read('k', start, { maxAgeMs: 3000 }), 2, 'a kept one is reused');
  });

  it("one reader's abort leaves the request running for the others; the last one's cancels it", async () => {
    const reads = new SharedReads<string>();
    const g = gate<string>();
    const a = new AbortController();
    const b = new AbortController();
    const pa = reads.read('k', g.start, { signal: a.signal });
    const pb = reads.read('k', g.start, { signal: b.signal });
    await tick();
    a.abort();
    await assert.rejects(pa, (e: unknown) => e instanceof DOMException && e.name === 'AbortError');
    assert.equal(g.calls[0]!.signal.aborted, false, 'still wanted by b');
    g.resolve('for b');
    assert.equal(await pb, 'for b');

    const h = gate<string>();
    const c = new AbortController();
    const d = new AbortController();
    const pc = reads.read('k3', h.start, { signal: c.signal });
    const pd = reads.read('k3', h.start, { signal: d.signal });
    await tick();
    c.abort();
    d.abort();
    await assert.rejects(pc);
    await assert.rejects(pd);
    assert.equal(h.calls[0]!.signal.aborted, true, 'nobody left: cancelled');
    // The cancelled request is not joined by the next reader.
    const next = gate<string>();
    const pn = reads.read('k3', next.start);
    await tick();
    assert.equal(next.calls.length, 1);
    next.resolve('again');
    assert.equal(await pn, 'again');
  });

  it('shares an error with the readers in flight, and asks again afterwards', async () => {
    const reads = new SharedReads<string>();
    const g = gate<string>();
    const a = reads.read('k', g.start, { maxAgeMs: 3000 });
    const b = reads.read('k', g.start, { maxAgeMs: 3000 });
    await tick();
    const failure = new ApiError(503, 'upstream_unavailable', 'down');
    g.reject(failure);
    await assert.rejects(a, (e) => e === failure);
    await assert.rejects(b, (e) => e === failure);
    const later = gate<string>();
    const c = reads.read('k', later.start, { maxAgeMs: 3000 });
    await tick();
    assert.equal(later.calls.length, 1);
    later.resolve('back');
    assert.equal(await c, 'back');
  });
});

describe('ApiClient over shared reads', () => {
  type Seen = { url: string; method: string; inm: string | null; lang: string | null };
  function server(opts: { etag?: string } = {}) {
    const seen: Seen[] = [];
    let version = 1;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const h = new Headers(init?.headers);
      seen.push({
        url: String(input),
        method: init?.method ?? 'GET',
        inm: h.get('if-none-match'),
        lang: h.get('accept-language'),
      });
      await new Promise((r) => setTimeout(r, 5));
      const etag = opts.etag ?? `"v${version}"`;
      if (h.get('if-none-match') === etag) return new Response(null, { status: 304 });
      return Response.json(
        { data: [{ id: String(version) }], meta: { total: 1, limit: 100, offset: 0 } },
        { headers: { etag } },
      );
    }) as typeof globalThis.fetch;
    return { seen, fetch, bump: () => version++ };
  }

  it('two clients of the same endpoint (two providers) read once; another endpoint reads apart', async () => {
    const s = server();
    const one = new ApiClient('https://proxy.example', { fetch: s.fetch });
    const two = new ApiClient('https://proxy.example/', { fetch: s.fetch });
    const elsewhere = new ApiClient('https://other.example', { fetch: s.fetch });
    const [a, b, c] = await Promise.all([one.list('speakers'), two.list('speakers'), elsewhere.list('speakers')]);
    assert.equal(s.seen.length, 2);
    assert.deepEqual(a.body, b.body);
    assert.notEqual(a.body, b.body, 'each reader gets its own copy to keep');
    assert.equal(c.body.data.length, 1);
    // Another query or another language is another resource.
    await Promise.all([
      one.list('speakers', { query: { q: 'x' } }),
      one.request('speakers', { headers: { 'accept-language': 'de' } }),
      one.request('speakers'),
    ]);
    assert.equal(s.seen.length, 5);
    assert.equal(s.seen.filter((x) => x.lang === 'de').length, 1);
  });

  it('never shares writes', async () => {
    const s = server();
    const c = new ApiClient('https://proxy.example', { fetch: s.fetch });
    const body = { qr: 'DEMO-0001', location: 'Hall A' };
    await Promise.all([post(c, 'badgeCheckin', body), post(c, 'badgeCheckin', body)]);
    assert.equal(s.seen.filter((x) => x.method === 'POST').length, 2);
  });

  it('judges "unchanged" by each reader\'s own ETags, while the request revalidates for all', async () => {
    const s = server();
    const c = new ApiClient('https://proxy.example', { fetch: s.fetch });
    const mineA = new Map<string, string>();
    const mineB = new Map<string, string>();
    const url = c.url('speakers');
    const first = await c.request('speakers', { read: { held: mineA } });
    assert.equal(first.changed, true);
    mineA.set(url, first.etag!);
    s.bump();
    // A's poll sees the new version; B, which read nothing yet, sees a change too.
    const a2 = await c.request('speakers', { read: { held: mineA } });
    assert.equal(a2.changed, true);
    assert.equal(s.seen.at(-1)!.inm, '"v1"', 'revalidated what the page holds');
    mineA.set(url, a2.etag!);
    const b1 = await c.request('speakers', { read: { held: mineB, maxAgeMs: 3000 } });
    assert.equal(b1.changed, true);
    assert.equal(s.seen.length, 2, "B reused A's answer of a moment ago");
    const a3 = await c.request('speakers', { read: { held: mineA } });
    assert.equal(a3.changed, false);
    assert.equal(s.seen.at(-1)!.inm, '"v2"');
    assert.deepEqual((a3.body as { data: unknown[] }).data, [{ id: '2' }], 'a 304 still hands out the whole body');
  });
});
