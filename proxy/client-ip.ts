/**
 * The client's IP for rate limiting: the address the platform in front names in its own header
 * (`addressHeader`, e.g. Cloudflare's `CF-Connecting-IP`), else the socket's peer address, or,
 * behind `hops` reverse proxies we run, the address the outermost of them saw (`X-Forwarded-For`
 * is appended to by each hop, so only its last `hops` entries are trustworthy; anything left of
 * them is client-supplied).
 */
import type { Context } from 'hono';
import type { ProxyEnv } from './env.js';

export function clientIp(c: Context<ProxyEnv>, hops: number, addressHeader: string | null = null): string {
  const named = addressHeader ? c.req.header(addressHeader)?.trim() : undefined;
  if (named) return addressBucket(named);
  if (hops > 0) {
    const list = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const entry = list[list.length - hops];
    if (entry) return addressBucket(entry);
  }
  const peer = c.env?.incoming?.socket?.remoteAddress;
  return peer ? addressBucket(peer) : 'unknown';
}

/**
 * The rate-limit bucket of an address: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64.
 * A subscriber is given at least a /64 and may use any address in it, so counting single IPv6
 * addresses would give one client 2^64 buckets.
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%', 1)[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros: string[] =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/64`;
}
