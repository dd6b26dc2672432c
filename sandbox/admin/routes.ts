/**
 * Token-protected admin routes for tests, stories and demos (`Authorization: Bearer <token>`),
 * mounted at `/__admin` only when an admin token is configured. Same operations as the CLI.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { SandboxError } from '../errors.js';
import { MAX_JSON_BYTES } from '../middleware/request.js';
import { BODY_TIMEOUT_MS, readJson } from '../read-body.js';
import type { Store } from '../store/index.js';
import { parseBody } from '../validation.js';
import { Admin, describeConference } from './operations.js';

const sha = (s: string) => createHash('sha256').update(s).digest();

function adminToken(token: string): MiddlewareHandler {
  if (token.length < 8) throw new Error('The admin token must have at least 8 characters.');
  const want = sha(token);
  return async function requireAdminToken(c, next) {
    const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!m || !timingSafeEqual(sha(m[1]!), want)) {
      throw new SandboxError('unauthorized', 'Admin routes need Authorization: Bearer <admin token>.');
    }
    await next();
  };
}

async function json<S extends z.ZodMiniType>(c: Context, schema: S, timeoutMs: number): Promise<z.output<S>> {
  return parseBody(schema, await readJson(c.req.raw, { maxBytes: MAX_JSON_BYTES, timeoutMs }));
}

const instantOrNull = z.nullable(z.string());
const keyCreate = z.object({
  conferenceId: z.optional(z.string()),
  scopes: z.array(z.string()),
  label: z.optional(z.string().check(z.maxLength(100))),
  expiresAt: z.optional(instantOrNull),
});
const keyRevoke = z.object({
  conferenceId: z.optional(z.string()),
  label: z.optional(z.string()),
  prefix: z.optional(z.string()),
  id: z.optional(z.string()),
});
const conferencePatch = z.object({
  registrationOpen: z.optional(z.boolean()),
  openPhase: z.optional(z.boolean()),
  status: z.optional(z.string()),
  planEndsAt: z.optional(z.string()),
  modules: z.optional(z.record(z.string(), z.boolean())),
  exhibition: z.optional(
    z.object({
      opensAt: z.optional(instantOrNull),
      closesAt: z.optional(instantOrNull),
      fee: z.optional(
        z.nullable(
          z.object({ amount: z.number().check(z.int(), z.minimum(0)), currency: z.string().check(z.length(3)) }),
        ),
      ),
      requiresRegistration: z.optional(z.boolean()),
    }),
  ),
});
const capacityPatch = z.object({ capacity: z.number() });

export function adminRoutes({
  store,
  token,
  bodyTimeoutMs = BODY_TIMEOUT_MS,
}: {
  store: Store;
  token: string;
  bodyTimeoutMs?: number;
}): Hono {
  const admin = new Admin(store);
  const app = new Hono();
  app.use('*', adminToken(token));

  app.get('/conferences', (c) => c.json({ data: admin.conferences().map(describeConference) }));

  app.post('/keys', async (c) => {
    const body = await json(c, keyCreate, bodyTimeoutMs);
    return c.json({ data: admin.createKey(body) }, 201);
  });

  app.post('/keys/revoke', async (c) => c.json({ data: admin.revokeKey(await json(c, keyRevoke, bodyTimeoutMs)) }));

  app.patch('/conferences/:id', async (c) => {
    const id = c.req.param('id');
    const body = await json(c, conferencePatch, bodyTimeoutMs);
    admin.conference(id);
    // Validate everything before the first write, so a bad field changes nothing.
    store.db.transaction(() => {
      if (body.status !== undefined) admin.setStatus(id, body.status);
      if (body.planEndsAt !== undefined) admin.setPlanEndsAt(id, body.planEndsAt);
      if (body.registrationOpen !== undefined) admin.setRegistrationOpen(id, body.registrationOpen);
      if (body.openPhase !== undefined) admin.setOpenPhase(id, body.openPhase);
      for (const [module, enabled] of Object.entries(body.modules ?? {})) admin.setModule(id, module, enabled);
      if (body.exhibition) admin.setExhibition(id, body.exhibition);
    })();
    return c.json({ data: describeConference(admin.conference(id)) });
  });

  app.patch('/conferences/:id/workshops/:workshopId', async (c) => {
    const body = await json(c, capacityPatch, bodyTimeoutMs);
    return c.json({ data: admin.setWorkshopCapacity(c.req.param('id'), c.req.param('workshopId'), body.capacity) });
  });

  app.get('/registrations', (c) =>
    c.json({ data: admin.registrations(c.req.query('conference'), c.req.query('email')) }),
  );
  app.get('/workshop-registrations', (c) =>
    c.json({ data: admin.workshopRegistrations(c.req.query('conference'), c.req.query('workshop') ?? '') }),
  );
  app.get('/abstract-submissions', (c) =>
    c.json({ data: admin.abstractSubmissions(c.req.query('conference'), c.req.query('registration')) }),
  );
  app.get('/checkins', (c) => c.json({ data: admin.checkins(c.req.query('conference'), c.req.query('badge')) }));
  return app;
}
