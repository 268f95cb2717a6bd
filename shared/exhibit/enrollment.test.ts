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
    ['10,-2,3,5', '-2'],
    ['10,2.5,3,5', '2.5'],
    ['10,,3,5', ''],
    ['10,two,3,5', 'two'],
  ])('refuses %j: %j is not a count', (text, bad) => {
    expect(parseEnrollment(text)).toEqual({ ok: false, error: enrollmentMessages.notACount(bad) });
  });

  it('refuses more than a million employees in a tier', () => {
    expect(parseEnrollment('1000001,0,0,0')).toEqual({ ok: false, error: enrollmentMessages.tooMany(1_000_001) });
  });
});

describe('checkEnrollment', () => {
  it('accepts zero in a tier and refuses anything but whole counts', () => {
    expect(checkEnrollment([0, 0, 0, 0]).ok).toBe(true);
    expect(checkEnrollment([1, 2, 3, '4']).ok).toBe(false);
    expect(checkEnrollment([1, 2, 3, Number.NaN]).ok).toBe(false);
  });
});
