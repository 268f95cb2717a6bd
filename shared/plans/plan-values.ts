import { choiceLabel } from '../forms/choice-labels.js';
import type { FieldSpec } from '../validation/fields.js';

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const plainNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatMoney = (amount: number): string => moneyFormat.format(amount);

/** A plan field's value as a broker reads it: $1,234, 20%, 12 months, Yes/No, "none", choices by their label. */
export function formatPlanValue(spec: FieldSpec | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (spec?.type !== 'int') return plainNumber.format(value);
    switch (spec.unit) {
      case 'money':
        return formatMoney(value);
      case 'percent':
        return `${plainNumber.format(value)}%`;
      case 'multiplier':
        return `${plainNumber.format(value)}×`;
      case 'months':
      case 'days':
      case 'weeks':
        return `${plainNumber.format(value)} ${value === 1 ? spec.unit.slice(0, -1) : spec.unit}`;
      case 'count':
        return plainNumber.format(value);
    }
  }
  if (typeof value !== 'string') return JSON.stringify(value);
  return spec?.type === 'choice' ? choiceLabel(value) : value;
}

/** "+7.0%", "−4.2%", "0.0%"; "n/a" without a base to compare with. */
export function formatPercent(percent: number | null): string {
  if (percent === null) return 'n/a';
  if (percent > 0) return `+${percent.toFixed(1)}%`;
  if (percent < 0) return `\u2212${Math.abs(percent).toFixed(1)}%`;
  return '0.0%';
}
