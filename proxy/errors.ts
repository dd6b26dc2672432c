/**
 * The proxy's one error type and the one place that turns any failure into the API's error shape.
 *
 * Expected failures throw {@link ProxyError}; anything else becomes a generic 500 whose message
 * says nothing about internals (an unexpected exception's text may hold an upstream URL or worse).
 */
import type { Context } from 'hono';
import { ERROR_CODES, errorBody, type ErrorCode } from '../src/api/errors.js';

export class ProxyError extends Error {
  override readonly name = 'ProxyError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: unknown; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = ERROR_CODES[code];
  }
}

/** A JSON error answer in the API's shape. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  details?: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(errorBody(code, message, details)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** The answer to a failure: a {@link ProxyError} as it says, anything else a generic 500. */
export function errorAnswer(error: unknown): Response {
  if (error instanceof ProxyError) {
    return errorResponse(error.status, error.code, error.message, error.options.details, error.options.headers);
  }
  return errorResponse(500, 'internal_error', 'The proxy failed to handle this request.');
}

/** Hono `onError`: every failure leaves the proxy in the error shape. */
export function onError(report: (error: unknown, c: Context) => void) {
  return function proxyOnError(error: unknown, c: Context): Response {
    if (!(error instanceof ProxyError)) report(error, c);
    return errorAnswer(error);
  };
}

export function notFound(): Response {
  return errorResponse(404, 'not_found', 'No such endpoint on this proxy.');
}
