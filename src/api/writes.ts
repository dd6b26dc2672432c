/**
 * The forms' writes through an {@link ApiClient}: `post`, with the idempotency key, a deadline,
 * and the proxy's optional proof-of-work. Only the form elements import this module, so a page
 * that only reads never downloads it.
 */
import {
  NETWORK_ERROR,
  readData,
  WRITE_TIMEOUT_MS,
  type ApiClient,
  type BodyFor,
  type PostId,
  type ResultMap,
} from './client.js';
import { ENDPOINTS } from './contract.js';
import { ApiError } from './errors.js';

/**
 * The proxy's optional proof-of-work on public writes (`X-Conf-Challenge`). The forms install it
 * (`write-challenge.ts`, through `ConfFormElement`), so pages that only read do not carry it.
 */
export interface WriteProof {
  /** The header value for one write to the proxy at `endpoint`, or null. */
  take(endpoint: string): Promise<string | null>;
  /** A fresh one after the proxy refused a write (428 `challenge_required`), or null. */
  renew(endpoint: string): Promise<string | null>;
}

let writeProof: WriteProof | null = null;

export function useWriteProof(proof: WriteProof): void {
  writeProof = proof;
}

const CHALLENGE_HEADER = 'X-Conf-Challenge';
const CHALLENGE_REQUIRED = 'challenge_required';

export interface PostOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  params?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * A write. The idempotency key lets the proxy answer a repeated submission with the first
 * outcome instead of creating a second record. A write that gets no answer within `timeoutMs`
 * fails as a network error (status 0): repeating it with the same key is safe, where waiting
 * on a stalled connection would leave the person on "Sending…" for good.
 */
export async function post<I extends PostId>(
  client: ApiClient,
  id: I,
  /** JSON, or a `FormData` where the contract names file parts (the browser writes its boundary). */
  body: BodyFor<I> | FormData,
  options: PostOptions = {},
): Promise<ResultMap[I]> {
  const form = body instanceof FormData;
  const headers: Record<string, string> = form ? {} : { 'content-type': 'application/json' };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  // The proxy's proof-of-work, when it asks for one: usually solved while the form was filled.
  // Kiosk check-ins never need one.
  const proofs = ENDPOINTS[id].audience === 'public' ? writeProof : null;
  if (!proofs) return write(client, id, body, headers, options);
  const proof = await proofs.take(client.endpoint);
  if (proof) headers[CHALLENGE_HEADER] = proof;
  try {
    return await write(client, id, body, headers, options);
  } catch (e) {
    // Refused before anything was forwarded (none ready, expired, or spent by a retry): once more with a fresh one.
    if (!(e instanceof ApiError && e.status === 428 && e.code === CHALLENGE_REQUIRED)) throw e;
    const fresh = await proofs.renew(client.endpoint);
    if (!fresh) throw e;
    return write(client, id, body, { ...headers, [CHALLENGE_HEADER]: fresh }, options);
  }
}

async function write<I extends PostId>(
  client: ApiClient,
  id: I,
  body: BodyFor<I> | FormData,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<ResultMap[I]> {
  const form = body instanceof FormData;
  const timeoutMs = options.timeoutMs ?? WRITE_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const forward = () => deadline.abort();
  options.signal?.addEventListener('abort', forward, { once: true });
  try {
    const a = await client.request(id, {
      params: options.params,
      signal: deadline.signal,
      method: 'POST',
      headers,
      body: form ? body : JSON.stringify(body),
    });
    return readData<ResultMap[I]>(a.body, client.url(id, options.params));
  } catch (e) {
    if (deadline.signal.aborted && !options.signal?.aborted) {
      const origin = new URL(client.url(id, options.params)).origin;
      throw new ApiError(
        0,
        NETWORK_ERROR,
        `The conference proxy at ${origin} did not answer within ${Math.round(timeoutMs / 1000)} s.`,
      );
    }
    throw e;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
}
