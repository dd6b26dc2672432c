/** The upstream the proxy tests run against: the sandbox, a faithful API v1 with a real database. */
import { createSandbox, type SandboxOptions } from '../../sandbox/index.js';

export type UpstreamAppOptions = Pick<SandboxOptions, 'failRate' | 'latencyMs' | 'rateLimit'>;

export interface UpstreamApp {
  fetch(req: Request): Promise<Response>;
  close?(): void;
}

export function upstreamApp(opts: UpstreamAppOptions = {}): UpstreamApp {
  return createSandbox({ ...opts });
}
