/**
 * Shared helpers for the sandbox's tests: start a sandbox on port 0 over ':memory:' with the
 * fixture, call it over real HTTP with a key, and assert the error shape.
 */
import assert from 'node:assert/strict';
import { API_PREFIX, buildPath, ENDPOINTS, type EndpointId, type EndpointSpec } from '../../src/api/contract.js';
import { fetchWithin } from '../../test/fetch-within.js';
import { startSandbox, type SandboxOptions, type StartedSandbox } from '../index.js';
import { fixtureConferences, FX } from './fixture.js';

export { FX };
export const ADMIN_TOKEN = 'test-admin-token';
/** A summer date, so offsets are +02:00 in Europe/Berlin. */
export const STARTS_ON = '2030-06-10';

export interface Call {
  key?: string | null;
  body?: unknown;
  /** Sent as-is instead of JSON. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestSandbox extends StartedSandbox {
  /** Full URL of an API path, e.g. `api('/health')`. */
  api(path: string): string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  call<T = any>(method: string, path: string, call?: Call): Promise<Answer<T>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  admin<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
}

/** A clock tests can move forward. */
export function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };
}

/** Calls with a deadline for the whole answer (`fetch-within.ts`): a stall fails the test naming the request. */
async function read(url: string, init: RequestInit): Promise<Answer> {
  const { res, text } = await fetchWithin(url, init);
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body };
}

export async function start(opts: SandboxOptions = {}): Promise<TestSandbox> {
  const started = await startSandbox({
    db: ':memory:',
    seedData: fixtureConferences,
    startsOn: STARTS_ON,
    adminToken: ADMIN_TOKEN,
    port: 0,
    ...opts,
  });
  const api = (path: string) => `${started.url}${API_PREFIX}${path}`;
  return {
    ...started,
    api,
    async call(method, path, call = {}) {
      const headers: Record<string, string> = { ...call.headers };
      const key = call.key === undefined ? FX.keys.all : call.key;
      if (key !== null) headers['x-api-key'] ??= key;
      let body: BodyInit | undefined = call.raw;
      if (call.body !== undefined) {
        body = JSON.stringify(call.body);
        headers['content-type'] ??= 'application/json';
      }
      return read(api(path), { method, headers, body }) as Promise<Answer<never>>;
    },
    async admin(method, path, body) {
      const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      return read(`${started.url}/__admin${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }) as Promise<Answer<never>>;
    },
  };
}

export interface ErrorShape {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * Asserts status, JSON content type and exactly `{error:{code,message,details?}}`; returns `error`.
 * `where` names the request in a failure, for tests that loop over endpoints.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- details differ per code
export function assertError(answer: Answer, status: number, code: string, where = ''): ErrorShape & { details: any } {
  const at = where ? `${where}: ` : '';
  assert.equal(
    answer.status,
    status,
    `${at}expected ${status} ${code}, got ${answer.status}: ${JSON.stringify(answer.body)}`,
  );
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/, where);
  const body = answer.body as { error?: ErrorShape };
  assert.deepEqual(Object.keys(body), ['error'], where);
  const error = body.error!;
  assert.equal(error.code, code, where);
  assert.equal(typeof error.message, 'string');
  assert.ok(error.message.length > 0);
  for (const k of Object.keys(error)) assert.ok(['code', 'message', 'details'].includes(k), `unexpected member ${k}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  return error as ErrorShape & { details: any };
}

/** Asserts a validation-style error whose `details.fields` has exactly these keys. */
export function assertFields(
  answer: Answer,
  status: number,
  code: string,
  fields: string[],
  where = '',
): Record<string, string> {
  const error = assertError(answer, status, code, where);
  const got = (error.details as { fields?: Record<string, string> })?.fields ?? {};
  assert.deepEqual(Object.keys(got).sort(), [...fields].sort(), `${where} ${JSON.stringify(got)}`);
  for (const m of Object.values(got)) assert.ok(typeof m === 'string' && m.length > 0);
  return got;
}

/** An endpoint of the contract with a path the fixture answers (path parameters filled in). */
export interface ContractEndpoint {
  id: EndpointId;
  spec: EndpointSpec;
  path: string;
}

/** Every endpoint of the contract, for tests that must hold for each (a new one is included). */
export const CONTRACT: readonly ContractEndpoint[] = (Object.entries(ENDPOINTS) as [EndpointId, EndpointSpec][]).map(
  ([id, spec]) => ({ id, spec, path: buildPath(spec.path, { abstractId: FX.acceptedAbstract }) }),
);

/** Calls an endpoint with its own method; a POST sends `{}` unless `call` has a body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as TestSandbox.call
export function callEndpoint(s: TestSandbox, e: ContractEndpoint, call: Call = {}): Promise<Answer<any>> {
  return s.call(
    e.spec.method,
    e.path,
    e.spec.method === 'POST' && call.raw === undefined ? { body: {}, ...call } : call,
  );
}
