/** The upstream the proxy tests run against: the sandbox, a faithful API v1 with a real database. */
import { createSandbox, type SandboxOptions } from '../../sandbox/index.js';

export type UpstreamAppOptions = Pick<
  SandboxOptions,
  'failRate' | 'loseRate' | 'latencyMs' | 'rateLimit' | 'idempotency'
>;

export interface UpstreamApp {
  fetch(req: Request): Promise<Response>;
  /** Uploads whose bytes the storage kept (a PUT completed). */
  completedUploads(): number;
  close?(): void;
}

export function upstreamApp(opts: UpstreamAppOptions = {}): UpstreamApp {
  // The proxy's tests prove the proxy's own exactly-once guarantees, so the sandbox ignores
  // Idempotency-Key unless a test turns it on (as an upstream that does not honour it would).
  const sandbox = createSandbox({ idempotency: false, ...opts });
  const completed = sandbox.store.db.prepare('SELECT count(*) FROM uploads WHERE completed_at IS NOT NULL').pluck();
  return {
    fetch: sandbox.fetch,
    completedUploads: () => completed.get() as number,
    close: () => sandbox.close(),
  };
}
