/**
 * The browser's client of Public API v1, typed over the contract table in `contract.ts`.
 *
 * It calls the proxy (`{endpoint}/api/public/v1/...`), never the platform: the proxy holds the
 * key. Every failure, including a proxy that cannot be reached, becomes one {@link ApiError} so an
 * element has a single error path to render. Responses are read tolerantly: extra fields pass
 * through, and a body that is not the API's JSON is reported as such instead of crashing.
 *
 * This is the read side, which every element loads; the writes are functions over a client in
 * modules only the writing elements import: `writes.ts` (the forms' `post`, with the proxy's
 * write proof) and `answered-write.ts` (the kiosk's `postForAnswer`).
 */
import { API_PREFIX, ENDPOINTS, buildPath, type EndpointId } from './contract.js';
import { ApiError, toApiError } from './errors.js';
import type {
  Abstract,
  BadgeCheckin,
  AttendanceRecord,
  Exhibit,
  Health,
  ListMeta,
  Registration,
  RegistrationConfig,
  ScheduleEvent,
  SiteDocument,
  SitePage,
  Speaker,
  Submission,
  AbstractSubmission,
  UploadAddress,
  Venue,
  Workshop,
  WorkshopRegistration,
} from './records.js';
import type { BodyOf, BodySchemaName } from './schemas.js';
import { sharedGet } from './shared-reads.js';
import { NETWORK_ERROR, send, type RawAnswer } from './transport.js';

export { NETWORK_ERROR, type RawAnswer };

/** What each endpoint answers with under `data` (records are the sandbox's gap decisions). */
export interface ResultMap {
  health: Health;
  websiteSite: SiteDocument;
  websitePages: SitePage;
  events: ScheduleEvent;
  venues: Venue;
  speakers: Speaker;
  workshops: Workshop;
  workshopRegister: WorkshopRegistration;
  workshopProofUploadUrl: UploadAddress;
  badgeCheckin: BadgeCheckin;
  attendanceCheckin: AttendanceRecord;
  abstracts: Abstract;
  abstract: Abstract;
  abstractSubmit: AbstractSubmission;
  exhibits: Exhibit;
  exhibitionProofUploadUrl: UploadAddress;
  exhibitionSubmit: Submission;
  registrationConfig: RegistrationConfig;
  evidenceUploadUrl: UploadAddress;
  registrationCreate: Registration;
}

type Spec<I extends EndpointId> = (typeof ENDPOINTS)[I];
/** Endpoints answering with a page of records. */
export type ListId = { [I in EndpointId]: Spec<I>['result'] extends 'list' ? I : never }[EndpointId];
/** Endpoints answering with one record. */
export type RecordId = { [I in EndpointId]: Spec<I>['result'] extends 'record' ? I : never }[EndpointId];
/** Endpoints taking a JSON body. */
export type PostId = { [I in EndpointId]: Spec<I>['method'] extends 'POST' ? I : never }[EndpointId];
/** The JSON body of a write to `I`. */
export type BodyFor<I extends PostId> = Spec<I>['body'] extends BodySchemaName ? BodyOf<Spec<I>['body']> : never;

export interface RequestOptions {
  /** Path parameters, e.g. `{ abstractId }`. */
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Whose read this is (an element's load); without one, a plain read of the page. */
  read?: ReadContext;
}

/**
 * One reader's side of its GETs, handed to the client explicitly: what it holds, how it may share
 * the page's reads, and where it hears of each answer. An element makes one per load.
 */
export interface ReadContext {
  /**
   * ETags of the answers behind what the reader shows, by URL: an answer with the same ETag is
   * `changed: false`. Without it, `changed` is false only when the server answered 304 to the
   * page's own revalidation.
   */
  held?: ReadonlyMap<string, string>;
  /** A new request that neither joins a read in flight nor reuses an answer (a retry button). */
  fresh?: boolean;
  /** How old (ms) an answer another element read may be and still be reused; default 0 (join in flight only). */
  maxAgeMs?: number;
  /** Told of every successful answer with its URL (after a 304: the remembered answer). */
  onAnswer?(url: string, answer: RawAnswer): void;
  /**
   * Where GETs are answered instead of the network (the copies kept in the visitor's browser);
   * a URL it has no answer for fails the read with {@link NOT_SAVED}.
   */
  source?(url: string): Promise<RawAnswer | undefined>;
}

/** Code of the error when a read from a {@link ReadContext.source} finds no answer there. */
export const NOT_SAVED = 'not_saved';

export interface Answer<T> {
  body: T;
  /** False when the answer is the one the reader holds (see {@link ReadContext.held}). */
  changed: boolean;
  /** The proxy marks answers served from its last good copy while the platform is down. */
  stale: boolean;
  etag: string | null;
}

export interface ListAllResult<T> {
  data: T[];
  total: number;
  /** False when every page was unchanged (see {@link Answer.changed}). */
  changed: boolean;
  stale: boolean;
}

export interface ClientOptions {
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Page size for {@link ApiClient.listAll}. */
  pageSize?: number;
}

export class ApiClient {
  readonly base: string;
  private readonly customFetch: typeof fetch | undefined;
  private readonly pageSize: number;

  /** @param endpoint absolute URL of the proxy (origin plus optional path), no trailing slash */
  constructor(
    readonly endpoint: string,
    options: ClientOptions = {},
  ) {
    this.base = endpoint.replace(/\/+$/, '') + API_PREFIX;
    this.customFetch = options.fetch;
    this.pageSize = options.pageSize ?? 100;
  }

  /** Read when used, so a fetch the page (or a test) swaps in later is the one called. */
  get fetchFn(): typeof fetch {
    return this.customFetch ?? globalThis.fetch;
  }

  url(id: EndpointId, params?: Record<string, string>, query?: RequestOptions['query']): string {
    const url = new URL(this.base + buildPath(ENDPOINTS[id].path, params));
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.href;
  }

  /** One page of a list endpoint. */
  list<I extends ListId>(
    id: I,
    options: RequestOptions & { limit?: number; offset?: number } = {},
  ): Promise<Answer<{ data: ResultMap[I][]; meta: ListMeta }>> {
    const query = { ...options.query, limit: options.limit, offset: options.offset };
    return this.request(id, { ...options, query }).then((a) => ({ ...a, body: readList<ResultMap[I]>(a.body) }));
  }

  /**
   * Every record of a list: the first page, then the remaining pages concurrently once
   * `meta.total` is known. Each page is revalidated by its ETag when the page holds it.
   */
  async listAll<I extends ListId>(
    id: I,
    options: Omit<RequestOptions, 'params'> = {},
  ): Promise<ListAllResult<ResultMap[I]>> {
    const limit = this.pageSize;
    const first = await this.list(id, { ...options, limit, offset: 0 });
    const total = Math.max(first.body.meta.total, first.body.data.length);
    const offsets: number[] = [];
    for (let o = first.body.data.length; o < total && first.body.data.length > 0; o += limit) offsets.push(o);
    const rest = await Promise.all(offsets.map((offset) => this.list(id, { ...options, limit, offset })));
    const pages = [first, ...rest];
    return {
      data: pages.flatMap((p) => p.body.data),
      total,
      changed: pages.some((p) => p.changed),
      stale: pages.some((p) => p.stale),
    };
  }

  /** A single record (`data` of the answer). */
  async get<I extends RecordId>(id: I, options: RequestOptions = {}): Promise<Answer<ResultMap[I]>> {
    const a = await this.request(id, options);
    return { ...a, body: readData<ResultMap[I]>(a.body, this.url(id, options.params)) };
  }

  /** Any endpoint by id; answers the parsed JSON body as sent. */
  async request(
    id: EndpointId,
    options: RequestOptions & { method?: string; headers?: Record<string, string>; body?: string | FormData } = {},
  ): Promise<Answer<unknown>> {
    const url = this.url(id, options.params, options.query);
    const method = options.method ?? ENDPOINTS[id].method;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const { signal, read } = options;
    // Reads are shared by every element of the page (one request per resource); writes never.
    const get = method === 'GET' && options.body === undefined;
    const raw =
      get && read?.source
        ? await fromSource(read.source, url)
        : get
          ? await sharedGet(this.fetchFn, url, headers, { signal, fresh: read?.fresh, maxAgeMs: read?.maxAgeMs })
          : await send(this.fetchFn, url, { method, headers, body: options.body, signal });
    const body = readJson(raw, url);
    if (raw.status < 200 || raw.status > 299) throw toApiError(raw.status, body);
    const held = read?.held;
    const changed = held ? !(raw.etag !== null && held.get(url) === raw.etag) : !raw.notModified;
    read?.onAnswer?.(url, raw);
    return { body, changed, stale: raw.stale, etag: raw.etag };
  }
}

/**
 * How long a write may wait for its answer: longer than the proxy's upstream timeout (10 s by
 * default) plus its wait for a concurrent repeat, so the proxy's own answer normally comes first.
 */
export const WRITE_TIMEOUT_MS = 45_000;

/** Code of the error raised when the answer is not the API's JSON (wrong endpoint, HTML page). */
export const INVALID_RESPONSE = 'invalid_response';

async function fromSource(source: NonNullable<ReadContext['source']>, url: string): Promise<RawAnswer> {
  const saved = await source(url);
  if (!saved) throw new ApiError(0, NOT_SAVED, 'No answer is kept in this browser for this read.', { url });
  return saved;
}

function readJson(res: RawAnswer, url: string): unknown {
  const text = res.text;
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (res.status < 200 || res.status > 299) return null; // toApiError turns this into a generic message for the status
    throw new ApiError(
      res.status,
      INVALID_RESPONSE,
      `The address ${new URL(url).origin} did not answer like the conference proxy (no JSON). ` +
        `Check the endpoint attribute.`,
      { url, contentType: res.contentType },
    );
  }
}

function readList<T>(body: unknown): { data: T[]; meta: ListMeta } {
  const b = (body ?? {}) as { data?: unknown; meta?: Partial<ListMeta> };
  const data = Array.isArray(b.data) ? (b.data as T[]) : Array.isArray(body) ? (body as T[]) : null;
  if (!data) throw new ApiError(200, INVALID_RESPONSE, 'The answer has no list of records (data).', { body });
  const meta = b.meta ?? {};
  return {
    data,
    meta: {
      total: typeof meta.total === 'number' ? meta.total : data.length,
      limit: typeof meta.limit === 'number' ? meta.limit : data.length,
      offset: typeof meta.offset === 'number' ? meta.offset : 0,
    },
  };
}

/** The `data` of a one-record answer, else an {@link INVALID_RESPONSE} error. */
export function readData<T>(body: unknown, url: string): T {
  const b = body as { data?: unknown } | null;
  if (b && typeof b === 'object' && 'data' in b) return b.data as T;
  throw new ApiError(200, INVALID_RESPONSE, 'The answer has no record (data).', { url });
}
