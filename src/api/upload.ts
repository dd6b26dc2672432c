/**
 * Uploads a payment-proof file through the proxy's `PUT /uploads/<kind>` and returns the
 * `storage://` URI to put in a submission. The proxy asks the upstream for the signed address
 * and streams the file there, so the signed address never reaches the browser.
 *
 * XMLHttpRequest rather than fetch: fetch reports no upload progress, and a form must show it.
 * Loaded by the upload controller when a file is sent; the checks before that are `proof-file.ts`.
 */
import type { UploadKind } from './contract.js';
import { ApiError, toApiError } from './errors.js';

/** `write-challenge.ts`'s header, repeated so that module loads only when an upload starts. */
const CHALLENGE_HEADER = 'X-Conf-Challenge';

export type { UploadKind } from './contract.js';

export interface UploadOptions {
  /** Called with a fraction between 0 and 1 as bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Extra query parameters, e.g. `workshopRegistrationId` for workshop proofs. */
  query?: Record<string, string>;
}

export function uploadUrl(
  endpoint: string,
  kind: UploadKind,
  filename: string,
  query: Record<string, string> = {},
): string {
  const base = endpoint.replace(/\/+$/, '');
  const params = new URLSearchParams({ filename, ...query });
  return `${base}/uploads/${kind}?${params.toString()}`;
}

export async function uploadFile(
  endpoint: string,
  kind: UploadKind,
  file: File,
  options: UploadOptions = {},
): Promise<string> {
  // The proxy's proof-of-work, when it asks for one (see `write-challenge.ts`, fetched with the
  // first upload or form input: no first paint needs it).
  const { writeChallenge, CHALLENGE_REQUIRED } = await import('./write-challenge.js');
  const challenge = writeChallenge(endpoint);
  const proof = await challenge.take();
  try {
    return await put(endpoint, kind, file, options, proof);
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 428 && e.code === CHALLENGE_REQUIRED)) throw e;
    const fresh = await challenge.renew();
    if (!fresh) throw e;
    return put(endpoint, kind, file, options, fresh);
  }
}

function put(
  endpoint: string,
  kind: UploadKind,
  file: File,
  { onProgress, signal, query }: UploadOptions,
  proof: string | null,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadUrl(endpoint, kind, file.name, query));
    xhr.setRequestHeader('Content-Type', file.type);
    if (proof) xhr.setRequestHeader(CHALLENGE_HEADER, proof);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        const uri = (body as { data?: { uri?: unknown } } | null)?.data?.uri;
        if (typeof uri === 'string' && uri.startsWith('storage://')) {
          onProgress?.(1);
          resolve(uri);
        } else {
          reject(new ApiError(502, 'bad_gateway', 'The upload answer carried no storage URI.'));
        }
      } else {
        reject(toApiError(xhr.status, body));
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'network_error', 'The upload could not reach the server. Check the connection and try again.'),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
