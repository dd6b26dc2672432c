/**
 * The proxy's proof-of-work challenge in a real browser (issue 18, finding 6): the test runner
 * serves a second API under `/pow` whose proxy asks every public write for a solved challenge.
 * A form solves it while it is filled and submits as usual; a write sent without one is refused.
 */
import { expect } from '@esm-bundle/chai';
import type { ConfRegistrationForm } from '../../src/elements/registration-form/registration-form.js';
import type { ConfRegisteredEvent } from '../../src/events/conf-registered.js';
import { fillPaid, FormHarness, makeFile } from './form-harness.js';
import { cleanup, fixture, waitFor } from './harness.js';
import '../../src/elements/registration-form/define.js';

/** Another origin than the page's (a CMS page and its proxy), so the challenge header is preflighted too. */
const POW = `http://127.0.0.1:${location.port}/pow`;

interface Seen {
  url: string;
  method: string;
  challenge: string | null;
  status?: number;
}

/** Records every fetch to the `/pow` API with its challenge header, until stopped. */
function watch(): { seen: Seen[]; stop(): void } {
  const seen: Seen[] = [];
  const previous = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(POW)) return previous(input, init);
    const s: Seen = {
      url,
      method: init?.method ?? 'GET',
      challenge: new Headers(init?.headers).get('x-conf-challenge'),
    };
    seen.push(s);
    const res = await previous(input, init);
    s.status = res.status;
    return res;
  };
  return { seen, stop: () => void (window.fetch = previous) };
}

describe('the write challenge, on', function () {
  this.timeout(60_000);
  beforeEach(() => sessionStorage.clear());
  afterEach(cleanup);

  it('a registration form solves it while being filled: the proof upload and the registration go through', async () => {
    const spy = watch();
    try {
      const el = await fixture<ConfRegistrationForm>(
        `<conf-registration-form endpoint="${POW}" draft-key="pow"></conf-registration-form>`,
      );
      el.minFillMs = 0;
      const h = new FormHarness(el);
      await waitFor(() => h.part('form'), 'the form');
      const email = `pow-${Date.now()}@example.org`;
      await fillPaid(h, email);
      await waitFor(
        () => spy.seen.some((s) => s.url === `${POW}/challenge` && s.status === 200),
        'a challenge fetched as the form was filled',
      );
      await h.chooseFile('paymentProofUrl', makeFile('proof.pdf', 'application/pdf', 64 * 1024));
      await waitFor(() => h.part('upload-done'), 'the upload to finish', 30_000);
      const event = new Promise<ConfRegisteredEvent>((resolve) =>
        document.addEventListener('conf-registered', resolve as EventListener, { once: true }),
      );
      h.submitButton().click();
      const e = await event;
      expect(e.detail.registration.email).to.equal(email);
      const posts = spy.seen.filter((s) => s.method === 'POST');
      expect(posts.length, 'one registration write').to.equal(1);
      expect(posts[0]!.challenge, 'the write carried a solution').to.be.a('string');
      expect(posts[0]!.status).to.equal(201);
      // A new solution is fetched for each write: the upload (XHR) and the registration took one each.
      expect(spy.seen.filter((s) => s.url === `${POW}/challenge`).length).to.be.greaterThanOrEqual(2);
    } finally {
      spy.stop();
    }
  });

  it('a write sent without a solution, or with one already used, is refused 428 in the API error shape', async () => {
    const url = `${POW}/api/public/v1/events/workshops/registrations`;
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).to.equal(428);
    const body = (await res.json()) as { error: { code: string; details: { reason: string } } };
    expect(body.error.code).to.equal('challenge_required');
    expect(body.error.details.reason).to.equal('missing');
  });
});
