import { describe, expect, it } from 'vitest';
import { formatPercent } from '../plans/plan-values.js';
import { formatCents, formatCentsChange, monthlyCents, percentChange } from './money.js';

describe('monthlyCents', () => {
  it('takes one twelfth of the annual cents and rounds once, half up', () => {
    expect(monthlyCents(625_000)).toBe(52_083); // $6,250 / 12 = $520.8333…
    expect(monthlyCents(1_400_000)).toBe(116_667); // $14,000 / 12 = $1,166.666…
    expect(monthlyCents(6)).toBe(1); // 0.5 cent goes up
    expect(monthlyCents(-6)).toBe(-1); // and a decrease mirrors it
  });
});

describe('percentChange', () => {
  it('rounds to one decimal, halves away from zero, in exact integers', () => {
    expect(percentChange(40_000, 40_100)).toBe(0.3); // 0.25% up
    expect(percentChange(40_000, 39_900)).toBe(-0.3); // 0.25% down
    expect(percentChange(625_000, 668_800)).toBe(7); // 7.008%
    expect(percentChange(475_000, 503_800)).toBe(6.1); // 6.0631…%
  });

  it('is 0 from nothing to nothing and null from nothing to something', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(0, 100)).toBeNull();
  });

  it('stays exact for totals far beyond a double’s integer precision once multiplied', () => {
    expect(percentChange(800_000_000_000_000, 800_000_000_400_000)).toBe(0); // 0.00000005%
    expect(percentChange(800_000_000_000_000, 840_000_000_000_000)).toBe(5);
  });
});

describe('formatting', () => {
  it('writes cents as dollars with thousands separators and a real minus sign', () => {
    expect(formatCents(17_181_000)).toBe('$171,810.00');
    expect(formatCents(-1_200)).toBe('\u2212$12.00');
    expect(formatCentsChange(3_650)).toBe('+$36.50');
    expect(formatCentsChange(0)).toBe('$0.00');
  });

  it('writes percentages with one decimal and their sign', () => {
    expect(formatPercent(7)).toBe('+7.0%');
    expect(formatPercent(-4.2)).toBe('\u22124.2%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('n/a');
  });
});
