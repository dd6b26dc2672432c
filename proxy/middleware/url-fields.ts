/**
 * URL fields of JSON writes (`driveUrl`, proof and attachment URLs; the table is
 * `src/api/url-fields.ts`) must be absolute http(s) URLs, or `storage://` URIs where an upload
 * goes: a `javascript:` or `data:` value would run in whatever organizer dashboard links it, and
 * the upstream is not known to refuse it. 400 `validation_failed` naming the field, as the API's
 * own validation answers, with no upstream call. Only those paths are read; bodies that are not
 * JSON objects are left to the upstream, which answers them in its own words.
 */
import type { MiddlewareHandler } from 'hono';
import { URL_FIELDS, urlFieldProblems } from '../../src/api/url-fields.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';

const decoder = new TextDecoder();

export function urlFields(): MiddlewareHandler<ProxyEnv> {
  return async function urlFieldsMiddleware(c, next) {
    const schema = c.get('route').spec.body;
    // Multipart bodies (`bodyType` set) carry files, not URL fields.
    if (schema === null || !URL_FIELDS[schema] || c.get('bodyType') !== undefined) return next();
    let body: unknown;
    try {
      body = JSON.parse(decoder.decode(c.get('body')));
    } catch {
      return next();
    }
    const fields = urlFieldProblems(schema, body);
    const names = Object.keys(fields);
    if (names.length > 0) {
      const message =
        names.length === 1
          ? `The request is invalid: ${names[0]}: ${fields[names[0]!]}`
          : `The request is invalid in ${names.length} fields.`;
      throw new ProxyError('validation_failed', message, { details: { fields } });
    }
    await next();
  };
}
