// Premiums per tier, current against proposed: gross cost, the employee's contribution and the
// employer's share (gross − employee), each monthly and annual, with the change in dollars and
// percent; and, given enrollment, the annual totals. All in integer cents (see money.ts).
import { TIER_LABELS, type Tier } from '../plans/renewal.js';
import type { Enrollment } from './enrollment.js';
import { CENTS, monthlyCents, percentChange } from './money.js';

const TIERS: readonly Tier[] = [1, 2, 3, 4];
export const SHARES = ['gross', 'ee', 'er'] as const;
export type Share = (typeof SHARES)[number];
export const SHARE_LABELS: Readonly<Record<Share, string>> = { gross: 'Gross premium', ee: 'Employee contribution', er: 'Employer share' };

/** One amount per month and per year, in cents. */
interface Amount {
  monthly: number;
  annual: number;
}

interface Change {
  /** new − old, each figure rounded once from the exact annual difference. */
  amount: Amount;
  /** On the annual amounts, one decimal; null from 0 to something (see percentChange). */
  percent: number | null;
}

export interface Comparison {
  current: Amount | null;
  proposed: Amount | null;
  change: Change | null;
}

export interface TierPremiums {
  tier: Tier;
  label: string;
  enrolled: number | null;
  shares: Record<Share, Comparison>;
}

export interface PremiumTotals {
  enrolled: number;
  shares: Record<Share, Comparison>;
}

const amountOf = (annualCents: number): Amount => ({ monthly: monthlyCents(annualCents), annual: annualCents });

function compare(current: number | null, proposed: number | null): Comparison {
  return {
    current: current === null ? null : amountOf(current),
    proposed: proposed === null ? null : amountOf(proposed),
    change: current === null || proposed === null ? null : { amount: amountOf(proposed - current), percent: percentChange(current, proposed) },
  };
}

const dollars = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** A plan's annual cents per share for one tier; null where the plan lacks the figure. */
function annualShares(plan: Record<string, unknown> | null, tier: Tier): Record<Share, number | null> {
  const gross = plan ? dollars(plan[`t${tier}_gross`]) : null;
  const ee = plan ? dollars(plan[`t${tier}_ee`]) : null;
  return {
    gross: gross === null ? null : gross * CENTS,
    ee: ee === null ? null : ee * CENTS,
    er: gross === null || ee === null ? null : (gross - ee) * CENTS,
  };
}

function byShare(make: (share: Share) => Comparison): Record<Share, Comparison> {
  return { gross: make('gross'), ee: make('ee'), er: make('er') };
}

export function tierPremiums(current: Record<string, unknown> | null, proposed: Record<string, unknown>, enrollment: Enrollment | null): TierPremiums[] {
  return TIERS.map((tier) => {
    const [before, after] = [annualShares(current, tier), annualShares(proposed, tier)];
    return {
      tier,
      label: TIER_LABELS[tier],
      enrolled: enrollment ? enrollment[tier - 1]! : null,
      shares: byShare((share) => compare(before[share], after[share])),
    };
  });
}

/** Σ enrolled × annual amount per share; a side is null when any enrolled tier lacks its figure. */
export function premiumTotals(tiers: readonly TierPremiums[], enrollment: Enrollment): PremiumTotals {
  const total = (share: Share, side: 'current' | 'proposed'): number | null => {
    let sum = 0;
    for (const tier of tiers) {
      const count = enrollment[tier.tier - 1]!;
      const amount = tier.shares[share][side];
      if (count === 0) continue;
      if (amount === null) return null;
      sum += count * amount.annual;
    }
    return sum;
  };
  return {
    enrolled: enrollment.reduce((sum, count) => sum + count, 0),
    shares: byShare((share) => compare(total(share, 'current'), total(share, 'proposed'))),
  };
}
