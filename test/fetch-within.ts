/**
 * `fetch` for tests, with a deadline for the whole answer (headers and body). Without one, a
 * request the server never answers waits for undici's own timeouts, 300 s for the headers and 300 s
 * between body chunks, and holds the whole suite for five minutes before anyone hears of it.
 */

/**
 * Far beyond what a loaded machine needs (the last of 300 check-ins sent at once is answered
 * within 10 s at a load average of 19 on two cores), far short of undici's 300 s.
 */
export const CALL_TIMEOUT_MS = 60_000;

export interface Fetched {
  res: Response;
  /** The body, read whole within the same deadline. */
  text: string;
}

/** A stalled request fails with its method, URL and the deadline named. */
export async function fetchWithin(url: string, init: RequestInit = {}, ms = CALL_TIMEOUT_MS): Promise<Fetched> {
  const deadline = AbortSignal.timeout(ms);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
  try {
    const res = await fetch(url, { ...init, signal });
    return { res, text: await res.text() };
  } catch (error) {
    if (deadline.aborted && !init.signal?.aborted) {
      throw new Error(
        `${init.method ?? 'GET'} ${url}: no answer within ${ms / 1000} s (the server neither answered nor closed the connection)`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
