// Exact money for the renewal exhibit, as the rate helper does it: amounts are integer cents, each
// figure is computed from exact values and rounded once (half up), and percentages are worked out in
// integers too, so no figure depends on floating-point arithmetic.
import { divideHalfUp, groupThousands } from '../rates/rounding.js';

/** Cents per dollar; the service stores annual premiums in whole dollars. */
export const CENTS = 100;

/** A month's share of an annual amount in cents: one twelfth, rounded once to the cent. */
export function monthlyCents(annualCents: number): number {
  return divideHalfUp(annualCents, 12);
}

/**
 * (new − old) / old in percent, to one decimal, halves away from zero; 0 from nothing to nothing,
 * null from nothing to something (no base to compare with). Worked in BigInt tenths so large totals
 * stay exact.
 */
export function percentChange(oldCents: number, newCents: number): number | null {
  if (oldCents === 0) return newCents === 0 ? 0 : null;
  const difference = BigInt(newCents - oldCents) * 1000n;
  const base = BigInt(Math.abs(oldCents));
  const magnitude = (2n * (difference < 0n ? -difference : difference) + base) / (2n * base);
  const tenths = Number(difference < 0n !== oldCents < 0 ? -magnitude : magnitude);
  return tenths === 0 ? 0 : tenths / 10;
}

/** "$1,234.50", "−$12.00" (a real minus sign). */
export function formatCents(cents: number): string {
  const magnitude = Math.abs(cents);
  const text = `$${groupThousands(String(Math.floor(magnitude / CENTS)))}.${String(magnitude % CENTS).padStart(2, '0')}`;
  return cents < 0 ? `\u2212${text}` : text;
}

/** A change in money with its sign: "+$36.50", "−$12.00", "$0.00". */
export function formatCentsChange(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}
