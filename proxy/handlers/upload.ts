/**
 * `PUT /uploads/<kind>?filename=NAME`: the browser sends the file; the proxy asks the upstream
 * for a signed address, streams the file there itself and answers only the `storage://` URI.
 * The signed address never reaches the browser, the key never reaches the storage host, and the
 * file is never held whole in memory: it is counted as it streams and cut off past the cap. Its
 * first bytes are read before the address is asked for: an empty file, or one whose magic number
 * is not of the declared type, is refused there and nothing is stored.
 */
import type { Handler } from 'hono';
import { ENDPOINTS, UPLOAD_CONTENT_TYPES, UPLOAD_KINDS, type UploadKind } from '../../src/api/contract.js';
import type { ProxyEnv } from '../env.js';
import { ProxyError } from '../errors.js';
import { bodyFailure, requestBody } from '../middleware/body-guard.js';
import { mediaType, refuseEncodedBody, tooLarge } from '../middleware/json-body.js';
import type { Scrubber } from '../secrets.js';
import type { UpstreamClient } from '../upstream/client.js';
import { SCENARIO_HEADERS, pickHeaders } from '../upstream/headers.js';
import type { UpstreamFetch, UpstreamResponse } from '../upstream/transport.js';
import { fromAnswer } from './answer.js';
import { peekBody, refuseUnlikeBody } from './upload-head.js';

// The upload kinds (`/uploads/<kind>`) and the upload-address endpoint behind each come from the
// contract's UPLOAD_KINDS, so a kind the elements upload to is a route here by construction.

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Headers a signed address may ask for; anything else it lists is ignored. */
const SIGNED_HEADER =
  /^(content-type|content-md5|x-amz-[a-z0-9-]+|x-goog-[a-z0-9-]+|x-ms-[a-z0-9-]+|x-upload-[a-z0-9-]+)$/;

interface Address {
  uploadUrl: string;
  storageUri: string;
  headers: Record<string, string>;
  maxBytes: number | null;
}

function readAddress(body: string): Address | null {
  try {
    const data = (JSON.parse(body) as { data?: Record<string, unknown> }).data;
    if (!data || typeof data.uploadUrl !== 'string' || typeof data.storageUri !== 'string') return null;
    const url = new URL(data.uploadUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!data.storageUri.startsWith('storage://')) return null;
    const headers: Record<string, string> = {};
    if (data.headers && typeof data.headers === 'object') {
      for (const [name, value] of Object.entries(data.headers as Record<string, unknown>)) {
        const lower = name.toLowerCase();
        if (typeof value === 'string' && SIGNED_HEADER.test(lower) && !/[\r\n]/.test(value)) headers[lower] = value;
      }
    }
    const maxBytes = typeof data.maxBytes === 'number' && data.maxBytes > 0 ? data.maxBytes : null;
    return { uploadUrl: url.href, storageUri: data.storageUri, headers, maxBytes };
  } catch {
    return null;
  }
}

export function uploadHandler({
  upstream,
  transport,
  scrubber,
  maxBytes,
  timeoutMs,
  forwardScenarioHeaders = false,
}: {
  upstream: UpstreamClient;
  transport: () => Promise<UpstreamFetch>;
  scrubber: Scrubber;
  maxBytes: number;
  timeoutMs: number;
  /**
   * Pass `Prefer` to the upload-address call (sandbox only), so a test can force an outage there.
   * Never to the storage PUT: a signed address must not be sent headers it did not sign.
   */
  forwardScenarioHeaders?: boolean;
}): Handler<ProxyEnv> {
  return async function upload(c) {
    const kind = c.req.param('kind') as string;
    if (!Object.hasOwn(UPLOAD_KINDS, kind)) throw new ProxyError('not_found', 'No such upload kind.');
    const endpointId = UPLOAD_KINDS[kind as UploadKind];
    const log = c.get('log');
    log.endpoint = `upload:${kind}`;

    const contentType = mediaType(c.req.header('content-type'));
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      throw new ProxyError('unsupported_media_type', `Upload a file of type ${UPLOAD_CONTENT_TYPES.join(', ')}.`, {
        details: { allowed: UPLOAD_CONTENT_TYPES },
      });
    }
    refuseEncodedBody(c.req.header('content-encoding'));
    const declared = c.req.header('content-length');
    const declaredBytes = declared === undefined ? null : Number(declared);
    if (declaredBytes !== null && (!Number.isFinite(declaredBytes) || declaredBytes > maxBytes))
      throw tooLarge(maxBytes);

    const filename = c.req.query('filename') ?? '';
    // eslint-disable-next-line no-control-regex -- control characters are what a file name may not hold.
    if (filename.length < 1 || filename.length > 200 || /[\0-\x1f\x7f/\\]/.test(filename)) {
      throw new ProxyError('validation_failed', 'Give the file name as ?filename= (1 to 200 characters).', {
        details: { fields: { filename: 'invalid' } },
      });
    }
    const request: Record<string, string> = { filename, contentType };
    if (kind === 'workshop-payment-proof') {
      const id = c.req.query('workshopRegistrationId') ?? '';
      if (!ID.test(id)) {
        throw new ProxyError('validation_failed', 'Give the workshop registration as ?workshopRegistrationId=.', {
          details: { fields: { workshopRegistrationId: 'invalid' } },
        });
      }
      request.workshopRegistrationId = id;
    }

    // The file's first bytes decide before the upstream is asked for anything: an empty file or
    // one that is not what it claims (HTML or an executable sent as a PDF) costs no address.
    if (declaredBytes === 0) refuseUnlikeBody(contentType, new Uint8Array(0));
    const body = await peekBody(requestBody(c));
    refuseUnlikeBody(contentType, body.head);

    const addressAnswer = await upstream.call({
      method: 'POST',
      path: ENDPOINTS[endpointId].path,
      body: new TextEncoder().encode(JSON.stringify(request)),
      headers: forwardScenarioHeaders ? pickHeaders(c.req.raw.headers, SCENARIO_HEADERS) : {},
      retry: false,
    });
    log.upstreamMs = addressAnswer.ms;
    // Only an error is passed on: any other answer may carry the signed address.
    if (addressAnswer.status >= 400) return fromAnswer(addressAnswer);
    const address =
      addressAnswer.status === 200 || addressAnswer.status === 201 ? readAddress(addressAnswer.body) : null;
    if (!address) throw new ProxyError('bad_gateway', 'The conference service sent an unusable upload address.');

    const cap = Math.min(maxBytes, address.maxBytes ?? maxBytes);
    if (declaredBytes !== null && declaredBytes > cap) throw tooLarge(cap);
    let size = 0;
    let over = false;
    const counted = body.stream.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, ctl) {
          size += chunk.byteLength;
          if (size > cap) {
            over = true;
            ctl.error(tooLarge(cap));
          } else {
            ctl.enqueue(chunk);
          }
        },
      }),
    );
    const headers: Record<string, string> = { 'content-type': contentType, ...address.headers };
    // Object stores that sign uploads usually refuse chunked bodies; pass the length when known.
    if (declaredBytes !== null) headers['content-length'] = String(declaredBytes);
    const started = performance.now();
    let stored: UpstreamResponse;
    try {
      stored = await (
        await transport()
      )(address.uploadUrl, {
        method: 'PUT',
        headers,
        body: counted,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (over) throw tooLarge(cap);
      // The client stalled, or its bytes did not fit the proxy's budget: not the storage's fault.
      const failure = bodyFailure(c);
      if (failure) throw failure;
      throw new ProxyError('bad_gateway', 'The file could not be stored.', { cause: scrubber.scrub(String(error)) });
    } finally {
      log.upstreamMs = (log.upstreamMs ?? 0) + Math.round(performance.now() - started);
    }
    if (over || stored.status === 413) throw tooLarge(cap);
    if (stored.status < 200 || stored.status >= 300) {
      throw new ProxyError('bad_gateway', `The file could not be stored (storage answered ${stored.status}).`);
    }
    return c.json({ data: { uri: address.storageUri } }, 201, {
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
    });
  };
}
