import type { ListResult } from '../../src/api/records.js';

export interface Paging {
  limit: number;
  offset: number;
}

export function listResult<T>(data: T[], total: number, paging: Paging): ListResult<T> {
  return { data, meta: { total, limit: paging.limit, offset: paging.offset } };
}
