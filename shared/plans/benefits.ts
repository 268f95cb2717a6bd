/** The benefit kinds, as they appear in paths (/plans/{benefit}/) and in an employer's plans lists. */
export const BENEFITS = ['medical', 'dental', 'vision', 'basiclife', 'voluntarylife', 'std', 'ltd', 'stoploss', 'supplemental'] as const;
export type Benefit = (typeof BENEFITS)[number];

const TIERED_BENEFITS: readonly Benefit[] = ['medical', 'dental', 'vision'];

/** True for the kinds priced in four premium tiers (employee only ... employee + family). */
export function hasPremiumTiers(benefit: Benefit): boolean {
  return TIERED_BENEFITS.includes(benefit);
}

export function isBenefit(value: string): value is Benefit {
  return (BENEFITS as readonly string[]).includes(value);
}
