/** The shape every endpoint handler has; the dispatcher wraps results per the contract's kind. */
import type * as z from 'zod/mini';
import type { ENDPOINTS, EndpointId } from '../../src/api/contract.js';
import type { BODY_SCHEMAS, BodySchemaName } from '../../src/api/schemas.js';
import type { QueryValues } from '../env.js';
import type { FilePart } from '../multipart.js';
import type { ApiKey, Conference, Store } from '../store/index.js';

type BodyFor<K extends EndpointId> = (typeof ENDPOINTS)[K]['body'] extends infer N
  ? N extends BodySchemaName
    ? z.output<(typeof BODY_SCHEMAS)[N]>
    : undefined
  : never;

export interface ApiContext<B> {
  store: Store;
  conference: Conference;
  key: ApiKey;
  body: B;
  /** File parts of a multipart body, checked against the contract's `files` (empty for JSON). */
  files: readonly FilePart[];
  query: QueryValues;
  params: Record<string, string>;
  /** Origin plus mount prefix, for URLs the sandbox serves itself. */
  base: string;
  uploadSecret: string;
  header(name: string, value: string): void;
}

/** Lists return `{data, meta}`; records and created records return the record (wrapped in `data`). */
export type Handler<K extends EndpointId> = (ctx: ApiContext<BodyFor<K>>) => unknown;

export type Handlers = { [K in EndpointId]: Handler<K> };
export type HandlerGroup<K extends EndpointId> = { [P in K]: Handler<P> };
