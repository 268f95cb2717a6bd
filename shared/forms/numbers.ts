/**
 * The one rule for numbers and money as people type, paste or import them (the plan wizard, the
 * employer form, the exhibit's enrollment, the spreadsheet import):
 * - digits, grouped by thousands or not: `1234`, `1,234`, `1 234` (a comma or a space between
 *   every group of three, never `12,34,5`);
 * - money may start with `$`, have cents (`1,200.50`) and end in `k` (`1.2k`);
 * - a percentage may end in `%`.
 * What is refused is answered in the field's words: what is wrong, and what is accepted.
 */

type NumberUnit = 'money' | 'percent' | 'count' | 'months' | 'days' | 'weeks' | 'multiplier';

export interface NumberRule {
  /** The field's label, which the messages name: "Eligible employees cannot be negative.". */
  label: string;
  unit: NumberUnit;
  min: number;
  max: number;
}

export type Reading<T> = { ok: true; value: T } | { ok: false; problem: string };

const EXAMPLES: Record<NumberUnit, string> = {
  money: '1,200, $1,200.50 or 1.2k',
  percent: '20 or 20%',
  count: '250 or 1,250',
  months: '12',
  days: '30',
  weeks: '26',
  multiplier: '2',
};

/** Whole digits with their groups well formed: "1,234" and "1 234" yes, "12,34,5" and "1234,567" no. */
const GROUPED = /^\d{1,3}(?:([, ])\d{3})(?:\1\d{3})*$/;
/** Beyond this many digits a number is above every field's maximum (and above exact doubles). */
const MAX_DIGITS = 15;

const grouped = (value: number) => value.toLocaleString('en-US');
/** A typed text as a message quotes it, cut short when it is long. */
const shown = (text: string) => `“${text.length > 24 ? `${text.slice(0, 21)}…` : text}”`;

type Parts = { whole: string; fraction: string; thousands: boolean };

/** The digits of a number as typed, or what is wrong with it (worded by the caller's field). */
function partsOf(text: string, rule: NumberRule): Reading<Parts> {
  const typed = text.trim();
  const example = EXAMPLES[rule.unit];
  const cells = typed.split(/\t|\r?\n/).filter((cell) => cell.trim() !== '');
  if (cells.length > 1) {
    return {
      ok: false,
      problem: `${rule.label} takes one number, and this is ${cells.length} values pasted together (${shown(cells.join(' '))}). Type or paste one, e.g. ${example}.`,
    };
  }
  let body = typed;
  if (rule.unit === 'money') body = body.replace(/^\$\s*/, '');
  if (rule.unit === 'percent') body = body.replace(/\s*%$/, '');
  if (/^[-−–]\s*\$?\s*[\d.,]/.test(body)) {
    return { ok: false, problem: `${rule.label} cannot be negative: enter ${grouped(rule.min)} or more, e.g. ${example}.` };
  }
  if (/^[\d.,]*\de[+-]?\d+$/i.test(body)) {
    return { ok: false, problem: `${rule.label} must be written out in digits, e.g. ${example}: ${shown(typed)} is scientific notation.` };
  }
  const thousands = rule.unit === 'money' && /\dk$/i.test(body);
  if (thousands) body = body.slice(0, -1);
  const match = /^([\d, ]*)(?:\.(\d*))?$/.exec(body);
  if (!match || !/\d/.test(body))
    return { ok: false, problem: `${shown(typed)} is not a number. Type ${rule.label.toLowerCase()} in digits, e.g. ${example}.` };
  const [, wholeTyped = '', fraction = ''] = match;
  if (/[, ]/.test(wholeTyped) && !GROUPED.test(wholeTyped)) {
    return {
      ok: false,
      problem: `${shown(typed)} has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).`,
    };
  }
  const whole = wholeTyped.replace(/[, ]/g, '').replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_DIGITS) return { ok: false, problem: tooLarge(rule) };
  return { ok: true, value: { whole, fraction, thousands } };
}

const tooLarge = (rule: NumberRule) =>
  `${rule.label} can be at most ${rule.unit === 'money' ? '$' : ''}${grouped(rule.max)}${rule.unit === 'percent' ? '%' : ''}.`;

function inRange(value: number, rule: NumberRule): Reading<number> {
  if (value > rule.max) return { ok: false, problem: tooLarge(rule) };
  if (value < rule.min) return { ok: false, problem: `${rule.label} must be at least ${grouped(rule.min)}.` };
  return { ok: true, value };
}

/**
 * An amount in whole cents, exact (no floating point), rounded half up from finer fractions. The
 * range is not checked here: it is the whole-dollar value's.
 */
export function readMoneyCents(text: string, rule: NumberRule): Reading<number> {
  const parts = partsOf(text, { ...rule, unit: 'money' });
  if (!parts.ok) return parts;
  const { whole, fraction, thousands } = parts.value;
  // The amount is digits / 10^fraction.length dollars; in cents, times 100 (and 1000 for "k").
  const exact = BigInt(`${whole}${fraction}` || '0') * BigInt(100 * (thousands ? 1000 : 1));
  const divisor = 10n ** BigInt(fraction.length);
  const cents = (exact * 2n + divisor) / (divisor * 2n);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: tooLarge(rule) };
  return { ok: true, value: Number(cents) };
}

/** An amount for a whole-dollar field: rounded half up, and whether rounding changed it (to be said on screen). */
export function wholeDollars(cents: number): { dollars: number; rounded: boolean } {
  return { dollars: Math.floor((cents + 50) / 100), rounded: cents % 100 !== 0 };
}

/** A whole number in the rule's range; money is read as an amount and rounded to whole dollars. */
export function readWholeNumber(text: string, rule: NumberRule): Reading<number> {
  if (rule.unit === 'money') {
    const cents = readMoneyCents(text, rule);
    return cents.ok ? inRange(wholeDollars(cents.value).dollars, rule) : cents;
  }
  const parts = partsOf(text, rule);
  if (!parts.ok) return parts;
  const { whole, fraction } = parts.value;
  if (/[1-9]/.test(fraction))
    return { ok: false, problem: `${rule.label} is a whole number, e.g. ${EXAMPLES[rule.unit]}: ${shown(text.trim())} has a fraction.` };
  return inRange(Number(whole), rule);
}

/**
 * Cells copied from a spreadsheet row (or column) as the clipboard carries them, separated by tabs
 * or line breaks; undefined for a single value.
 */
export function pastedCells(text: string): string[] | undefined {
  if (!/[\t\n]/.test(text.trim())) return undefined;
  const cells = text
    .replace(/\r/g, '')
    .replace(/\n$/, '')
    .split(/\t|\n/)
    .map((cell) => cell.trim());
  return cells.length > 1 ? cells : undefined;
}
