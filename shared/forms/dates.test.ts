import { describe, expect, it } from 'vitest';
import { describeDate, parseDate, proposedEndDate } from './dates.js';

describe('dates as brokers type them', () => {
  it.each([
    ['1/1/2027', '2027-01-01'],
    ['1/1/27', '2027-01-01'],
    ['12-31-2027', '2027-12-31'],
    ['2027-1-1', '2027-01-01'],
    ['2027-01-01', '2027-01-01'],
    ['Jan 1 2027', '2027-01-01'],
    ['January 1, 2027', '2027-01-01'],
    ['sept 30 2027', '2027-09-30'],
    ['1 Jan 2027', '2027-01-01'],
    ['010127', '2027-01-01'],
    ['01012027', '2027-01-01'],
    ['20270101', '2027-01-01'],
    ['2/29/2028', '2028-02-29'],
  ])('reads %s as %s', (typed, iso) => {
    expect(parseDate(typed)).toBe(iso);
  });

  it.each(['', '2/29/2027', '13/1/2027', '1/32/2027', 'Foo 1 2027', '2027', '1/1', '0101', '2027-01-01T00:00'])('refuses %j', (typed) => {
    expect(parseDate(typed)).toBeUndefined();
  });

  it('reads a date back in words', () => {
    expect(describeDate('2027-01-01')).toBe('Friday, January 1, 2027');
  });

  it('proposes the end of a plan year: start plus a year, less a day', () => {
    expect(proposedEndDate('2027-01-01')).toBe('2027-12-31');
    expect(proposedEndDate('2027-07-01')).toBe('2028-06-30');
    expect(proposedEndDate('2028-03-01')).toBe('2029-02-28');
  });
});
