import { employerFieldHelp } from '../resources/employer.js';
import { readWholeNumber, type NumberRule, type Reading } from './numbers.js';

/** The employer's `size` is digits in a text field of 12 characters, greater than 0. */
const SIZE: NumberRule = { label: employerFieldHelp.size.label, unit: 'count', min: 1, max: 999_999_999_999 };

/**
 * Eligible employees as typed, pasted or imported ("1,250", "1 250"), by the one number rule: the
 * digits the service stores, or what is wrong in the field's words. A blank stays blank, for the
 * schema's "may not be blank".
 */
export function readEmployerSize(text: string): Reading<string> {
  if (text.trim() === '') return { ok: true, value: '' };
  const reading = readWholeNumber(text, SIZE);
  return reading.ok ? { ok: true, value: String(reading.value) } : reading;
}
