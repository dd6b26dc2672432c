/**
 * A request with its own connection (no agent, so no pooling or decoding by the client), whose
 * answer is decoded once, by the one coding its `Content-Encoding` names: a body compressed twice
 * on the way (a runtime or nginx compressing again) then fails to parse where a test reads it.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body with the one coding `Content-Encoding` names undone. */
  text: string;
}

export interface RawInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The local address to send from (e.g. another 127.0.0.x, as another client). */
  localAddress?: string;
}

export function raw(url: string, init: RawInit = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: false, localAddress: init.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const body = coding === 'br' ? brotliDecompressSync(wire) : coding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
