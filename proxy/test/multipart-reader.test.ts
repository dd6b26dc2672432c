/**
 * The streaming multipart reader (`multipart/reader.ts`) against the platform's own parser: the
 * same bodies, cut into chunks at every kind of place (inside a delimiter, between CR and LF,
 * one byte at a time), give the same parts; and its limits hold however the bytes arrive.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ProxyError } from '../errors.js';
import { MultipartReader, boundaryOf, indexOfBytes, type PartHead } from '../multipart/reader.js';

interface Seen {
  head: PartHead;
  bytes: number[];
}

function read(
  body: Uint8Array,
  boundary: string,
  cuts: number[],
  limits = { maxHeaderBytes: 8192, maxParts: 100 },
): Seen[] {
  const parts: Seen[] = [];
  const reader = new MultipartReader(
    boundary,
    {
      partStart: (head) => void parts.push({ head, bytes: [] }),
      partData: (bytes) => void parts.at(-1)!.bytes.push(...bytes),
      partEnd: () => {},
    },
    limits,
  );
  let at = 0;
  for (const cut of [...cuts, body.length]) {
    reader.write(body.subarray(at, cut));
    at = cut;
  }
  reader.end();
  return parts;
}

async function encoded(form: FormData): Promise<{ body: Uint8Array; boundary: string }> {
  const res = new Response(form);
  const boundary = boundaryOf(res.headers.get('content-type')!)!;
  return { body: new Uint8Array(await res.arrayBuffer()), boundary };
}

function sampleForm(): FormData {
  const f = new FormData();
  f.set('title', 'Ünïcode "quoted" title\r\nwith a line break');
  f.set('empty', '');
  f.append(
    'attachments',
    new Blob([new Uint8Array([37, 80, 68, 70, 45, 13, 10, 45, 45, 13, 13, 10, 0, 255])], { type: 'application/pdf' }),
    'a "b".pdf',
  );
  f.append('attachments', new Blob(['\r\n--\r\n-- not a boundary\r\n'], { type: 'application/pdf' }), 'c.pdf');
  f.append('attachments', new Blob([]), '');
  return f;
}

describe('multipart reader', () => {
  test('reads what Response.formData() reads, however the body is cut', async () => {
    const { body, boundary } = await encoded(sampleForm());
    const expected = [
      ...(await new Response(body as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }).formData()),
    ];
    const cuttings: number[][] = [[], Array.from({ length: body.length - 1 }, (_, i) => i + 1)];
    for (let step = 2; step < 80; step += 7)
      cuttings.push(Array.from({ length: Math.floor((body.length - 1) / step) }, (_, i) => (i + 1) * step));
    // Every cut inside each delimiter.
    const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
    for (let at = indexOfBytes(body, delimiter); at !== -1; at = indexOfBytes(body, delimiter, at + 1)) {
      for (let k = 1; k < delimiter.length + 2; k++) cuttings.push([at + k]);
    }
    for (const cuts of cuttings) {
      const parts = read(body, boundary, cuts);
      assert.equal(parts.length, expected.length);
      for (const [i, [name, value]] of expected.entries()) {
        const part = parts[i]!;
        assert.equal(part.head.name, name);
        if (typeof value === 'string') {
          assert.equal(part.head.filename, null);
          assert.equal(new TextDecoder().decode(new Uint8Array(part.bytes)), value);
        } else {
          assert.equal(part.head.filename?.replace(/%22/g, '"'), value.name);
          assert.deepEqual(part.bytes, [...new Uint8Array(await value.arrayBuffer())]);
        }
      }
    }
  });

  test('limits: parts over the count and a header over its size are refused as the bytes arrive', async () => {
    const f = new FormData();
    for (let i = 0; i < 10; i++) f.append(`f${i}`, 'x');
    const { body, boundary } = await encoded(f);
    assert.throws(
      () => read(body, boundary, [], { maxHeaderBytes: 8192, maxParts: 9 }),
      (e: ProxyError) => e.status === 400 && /9 parts/.test(e.message),
    );
    const long = new FormData();
    long.set('n'.repeat(10_000), 'x');
    const big = await encoded(long);
    const oneByte = Array.from({ length: big.body.length - 1 }, (_, i) => i + 1);
    assert.throws(
      () => read(big.body, big.boundary, oneByte),
      (e: ProxyError) => e.status === 413,
    );
  });

  test('malformed bodies: no closing boundary, no Content-Disposition, other text after a boundary', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    assert.throws(
      () => read(enc('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx'), 'b', []),
      /closing boundary/,
    );
    assert.throws(() => read(enc('--b\r\nX-Other: 1\r\n\r\nx\r\n--b--'), 'b', []), /Content-Disposition/);
    assert.throws(
      () => read(enc('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--bc\r\n'), 'b', []),
      /other text/,
    );
    assert.equal(boundaryOf('multipart/form-data'), null);
    assert.equal(boundaryOf('multipart/form-data; boundary="a b"'), 'a b');
  });
});
