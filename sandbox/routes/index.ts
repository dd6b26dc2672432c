/**
 * One handler per contract endpoint (the `Handlers` type fails to compile when the table gains an
 * endpoint without a handler), and the dispatcher that wraps results per the endpoint's kind.
 */
import type { Context } from 'hono';
import type { SandboxEnv } from '../env.js';
import { answerOf, etagMatches, READ_DEPENDENCIES, type ReadAnswer, type ReadCache } from '../read-cache.js';
import type { Conference, Store } from '../store/index.js';
import { abstractHandlers } from './abstracts.js';
import { checkinHandlers } from './checkins.js';
import { exhibitionHandlers } from './exhibition.js';
import { generalHandlers } from './general.js';
import { registrationHandlers } from './registration.js';
import { scheduleHandlers } from './schedule.js';
import type { ApiContext, Handlers } from './types.js';
import { workshopHandlers } from './workshops.js';

export const HANDLERS: Handlers = {
  ...generalHandlers,
  ...scheduleHandlers,
  ...workshopHandlers,
  ...checkinHandlers,
  ...abstractHandlers,
  ...exhibitionHandlers,
  ...registrationHandlers,
};

export interface DispatchOptions {
  store: Store;
  uploadSecret: string;
  /** Kept read answers; `null` builds every read from the database. */
  readCache: ReadCache | null;
}

export function dispatch({ store, uploadSecret, readCache }: DispatchOptions) {
  function run(c: Context<SandboxEnv>, conference: Conference, header: (name: string, value: string) => void): unknown {
    const ctx: ApiContext<unknown> = {
      store,
      conference,
      key: c.get('key'),
      body: c.get('body'),
      files: c.get('files'),
      query: c.get('query'),
      params: c.get('endpoint').params,
      base: c.get('base'),
      uploadSecret,
      header,
    };
    // The handler's body type is checked per endpoint in its group; here it is one of them.
    return (HANDLERS[c.get('endpoint').id] as (ctx: ApiContext<unknown>) => unknown)(ctx);
  }

  /** A GET: serialized once with its ETag, from the cache when the endpoint's answers are kept. */
  function read(c: Context<SandboxEnv>): ReadAnswer {
    const { id, spec } = c.get('endpoint');
    const build = (conference: Conference): ReadAnswer => {
      const headers: Record<string, string> = {};
      const result = run(c, conference, (name, value) => void (headers[name.toLowerCase()] = value));
      if (spec.deprecated) headers.deprecation = 'true';
      return answerOf(200, spec.result === 'list' ? result : { data: result }, headers);
    };
    const dependsOn = READ_DEPENDENCIES[id as keyof typeof READ_DEPENDENCIES];
    const conference = c.get('conference');
    const query = c.get('query');
    const counters = c.get('counters');
    if (!readCache || !dependsOn || !counters) return build(conference);
    const key = `${conference.id}\n${id}\n${c.get('apiPath')}\n${query.limit}\n${query.offset}\n${[...query.include].sort().join(',')}`;
    // Built from the conference as it is inside the cache's read transaction, so a change committed
    // since the checks (another process on the same file) cannot be kept under newer counters.
    return readCache.answer(key, dependsOn, counters, () => build(store.conferences.get(conference.id) ?? conference));
  }

  return function handleEndpoint(c: Context<SandboxEnv>): Response {
    const { spec } = c.get('endpoint');
    if (spec.method === 'GET') return sendRead(c.req.method, c.req.header('if-none-match'), read(c));
    const result = run(c, c.get('conference'), (name, value) => c.header(name, value));
    if (spec.deprecated) c.header('Deprecation', 'true');
    switch (spec.result) {
      case 'list':
        return c.json(result as object, 200);
      case 'record':
        return c.json({ data: result }, 200);
      case 'created':
        return c.json({ data: result }, 201);
    }
  };
}

/** 304 when `If-None-Match` names the answer's ETag; HEAD gets the headers alone. */
function sendRead(method: string, ifNoneMatch: string | undefined, answer: ReadAnswer): Response {
  const headers: Record<string, string> = { ...answer.headers, etag: answer.etag };
  if (etagMatches(ifNoneMatch, answer.etag)) return new Response(null, { status: 304, headers });
  headers['content-type'] = 'application/json';
  headers['content-length'] = String(answer.body.length);
  // A Buffer is a Uint8Array over an ArrayBuffer; its type says ArrayBufferLike, which BodyInit refuses.
  return new Response(method === 'HEAD' ? null : (answer.body as Uint8Array<ArrayBuffer>), {
    status: answer.status,
    headers,
  });
}
