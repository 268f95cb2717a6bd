/**
 * Amounts as brokers type them: `$1,200`, `1200.00`, `1 200`, `1.2k`. Answers whole cents (exact,
 * no floating point), or undefined when the text is not one amount.
 */
export function parseMoneyCents(text: string): number | undefined {
  const match = /^\$?(\d+(?:,\d{3})*|\d*)(?:\.(\d*))?(k)?$/i.exec(text.trim().replace(/(?<=\d) (?=\d{3}\b)/g, '').replace(/^\$\s+/, '$'));
  if (!match) return undefined;
  const [, whole = '', fraction = '', thousands] = match;
  if (whole === '' && fraction === '') return undefined;
  const digits = `${whole.replace(/,/g, '')}${fraction}`;
  // The amount is digits / 10^fraction.length dollars; in cents, times 100 (and 1000 for "k").
  const scale = 100 * (thousands ? 1000 : 1);
  const exact = BigInt(digits || '0') * BigInt(scale);
  const divisor = 10n ** BigInt(fraction.length);
  // Half a cent or more rounds up.
  const cents = (exact * 2n + divisor) / (divisor * 2n);
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(cents);
}

/** An amount for a whole-dollar field: rounded half up, and whether rounding changed it (to be said on screen). */
export function wholeDollars(cents: number): { dollars: number; rounded: boolean } {
  return { dollars: Math.floor((cents + 50) / 100), rounded: cents % 100 !== 0 };
}
