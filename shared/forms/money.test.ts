import { describe, expect, it } from 'vitest';
import { parseMoneyCents, wholeDollars } from './money.js';

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
    expect(parseMoneyCents(typed)).toBe(cents);
  });

  it.each(['', '$', 'abc', '1,20', '1.2.3', '-5', '12 34', '1.2kk'])('refuses %j', (typed) => {
    expect(parseMoneyCents(typed)).toBeUndefined();
  });

  it('rounds a whole-dollar amount half up, and says when it rounded', () => {
    expect(wholeDollars(120050)).toEqual({ dollars: 1201, rounded: true });
    expect(wholeDollars(120049)).toEqual({ dollars: 1200, rounded: true });
    expect(wholeDollars(120000)).toEqual({ dollars: 1200, rounded: false });
  });
});
