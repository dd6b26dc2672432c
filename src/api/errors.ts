/**
 * The API's error shape (API-v1.md section 7) and the stable codes the sandbox and the proxy use.
 *
 * `{"error": {"code": "...", "message": "...", "details"?: ...}}`. The spec names only
 * `unauthorized`; every other code is a gap decision, documented in the sandbox README. Clients
 * must show the server's `message` and must not depend on codes beyond the ones the spec fixes.
 */

export const ERROR_CODES = {
  // 400
  invalid_json: 400,
  invalid_query: 400,
  validation_failed: 400,
  /** A zero-byte upload (proxy and sandbox refuse it: an empty proof proves nothing). */
  empty_upload: 400,
  // 401
  unauthorized: 401,
  invalid_api_key: 401,
  api_key_revoked: 401,
  api_key_expired: 401,
  kiosk_token_required: 401,
  // 403
  conference_inactive: 403,
  plan_ended: 403,
  module_disabled: 403,
  insufficient_scope: 403,
  origin_not_allowed: 403,
  // 404, 405
  not_found: 404,
  method_not_allowed: 405,
  /** A request body that stalled or crawled (the proxy drops it rather than hold it open). */
  request_timeout: 408,
  // 409
  already_checked_in: 409,
  already_recorded: 409,
  already_enrolled: 409,
  /** A request with the same Idempotency-Key is still being processed (retry after a moment). */
  idempotency_in_progress: 409,
  // 413, 415
  payload_too_large: 413,
  unsupported_media_type: 415,
  // 422: the request is well formed but the conference's rules refuse it
  registration_closed: 422,
  pricing_closed: 422,
  exhibition_not_open: 422,
  exhibition_closed: 422,
  registration_required: 422,
  payment_required: 422,
  unknown_reference: 422,
  invalid_upload: 422,
  idempotency_key_reused: 422,
  // 428: the proxy's optional proof-of-work challenge (missing, wrong, expired or already used)
  challenge_required: 428,
  // 429, 5xx
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  /** A write whose answer was lost: it may have been recorded (the proxy's idempotency). */
  outcome_unknown: 502,
  service_unavailable: 503,
  gateway_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Field-level problems: dot paths (`presenter.email`, `customFields.dietary`) to messages. */
export interface ValidationDetails {
  fields: Record<string, string>;
}

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: unknown;
  };
}

/** An error answer of the API, as a client sees it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** Field messages from `details.fields`, when the server sent them. */
  get fieldErrors(): Record<string, string> {
    const d = this.details as { fields?: unknown } | undefined;
    if (d && typeof d.fields === 'object' && d.fields !== null) {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(d.fields)) if (typeof v === 'string') out[k] = v;
      return out;
    }
    return {};
  }
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

/** Reads an error body tolerantly; anything unexpected becomes a generic error for the status. */
export function toApiError(status: number, body: unknown): ApiError {
  const e = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if (e && typeof e.code === 'string' && typeof e.message === 'string') {
    return new ApiError(status, e.code, e.message, e.details);
  }
  return new ApiError(status, 'http_' + status, `The server answered ${status}.`);
}
