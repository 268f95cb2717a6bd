/** Reading dollars, percentages and wording out of SBC text. */

/** Joins words broken at a line end ("In- Network" → "In-Network") and plain dashes for en/em dashes. */
export function normalizeText(text: string): string {
  return text
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\b(In|Non|Out|out-of|Out-of)- (\w)/g, '$1-$2')
    .replace(/\s+/g, ' ')
    .trim();
}

export const dollars = (digits: string): number => Number(digits.replace(/,/g, ''));

const MONEY = /\$\s?(\d[\d,]*)(?!\.\d*[1-9])(?:\.00?)?/g;
const PERCENT = /\b(\d{1,3})\s?%/;

/** The first percentage in the text, or undefined. */
export function firstPercent(text: string): number | undefined {
  const match = PERCENT.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * The copay a cost cell states: its first dollar amount, when that comes before any percentage and
 * is not a deductible or a cap ("$100 deductible, then 30%", "30% up to $500 max" give none), or
 * the copay a percentage follows ("0% after $25 copay").
 */
export function copayOf(text: string): number | undefined {
  const money = new RegExp(MONEY.source).exec(text);
  if (!money) return undefined;
  const percent = PERCENT.exec(text);
  const copayFirst = /^\s*(coinsurance|co-?ins)?\s*after\s+$/i.test(text.slice(percent ? percent.index + percent[0].length : 0, money.index));
  if (percent && percent.index < money.index && !copayFirst) return undefined;
  if (copayFirst && !/^\s*(copay|co-pay|copayment)\b/i.test(text.slice(money.index + money[0].length))) return undefined;
  const after = text.slice(money.index + money[0].length);
  if (/^\s*(deductible|max|maximum|per (year|calendar year))\b/i.test(after)) return undefined;
  return dollars(money[1]!);
}

export const NOT_COVERED = /^(not covered|no coverage|not a covered|excluded|not applicable)\b/i;
export interface SingleFamily {
  single?: number;
  family?: number;
}

const LABEL = '(individual|person|single|member|employee|self-only|self only|family)';
const LABEL_THEN_AMOUNT = new RegExp(`\\b${LABEL}\\s*:?\\s*\\$\\s?(\\d[\\d,]*)`, 'gi');
const AMOUNT_THEN_LABEL = new RegExp(`\\$\\s?(\\d[\\d,]*)\\s*(?:per\\s+|an?\\s+)?${LABEL}\\b`, 'gi');

/** "Individual $5,500 / Family $11,000", "$1,000 person/$2,000 family", "$250 Individual/ $500 Family". */
export function singleFamily(clause: string): SingleFamily {
  const found: SingleFamily = {};
  const put = (label: string, amount: string): void => {
    const key = label.toLowerCase() === 'family' ? 'family' : 'single';
    found[key] ??= dollars(amount);
  };
  for (const match of clause.matchAll(LABEL_THEN_AMOUNT)) put(match[1]!, match[2]!);
  if (found.single === undefined && found.family === undefined) for (const match of clause.matchAll(AMOUNT_THEN_LABEL)) put(match[2]!, match[1]!);
  return found;
}
