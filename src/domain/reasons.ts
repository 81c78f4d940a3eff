// Why a resolve ended `degraded`. The list is the contract of docs/design.md §4: clients branch on it.
export const REASONS = [
  'blocked',
  'private',
  'age-restricted',
  'region-locked',
  'not-found',
  'rate-limited',
  'timeout',
  'upstream-error',
  'circuit-open',
  'unsupported',
  'disabled',
] as const;

export type Reason = (typeof REASONS)[number];

export function isReason(value: unknown): value is Reason {
  return typeof value === 'string' && (REASONS as readonly string[]).includes(value);
}

/**
 * When several strategies fail, the most telling failure becomes the reason: a statement about the
 * post itself (not-found, private…) beats a statement about our access to it (blocked…), which beats
 * a transport failure. Lower rank = more telling.
 */
const RANK: Record<Reason, number> = {
  'not-found': 0,
  private: 1,
  'age-restricted': 2,
  'region-locked': 3,
  unsupported: 4,
  blocked: 5,
  'rate-limited': 6,
  timeout: 7,
  'upstream-error': 8,
  'circuit-open': 9,
  disabled: 10,
};

export function mostTelling(a: Reason, b: Reason): Reason {
  return RANK[a] <= RANK[b] ? a : b;
}
