/** The benefit kinds, as they appear in paths (/plans/{benefit}/) and in an employer's plans lists. */
export const BENEFITS = ['medical', 'dental', 'vision', 'basiclife', 'voluntarylife', 'std', 'ltd', 'stoploss', 'supplemental'] as const;
export type Benefit = (typeof BENEFITS)[number];

export function isBenefit(value: string): value is Benefit {
  return (BENEFITS as readonly string[]).includes(value);
}
