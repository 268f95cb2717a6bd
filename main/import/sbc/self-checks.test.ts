import { describe, expect, it } from 'vitest';
import { Reading } from './reading.js';
import { checkReading } from './self-checks.js';

const readingOf = (plan: Record<string, number>): Reading => {
  const reading = new Reading();
  for (const [field, value] of Object.entries(plan)) reading.set(field, value, 1, 'text');
  return reading;
};

describe('the self-checks of a reading', () => {
  it('leaves a plausible reading as it is', () => {
    const reading = readingOf({ in_ded_single: 500, in_ded_family: 1000, out_ded_single: 1000, in_max_single: 3000, in_coin: 20, out_coin: 40 });
    checkReading(reading);
    expect(reading.plan).toEqual({ in_ded_single: 500, in_ded_family: 1000, out_ded_single: 1000, in_max_single: 3000, in_coin: 20, out_coin: 40 });
    expect(reading.warnings).toEqual([]);
  });

  it('empties a single amount above its family amount, both of them, and says so', () => {
    const reading = readingOf({ in_ded_single: 2000, in_ded_family: 1000 });
    checkReading(reading);
    expect(reading.plan).toEqual({});
    expect(reading.sources).toEqual({});
    expect(reading.warnings).toEqual(['in_ded_single (2000) is above in_ded_family (1000), which no plan has: both left empty; enter them from the SBC.']);
  });

  it('empties an in-network amount above the out-of-network one, and a deductible above the out-of-pocket limit', () => {
    const networks = readingOf({ in_max_single: 8000, out_max_single: 6000, in_coin: 20 });
    checkReading(networks);
    expect(networks.plan).toEqual({ in_coin: 20 });
    const deductible = readingOf({ in_ded_single: 9000, in_max_single: 8000 });
    checkReading(deductible);
    expect(deductible.plan).toEqual({});
  });

  it('empties a percentage above 100', () => {
    const reading = readingOf({ in_coin: 20, rx_coin: 250 });
    checkReading(reading);
    expect(reading.plan).toEqual({ in_coin: 20 });
  });
});
