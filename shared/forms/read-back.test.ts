import { describe, expect, it } from 'vitest';
import { field } from '../validation/fields.js';
import { readBack } from './read-back.js';

const date = field.date('required', 'Start date', '');
const money = field.int('required', 'money', 'Deductible', '');
const count = field.int('required', 'count', 'Employees', '');

describe('reading back what was typed', () => {
  it('says which date a loosely typed date is', () => {
    expect(readBack(date, '1/1/2027')).toBe('Read as Friday, January 1, 2027.');
  });

  it('says an amount with cents was rounded half up, never silently', () => {
    expect(readBack(money, '1200.50')).toBe('Rounded to $1,201: this field holds whole dollars.');
  });

  it('says what "1.2k" and "$1,200" are read as, and nothing for a plain whole amount', () => {
    expect(readBack(money, '1.2k')).toBe('Read as $1,200.');
    expect(readBack(money, '$1,200')).toBe('Read as $1,200.');
    expect(readBack(money, '1200')).toBeUndefined();
  });

  it('says nothing about text it cannot read (the schema does) or fields that are not dates or money', () => {
    expect(readBack(date, 'soon')).toBeUndefined();
    expect(readBack(money, 'lots')).toBeUndefined();
    expect(readBack(count, '1.2k')).toBeUndefined();
  });
});
