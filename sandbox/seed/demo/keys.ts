/** The fixed demo keys (sandbox only). Each is documented in the sandbox README. */
export const DEMO_KEYS = {
  /** Demo conference, every scope. */
  all: 'demo-key-all',
  /** Demo conference, `registrations:read` only. */
  read: 'demo-key-read',
  /** Demo conference, revoked: 401. */
  revoked: 'demo-key-revoked',
  /** Demo conference, expired on 2000-01-01: 401. */
  expired: 'demo-key-expired',
  /** A live conference whose plan ended on 2000-01-01: 403 plan_ended. */
  planEnded: 'demo-key-plan-ended',
  /** A draft (not live) conference: 403 conference_inactive. */
  inactive: 'demo-key-inactive',
  /** The second conference, every scope. */
  other: 'demo-key-other',
} as const;
