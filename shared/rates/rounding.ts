// The one rounding rule for money, shared by the rate helper and the renewal exhibit: integer
// amounts divided exactly and rounded once, halves up (away from zero for a decrease).

/** numerator / denominator to the nearest integer, halves away from zero; denominator > 0. */
export function divideHalfUp(numerator: number, denominator: number): number {
  const magnitude = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -magnitude : magnitude;
}

/** "1234567" → "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}
