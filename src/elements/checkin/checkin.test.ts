import { expect } from '@esm-bundle/chai';
import { expectNoAxeViolations } from '../../../test/browser/axe.js';
import { cleanup, ElementHarness, fixture, preferOn, waitFor } from '../../../test/browser/harness.js';
import type { ConfCheckedInEvent } from '../../events/conf-checked-in.js';
import './define.js';
import type { ConfCheckin } from './checkin.js';

const API = '/api/public/v1';
/** The test proxy's kiosk token (test/browser/api-server.ts). */
const TOKEN = 'test-kiosk-token-0001';
const RUN = Math.random().toString(36).slice(2, 8);
let n = 0;
/** Badges of the demo conference no other test file scans; each test takes its own. */
let nextBadge = 300 + Math.floor(Math.random() * 50);
const badge = () => `DEMO-${String(nextBadge++).padStart(4, '0')}`;

type Kiosk = ElementHarness<ConfCheckin>;

async function mount(
  attrs = '',
  settings: Record<string, unknown> = { token: TOKEN },
): Promise<Kiosk & { store: string }> {
  const store = `t-${RUN}-${n++}`;
  localStorage.setItem(`conf-checkin:${store}:settings`, JSON.stringify(settings));
  const el = await fixture<ConfCheckin>(`<conf-checkin store="${store}" ${attrs}></conf-checkin>`);
  const h = new ElementHarness(el) as Kiosk & { store: string };
  h.store = store;
  return h;
}

async function scan(h: Kiosk, code: string): Promise<void> {
  const input = await waitFor(() => h.part<HTMLInputElement>('input'), 'scan input');
  await h.type(input, code);
  await h.press('Enter');
}

const resultKind = (h: Kiosk) => h.part('result')?.className.replace('result', '').trim();
const word = (h: Kiosk) => h.part('word')?.textContent?.trim();
const waitResult = (h: Kiosk, kind: string, timeoutMs = 8000) =>
  waitFor(
    () => resultKind(h) === kind,
    `result "${kind}" (now "${resultKind(h)}": ${h.part('result')?.textContent?.replace(/\s+/g, ' ')})`,
    timeoutMs,
  );

function events(el: HTMLElement): ConfCheckedInEvent[] {
  const seen: ConfCheckedInEvent[] = [];
  el.addEventListener('conf-checked-in', (e) => seen.push(e));
  return seen;
}

async function checkInDirectly(qr: string, location: string, path = '/badges/checkin'): Promise<Response> {
  return fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kiosk-token': TOKEN },
    body: JSON.stringify({ qr, location }),
  });
}

describe('conf-checkin', () => {
  afterEach(cleanup);

  it('checks a badge in: green, the word, the name and ticket, the counters and the event', async () => {
    const h = await mount('location="Door A"');
    const seen = events(h.el);
    const code = badge();
    await scan(h, code);
    await waitResult(h, 'checked-in');
    expect(word(h)).to.equal('Checked in');
    expect(h.part('result')!.textContent).to.match(/\S+ \S+ · \S+/u); // "Name Surname · Ticket"
    expect(h.matchesState('checked-in')).to.equal(true);
    expect(h.el.stats).to.include({ scanned: 1, checkedIn: 1, already: 0, waiting: 0 });
    expect(seen.map((e) => [e.detail.code, e.detail.status])).to.deep.equal([[code, 'checked-in']]);
    expect(seen[0]!.detail.attendee?.name).to.be.a('string');
    expect(h.focused, 'the scan field has the focus again').to.equal(h.part('input'));
    expect(h.part('history')!.textContent).to.contain(code);
    // The core's clock: "9:05:07 AM" or "11:38:47 AM", never "09:05:07 AM", and AM kept with it.
    const time = h.part('history')!.querySelector('.time')!.textContent!;
    expect(time).to.match(/^([1-9]|1[0-2]):\d\d:\d\d\u00a0[AP]M$/);
  });

  it('says "Already checked in" with the first scan\'s place for a badge checked in elsewhere', async () => {
    const code = badge();
    expect((await checkInDirectly(code, 'Door Z')).status).to.equal(201);
    const h = await mount();
    await scan(h, code);
    await waitResult(h, 'already');
    expect(word(h)).to.equal('Already checked in');
    expect(h.part('result')!.textContent).to.contain('Door Z');
    expect(h.el.stats).to.include({ scanned: 1, checkedIn: 0, already: 1 });
  });

  it('refuses an unknown badge in red with the reason', async () => {
    const h = await mount();
    const seen = events(h.el);
    await scan(h, `NOPE-${RUN}`);
    await waitResult(h, 'refused');
    expect(word(h)).to.equal('Not checked in');
    expect(h.part('result')!.textContent).to.contain('Unknown badge');
    expect(h.el.stats).to.include({ refused: 1 });
    expect(seen[0]!.detail.status).to.equal('refused');
  });

  it('one scan when a scanner repeats a code within the window', async () => {
    const h = await mount();
    const code = badge();
    await scan(h, code);
    await waitResult(h, 'checked-in');
    await scan(h, code);
    await h.settle();
    expect(h.el.stats).to.include({ scanned: 1, checkedIn: 1, already: 0 });
  });

  it("attendance mode: a plain badge code counts for today's conference day", async () => {
    // The test conference starts 2026-06-10 (Europe/Berlin): the 11th is day 2.
    const h = await mount('mode="attendance" now="2026-06-11T10:00:00+02:00"');
    const code = badge();
    await waitFor(() => {
      const s = JSON.parse(localStorage.getItem(`conf-checkin:${h.store}:settings`) ?? '{}') as { dates?: unknown };
      return s.dates;
    }, 'the conference dates kept on the device');
    await scan(h, code);
    await waitResult(h, 'checked-in');
    const again = await checkInDirectly(`DAILY:2/${code}`, 'x', '/attendance/checkin');
    expect(again.status, 'day 2 is recorded for this badge').to.equal(409);
    const day1 = await checkInDirectly(`DAILY:1/${code}`, 'x', '/attendance/checkin');
    expect(day1.status, 'day 1 is not').to.equal(201);
  });

  it('attendance mode outside the conference days: refused before anything is sent', async () => {
    const h = await mount('mode="attendance" now="2026-07-01T10:00:00+02:00"');
    await waitFor(
      () => (JSON.parse(localStorage.getItem(`conf-checkin:${h.store}:settings`) ?? '{}') as { dates?: unknown }).dates,
      'dates',
    );
    await scan(h, badge());
    await waitResult(h, 'refused');
    expect(h.part('result')!.textContent).to.contain('not a day of the conference');
  });

  it('without a token: the setup screen asks for it; saving it starts the kiosk', async () => {
    const h = await mount('', {});
    const setup = await h.waitForPart('setup');
    expect(setup.textContent).to.contain("Enter this kiosk's token");
    expect(h.matchesState('setup')).to.equal(true);
    await h.type(h.q<HTMLInputElement>('input[name="token"]')!, TOKEN);
    await h.type(h.q<HTMLInputElement>('input[name="location"]')!, 'Door C');
    h.q<HTMLButtonElement>('button[type="submit"]')!.click();
    await h.waitForPart('result');
    const code = badge();
    await scan(h, code);
    await waitResult(h, 'checked-in');
    const stored = localStorage.getItem(`conf-checkin:${h.store}:settings`) ?? '';
    expect(stored).to.contain(TOKEN);
    expect(document.documentElement.outerHTML, 'the token is not in the page').not.to.contain(TOKEN);
  });

  it('a wrong token: a clear setup message, the scan kept and sent once the token is right', async () => {
    const h = await mount('', { token: 'wrong-token-wrong-token' });
    const code = badge();
    await scan(h, code);
    await waitResult(h, 'setup');
    expect(h.part('banner')!.textContent).to.contain("refused this kiosk's token");
    expect(h.el.stats).to.include({ waiting: 1, checkedIn: 0 });
    h.all<HTMLButtonElement>('button')
      .find((b) => b.textContent?.trim() === 'Setup')!
      .click();
    await h.waitForPart('setup');
    await h.type(h.q<HTMLInputElement>('input[name="token"]')!, TOKEN);
    h.q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => h.el.stats.checkedIn === 1, 'the kept scan checked in');
    expect(h.el.stats.waiting).to.equal(0);
  });

  it('429: the scan is saved and sent again only after Retry-After', async () => {
    const h = await mount();
    const seen = events(h.el);
    const stop = preferOn(/\/badges\/checkin/, 'code=429');
    const sends: number[] = [];
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/badges/checkin'))
        sends.push(performance.now());
      return realFetch(input, init);
    };
    try {
      const code = badge();
      await scan(h, code);
      await waitResult(h, 'queued');
      expect(word(h)).to.equal('Saved, will be sent');
      expect(h.el.stats.waiting).to.equal(1);
      stop();
      await waitFor(() => h.el.stats.checkedIn === 1, 'sent after Retry-After', 10_000);
      expect(sends.length).to.equal(2);
      expect(sends[1]! - sends[0]!, 'not before Retry-After: 1').to.be.at.least(950);
      expect(seen.map((e) => e.detail.status)).to.deep.equal(['queued', 'checked-in']);
    } finally {
      window.fetch = realFetch;
      stop();
    }
  });

  it('offline: saved at once, "Already scanned here" for a rescan, kept across a reload, sent when the proxy is back', async () => {
    const dead = 'http://127.0.0.1:9';
    const h = await mount(`endpoint="${dead}" repeat-window="0.05"`);
    const code = badge();
    await scan(h, code);
    await waitResult(h, 'queued');
    await new Promise((r) => setTimeout(r, 100));
    await scan(h, code);
    await waitResult(h, 'already-here');
    expect(word(h)).to.equal('Already scanned here');
    expect(h.el.stats).to.include({ scanned: 2, already: 1, waiting: 1 });
    // A reload: the element goes, a new one on the same storage finds the scan and sends it.
    const store = h.store;
    h.el.remove();
    const el = await fixture<ConfCheckin>(`<conf-checkin store="${store}"></conf-checkin>`);
    const again = new ElementHarness(el);
    await waitFor(() => el.stats.checkedIn === 1, 'the stored scan sent after the reload', 10_000);
    expect(el.stats).to.include({ scanned: 2, checkedIn: 1, already: 1, waiting: 0 });
    expect(again.part('history')!.textContent).to.contain('Checked in');
  });

  it('where the browser refuses IndexedDB: still checks in, and says that waiting scans would not survive', async () => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    try {
      const h = await mount();
      await waitFor(
        () => h.part('banner')?.textContent?.includes('lost if the page is closed'),
        'volatile storage banner',
      );
      await scan(h, badge());
      await waitResult(h, 'checked-in');
    } finally {
      IDBFactory.prototype.open = open;
    }
  });

  it('the setup is locked by its PIN once one is set', async () => {
    const h = await mount();
    h.all<HTMLButtonElement>('button')
      .find((b) => b.textContent?.trim() === 'Setup')!
      .click();
    await h.waitForPart('setup');
    await h.type(h.q<HTMLInputElement>('input[name="pin"]')!, '4711');
    h.q<HTMLButtonElement>('button[type="submit"]')!.click();
    await h.waitForPart('result');
    h.all<HTMLButtonElement>('button')
      .find((b) => b.textContent?.trim() === 'Setup')!
      .click();
    await waitFor(() => h.text().includes('Setup is locked'), 'locked');
    await h.type(h.q<HTMLInputElement>('input[name="pin"]')!, '1234');
    h.q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => h.text().includes('Wrong PIN'), 'wrong PIN');
    await new Promise((r) => setTimeout(r, 1100)); // the wait after one wrong PIN (kiosk-pin.test.ts)
    const pin = h.q<HTMLInputElement>('input[name="pin"]')!;
    pin.value = '';
    await h.type(pin, '4711');
    h.q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => h.text().includes('Kiosk setup'), 'unlocked');
  });

  it('German texts; no axe violations on the ready and result screens', async () => {
    const h = await mount('lang="de"');
    await waitFor(() => word(h) === 'Bereit zum Scannen', 'German ready word');
    await expectNoAxeViolations(h.el);
    const code = badge();
    await scan(h, code);
    await waitResult(h, 'checked-in');
    expect(word(h)).to.equal('Eingecheckt');
    await expectNoAxeViolations(h.el);
    h.el.repeatWindow = 0;
    await scan(h, code);
    await waitResult(h, 'already');
    expect(h.part('result')!.textContent, 'the first scan line in German too').to.match(/Erster Scan \d\d:\d\d/);
  });
});
