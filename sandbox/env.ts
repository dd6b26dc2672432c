/** What the API middleware chain leaves on the Hono context for the next step. */
import type { EndpointId, EndpointSpec } from '../src/api/contract.js';
import type { FilePart } from './multipart.js';
import type { ApiKey, Conference } from './store/index.js';

export interface ResolvedEndpoint {
  id: EndpointId;
  spec: EndpointSpec;
  params: Record<string, string>;
}

export interface QueryValues {
  limit: number;
  offset: number;
  include: ReadonlySet<string>;
}

export interface SandboxEnv {
  Variables: {
    /** Origin plus any mount prefix: what comes before `/api/public/v1` in the request URL. */
    base: string;
    /** The request path below `/api/public/v1`, still percent-encoded. */
    apiPath: string;
    key: ApiKey;
    conference: Conference;
    endpoint: ResolvedEndpoint;
    body: unknown;
    /** File parts of a multipart body (empty for JSON). */
    files: readonly FilePart[];
    query: QueryValues;
    /** The read cache's write counters, read once when the request begins (absent with the cache off). */
    counters?: readonly number[];
  };
}
