/**
 * The sandbox's one error type. Handlers and middleware throw it; the app's single `onError`
 * turns it (and anything unexpected) into `{"error":{"code","message","details"?}}`.
 */
import { ERROR_CODES } from '../src/api/errors.js';

/**
 * The contract's codes plus the sandbox's own: those of its upload URLs, which are not part of the
 * v1 contract (a real platform serves uploads from its storage, with its own answers), and the
 * answer to a body that does not arrive in time (the spec says nothing about slow clients).
 */
export const SANDBOX_ERROR_CODES = {
  ...ERROR_CODES,
  request_timeout: 408,
  upload_signature_invalid: 403,
  upload_url_expired: 403,
} as const;
export type SandboxErrorCode = keyof typeof SANDBOX_ERROR_CODES;

export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  readonly status: number;
  constructor(
    readonly code: SandboxErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. `Retry-After` or `Allow`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = SANDBOX_ERROR_CODES[code];
  }
}

/** Field-level failure: `details.fields` maps dot paths to messages. */
export function fieldError(
  code: SandboxErrorCode,
  message: string,
  fields: Record<string, string>,
  extra: Record<string, unknown> = {},
): SandboxError {
  return new SandboxError(code, message, { ...extra, fields });
}

export function validationFailed(fields: Record<string, string>): SandboxError {
  const names = Object.keys(fields);
  const message =
    names.length === 1
      ? `The request is invalid: ${names[0]}: ${fields[names[0]!]}`
      : `The request is invalid in ${names.length} fields.`;
  return fieldError('validation_failed', message, fields);
}
