/**
 * Request body and query checks for the resolved endpoint (a multipart body where the contract
 * names file parts, see `multipart.ts`), in this order: media type and
 * charset (415), size (413, counted while reading), deadline (408), UTF-8 and JSON syntax
 * (400 `invalid_json`), the contract's schema (400 `validation_failed` with field details); then
 * the query (400 `invalid_query`).
 */
import type { MiddlewareHandler } from 'hono';
import { PAGING_DEFAULT_LIMIT, PAGING_MAX_LIMIT } from '../../src/api/contract.js';
import { BODY_SCHEMAS } from '../../src/api/schemas.js';
import type { QueryValues, SandboxEnv } from '../env.js';
import { SandboxError } from '../errors.js';
import { readMultipart } from '../multipart.js';
import { BODY_TIMEOUT_MS, mediaType, readJson, type BodyLimits } from '../read-body.js';
import { parseBody } from '../validation.js';

export const MAX_JSON_BYTES = 64 * 1024;

export function jsonBody({
  maxBytes = MAX_JSON_BYTES,
  timeoutMs = BODY_TIMEOUT_MS,
}: Partial<BodyLimits> = {}): MiddlewareHandler<SandboxEnv> {
  return async function parseJsonBody(c, next) {
    const { body: schemaName, files } = c.get('endpoint').spec;
    c.set('files', []);
    if (schemaName) {
      let parsed: unknown;
      if (files && mediaType(c.req.header('content-type')) === 'multipart/form-data') {
        const form = await readMultipart(c.req.raw, files, { timeoutMs });
        parsed = form.fields;
        c.set('files', form.files);
      } else {
        parsed = await readJson(c.req.raw, { maxBytes, timeoutMs });
      }
      c.set('body', parseBody(BODY_SCHEMAS[schemaName], parsed));
    }
    await next();
  };
}

const INCLUDES = new Set(['authors']);

/** The largest `offset` taken (nine digits: exact as a number, and far past any list). */
export const MAX_OFFSET = 999_999_999;

/** A paging value: the parameter once, a whole number; with `max`, from 1 to `max`. */
function count(params: URLSearchParams, name: string, max?: number): number {
  const all = params.getAll(name);
  if (all.length > 1) {
    // Which of two values wins differs between servers; refuse instead of guessing.
    throw new SandboxError('invalid_query', `${name} is given ${all.length} times; give it once.`, {
      fields: { [name]: 'Give it once.' },
    });
  }
  const raw = all[0]!;
  // Digits only (no sign, exponent, hex or point), any count (leading zeros too); the message
  // names the real range, and a value past it is refused, not clamped.
  const range = max === undefined ? `from 0 to ${MAX_OFFSET}` : `from 1 to ${max}`;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= (max === undefined ? 0 : 1) && n <= (max ?? MAX_OFFSET))) {
    throw new SandboxError('invalid_query', `${name} must be a whole number ${range}.`, {
      fields: { [name]: `Must be a whole number ${range}.` },
    });
  }
  return n;
}

/** Only the parameters the contract lists for the endpoint are read; others are ignored. */
export function query(): MiddlewareHandler<SandboxEnv> {
  return async function parseQuery(c, next) {
    const accepted = c.get('endpoint').spec.query;
    const params = new URL(c.req.url).searchParams;
    const values: QueryValues = { limit: PAGING_DEFAULT_LIMIT, offset: 0, include: new Set() };
    if (accepted.includes('limit') && params.has('limit')) values.limit = count(params, 'limit', PAGING_MAX_LIMIT);
    if (accepted.includes('offset') && params.has('offset')) values.offset = count(params, 'offset');
    if (accepted.includes('include')) {
      const wanted = params
        .getAll('include')
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
      const unknown = wanted.filter((v) => !INCLUDES.has(v));
      if (unknown.length > 0) {
        throw new SandboxError('invalid_query', `include accepts only: ${[...INCLUDES].join(', ')}.`, {
          fields: { include: `Unknown value(s): ${unknown.join(', ')}.` },
        });
      }
      values.include = new Set(wanted);
    }
    c.set('query', values);
    await next();
  };
}
