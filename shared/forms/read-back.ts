import type { FieldSpec } from '../validation/fields.js';
import { describeDate, parseDate } from './dates.js';
import { readMoneyCents, wholeDollars } from './numbers.js';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * What the form understood from a date or an amount typed loosely, said beside the field so nothing
 * is changed silently: "Friday, January 1, 2027", "Rounded to $1,201 …". Undefined when there is
 * nothing to say (blank, not understood, or already exactly what is stored).
 */
export function readBack(spec: FieldSpec, text: string): string | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  if (spec.type === 'date') {
    const iso = parseDate(typed);
    return iso ? `Read as ${describeDate(iso)}.` : undefined;
  }
  if (spec.type === 'int' && spec.unit === 'money') {
    const cents = readMoneyCents(typed, spec);
    if (!cents.ok) return undefined;
    const { dollars: whole, rounded } = wholeDollars(cents.value);
    if (rounded) return `Rounded to ${dollars.format(whole)}: this field holds whole dollars.`;
    return typed === String(whole) ? undefined : `Read as ${dollars.format(whole)}.`;
  }
  return undefined;
}
