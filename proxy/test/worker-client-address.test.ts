/**
 * The Worker entry (`proxy/worker.ts`, as Cloudflare runs it: `fetch(request, env)`, no socket) with
 * `CONF_CLIENT_ADDRESS_HEADER=CF-Connecting-IP`: each visitor's registrations are counted apart, so
 * one script does not use up the limit of everyone behind the same Worker.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import worker from '../worker.js';
import { API, ORIGIN, startUpstream, type CountingUpstream } from './harness.js';

let upstream: CountingUpstream;
before(async () => {
  upstream = await startUpstream({ rateLimit: false });
});
after(() => upstream.close());

describe('the Worker entry counts writes per visitor address', () => {
  test('the 21st registration of one visitor is 429; another visitor still registers', async () => {
    const env = {
      CONF_BASE_URL: upstream.url,
      CONF_API_KEY: 'worker-test-key',
      CONF_ALLOWED_ORIGINS: ORIGIN,
      CONF_CLIENT_ADDRESS_HEADER: 'CF-Connecting-IP',
    };
    const register = (address: string, n: number) =>
      worker.fetch(
        new Request(`http://worker.test${API}/registrations/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': address },
          body: JSON.stringify({ n }),
        }),
        env,
      );
    for (let i = 0; i < 20; i++) assert.notEqual((await register('203.0.113.7', i)).status, 429, `registration ${i}`);
    assert.equal((await register('203.0.113.7', 20)).status, 429, 'the same visitor, past the limit');
    assert.notEqual((await register('198.51.100.9', 0)).status, 429, 'another visitor');
  });
});
