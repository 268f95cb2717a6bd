import type { Reading } from './reading.js';

/** Pairs where the first can never exceed the second in a real plan. */
const NEVER_ABOVE: [string, string][] = [
  ['in_ded_single', 'in_ded_family'],
  ['out_ded_single', 'out_ded_family'],
  ['in_max_single', 'in_max_family'],
  ['out_max_single', 'out_max_family'],
  ['rx_ded_single', 'rx_ded_family'],
  ['in_ded_single', 'out_ded_single'],
  ['in_ded_family', 'out_ded_family'],
  ['in_max_single', 'out_max_single'],
  ['in_max_family', 'out_max_family'],
  ['in_ded_single', 'in_max_single'],
  ['in_coin', 'out_coin'],
];

const PERCENTS = ['in_coin', 'out_coin', 'rx_coin'];

/**
 * Checks the reading against what holds in every plan (family at least single, in-network at most
 * out-of-network, the deductible at most the out-of-pocket limit, percentages 0-100). A reading
 * that breaks one was misread somewhere: both fields are left empty with a warning, since a wrong
 * value costs a broker more than an empty one.
 */
export function checkReading(reading: Reading): void {
  for (const [low, high] of NEVER_ABOVE) {
    const [a, b] = [reading.plan[low], reading.plan[high]];
    if (typeof a === 'number' && typeof b === 'number' && a > b) {
      reading.clear([low, high]);
      reading.warn(`${low} (${a}) is above ${high} (${b}), which no plan has: both left empty; enter them from the SBC.`);
    }
  }
  for (const field of PERCENTS) {
    const value = reading.plan[field];
    if (typeof value === 'number' && value > 100) {
      reading.clear([field]);
      reading.warn(`${field} read as ${value}%, above 100%: left empty; enter it from the SBC.`);
    }
  }
}
