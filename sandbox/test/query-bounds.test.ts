/** Paging values and `include`: what is refused says the real range; an empty include is none. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PAGING_MAX_LIMIT } from '../../src/api/contract.js';
import { MAX_OFFSET } from '../middleware/request.js';
import { assertFields, start, type TestSandbox } from './helpers.js';

describe('query bounds', () => {
  let s: TestSandbox;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  it('ten or more digits: refused with the real range in the message, not "0 or more"', async () => {
    for (const [query, param, range] of [
      ['offset=1000000000', 'offset', `from 0 to ${MAX_OFFSET}`],
      ['offset=99999999999999999999', 'offset', `from 0 to ${MAX_OFFSET}`],
      ['limit=1234567890', 'limit', `from 1 to ${PAGING_MAX_LIMIT}`],
      ['limit=abc', 'limit', `from 1 to ${PAGING_MAX_LIMIT}`],
    ] as const) {
      const answer = await s.call('GET', `/events/events?${query}`);
      const fields = assertFields(answer, 400, 'invalid_query', [param], query);
      assert.match(answer.body.error.message, new RegExp(`${param} must be a whole number ${range}\\.`), query);
      assert.match(fields[param]!, new RegExp(range), query);
      assert.doesNotMatch(answer.body.error.message, /or more/, query);
    }
  });

  it('the bounds themselves and leading zeros up to them are taken', async () => {
    assert.equal((await s.call('GET', `/events/events?offset=${MAX_OFFSET}`)).status, 200);
    assert.equal((await s.call('GET', '/events/events?offset=0000000000001&limit=0000000002')).status, 200);
    const page = await s.call('GET', '/events/events?limit=0000000002');
    assert.equal(page.body.meta.limit, 2);
  });

  it('an empty include= is the same read as no include', async () => {
    const none = await s.call('GET', '/abstracts/abstracts');
    const empty = await s.call('GET', '/abstracts/abstracts?include=');
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, none.body);
  });
});
