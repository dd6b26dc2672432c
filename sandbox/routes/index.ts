/**
 * One handler per contract endpoint (the `Handlers` type fails to compile when the table gains an
 * endpoint without a handler), and the dispatcher that wraps results per the endpoint's kind.
 */
import type { Context } from 'hono';
import type { SandboxEnv } from '../env.js';
import type { Store } from '../store/index.js';
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

export function dispatch({ store, uploadSecret }: { store: Store; uploadSecret: string }) {
  return function handleEndpoint(c: Context<SandboxEnv>): Response {
    const { id, spec, params } = c.var.endpoint;
    const ctx: ApiContext<unknown> = {
      store,
      conference: c.var.conference,
      key: c.var.key,
      body: c.var.body,
      files: c.var.files,
      query: c.var.query,
      params,
      base: c.var.base,
      uploadSecret,
      header: (name, value) => c.header(name, value),
    };
    // The handler's body type is checked per endpoint in its group; here it is one of them.
    const result = (HANDLERS[id] as (ctx: ApiContext<unknown>) => unknown)(ctx);
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
