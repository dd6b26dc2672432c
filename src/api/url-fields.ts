/**
 * The URL fields of the contract's request bodies and what each accepts: an absolute `http(s)`
 * URL (`web`), or that or a `storage://` URI from an upload-address call (`file`). Anything else
 * (`javascript:`, `data:`, relative paths) is refused: an organizer's dashboard or an e-mail that
 * turns such a value into a link would run or open whatever it holds.
 *
 * `schemas.ts` builds its URL fields from these checks (the sandbox validates with it), and the
 * proxy checks the same paths in JSON bodies before forwarding (`proxy/middleware/url-fields.ts`),
 * without loading zod. Browser-safe, no dependencies.
 */
import type { BodySchemaName } from './contract.js';

export type UrlKind = 'web' | 'file';

export const URL_MAX_LENGTH = 2048;

export const URL_MESSAGES: Record<UrlKind, string> = {
  web: 'Must be an http(s) URL.',
  // The wording the elements already translate (`src/core/server-messages.ts`).
  file: 'Must be an https URL or a storage:// URI.',
};

/**
 * Each URL field by its path in the body; `[]` marks every item of an array. A new URL field in
 * `schemas.ts` is added here too (`url-fields.node.test.ts` checks both refuse the same values).
 */
export const URL_FIELDS: Partial<Record<BodySchemaName, readonly { path: string; kind: UrlKind }[]>> = {
  abstractSubmission: [{ path: 'attachments[].url', kind: 'file' }],
  exhibitionSubmission: [
    { path: 'driveUrl', kind: 'web' },
    { path: 'payment.proofUrl', kind: 'file' },
  ],
  registrationCreate: [{ path: 'paymentProofUrl', kind: 'file' }],
};

/** No whitespace or control characters anywhere: URL parsers strip some of them silently. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses.
const PLAIN = /^[^\s\u0000-\u001f\u007f]+$/;

/** An absolute `http:`/`https:` URL with a host. */
export function isWebUrl(value: string): boolean {
  if (value.length > URL_MAX_LENGTH || !PLAIN.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A web URL, or a `storage://` URI as the upload-address calls return them. */
export function isFileRef(value: string): boolean {
  if (/^storage:\/\//i.test(value))
    return value.length <= URL_MAX_LENGTH && PLAIN.test(value) && value.length > 'storage://'.length;
  return isWebUrl(value);
}

export function acceptsUrl(kind: UrlKind, value: string): boolean {
  return kind === 'web' ? isWebUrl(value) : isFileRef(value);
}

/**
 * Field messages (dot paths, `attachments.0.url`) for URL fields of `body` that hold a string the
 * field does not accept. Fields that are absent or not strings are left to full validation.
 */
export function urlFieldProblems(schema: BodySchemaName, body: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { path, kind } of URL_FIELDS[schema] ?? []) {
    visit(body, path.split('.'), [], (value, at) => {
      if (typeof value === 'string' && !acceptsUrl(kind, value.trim())) problems[at.join('.')] = URL_MESSAGES[kind];
    });
  }
  return problems;
}

function visit(value: unknown, rest: string[], at: string[], found: (value: unknown, at: string[]) => void): void {
  if (rest.length === 0) return found(value, at);
  if (value === null || typeof value !== 'object') return;
  const [head, ...tail] = rest as [string, ...string[]];
  const list = head.endsWith('[]');
  const name = list ? head.slice(0, -2) : head;
  if (!Object.hasOwn(value, name)) return;
  const next = (value as Record<string, unknown>)[name];
  if (!list) return visit(next, tail, [...at, name], found);
  if (Array.isArray(next)) next.forEach((item, i) => visit(item, tail, [...at, name, String(i)], found));
}
