import { describe, expect, it } from 'vitest';
import { checkEnrollment, enrollmentMessages, parseEnrollment } from './enrollment.js';

describe('parseEnrollment', () => {
  it('reads four counts, spaces around the commas allowed', () => {
    expect(parseEnrollment('10, 0,3 ,5')).toEqual({ ok: true, enrollment: [10, 0, 3, 5] });
  });

  it.each(['10,2,3', '10,2,3,5,1', ''])('refuses %j: not four counts', (text) => {
    expect(parseEnrollment(text)).toEqual({ ok: false, error: enrollmentMessages.count });
  });

  it.each([
    ['10,-2,3,5', 1, '-2'],
    ['10,2.5,3,5', 1, '2.5'],
    ['10,,3,5', 1, ''],
    ['10,two,3,5', 1, 'two'],
    ['x,2,3,5', 0, 'x'],
  ])('refuses %j: %j is not a count', (text, tier, bad) => {
    expect(parseEnrollment(text)).toEqual({ ok: false, error: enrollmentMessages.notACount(tier, bad) });
  });

  it('names the tier of the count it refuses, the first tier too', () => {
    expect(parseEnrollment('ten,2,3,5')).toEqual({ ok: false, error: 'Employee only enrollment "ten" is not a whole number of employees (0 or more).' });
    expect(parseEnrollment('1,2,3,x')).toEqual({ ok: false, error: 'Employee + family enrollment "x" is not a whole number of employees (0 or more).' });
  });

  it('refuses more than a million employees in a tier', () => {
    expect(parseEnrollment('1000001,0,0,0')).toEqual({
      ok: false,
      error: 'Employee only enrollment 1000001 is above the maximum of 1,000,000 employees in a tier.',
    });
  });
});

describe('checkEnrollment', () => {
  it('accepts zero in a tier and refuses anything but whole counts', () => {
    expect(checkEnrollment([0, 0, 0, 0]).ok).toBe(true);
    expect(checkEnrollment([1, 2, 3, '4']).ok).toBe(false);
    expect(checkEnrollment([1, 2, 3, Number.NaN]).ok).toBe(false);
  });
});
