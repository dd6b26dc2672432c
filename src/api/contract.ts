/**
 * The single description of Public API v1 (API-v1.md, section 4).
 *
 * The sandbox derives its routes, scope checks and body validation from this table, the proxy
 * derives its browser allow-list from it, and the browser client derives its typed methods from it.
 * A new endpoint or field is one edit here.
 *
 * This module is browser-safe and imports no schema code: request body schemas live in
 * `schemas.ts` and are referenced here by name, so the element bundle does not carry zod unless
 * it needs it.
 */

/** Path prefix of every v1 endpoint. */
export const API_PREFIX = '/api/public/v1';

/** Scopes a key can hold. Five are named by the spec (5.5); the rest are our gap decisions. */
export const SCOPES = [
  'badges:write',
  'abstracts:write',
  'exhibition:write',
  'registrations:read',
  'registrations:write',
  'attendance:write',
  'workshops:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Product modules a conference can switch off (403 `module_disabled`). Every endpoint but
 * `/health` belongs to one.
 */
export const MODULES = [
  'website',
  'schedule',
  'workshops',
  'badges',
  'attendance',
  'abstracts',
  'exhibition',
  'registration',
] as const;
export type Module = (typeof MODULES)[number];

export type HttpMethod = 'GET' | 'POST';

/** What a successful answer looks like: a page of records, one record, or a created record. */
export type ResultKind = 'list' | 'record' | 'created';

/**
 * Who may reach an endpoint through the proxy:
 * - `public`: any browser on an allowed origin;
 * - `kiosk`: only with the proxy's kiosk token (check-ins);
 * - `server`: never forwarded for a browser (the proxy calls these itself, e.g. upload addresses).
 */
export type Audience = 'public' | 'kiosk' | 'server';

/**
 * The request bodies of the contract's writes, by name; `schemas.ts` gives each its schema (and must
 * give every one, no more). Named here, not taken from the schemas, so the contract imports nothing.
 */
export type BodySchemaName =
  | 'workshopRegistration'
  | 'fileUpload'
  | 'workshopProofUpload'
  | 'badgeCheckin'
  | 'attendanceCheckin'
  | 'abstractSubmission'
  | 'exhibitionSubmission'
  | 'registrationCreate';

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Path below {@link API_PREFIX}; `:name` marks a path parameter. */
  readonly path: string;
  /** Scope the key needs, or null when any valid key may call it. */
  readonly scope: Scope | null;
  readonly module: Module | null;
  /** Query parameters accepted. `limit`/`offset` imply paging. */
  readonly query: readonly QueryParam[];
  /** Name of the request body schema in `schemas.ts`, for POST endpoints. */
  readonly body: BodySchemaName | null;
  readonly result: ResultKind;
  readonly audience: Audience;
  /** Served with a `Deprecation` header (API-v1.md section 9). */
  readonly deprecated?: true;
  /**
   * File parts the body may carry as `multipart/form-data` (gap decision): the other fields are
   * form fields, array and object fields as JSON text. Without it, JSON only.
   */
  readonly files?: FileParts;
  readonly summary: string;
}

export type QueryParam = 'limit' | 'offset' | 'include';

export interface FileParts {
  /** Name of the form field that carries the files (repeated once per file). */
  readonly field: string;
  readonly maxFiles: number;
  readonly maxBytesEach: number;
  readonly contentTypes: readonly UploadContentType[];
}

const PAGING = ['limit', 'offset'] as const;

/**
 * The abstract submission's attachments (gap decision): PDF files sent with it as
 * `multipart/form-data`. Its own constant, so the elements read it without the endpoint table
 * (the bundler drops table members no element reads through the table).
 */
export const ABSTRACT_ATTACHMENTS = {
  field: 'attachments',
  maxFiles: 5,
  maxBytesEach: 10 * 1024 * 1024,
  contentTypes: ['application/pdf'],
} as const satisfies FileParts;

/** The 20 endpoints, in the order of the spec's table. */
export const ENDPOINTS = {
  health: {
    method: 'GET',
    path: '/health',
    scope: null,
    module: null,
    query: [],
    body: null,
    result: 'record',
    audience: 'server',
    summary: 'Confirms the key works.',
  },
  websiteSite: {
    method: 'GET',
    path: '/website/site',
    scope: null,
    module: 'website',
    query: [],
    body: null,
    result: 'record',
    audience: 'public',
    summary: 'The public site document used to render pages.',
  },
  websitePages: {
    method: 'GET',
    path: '/website/pages',
    scope: null,
    module: 'website',
    query: [],
    body: null,
    result: 'list',
    audience: 'public',
    deprecated: true,
    summary: 'Deprecated list of site pages; use /website/site.',
  },
  events: {
    method: 'GET',
    path: '/events/events',
    scope: null,
    module: 'schedule',
    query: PAGING,
    body: null,
    result: 'list',
    audience: 'public',
    summary: 'Schedule events.',
  },
  venues: {
    method: 'GET',
    path: '/events/venues',
    scope: null,
    module: 'schedule',
    query: PAGING,
    body: null,
    result: 'list',
    audience: 'public',
    summary: 'Venues (rooms) of the schedule.',
  },
  speakers: {
    method: 'GET',
    path: '/events/speakers',
    scope: null,
    module: 'schedule',
    query: PAGING,
    body: null,
    result: 'list',
    audience: 'public',
    summary: 'Speakers.',
  },
  workshops: {
    method: 'GET',
    path: '/events/workshops',
    scope: null,
    module: 'workshops',
    query: PAGING,
    body: null,
    result: 'list',
    audience: 'public',
    summary: 'Published workshops.',
  },
  workshopRegister: {
    method: 'POST',
    path: '/events/workshops/registrations',
    scope: 'workshops:write',
    module: 'workshops',
    query: [],
    body: 'workshopRegistration',
    result: 'created',
    audience: 'public',
    summary: 'Enrolls a registration in a workshop, or waitlists it.',
  },
  workshopProofUploadUrl: {
    method: 'POST',
    path: '/events/workshops/payment-proof/upload-url',
    scope: 'workshops:write',
    module: 'workshops',
    query: [],
    body: 'workshopProofUpload',
    result: 'created',
    audience: 'server',
    summary: 'Signed upload address for workshop payment proof.',
  },
  badgeCheckin: {
    method: 'POST',
    path: '/badges/checkin',
    scope: 'badges:write',
    module: 'badges',
    query: [],
    body: 'badgeCheckin',
    result: 'created',
    audience: 'kiosk',
    summary: 'Records a badge check-in; a repeat scan is 409.',
  },
  attendanceCheckin: {
    method: 'POST',
    path: '/attendance/checkin',
    scope: 'attendance:write',
    module: 'attendance',
    query: [],
    body: 'attendanceCheckin',
    result: 'created',
    audience: 'kiosk',
    summary: 'Records an attendance scan of a daily badge.',
  },
  abstracts: {
    method: 'GET',
    path: '/abstracts/abstracts',
    scope: null,
    module: 'abstracts',
    query: ['limit', 'offset', 'include'],
    body: null,
    result: 'list',
    audience: 'public',
    summary: 'Accepted abstracts.',
  },
  abstract: {
    method: 'GET',
    path: '/abstracts/abstracts/:abstractId',
    scope: null,
    module: 'abstracts',
    query: ['include'],
    body: null,
    result: 'record',
    audience: 'public',
    summary: 'One accepted abstract.',
  },
  abstractSubmit: {
    method: 'POST',
    path: '/abstracts/submissions',
    scope: 'abstracts:write',
    module: 'abstracts',
    query: [],
    body: 'abstractSubmission',
    result: 'created',
    audience: 'public',
    files: ABSTRACT_ATTACHMENTS,
    summary: 'Submits an abstract.',
  },
  exhibits: {
    method: 'GET',
    path: '/exhibition/exhibits',
    scope: null,
    module: 'exhibition',
    query: PAGING,
    body: null,
    result: 'list',
    audience: 'public',
    summary: 'Published exhibits.',
  },
  exhibitionProofUploadUrl: {
    method: 'POST',
    path: '/exhibition/submissions/payment-proof/upload-url',
    scope: 'exhibition:write',
    module: 'exhibition',
    query: [],
    body: 'fileUpload',
    result: 'created',
    audience: 'server',
    summary: 'Signed upload address and storage URI for exhibition payment proof.',
  },
  exhibitionSubmit: {
    method: 'POST',
    path: '/exhibition/submissions',
    scope: 'exhibition:write',
    module: 'exhibition',
    query: [],
    body: 'exhibitionSubmission',
    result: 'created',
    audience: 'public',
    summary: 'Submits an exhibit or booth application.',
  },
  registrationConfig: {
    method: 'GET',
    path: '/registrations/config',
    scope: 'registrations:read',
    module: 'registration',
    query: [],
    body: null,
    result: 'record',
    audience: 'public',
    summary: 'Registration form configuration.',
  },
  evidenceUploadUrl: {
    method: 'POST',
    path: '/registrations/evidence/upload-url',
    scope: 'registrations:write',
    module: 'registration',
    query: [],
    body: 'fileUpload',
    result: 'created',
    audience: 'server',
    summary: 'Signed upload address and storage URI for registration payment proof.',
  },
  registrationCreate: {
    method: 'POST',
    path: '/registrations/registrations',
    scope: 'registrations:write',
    module: 'registration',
    query: [],
    body: 'registrationCreate',
    result: 'created',
    audience: 'public',
    summary: 'Creates a registration.',
  },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointId = keyof typeof ENDPOINTS;

export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];

/** Paging bounds (gap decision, documented in the sandbox README). */
export const PAGING_DEFAULT_LIMIT = 50;
export const PAGING_MAX_LIMIT = 200;

/** Upload rules shared by the sandbox and the proxy (gap decision). */
export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The proxy's upload routes (`PUT /uploads/<kind>`) browsers send proof files to, each with the
 * upload-address endpoint the proxy asks behind it. The proxy's routes and the elements' upload
 * kinds both come from here.
 */
export const UPLOAD_KINDS = {
  'registration-evidence': 'evidenceUploadUrl',
  'exhibition-payment-proof': 'exhibitionProofUploadUrl',
  'workshop-payment-proof': 'workshopProofUploadUrl',
} as const satisfies Record<string, EndpointId>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** Exhibit types (gap decision: the spec names only a value meaning sponsor). */
export const EXHIBIT_TYPES = ['sponsor', 'startup', 'research', 'nonprofit', 'community', 'commercial'] as const;
export type ExhibitType = (typeof EXHIBIT_TYPES)[number];

/** Attendance codes: `DAILY:<day number>/<badge code>` (gap decision on the prefix). */
export const DAILY_CODE_PREFIX = 'DAILY';

/**
 * Turns a path template into a matcher. Path parameters match one non-empty segment without
 * `/`, `..` or percent-encoded separators, so no parameter can steer a request elsewhere.
 */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(g)) return null;
      params[w.slice(1)] = g;
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/** Finds the endpoint for a method and a path below {@link API_PREFIX}. */
export function findEndpoint(
  method: string,
  path: string,
): { id: EndpointId; spec: EndpointSpec; params: Record<string, string> } | null {
  for (const id of ENDPOINT_IDS) {
    const spec: EndpointSpec = ENDPOINTS[id];
    if (spec.method !== method) continue;
    const params = matchPath(spec.path, path);
    if (params) return { id, spec, params };
  }
  return null;
}

/** Fills a path template with parameters, encoding each. */
export function buildPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
