/**
 * The browser's side of the proxy's optional proof-of-work challenge on public writes
 * (`proxy/middleware/write-challenge.ts`). When a proxy asks for one, every write and upload
 * carries `X-Conf-Challenge`: a challenge from `GET {endpoint}/challenge` with the counter that
 * solves it, found by trying counters with SHA-256 (WebCrypto) until the derived key starts with
 * the challenge's prefix. A proxy without the challenge answers 404 there, and nothing more is
 * asked of it on this page.
 *
 * Forms call {@link WriteChallenge.warm} when the person starts filling them, so a solution is
 * ready long before the submit; each write takes one and the next is solved in the background.
 * WebCrypto needs a secure context (https, or localhost): elsewhere no solution can be made, and a
 * proxy with the challenge on refuses the writes (428).
 */
import type { WriteProof } from './writes.js';

export const CHALLENGE_HEADER = 'X-Conf-Challenge';
/** The proxy's refusal of a write without a usable solution. */
export const CHALLENGE_REQUIRED = 'challenge_required';

export interface Challenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    keyPrefix: string;
    cost: number;
    keyLength?: number;
    expiresAt?: number;
  };
  signature?: string;
}

export interface Solution {
  counter: number;
  derivedKey: string;
}

const bytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** Digests in flight at once: WebCrypto hashes off the main thread, one await per batch. */
const BATCH = 16;

/**
 * The counter whose key, SHA-256 of salt ‖ nonce ‖ counter (4 bytes, big-endian) hashed `cost`
 * times, starts with `keyPrefix` (ALTCHA v2's SHA-256 scheme). The page stays responsive: every
 * batch awaits WebCrypto.
 */
export async function solveChallenge({ parameters: p }: Challenge, signal?: AbortSignal): Promise<Solution> {
  if (p.algorithm !== 'SHA-256') throw new Error(`Unsupported challenge algorithm ${p.algorithm}.`);
  const salt = bytes(p.salt);
  const nonce = bytes(p.nonce);
  const prefix = p.keyPrefix.toLowerCase();
  const input = new Uint8Array(salt.length + nonce.length + 4);
  input.set(salt);
  input.set(nonce, salt.length);
  const view = new DataView(input.buffer);
  const derive = async (): Promise<Uint8Array> => {
    // `digest` copies its input when called, so the buffer is free again at once.
    let key = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
    for (let i = 1; i < p.cost; i++) key = new Uint8Array(await crypto.subtle.digest('SHA-256', key));
    return key.slice(0, p.keyLength ?? 32);
  };
  for (let base = 0; base < 0x1_0000_0000; base += BATCH) {
    if (signal?.aborted) throw new DOMException('The challenge was abandoned.', 'AbortError');
    const keys: Promise<Uint8Array>[] = [];
    for (let i = 0; i < BATCH; i++) {
      view.setUint32(salt.length + nonce.length, base + i);
      keys.push(derive());
    }
    const found = (await Promise.all(keys)).findIndex((k) =>
      hex(k.subarray(0, Math.ceil(prefix.length / 2))).startsWith(prefix),
    );
    if (found !== -1) {
      view.setUint32(salt.length + nonce.length, base + found);
      return { counter: base + found, derivedKey: hex(await derive()) };
    }
  }
  throw new Error('The challenge has no solution.');
}

interface Ready {
  value: string;
  /** ms since epoch; 0 when the challenge does not say. */
  expiresAt: number;
}

const FETCH_TIMEOUT_MS = 10_000;

/** A solution must outlive the write's trip to the proxy. */
const MARGIN_MS = 30_000;

export class WriteChallenge {
  /** `off`: the proxy answered 404 at `/challenge`, so it asks for none. */
  private state: 'unknown' | 'on' | 'off' = 'unknown';
  private next: Promise<Ready | null> | null = null;

  constructor(readonly endpoint: string) {}

  /** Starts getting one solution ready, unless one is on its way or the proxy asks for none. */
  warm(): void {
    if (this.state !== 'off' && !this.next) this.next = this.make();
  }

  /**
   * The header value for one write: the one being readied, else null (the proxy asks for none, or
   * nothing was warmed: a write then goes without, and a 428 is answered by {@link renew}).
   */
  async take(): Promise<string | null> {
    for (let tries = 0; tries < 2; tries++) {
      if (this.state === 'off' || (this.state === 'unknown' && !this.next)) return null;
      this.warm();
      const ready = await this.next;
      this.next = null;
      if (ready === null || ready === undefined) return null;
      if (ready.expiresAt !== 0 && ready.expiresAt - MARGIN_MS < Date.now()) continue;
      this.warm();
      return ready.value;
    }
    return null;
  }

  /** After the proxy refused a write (428): a fresh solution, whatever this page thought before. */
  renew(): Promise<string | null> {
    this.state = 'unknown';
    this.next = this.make();
    return this.take();
  }

  private async make(): Promise<Ready | null> {
    try {
      // Bounded: a write waits for this, and must not wait on a stalled connection.
      const res = await fetch(`${this.endpoint.replace(/\/+$/, '')}/challenge`, {
        credentials: 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (res.status === 404) {
        this.state = 'off';
        return null;
      }
      if (!res.ok) return null;
      const challenge = ((await res.json()) as { data: Challenge }).data;
      this.state = 'on';
      const solution = await solveChallenge(challenge);
      const value = btoa(JSON.stringify({ challenge, solution }));
      return { value, expiresAt: (challenge.parameters.expiresAt ?? 0) * 1000 };
    } catch {
      // No network, no WebCrypto: the write goes without, and the proxy says whether it minds.
      return null;
    }
  }
}

const byEndpoint = new Map<string, WriteChallenge>();

/** What `ApiClient` asks for each public write once a form installed it (`useWriteProof`). */
export const writeProof: WriteProof = {
  take: (endpoint) => writeChallenge(endpoint).take(),
  renew: (endpoint) => writeChallenge(endpoint).renew(),
};

/** The page's one challenge source per proxy. */
export function writeChallenge(endpoint: string): WriteChallenge {
  let c = byEndpoint.get(endpoint);
  if (!c) byEndpoint.set(endpoint, (c = new WriteChallenge(endpoint)));
  return c;
}
