import { describe, expect, it } from 'vitest';
import { pastedCells, readMoneyCents, readWholeNumber, wholeDollars, type NumberRule } from './numbers.js';

const employees: NumberRule = { label: 'Eligible employees', unit: 'count', min: 1, max: 999_999_999_999 };
const premium: NumberRule = { label: 'Employee only, employee share', unit: 'money', min: 0, max: 2_147_483_647 };
const coinsurance: NumberRule = { label: 'Coinsurance', unit: 'percent', min: 0, max: 100 };

describe('amounts as brokers type them', () => {
  it.each([
    ['$1,200', 120000],
    ['1200', 120000],
    ['1200.00', 120000],
    ['1,200.5', 120050],
    ['1 200', 120000],
    ['$ 45', 4500],
    ['1.2k', 120000],
    ['2K', 200000],
    ['.5', 50],
    ['0.005', 1],
  ])('reads %s as %i cents', (typed, cents) => {
    expect(readMoneyCents(typed, premium)).toEqual({ ok: true, value: cents });
  });

  it.each(['', '$', 'abc', '1,20', '1.2.3', '-5', '12 34', '1.2kk', '1234,567', '1,234 567'])('refuses %j', (typed) => {
    expect(readMoneyCents(typed, premium).ok).toBe(false);
  });

  it('rounds a whole-dollar amount half up, and says when it rounded', () => {
    expect(wholeDollars(120050)).toEqual({ dollars: 1201, rounded: true });
    expect(wholeDollars(120049)).toEqual({ dollars: 1200, rounded: true });
    expect(wholeDollars(120000)).toEqual({ dollars: 1200, rounded: false });
  });
});

describe('whole numbers: one rule for digit grouping', () => {
  it.each([
    ['250', 250],
    ['1,234', 1234],
    ['1 234', 1234],
    ['12,345,678', 12345678],
    ['0250', 250],
    ['2.00', 2],
  ])('reads %s as %i', (typed, value) => {
    expect(readWholeNumber(typed, employees)).toEqual({ ok: true, value });
  });

  it('reads a percentage with or without its sign', () => {
    expect(readWholeNumber('20%', coinsurance)).toEqual({ ok: true, value: 20 });
    expect(readWholeNumber('20 %', coinsurance)).toEqual({ ok: true, value: 20 });
  });

  const problem = (typed: string, rule = employees) => {
    const reading = readWholeNumber(typed, rule);
    return reading.ok ? `read as ${reading.value}` : reading.problem;
  };

  it('says what is wrong with each refused text, in the field’s words, and what is accepted', () => {
    expect(problem('12,34,5')).toBe(
      '“12,34,5” has its separators in the wrong places: a comma goes between groups of three digits, e.g. 1,234 (or type 1234).',
    );
    expect(problem('1234,567')).toMatch(/separators in the wrong places/);
    expect(problem('1e9')).toBe('Eligible employees must be written out in digits, e.g. 250 or 1,250: “1e9” is scientific notation.');
    expect(problem('-500')).toBe('Eligible employees cannot be negative: enter 1 or more, e.g. 250 or 1,250.');
    expect(problem('12345678901234567890')).toBe('Eligible employees can be at most 999,999,999,999.');
    expect(problem('😀')).toBe('“😀” is not a number. Type eligible employees in digits, e.g. 250 or 1,250.');
    expect(problem('12.5')).toBe('Eligible employees is a whole number, e.g. 250 or 1,250: “12.5” has a fraction.');
    expect(problem('0')).toBe('Eligible employees must be at least 1.');
    expect(problem('120%', coinsurance)).toBe('Coinsurance can be at most 100%.');
    expect(problem('$3,000,000,000', premium)).toBe('Employee only, employee share can be at most $2,147,483,647.');
  });

  it('refuses a pasted spreadsheet row in one field, saying how many values it holds', () => {
    expect(problem('120\t45\t300\t410')).toBe(
      'Eligible employees takes one number, and this is 4 values pasted together (“120 45 300 410”). Type or paste one, e.g. 250 or 1,250.',
    );
  });
});

describe('pasted cells', () => {
  it('splits a copied row or column, and leaves one value alone', () => {
    expect(pastedCells('500\t1,000\t900\t1500\n')).toEqual(['500', '1,000', '900', '1500']);
    expect(pastedCells('500\r\n1,000\r\n')).toEqual(['500', '1,000']);
    expect(pastedCells('500')).toBeUndefined();
    expect(pastedCells('500\n')).toBeUndefined();
  });
});
