// Enrollment per tier: how many employees are in each of the four premium tiers. Kept with the
// workspace for the renewal exhibit; not part of any plan record and never synced.

export type Enrollment = readonly [number, number, number, number];

/** Far above any employer; keeps every total (count × annual premium in cents) a safe integer. */
export const MAX_ENROLLED = 1_000_000;

/** The tiers in the order of the counts, as the messages name them. */
const TIER_NAMES = ['Employee only', 'Employee + spouse', 'Employee + children', 'Employee + family'] as const;

export const enrollmentMessages = {
  count: 'Enrollment is four counts, one per tier: employee only, employee + spouse, employee + children, employee + family (e.g. 10,2,3,5).',
  notACount: (tier: number, text: string) => `${TIER_NAMES[tier]} enrollment "${text}" is not a whole number of employees (0 or more).`,
  tooMany: (tier: number, count: number) =>
    `${TIER_NAMES[tier]} enrollment ${count} is above the maximum of ${MAX_ENROLLED.toLocaleString('en-US')} employees in a tier.`,
} as const;

export type EnrollmentResult = { ok: true; enrollment: Enrollment } | { ok: false; error: string };

/** Four counts, each a whole number from 0 to MAX_ENROLLED; the first that is not is named with its tier. */
export function checkEnrollment(counts: readonly unknown[]): EnrollmentResult {
  if (counts.length !== 4) return { ok: false, error: enrollmentMessages.count };
  for (const [tier, count] of counts.entries()) {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return { ok: false, error: enrollmentMessages.notACount(tier, String(count)) };
    if (count > MAX_ENROLLED) return { ok: false, error: enrollmentMessages.tooMany(tier, count) };
  }
  return { ok: true, enrollment: counts as unknown as Enrollment };
}

/** "T1,T2,T3,T4" as typed on the command line: digits only, spaces around the commas allowed. */
export function parseEnrollment(text: string): EnrollmentResult {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4) return { ok: false, error: enrollmentMessages.count };
  const bad = parts.findIndex((part) => !/^\d{1,9}$/.test(part));
  if (bad >= 0) return { ok: false, error: enrollmentMessages.notACount(bad, parts[bad]!) };
  return checkEnrollment(parts.map(Number));
}
