import { expect } from '@esm-bundle/chai';
import { cleanup, ElementHarness, fixture, waitFor } from '../../../test/browser/harness.js';
import './define.js';
import type { ConfCheckin } from './checkin.js';
import { hashPin, PIN_ITERATIONS } from './kiosk-pin.js';

/** The test proxy's kiosk token (test/browser/api-server.ts). */
const TOKEN = 'test-kiosk-token-0001';
const RUN = Math.random().toString(36).slice(2, 8);
let n = 0;

type Kiosk = ElementHarness<ConfCheckin> & { store: string };

async function mount(settings: Record<string, unknown>, store = `pin-${RUN}-${n++}`): Promise<Kiosk> {
  localStorage.setItem(`conf-checkin:${store}:settings`, JSON.stringify(settings));
  return remount(store);
}

/** A new element on the same storage: what a reload of the kiosk page gives. */
async function remount(store: string): Promise<Kiosk> {
  const el = await fixture<ConfCheckin>(`<conf-checkin store="${store}"></conf-checkin>`);
  const h = new ElementHarness(el) as Kiosk;
  h.store = store;
  return h;
}

const stored = (h: Kiosk, what: string) =>
  JSON.parse(localStorage.getItem(`conf-checkin:${h.store}:${what}`) ?? 'null') as Record<string, unknown> | null;
const button = (h: Kiosk, text: string) =>
  h.all<HTMLButtonElement>('button').find((b) => b.textContent?.trim() === text)!;

async function tryPin(h: Kiosk, pin: string): Promise<void> {
  const input = await waitFor(() => h.q<HTMLInputElement>('input[name="pin"]'), 'PIN field');
  input.value = '';
  await h.type(input, pin);
  h.q<HTMLButtonElement>('button[type="submit"]')!.click();
  await h.settle(); // the last answer is cleared at once
  // PBKDF2 runs off the main thread; the answer is on screen once the error or the setup shows.
  await waitFor(() => /Wrong PIN|Wait \d+ s|Kiosk setup/.test(h.text()), 'an answer to the PIN');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('conf-checkin PIN', () => {
  afterEach(cleanup);

  it('is kept as PBKDF2-SHA-256 with a random salt and its iterations: no PIN, no unsalted digest', async () => {
    const h = await mount({ token: TOKEN });
    button(h, 'Setup').click();
    await h.waitForPart('setup');
    await h.type(h.q<HTMLInputElement>('input[name="pin"]')!, '4321');
    h.q<HTMLButtonElement>('button[type="submit"]')!.click();
    await h.waitForPart('result');

    const raw = localStorage.getItem(`conf-checkin:${h.store}:settings`)!;
    const pin = stored(h, 'settings')!.pin as Record<string, unknown>;
    expect(pin.alg).to.equal('PBKDF2-SHA-256');
    expect(pin.iterations).to.equal(PIN_ITERATIONS);
    expect(PIN_ITERATIONS).to.be.at.least(300_000);
    expect(atob(pin.salt as string).length, '16-byte salt').to.equal(16);
    expect(atob(pin.hash as string).length).to.equal(32);
    expect(raw).not.to.contain('4321');
    expect(raw).not.to.contain('plain:');
    expect(raw).not.to.contain('pinDigest');
    expect(raw).not.to.contain(await sha256Hex('conf-checkin-pin:4321'), 'the old unsalted digest');

    // The same PIN twice: another salt, another hash (a table of 10,000 digests is no use).
    const again = await hashPin('4321');
    expect(again.salt).not.to.equal(pin.salt);
    expect(again.hash).not.to.equal(pin.hash);

    // What one check costs here (the iteration count's comment gives the figures).
    const started = performance.now();
    await hashPin('4321');
    console.log(
      `PBKDF2-SHA-256, ${PIN_ITERATIONS} iterations: ${Math.round(performance.now() - started)} ms in this browser`,
    );
  });

  it('each wrong PIN doubles the wait, a reload keeps it, and the right PIN works once it is over', async () => {
    const h = await mount({ token: TOKEN, pin: await hashPin('4321') });
    button(h, 'Setup').click();
    await waitFor(() => h.text().includes('Setup is locked'), 'locked');

    await tryPin(h, '0000');
    expect(h.text()).to.contain('Wrong PIN. Next try in 1 s.');
    let attempts = stored(h, 'pin-attempts') as { failures: number; notBefore: number };
    expect(attempts.failures).to.equal(1);
    expect(attempts.notBefore - Date.now()).to.be.within(0, 1000);

    // During the wait even the right PIN is not checked.
    await tryPin(h, '4321');
    expect(h.text()).to.match(/Wait 1 s before the next try/);
    expect(h.text()).to.contain('Setup is locked');
    expect(
      (stored(h, 'pin-attempts') as { failures: number }).failures,
      'a try during the wait is not counted',
    ).to.equal(1);

    await new Promise((r) => setTimeout(r, 1050));
    await tryPin(h, '1111');
    expect(h.text()).to.contain('Wrong PIN. Next try in 2 s.');
    attempts = stored(h, 'pin-attempts') as { failures: number; notBefore: number };
    expect(attempts.failures).to.equal(2);
    expect(attempts.notBefore - Date.now()).to.be.within(1000, 2000);

    // A reload: the wait is still there.
    h.el.remove();
    const reloaded = await remount(h.store);
    button(reloaded, 'Setup').click();
    await waitFor(() => reloaded.text().includes('Setup is locked'), 'locked after the reload');
    expect(reloaded.text()).to.match(/Wait [12] s before the next try/);
    await tryPin(reloaded, '4321');
    expect(reloaded.text()).to.contain('Setup is locked');

    await new Promise((r) => setTimeout(r, Math.max(0, attempts.notBefore - Date.now()) + 50));
    await tryPin(reloaded, '4321');
    await waitFor(() => reloaded.text().includes('Kiosk setup'), 'unlocked');
    expect(stored(reloaded, 'pin-attempts')).to.deep.equal({ failures: 0, notBefore: 0 });
  });

  for (const [what, digest] of [
    ['plain:4321', 'plain:4321'],
    ['an unsalted SHA-256 digest', null],
  ] as const) {
    it(`an old PIN kept as ${what} is removed with its token; the kiosk asks for setup again`, async () => {
      const pinDigest = digest ?? (await sha256Hex('conf-checkin-pin:4321'));
      const h = await mount({ token: TOKEN, location: 'Door A', pinDigest });
      const setup = await h.waitForPart('setup');
      expect(setup.textContent).to.contain('older, weak form');
      expect(h.text(), 'not the PIN screen: there is no PIN to ask for').not.to.contain('Setup is locked');
      const kept = stored(h, 'settings')!;
      expect(kept).not.to.have.property('pinDigest');
      expect(kept).not.to.have.property('token');
      expect(kept.location, 'other settings stay').to.equal('Door A');
      expect(JSON.stringify(kept)).not.to.contain('4321');
    });
  }

  it('a kiosk of an earlier version without a PIN keeps its token', async () => {
    const h = await mount({ token: TOKEN, pinDigest: null });
    await h.waitForPart('result');
    expect(stored(h, 'settings')!.token).to.equal(TOKEN);
  });

  it('on a page that is not a secure context no PIN can be set, and the setup says why', async () => {
    const own = Object.getOwnPropertyDescriptor(window, 'isSecureContext');
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    try {
      const h = await mount({ token: TOKEN });
      button(h, 'Setup').click();
      await h.waitForPart('setup');
      expect(h.q('input[name="pin"]')).to.equal(null);
      expect(h.text()).to.contain('not served over https');
    } finally {
      if (own) Object.defineProperty(window, 'isSecureContext', own);
      else delete (window as { isSecureContext?: boolean }).isSecureContext;
    }
    expect(window.isSecureContext).to.equal(true);
  });
});
