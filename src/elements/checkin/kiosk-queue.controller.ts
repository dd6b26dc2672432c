/**
 * The kiosk's waiting scans as a Lit controller: opens the kiosk's store when the element connects
 * (or names another store), runs the {@link ScanQueue} over it while the kiosk has a token, sends
 * each scan through the element's {@link ApiClient} with the kiosk token, keeps the count of
 * waiting scans for the counters, and stops and closes it all, in one place, when the element
 * leaves the page or changes store.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { postForAnswer, type WriteAnswer } from '../../api/answered-write.js';
import type { ApiClient } from '../../api/client.js';
import { openScanStore, ScanQueue, type QueueHooks, type StoredScan } from './scan-queue.js';

/** How long a send may wait for its answer before the scan counts as not answered (kept, retried). */
export const SEND_TIMEOUT_MS = 8000;

/** One check-in request through the proxy; never throws (no answer is status 0). */
export function sendScan(
  client: ApiClient,
  token: string,
  scan: Pick<StoredScan, 'mode' | 'qr' | 'location' | 'key'>,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<WriteAnswer> {
  const id = scan.mode === 'attendance' ? 'attendanceCheckin' : 'badgeCheckin';
  return postForAnswer(
    client,
    id,
    { qr: scan.qr, location: scan.location },
    { idempotencyKey: scan.key, headers: { 'x-kiosk-token': token }, timeoutMs },
  );
}

export interface KioskQueueOptions {
  /** The kiosk's storage name (`store` attribute): one queue per name. */
  storeName(): string;
  /** The client of the proxy the scans go to. */
  client(): ApiClient;
  /** The kiosk token kept on the device; null before the setup. */
  token(): string | null;
  settled: QueueHooks['settled'];
  setupProblem: QueueHooks['setupProblem'];
}

export class KioskQueueController implements ReactiveController {
  /** Scans stored and not answered yet. */
  waiting = 0;
  /** The browser refused IndexedDB: waiting scans live only as long as this page. */
  volatile = false;
  private queue: ScanQueue | null = null;
  private opening: Promise<ScanQueue> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: KioskQueueOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    void this.open();
  }

  hostDisconnected(): void {
    this.close();
  }

  /** The queue, once its store is open; sending starts there if the kiosk has a token. */
  open(): Promise<ScanQueue> {
    if (this.queue) return Promise.resolve(this.queue);
    const name = this.options.storeName();
    const opening = (this.opening ??= openScanStore(name).then((store) => {
      const queue = new ScanQueue(
        store,
        {
          send: (scan) => sendScan(this.options.client(), this.options.token() ?? '', scan),
          settled: (scan, outcome) => this.options.settled(scan, outcome),
          setupProblem: (outcome) => this.options.setupProblem(outcome),
          changed: (n) => this.setWaiting(n),
        },
        Date.now,
        `conf-checkin:${name}`,
      );
      this.volatile = !store.durable;
      this.host.requestUpdate();
      if (this.opening !== opening) {
        store.close(); // disconnected or switched store meanwhile
        return queue;
      }
      this.queue = queue;
      void store.count().then((n) => this.setWaiting(n));
      if (this.options.token()) queue.start();
      return queue;
    }));
    return opening;
  }

  /** Another kiosk's storage: the old store closed, the new one opened. */
  reopen(): void {
    this.close();
    void this.open();
  }

  /** After a new token: sending starts over, from the oldest waiting scan. */
  async restart(): Promise<void> {
    const queue = await this.open();
    queue.stop();
    queue.start();
    queue.resume();
  }

  /** Sends what is due now (the page became visible again). */
  flush(): void {
    void this.queue?.flush();
  }

  private close(): void {
    this.queue?.stop();
    this.queue?.store.close();
    this.queue = null;
    this.opening = null;
  }

  private setWaiting(n: number): void {
    this.waiting = n;
    this.host.requestUpdate();
  }
}
