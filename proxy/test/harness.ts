/**
 * Test stack over real sockets: an upstream (the sandbox) behind a counting `node:http` layer,
 * the proxy on another port (by default through `nodeListener`, as the CLI serves it; or its fetch
 * handler under @hono/node-server; or the middleware chain alone, the fast lane's reference), and
 * a client that scans every answer (status line, headers, body) and every log line for the key.
 */
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import { fetchWithin } from '../../test/fetch-within.js';
import { createProxy, type Proxy, type ProxyOptions } from '../index.js';
import { nodeListener } from '../node.js';
import { upstreamApp, type UpstreamAppOptions } from './upstream-app.js';

export const KEY = 'demo-key-all';
export const KIOSK_TOKEN = 'kiosk-token-for-tests-0001';
export const ORIGIN = 'https://conf.example.org';

/** Every string the suite saw leave the proxy, for the key scan. */
const leaks: string[] = [];

export function scanForKey(where: string, text: string): void {
  if (text.includes(KEY)) leaks.push(`${where}: ${text.slice(0, 300)}`);
}

export function assertNoKeyLeaks(): void {
  assert.deepEqual(leaks, [], 'the API key appeared in a response or log line');
}

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function shut(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface CountingUpstream {
  url: string;
  /** Requests seen, by `METHOD /path` (no query). */
  counts: Map<string, number>;
  count(method: string, path: string): number;
  total(): number;
  /** Headers of the last request per `METHOD /path`. */
  lastHeaders: Map<string, IncomingHttpHeaders>;
  /** Body of the last POST per `METHOD /path` (JSON calls; uploads' PUTs are not kept). */
  lastBodies: Map<string, string>;
  /** Resolves once no request is in flight (an aborted storage PUT has been answered or dropped). */
  settled(): Promise<void>;
  /** Uploads the storage behind the upstream kept. */
  completedUploads(): number;
  /** Answers every request with the key it received echoed in body and headers, plus a cookie. */
  echo: boolean;
  kill(): Promise<void>;
  revive(): Promise<void>;
  close(): Promise<void>;
}

export async function startUpstream(opts: UpstreamAppOptions = {}): Promise<CountingUpstream> {
  const app = upstreamApp(opts);
  const counts = new Map<string, number>();
  const lastHeaders = new Map<string, IncomingHttpHeaders>();
  const lastBodies = new Map<string, string>();
  let inflight = 0;
  const idle: (() => void)[] = [];
  let port = 0;
  const state = { echo: false };
  const listener = getRequestListener(async (req: Request) => {
    const path = new URL(req.url).pathname;
    const id = `${req.method} ${path}`;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    if (req.method === 'POST') {
      const body = await req.text();
      lastBodies.set(id, body);
      req = new Request(req.url, { method: 'POST', headers: req.headers, body });
    }
    if (state.echo) {
      const key = req.headers.get('x-api-key') ?? '';
      return new Response(JSON.stringify({ data: { youSent: key, note: `key=${key}` } }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-echo-key': key, 'set-cookie': `session=${key}` },
      });
    }
    return app.fetch(req);
  });
  const make = () =>
    createServer((req, res) => {
      lastHeaders.set(`${req.method} ${(req.url ?? '').split('?')[0]}`, req.headers);
      inflight++;
      res.once('close', () => {
        if (--inflight === 0) for (const resolve of idle.splice(0)) resolve();
      });
      void listener(req, res);
    });
  let server = make();
  port = await listen(server);
  const upstream: CountingUpstream = {
    url: `http://127.0.0.1:${port}`,
    counts,
    count: (method, path) => counts.get(`${method} ${path}`) ?? 0,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    lastHeaders,
    lastBodies,
    settled: () => (inflight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    completedUploads: () => app.completedUploads(),
    get echo() {
      return state.echo;
    },
    set echo(v: boolean) {
      state.echo = v;
    },
    kill: () => shut(server),
    async revive() {
      server = make();
      await listen(server, port);
    },
    close: async () => {
      if (server.listening) await shut(server);
      app.close?.();
    },
  };
  return upstream;
}

export interface Stack {
  url: string;
  upstream: CountingUpstream;
  proxy: Proxy;
  logs: string[];
  /** Requests the Hono middleware chain answered (those the fast lane left to it). */
  chainCalls(): number;
  /** fetch through the proxy, scanning the answer; returns the response and its body text. */
  request(path: string, init?: RequestInit): Promise<{ res: Response; text: string; json: unknown }>;
  close(): Promise<void>;
}

export const API = '/api/public/v1';

export async function startStack(
  options: Partial<ProxyOptions> = {},
  upstreamOptions: UpstreamAppOptions = {},
  sharedUpstream?: CountingUpstream,
  /**
   * `node`: `nodeListener` (fast lane, then the handler); `fetch`: `proxy.fetch` under
   * @hono/node-server (fast lane, then the chain); `chain`: the middleware chain alone.
   */
  host: 'node' | 'fetch' | 'chain' = 'node',
): Promise<Stack> {
  const upstream = sharedUpstream ?? (await startUpstream(upstreamOptions));
  const logs: string[] = [];
  const proxy = createProxy({
    upstream: upstream.url,
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    kioskToken: KIOSK_TOKEN,
    bundlePath: null,
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    ...options,
    logger: (line) => {
      scanForKey('log', line);
      logs.push(line);
    },
  });
  let chainCalls = 0;
  const chain = proxy.app.fetch;
  proxy.app.fetch = (...args) => (chainCalls++, chain(...args));
  const listener =
    host === 'node'
      ? nodeListener(proxy)
      : getRequestListener(host === 'fetch' ? proxy.fetch : (request, env) => proxy.app.fetch(request, env));
  const server = createServer(listener);
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    upstream,
    proxy,
    logs,
    chainCalls: () => chainCalls,
    async request(path, init) {
      // A deadline for the whole answer: a stall fails the test naming the request (fetch-within.ts).
      const { res, text } = await fetchWithin(url + path, init);
      scanForKey(`${init?.method ?? 'GET'} ${path} headers`, JSON.stringify([...res.headers]));
      scanForKey(`${init?.method ?? 'GET'} ${path} body`, text);
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON (a 304, the bundle): callers use `text`.
      }
      return { res, text, json };
    },
    async close() {
      await shut(server);
      await proxy.close();
      if (!sharedUpstream) await upstream.close();
    },
  };
}

/**
 * A stack for the enclosing `describe`: started before its tests, closed after them, and the
 * key scan checked. Read the stack through the returned function once the tests run.
 */
export function useStack(options: Partial<ProxyOptions> = {}): () => Stack {
  let stack: Stack | undefined;
  before(async () => {
    stack = await startStack(options);
  });
  after(async () => {
    await stack?.close();
    assertNoKeyLeaks();
  });
  return () => stack!;
}

/** The error code of an API error body. */
export function codeOf(json: unknown): string | undefined {
  return (json as { error?: { code?: string } } | null)?.error?.code;
}

/** Sends exact request bytes over a raw socket (no client-side URL normalization); returns the answer. */
export async function rawRequest(
  baseUrl: string,
  requestLine: string,
  headers: string[] = [],
): Promise<{ status: number; text: string }> {
  const { connect } = await import('node:net');
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write([requestLine, `Host: ${hostname}:${port}`, 'Connection: close', ...headers, '', ''].join('\r\n'));
    });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      scanForKey(`raw ${requestLine}`, data);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), text: data });
    });
  });
}

/**
 * Streams `totalBytes` as a chunked body (no Content-Length) and stops as soon as the server
 * answers, which a proxy counting bytes does before the body ends.
 */
export async function streamBody(
  baseUrl: string,
  method: string,
  path: string,
  totalBytes: number,
  headers: Record<string, string>,
  /** The body's first bytes (a file's magic number); the rest is `a`s. */
  prefix: Uint8Array = new Uint8Array(0),
): Promise<{ status: number; text: string; sent: number; error?: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(
      baseUrl + path,
      { method, agent: false, headers: { ...headers, 'transfer-encoding': 'chunked' } },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          scanForKey(`stream ${path}`, text + JSON.stringify(res.headers));
          resolve({ status: res.statusCode ?? 0, text, sent });
        });
      },
    );
    // A server that stops reading may close before its answer is parsed: report, don't throw.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) resolve({ status: 0, text: '', sent, error: error.code ?? error.message });
    });
    void reject;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    if (prefix.byteLength > 0) {
      req.write(prefix);
      sent += prefix.byteLength;
    }
    const pump = () => {
      while (!answered && sent < totalBytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** An answer as node:http receives it: nothing decoded, so the bytes on the wire can be checked. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request over its own connection with node:http, which decodes nothing: the bytes as sent. */
export function wireRequest(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A GET (or HEAD) over its own connection, the body left as sent. */
export function wireGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<WireAnswer> {
  return wireRequest(url, method, headers);
}
