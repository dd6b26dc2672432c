/**
 * The kiosk's queue of waiting scans, driven with a memory store and a clock of its own: how long a
 * scan waits before it is sent again after each kind of failure.
 */
import { expect } from '@esm-bundle/chai';
import type { Answer } from './checkin.model.js';
import { MemoryScanStore, ScanQueue, type StoredScan } from './scan-queue.js';

const refused: Answer = { status: 0, body: null, retryAfter: null };
const busy: Answer = {
  status: 503,
  body: { error: { code: 'upstream_unavailable', message: 'Busy' } },
  retryAfter: null,
};
const done: Answer = { status: 201, body: { data: { attendeeName: 'Ada' } }, retryAfter: null };

/** A queue whose `send` answers from `script`, in order, on a clock the test moves. */
function harness(script: Answer[]) {
  const store = new MemoryScanStore();
  let now = 1_000_000;
  const settled: string[] = [];
  const queue = new ScanQueue(
    store,
    {
      send: async () => script.shift() ?? done,
      settled: (scan) => void settled.push(scan.code),
      setupProblem: () => {},
      changed: () => {},
    },
    () => now,
  );
  return {
    store,
    settled,
    queue,
    /** Moves the clock to the head scan's next try and runs the queue once. */
    async tryAgain(): Promise<StoredScan | undefined> {
      const [head] = await store.all();
      if (head) now = Math.max(now, head.nextAttemptAt);
      await queue.flush();
      return (await store.all())[0];
    },
    /** How long the head scan now waits (ms). */
    async wait(): Promise<number> {
      const [head] = await store.all();
      return head ? head.nextAttemptAt - now : 0;
    },
  };
}

const scan = {
  code: 'DEMO-0101',
  qr: 'DEMO-0101',
  mode: 'badge',
  location: 'Door A',
  scannedAt: '2026-06-10T08:00:00Z',
} as const;

describe('the kiosk queue of waiting scans', () => {
  it('after a long time offline, the first busy answer is retried within seconds, not a minute', async () => {
    const h = harness([...Array<Answer>(12).fill(refused), busy, busy]);
    await h.queue.enqueue(scan);
    try {
      for (let i = 0; i < 12; i++) await h.tryAgain();
      expect((await h.store.all())[0]!.attempts, 'refused connections count up to the cap').to.equal(3);
      expect(await h.wait()).to.be.at.most(4000);
      await h.tryAgain();
      // The proxy is back but busy: the 4th attempt's backoff (4–8 s), not the 13th's (30–60 s).
      expect(await h.wait()).to.be.within(4000, 8000);
      await h.tryAgain();
      expect(await h.wait(), 'busy again: the backoff grows').to.be.within(8000, 16000);
      await h.tryAgain();
      expect(h.settled).to.deep.equal(['DEMO-0101']);
      expect(await h.store.count()).to.equal(0);
    } finally {
      h.queue.stop();
    }
  });

  it('a request that timed out (it may have arrived) backs off in full, like a busy server', async () => {
    const timedOut: Answer = { ...refused, timedOut: true };
    const h = harness(Array<Answer>(6).fill(timedOut));
    await h.queue.enqueue(scan);
    try {
      for (let i = 0; i < 6; i++) await h.tryAgain();
      expect((await h.store.all())[0]!.attempts).to.equal(6);
      expect(await h.wait()).to.be.within(16_000, 32_000);
    } finally {
      h.queue.stop();
    }
  });
});
