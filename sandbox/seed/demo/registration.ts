/** Attendees (registrations) and the badges issued to them. */
import type { SeedBadge, SeedRegistration } from '../types.js';
import type { NameSource } from './names.js';
import { asciiFold, pad, type Rng } from './util.js';

const MAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example', 'post.example'] as const;

function mailPart(text: string): string {
  return asciiFold(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * `count` registrations `<prefix>reg-0001…`; the first `badgeCount` are confirmed and get badges
 * `<badgePrefix>-0001…`, the rest are still pending (no badge yet).
 */
export function buildRegistrations(opts: {
  rng: Rng;
  prefix: string;
  names: NameSource;
  count: number;
  badgeCount: number;
  badgePrefix: string;
  tickets: readonly (readonly [string, number])[];
}): { registrations: SeedRegistration[]; badges: SeedBadge[] } {
  const { rng, prefix, names, count, badgeCount, badgePrefix, tickets } = opts;
  if (badgeCount > count) throw new Error('More badges than registrations');
  const emails = new Set<string>();
  const registrations: SeedRegistration[] = [];
  const badges: SeedBadge[] = [];
  for (let i = 1; i <= count; i++) {
    const name = names.next();
    const domain = rng.pick(MAIL_DOMAINS);
    const base = rng.chance(0.7)
      ? `${mailPart(name.given)}.${mailPart(name.family)}`
      : `${mailPart(name.given).charAt(0)}${mailPart(name.family)}`;
    let email = `${base}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${base}${n}@${domain}`;
    emails.add(email);
    const id = `${prefix}reg-${pad(i, 4)}`;
    registrations.push({
      id,
      firstName: name.given,
      lastName: name.family,
      email,
      ticketTypeId: rng.weighted(tickets),
      status: i <= badgeCount ? 'confirmed' : rng.chance(0.5) ? 'pending_payment' : 'pending_review',
    });
    if (i <= badgeCount) badges.push({ code: `${badgePrefix}-${pad(i, 4)}`, registrationId: id });
  }
  return { registrations, badges };
}
