/**
 * Hostile and odd input, table-driven: whatever a client sends, the answer is a documented status
 * with the error shape, never a 500 and never a hang. Requests go through `node:http` so a test
 * can send what `fetch` refuses to (a body on GET, arbitrary bytes, a body that never ends).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { API_PREFIX } from '../../src/api/contract.js';
import { assertError, assertFields, FX, start, type Answer, type TestSandbox } from './helpers.js';

interface Row {
  name: string;
  method?: string;
  /** Below the API prefix, sent as written (no encoding applied). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  status: number;
  code?: string;
  /** Keys of `details.fields` the answer must name. */
  fields?: string[];
}

function send(base: string, row: Row): Promise<Answer> {
  const url = new URL(base);
  const headers: Record<string, string> = { 'x-api-key': FX.keys.all, ...row.headers };
  if (row.body !== undefined) headers['content-length'] = String(Buffer.byteLength(row.body));
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: row.method ?? 'GET', path: `${API_PREFIX}${row.path}`, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const type = String(res.headers['content-type'] ?? '');
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          resolve({
            status: res.statusCode ?? 0,
            headers: h,
            body: type.includes('json') && text ? JSON.parse(text) : text,
          });
        });
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error(`${row.name}: no answer within 5 s`)));
    req.on('error', reject);
    req.end(row.body);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const post = (
  name: string,
  body: string | Uint8Array,
  status: number,
  code?: string,
  headers: Record<string, string> = JSON_TYPE,
): Row => ({ name, method: 'POST', path: '/badges/checkin', headers, body, status, ...(code ? { code } : {}) });
const badge = (n: number) => `FX-${String(n).padStart(4, '0')}`;

const QUERIES: Row[] = [
  {
    name: 'limit beyond any integer',
    path: '/events/events?limit=99999999999999999999',
    status: 400,
    code: 'invalid_query',
    fields: ['limit'],
  },
  {
    name: 'offset beyond any integer',
    path: '/events/events?offset=99999999999999999999',
    status: 400,
    code: 'invalid_query',
    fields: ['offset'],
  },
  { name: 'a large offset is an empty page', path: '/events/events?offset=999999999', status: 200 },
  {
    name: 'exponent notation',
    path: '/events/events?limit=1e3',
    status: 400,
    code: 'invalid_query',
    fields: ['limit'],
  },
  { name: 'hex notation', path: '/events/events?limit=0x10', status: 400, code: 'invalid_query', fields: ['limit'] },
  { name: 'a sign', path: '/events/events?limit=%2B5', status: 400, code: 'invalid_query', fields: ['limit'] },
  { name: 'a space', path: '/events/events?limit=%205', status: 400, code: 'invalid_query', fields: ['limit'] },
  { name: 'a NUL byte', path: '/events/events?offset=%00', status: 400, code: 'invalid_query', fields: ['offset'] },
  {
    name: 'non-ASCII digits',
    path: '/events/events?limit=%D9%A1%D9%A2',
    status: 400,
    code: 'invalid_query',
    fields: ['limit'],
  },
  { name: 'a decimal', path: '/events/events?offset=1.0', status: 400, code: 'invalid_query', fields: ['offset'] },
  {
    name: 'limit twice',
    path: '/events/events?limit=1&limit=2',
    status: 400,
    code: 'invalid_query',
    fields: ['limit'],
  },
  {
    name: 'offset twice, even equal',
    path: '/events/workshops?offset=0&offset=0',
    status: 400,
    code: 'invalid_query',
    fields: ['offset'],
  },
  { name: 'leading zeros are still a number', path: '/events/events?limit=05&offset=0001', status: 200 },
  { name: 'include twice', path: '/abstracts/abstracts?include=authors&include=authors', status: 200 },
  { name: 'include, empty', path: '/abstracts/abstracts?include=', status: 200 },
  { name: 'unknown parameters with odd bytes are ignored', path: '/events/venues?q=%F0%9F%99%82%00%FF', status: 200 },
  {
    name: 'malformed percent-encoding in the query',
    path: '/events/events?limit=%ZZ',
    status: 400,
    code: 'invalid_query',
    fields: ['limit'],
  },
];

const PATHS: Row[] = [
  { name: 'NUL in a path parameter', path: '/abstracts/abstracts/%00', status: 404, code: 'not_found' },
  { name: 'malformed percent-encoding in the path', path: '/abstracts/abstracts/%ZZ', status: 404, code: 'not_found' },
  { name: 'an encoded slash', path: '/abstracts/abstracts/ab-1%2F..', status: 404, code: 'not_found' },
  { name: 'unicode in a path parameter', path: '/abstracts/abstracts/%F0%9F%99%82', status: 404, code: 'not_found' },
  {
    name: 'a very long path parameter',
    path: `/abstracts/abstracts/${'a'.repeat(8000)}`,
    status: 404,
    code: 'not_found',
  },
  { name: 'dot segments', path: '/events/../events/events', status: 200 },
  {
    name: 'a body on GET is ignored',
    path: '/events/events?limit=1',
    headers: JSON_TYPE,
    body: '{"limit": "x"',
    status: 200,
  },
  { name: 'HEAD like GET', method: 'HEAD', path: '/events/speakers', status: 200 },
  {
    name: 'OPTIONS is not a method of the API',
    method: 'OPTIONS',
    path: '/health',
    status: 405,
    code: 'method_not_allowed',
  },
  { name: 'an unknown method', method: 'PURGE', path: '/health', status: 405, code: 'method_not_allowed' },
];

const BODIES: Row[] = [
  post('JSON null', 'null', 400, 'validation_failed'),
  post('a JSON array', '[]', 400, 'validation_failed'),
  post('a JSON number', '42', 400, 'validation_failed'),
  post('a JSON string', '"FX-0001"', 400, 'validation_failed'),
  post('JSON true', 'true', 400, 'validation_failed'),
  post('an empty body', '', 400, 'invalid_json'),
  post('only white space', ' \n\t ', 400, 'invalid_json'),
  post('arrays nested 30,000 deep', `${'['.repeat(30_000)}${']'.repeat(30_000)}`, 400, 'validation_failed'),
  post(
    'objects nested 5,000 deep in a field',
    `{"qr":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    400,
    'validation_failed',
  ),
  post('a number beyond double range', '{"qr": 1e999}', 400, 'validation_failed'),
  post('a __proto__ member', '{"__proto__": {"qr": "FX-0001"}}', 400, 'validation_failed'),
  post('a string over the field bound', JSON.stringify({ qr: 'x'.repeat(60_000) }), 400, 'validation_failed'),
  post('a NUL in a string', JSON.stringify({ qr: 'FX-\u00000001' }), 422, 'unknown_reference'),
  post('a lone surrogate', '{"qr": "\\ud800"}', 422, 'unknown_reference'),
  post('emoji and right-to-left text', JSON.stringify({ qr: '🙂\u202eFX' }), 422, 'unknown_reference'),
  post(
    'bytes that are not UTF-8',
    new Uint8Array([0x7b, 0x22, 0x71, 0x72, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    400,
    'invalid_json',
  ),
  post('a byte-order mark before the JSON', `\uFEFF${JSON.stringify({ qr: badge(21) })}`, 201),
  post('charset=utf-8 in any spelling', JSON.stringify({ qr: badge(22) }), 201, undefined, {
    'content-type': 'Application/JSON; Charset="UTF-8"',
  }),
  post('charset=latin1', JSON.stringify({ qr: badge(23) }), 415, 'unsupported_media_type', {
    'content-type': 'application/json; charset=latin1',
  }),
  post('charset=utf-16', JSON.stringify({ qr: badge(23) }), 415, 'unsupported_media_type', {
    'content-type': 'application/json; charset=utf-16',
  }),
  post('application/json-patch+json', JSON.stringify({ qr: badge(23) }), 415, 'unsupported_media_type', {
    'content-type': 'application/json-patch+json',
  }),
  post('application/vnd.api+json', JSON.stringify({ qr: badge(23) }), 415, 'unsupported_media_type', {
    'content-type': 'application/vnd.api+json',
  }),
  post('a form body', 'qr=FX-0023', 415, 'unsupported_media_type', {
    'content-type': 'application/x-www-form-urlencoded',
  }),
  post('no Content-Type', JSON.stringify({ qr: badge(23) }), 415, 'unsupported_media_type', {}),
];

describe('hostile input', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start({ rateLimit: false });
  });
  after(() => s.close());

  for (const [group, rows] of [
    ['query', QUERIES],
    ['path and method', PATHS],
    ['body', BODIES],
  ] as const) {
    it(`${group}: a documented answer for every row, never a 500`, async () => {
      for (const row of rows) {
        const a = await send(s.url, row);
        const label = `${row.name}: ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`;
        assert.equal(a.status, row.status, label);
        if (row.fields) assertFields(a, row.status, row.code!, row.fields);
        else if (row.code) assertError(a, row.status, row.code);
      }
    });
  }

  it('still answers normally afterwards', async () => {
    assert.equal((await s.call('GET', '/health')).status, 200);
  });
});

/**
 * Sends the head of a request and a body that starts but never ends, adding `drip` every 50 ms;
 * resolves with all it reads once the server closes.
 */
function stalledBody(origin: string, head: string, drip: string): Promise<{ text: string; closedAfterMs: number }> {
  const url = new URL(origin);
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const sock = connect(Number(url.port), url.hostname, () => sock.write(head));
    let text = '';
    // A byte now and then: an idle timeout alone would not catch this client.
    const dripping = setInterval(() => sock.writable && sock.write(drip), 50);
    const guard = setTimeout(() => {
      sock.destroy();
      reject(new Error(`still open after 5 s: ${text}`));
    }, 5000);
    sock.on('data', (d: Buffer) => void (text += d.toString('utf8')));
    sock.on('error', () => undefined);
    sock.on('close', () => {
      clearInterval(dripping);
      clearTimeout(guard);
      resolve({ text, closedAfterMs: Date.now() - t0 });
    });
  });
}

describe('a body that never finishes', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start({ bodyTimeoutMs: 300 });
  });
  after(() => s.close());

  const heads = (uploadPath: string) =>
    [
      [
        'API, Content-Length',
        `POST ${API_PREFIX}/badges/checkin HTTP/1.1\r\nHost: x\r\nX-API-Key: ${FX.keys.all}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"qr":`,
        ' ',
      ],
      [
        'API, chunked',
        `POST ${API_PREFIX}/badges/checkin HTTP/1.1\r\nHost: x\r\nX-API-Key: ${FX.keys.all}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"qr"\r\n`,
        '1\r\n \r\n',
      ],
      [
        'admin',
        `POST /__admin/keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-admin-token\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
        ' ',
      ],
      [
        'upload',
        `PUT ${uploadPath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/pdf\r\nContent-Length: 1000000\r\n\r\n%PDF`,
        'x',
      ],
    ] as const;

  it('is answered 408 request_timeout at the deadline and the connection closed', async () => {
    const address = await s.call('POST', '/registrations/evidence/upload-url', {
      body: { filename: 'a.pdf', contentType: 'application/pdf' },
    });
    const upload = new URL(address.body.data.uploadUrl);
    for (const [name, head, drip] of heads(upload.pathname + upload.search)) {
      const { text, closedAfterMs } = await stalledBody(s.url, head, drip);
      assert.match(text, /^HTTP\/1\.1 408 /, name);
      assert.match(text, /connection: close/i, name);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as {
        error: { code: string; details: unknown };
      };
      assert.equal(body.error.code, 'request_timeout', name);
      assert.deepEqual(body.error.details, { timeoutMs: 300 }, name);
      assert.ok(closedAfterMs >= 250 && closedAfterMs < 3000, `${name}: closed after ${closedAfterMs} ms`);
    }
    // Nothing was written, and the server serves others as before.
    assert.deepEqual((await s.admin('GET', '/checkins')).body.data, []);
    assert.equal((await s.call('GET', '/health')).status, 200);
  });
});
