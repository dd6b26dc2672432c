/**
 * Header allow-lists. The upstream request is built from named headers only, never by copying the
 * browser's: a browser's `X-API-Key`, `Authorization`, `Cookie`, `Host`, `X-Forwarded-*` and
 * hop-by-hop headers simply never make it across. The answer to the browser is likewise built
 * from named upstream headers, so `Set-Cookie` and anything that could echo the key are dropped.
 */

/**
 * Browser headers forwarded on writes (lower case); reads forward none (`handlers/forwarded.ts`).
 * `Idempotency-Key` (checked by `middleware/idempotency.ts` first) lets an upstream that honours
 * it refuse to process a write twice even when the proxy's own record of the key is lost.
 */
export const FORWARDED_REQUEST_HEADERS = ['accept-language', 'idempotency-key'] as const;

/** Scenario switches honoured by the bundled sandbox only (STYLE 17). */
export const SCENARIO_HEADERS = ['prefer'] as const;

/** Upstream headers repeated to the browser (lower case). */
export const FORWARDED_RESPONSE_HEADERS = ['deprecation', 'sunset', 'link', 'retry-after'] as const;

/** Copies the named headers from `from`, skipping empty values and values with control characters. */
export function pickHeaders(from: Headers, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = from.get(name);
    if (value && !/[\r\n\0]/.test(value) && value.length <= 1024) out[name] = value;
  }
  return out;
}
