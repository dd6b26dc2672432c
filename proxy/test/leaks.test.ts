/**
 * The key must not reach a browser in any encoding. A hostile upstream echoes the key it received
 * compressed (gzip, deflate, br), in other charsets (UTF-16 LE/BE with and without BOM or label,
 * UTF-32, Latin-1) and encoded inside the JSON (`\u` escapes, hex, HTML character references,
 * double URL encoding), in small and > 1 MB bodies, through every path a body takes: reads (cached
 * and not), writes and their idempotent replays, errors, upload answers. Every answer is then read
 * the way an attacker would read it (gunzip, inflate, brotli, UTF-16, JSON.parse and a walk of
 * every string, escapes, references and URL encoding undone) and must hold no form of the key.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  brotliCompressSync,
  brotliDecompressSync,
  deflateRawSync,
  deflateSync,
  gunzipSync,
  gzipSync,
  inflateSync,
} from 'node:zlib';
import { createProxy, type ProxyOptions } from '../index.js';
import { nodeListener } from '../node.js';
import { API, KIOSK_TOKEN, ORIGIN, codeOf, wireRequest, type WireAnswer } from './harness.js';

/** A key with characters that change under URL, JSON and HTML encoding. */
const SECRET = 'sk_live_Leak/Te+st=42&"x';

const bytesHex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
/** Every byte as `%XX`: what "URL-encoded" means for letters too. */
const fullUrl = (text: string) => bytesHex(text).replace(/../g, (h) => `%${h.toUpperCase()}`);

// ---- what the attacker does with what the browser received ----

function unescapeAll(text: string): string {
  let t = text;
  for (let round = 0; round < 4; round++) {
    const next = t
      .replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\\([\\/"])/g, '$1')
      .replace(/&#(\d+);?/g, (_m, d: string) => String.fromCodePoint(Number(d)))
      .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&sol;/g, '/')
      .replace(/&plus;/g, '+')
      .replace(/&equals;/g, '=')
      .replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (next === t) break;
    t = next;
  }
  return t;
}

function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, out);
    }
  }
  return out;
}

/** Every text an attacker could make of the bytes. */
function readings(bytes: Buffer): string[] {
  const texts: string[] = [];
  const raw: Buffer[] = [bytes];
  for (const undo of [gunzipSync, inflateSync, brotliDecompressSync]) {
    try {
      raw.push(undo(bytes));
    } catch {
      // Not that coding.
    }
  }
  for (const b of raw) {
    texts.push(
      b.toString('utf8'),
      b.toString('latin1'),
      b.toString('utf16le'),
      b.subarray(1).toString('utf16le'),
      swapped(b).toString('utf16le'),
      utf32(b),
    );
  }
  const more: string[] = [];
  for (const text of texts) {
    more.push(text.replace(/\0/g, ''), unescapeAll(text));
    try {
      more.push(...stringsOf(JSON.parse(text)).flatMap((s) => [s, unescapeAll(s)]));
    } catch {
      // Not JSON in this reading.
    }
  }
  return [...texts, ...more];
}

function utf32(b: Buffer): string {
  let out = '';
  for (let at = 0; at + 4 <= b.length; at += 4) {
    const point = b.readUInt32LE(at);
    if (point <= 0x10ffff) out += String.fromCodePoint(point);
  }
  return out;
}

function swapped(b: Buffer): Buffer {
  const even = Buffer.from(b.subarray(0, b.length - (b.length % 2)));
  return even.swap16();
}

const leakForms = [
  SECRET,
  encodeURIComponent(SECRET),
  bytesHex(SECRET),
  bytesHex(SECRET).toUpperCase(),
  Buffer.from(SECRET).toString('base64').slice(0, 20),
];

/** Where in `bytes` (as any reading) the key shows, or null. */
function leakIn(bytes: Buffer): string | null {
  for (const text of readings(bytes)) {
    for (const form of leakForms)
      if (text.includes(form))
        return `${form} in ${JSON.stringify(text.slice(Math.max(0, text.indexOf(form) - 60), text.indexOf(form) + 60))}`;
  }
  return null;
}

// ---- the hostile upstream ----

type Mode = { encoding: Encoding; form: Form; size: 'small' | 'large' };

interface Encoded {
  headers: Record<string, string>;
  body: Buffer;
}
type Encoding = { name: string; wrap: (json: string) => Encoded; readable: boolean };
type Form = { name: string; of: (key: string) => string };

const json = (type = 'application/json') => ({ 'content-type': type });
const utf16be = (text: string) => swapped(Buffer.from(text, 'utf16le'));

const ENCODINGS: Encoding[] = [
  { name: 'identity', readable: true, wrap: (j) => ({ headers: json(), body: Buffer.from(j) }) },
  {
    name: 'gzip',
    readable: true,
    wrap: (j) => ({ headers: { ...json(), 'content-encoding': 'gzip' }, body: gzipSync(j) }),
  },
  {
    name: 'deflate',
    readable: true,
    wrap: (j) => ({ headers: { ...json(), 'content-encoding': 'deflate' }, body: deflateSync(j) }),
  },
  {
    name: 'raw deflate',
    readable: true,
    wrap: (j) => ({ headers: { ...json(), 'content-encoding': 'deflate' }, body: deflateRawSync(j) }),
  },
  {
    name: 'br',
    readable: true,
    wrap: (j) => ({ headers: { ...json(), 'content-encoding': 'br' }, body: brotliCompressSync(j) }),
  },
  {
    name: 'utf-16le labelled',
    readable: true,
    wrap: (j) => ({ headers: json('application/json; charset=utf-16le'), body: Buffer.from(j, 'utf16le') }),
  },
  {
    name: 'utf-16be labelled',
    readable: true,
    wrap: (j) => ({ headers: json('application/json; charset=utf-16be'), body: utf16be(j) }),
  },
  {
    name: 'utf-16 with BOM, labelled utf-8',
    readable: true,
    wrap: (j) => ({
      headers: json('application/json; charset=utf-8'),
      body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(j, 'utf16le')]),
    }),
  },
  {
    name: 'utf-16be with BOM, no label',
    readable: true,
    wrap: (j) => ({ headers: json(), body: Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(j)]) }),
  },
  {
    name: 'utf-16le, no BOM, no label',
    readable: true,
    wrap: (j) => ({ headers: json(), body: Buffer.from(j, 'utf16le') }),
  },
  {
    name: 'utf-16 in gzip',
    readable: true,
    wrap: (j) => ({
      headers: { ...json('application/json; charset=utf-16le'), 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.from(j, 'utf16le')),
    }),
  },
  {
    name: 'utf-32le with BOM',
    readable: false,
    wrap: (j) => ({ headers: json('application/json; charset=utf-32'), body: utf32le(j, true) }),
  },
  { name: 'utf-32le, no BOM', readable: false, wrap: (j) => ({ headers: json(), body: utf32le(j, false) }) },
  {
    name: 'latin1 labelled',
    readable: false,
    wrap: (j) => ({ headers: json('application/json; charset=iso-8859-1'), body: Buffer.from(j, 'latin1') }),
  },
  {
    name: 'an unknown coding',
    readable: false,
    wrap: (j) => ({ headers: { ...json(), 'content-encoding': 'zstd' }, body: Buffer.from(j) }),
  },
];

function utf32le(text: string, bom: boolean): Buffer {
  const points = [...(bom ? '\ufeff' : ''), ...text].map((c) => c.codePointAt(0)!);
  const out = Buffer.alloc(points.length * 4);
  points.forEach((p, i) => out.writeUInt32LE(p, i * 4));
  return out;
}

/** How the key is written inside the JSON text (each a JSON string's contents). */
const FORMS: Form[] = [
  { name: 'plain', of: (k) => JSON.stringify(k).slice(1, -1) },
  { name: '\\u escapes', of: (k) => [...k].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('') },
  {
    name: 'one \\u escape',
    of: (k) => `\\u${k.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(k.slice(1)).slice(1, -1)}`,
  },
  { name: 'hex', of: (k) => bytesHex(k) },
  { name: 'HEX', of: (k) => bytesHex(k).toUpperCase() },
  { name: 'decimal references', of: (k) => [...k].map((c) => `&#${c.charCodeAt(0)};`).join('') },
  { name: 'hex references', of: (k) => [...k].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('') },
  { name: 'double URL encoding', of: (k) => encodeURIComponent(fullUrl(k)) },
  { name: 'URL encoding under \\u escapes', of: (k) => fullUrl(k).replace(/%/g, '\\u0025') },
];

const LARGE_ENCODINGS = new Set(['identity', 'gzip', 'br', 'utf-16le, no BOM, no label', 'utf-32le with BOM']);
const LARGE_FORMS = new Set(['\\u escapes', 'hex', 'hex references', 'double URL encoding']);

/** A filler that makes a body pass 1 MB, with escapes, references and percent signs to look through. */
const FILLER = `${'x'.repeat(1000)} Q&amp;A on 50% of \\"talks\\" \\u00e9\\n`.repeat(1100);

function bodyFor(
  path: string,
  method: string,
  key: string,
  mode: Mode,
  storage: string,
): { status: number; json: string } {
  const form = mode.form.of(key);
  const filler = mode.size === 'large' ? FILLER : 'short';
  if (path.endsWith('/upload-url')) {
    return {
      status: 201,
      json: `{"data":{"uploadUrl":"${storage}/store","storageUri":"storage://${form}","headers":{},"filler":"${filler}"}}`,
    };
  }
  if (path.endsWith('/events/venues')) {
    return {
      status: 401,
      json: `{"error":{"code":"unauthorized","message":"Key ${form} is not valid","details":{"${form}":"${filler}"}}}`,
    };
  }
  return {
    status: method === 'POST' ? 201 : 200,
    json: `{"data":{"id":"x","echo":"${form}","${form}":1,"filler":"${filler}"}}`,
  };
}

interface Hostile {
  url: string;
  mode: Mode;
  acceptEncodings: string[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function hostile(): Promise<Hostile> {
  const h: Hostile = {
    url: '',
    mode: { encoding: ENCODINGS[0]!, form: FORMS[0]!, size: 'small' },
    acceptEncodings: [],
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      // The storage PUT is the upload's own request, not an API call.
      if (path !== '/store') h.acceptEncodings.push(String(req.headers['accept-encoding']));
      // The storage behind a signed address echoes the key it never got: still never passed on.
      const key = path === '/store' ? SECRET : String(req.headers['x-api-key']);
      const { status, json } = bodyFor(path, req.method ?? 'GET', key, h.mode, h.url);
      const { headers, body } = h.mode.encoding.wrap(json);
      // Headers the proxy passes on carry it too, URL-encoded twice and as references.
      const echoed = {
        link: `<https://api.example/next?k=${encodeURIComponent(fullUrl(key))}>; rel="next"`,
        deprecation: [...key].map((c) => `&#${c.charCodeAt(0)};`).join(''),
      };
      res.writeHead(path === '/store' ? 200 : status, { ...headers, ...echoed, 'content-length': String(body.length) });
      res.end(body);
    });
  });
  h.url = await listen(server);
  return h;
}

// ---- the proxy, and requests read as an attacker reads them ----

interface Served {
  url: string;
  logs: string[];
  close(): Promise<void>;
}

async function serve(upstream: string, options: Partial<ProxyOptions> = {}): Promise<Served> {
  const logs: string[] = [];
  const proxy = createProxy({
    upstream,
    apiKey: SECRET,
    allowedOrigins: [ORIGIN],
    kioskToken: KIOSK_TOKEN,
    bundlePath: null,
    retry: { retries: 0 },
    rateLimit: false,
    ...options,
    logger: (line) => logs.push(line),
  });
  const server = createServer(nodeListener(proxy));
  const url = await listen(server);
  return {
    url,
    logs,
    async close() {
      await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
      await proxy.close();
    },
  };
}

/** What a browser would get: the bytes as the proxy sent them. */
const call = wireRequest;

const leaks: string[] = [];

function check(where: string, seen: WireAnswer): void {
  const inBody = leakIn(seen.body);
  if (inBody) leaks.push(`${where} body: ${inBody}`);
  const inHeaders = leakIn(Buffer.from(JSON.stringify(seen.headers)));
  if (inHeaders) leaks.push(`${where} headers: ${inHeaders}`);
  assert.equal(seen.headers['content-encoding'], undefined, `${where}: a Content-Encoding passed on`);
  if (seen.body.length > 0)
    assert.match(String(seen.headers['content-type']), /^application\/json; charset=utf-8$/i, where);
}

const post = (key?: string) => ({ 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) });

/** Every path a body takes, for the current mode: the answers the browser got. */
async function everyPath(s: Served, cached: Served, label: string): Promise<WireAnswer[]> {
  const seen: [string, WireAnswer][] = [];
  const get = async (name: string, base: string, path: string) =>
    seen.push([name, await call(base + API + path, 'GET')]);
  await get('read, cache off', s.url, '/events/events');
  await get('read, cache miss', cached.url, '/events/events');
  await get('read, cache hit', cached.url, '/events/events');
  const hit = seen[seen.length - 1]![1];
  const etag = String(hit.headers.etag ?? '');
  if (etag) seen.push(['read, 304', await call(cached.url + API + '/events/events', 'GET', { 'if-none-match': etag })]);
  await get('error answer (401)', s.url, '/events/venues');
  const idem = `leak-${label}-${Math.random().toString(36).slice(2)}`;
  seen.push(['write', await call(s.url + API + '/abstracts/submissions', 'POST', post(idem), '{}')]);
  seen.push(['write, replayed', await call(s.url + API + '/abstracts/submissions', 'POST', post(idem), '{}')]);
  seen.push([
    'upload',
    await call(
      s.url + '/uploads/registration-evidence?filename=a.pdf',
      'PUT',
      { 'content-type': 'application/pdf' },
      Buffer.from('%PDF-1.4 test'),
    ),
  ]);
  for (const [name, answer] of seen) check(`${label} / ${name}`, answer);
  const upload = seen[seen.length - 1]![1];
  if (upload.status === 201)
    assert.match(
      (JSON.parse(upload.body.toString('utf8')) as { data: { uri: string } }).data.uri,
      /^storage:\/\//,
      label,
    );
  return seen.map(([, answer]) => answer);
}

describe('the key in any encoding never reaches the browser', () => {
  let up: Hostile;
  let s: Served;
  let cached: Served;
  before(async () => {
    up = await hostile();
    s = await serve(up.url, { cache: false });
    cached = await serve(up.url, { cache: { ttlMs: 60_000 } });
  });
  after(async () => {
    await s.close();
    await cached.close();
    await up.close();
    for (const line of [...s.logs, ...cached.logs]) {
      const found = leakIn(Buffer.from(line));
      if (found) leaks.push(`log: ${found}`);
    }
    assert.deepEqual(leaks, [], 'the key reached a browser or a log line');
  });

  for (const size of ['small', 'large'] as const) {
    test(`compressed and other charsets (${size} bodies): decoded, scrubbed and sent as UTF-8, or refused with 502`, async () => {
      // Large bodies in a few codings and charsets: the rest decode the same way, only smaller.
      const encodings = size === 'small' ? ENCODINGS : ENCODINGS.filter((e) => LARGE_ENCODINGS.has(e.name));
      for (const encoding of encodings) {
        up.mode = { encoding, form: FORMS[0]!, size };
        // A fresh cache entry per mode: another path than the last mode's hit.
        await cached.close();
        cached = await serve(up.url, { cache: { ttlMs: 60_000 } });
        const answers = await everyPath(s, cached, `${encoding.name} ${size}`);
        const read = answers[0];
        if (encoding.readable) {
          assert.equal(read!.status, 200, encoding.name);
          assert.equal(answers[answers.length - 1]!.status, 201, `${encoding.name}: upload`);
          assert.match(read!.body.toString('utf8'), /\[redacted\]/, encoding.name);
          assert.equal(
            (JSON.parse(read!.body.toString('utf8')) as { data: { id: string } }).data.id,
            'x',
            encoding.name,
          );
        } else {
          assert.equal(read!.status, 502, encoding.name);
          assert.equal(codeOf(JSON.parse(read!.body.toString('utf8'))), 'bad_gateway', encoding.name);
        }
      }
    });

    test(`the key escaped, in hex, as character references or URL-encoded twice inside JSON (${size} bodies)`, async () => {
      for (const form of size === 'small' ? FORMS : FORMS.filter((f) => LARGE_FORMS.has(f.name))) {
        // Large bodies uncompressed only: the scan's cost is the text's, not the coding's.
        for (const encoding of size === 'small' ? [ENCODINGS[0]!, ENCODINGS[1]!] : [ENCODINGS[0]!]) {
          up.mode = { encoding, form, size };
          await cached.close();
          cached = await serve(up.url, { cache: { ttlMs: 60_000 } });
          const [read] = await everyPath(s, cached, `${form.name} ${encoding.name} ${size}`);
          assert.equal(read!.status, 200, form.name);
          assert.match(read!.body.toString('utf8'), /\[redacted\]/, form.name);
        }
      }
    });
  }

  test('the proxy asks for an uncompressed answer', () => {
    assert.ok(up.acceptEncodings.length > 0);
    assert.deepEqual([...new Set(up.acceptEncodings)], ['identity']);
  });

  test('fetch transports (which decode by themselves) pass on no key and no coding either', async () => {
    const viaFetch = await serve(up.url, { cache: false, fetchImpl: fetch });
    try {
      for (const encoding of ENCODINGS) {
        up.mode = { encoding, form: FORMS[1]!, size: 'small' };
        const read = await call(viaFetch.url + API + '/events/events', 'GET');
        check(`fetch transport / ${encoding.name}`, read);
        assert.equal(read.status, encoding.readable ? 200 : 502, encoding.name);
      }
    } finally {
      await viaFetch.close();
    }
  });

  test('a decompression bomb is refused with 502 (decoded size capped), and the proxy keeps serving', async () => {
    const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    assert.ok(bomb.length < 100 * 1024);
    up.mode = {
      encoding: {
        name: 'bomb',
        readable: false,
        wrap: () => ({ headers: { ...json(), 'content-encoding': 'gzip' }, body: bomb }),
      },
      form: FORMS[0]!,
      size: 'small',
    };
    // Through undici's request (decoded here, capped) and through fetch (decoded by fetch, the
    // transport's cap counting decoded bytes).
    const viaFetch = await serve(up.url, { cache: false, fetchImpl: fetch });
    try {
      for (const proxy of [s, viaFetch]) {
        up.mode = {
          ...up.mode,
          encoding: {
            name: 'bomb',
            readable: false,
            wrap: () => ({ headers: { ...json(), 'content-encoding': 'gzip' }, body: bomb }),
          },
        };
        const read = await call(proxy.url + API + '/events/events', 'GET');
        assert.equal(read.status, 502);
        assert.equal(codeOf(JSON.parse(read.body.toString('utf8'))), 'bad_gateway');
        up.mode = { encoding: ENCODINGS[0]!, form: FORMS[0]!, size: 'small' };
        assert.equal((await call(proxy.url + API + '/events/events', 'GET')).status, 200);
      }
    } finally {
      await viaFetch.close();
    }
  });
});
