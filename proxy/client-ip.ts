/**
 * The client's IP for rate limiting: the socket's peer address, or, behind `hops` reverse proxies
 * we run, the address the outermost of them saw (`X-Forwarded-For` is appended to by each hop, so
 * only its last `hops` entries are trustworthy; anything left of them is client-supplied).
 */
import type { Context } from 'hono';
import type { ProxyEnv } from './env.js';

export function clientIp(c: Context<ProxyEnv>, hops: number): string {
  if (hops > 0) {
    const list = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const entry = list[list.length - hops];
    if (entry) return entry;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
