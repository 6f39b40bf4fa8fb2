import { describe, expect, it } from 'vitest';
import {
  checkPercentage,
  checksPerDay,
  checksPerTireMan,
  daysInclusive,
  daysToDate,
  expectedChecks,
  percentOf,
} from './expected-checks';

describe('daysInclusive', () => {
  it('counts both ends', () => {
    expect(daysInclusive('2025-01-01', '2025-01-01')).toBe(1);
    expect(daysInclusive('2025-01-01', '2025-01-31')).toBe(31);
    expect(daysInclusive('2024-02-01', '2024-02-29')).toBe(29);
    expect(daysInclusive('2024-12-30', '2025-01-02')).toBe(4);
  });
});

describe('daysToDate (the target prorated up to today)', () => {
  it('counts the days up to today, both included, while the range is running', () => {
    // November 2026 on the 26th: 26 of 30 days are due
    expect(daysToDate('2026-11-01', '2026-11-30', '2026-11-26')).toBe(26);
    expect(daysToDate('2026-11-26', '2026-11-30', '2026-11-26')).toBe(1);
    expect(daysToDate('2026-12-30', '2027-01-05', '2027-01-02')).toBe(4);
  });

  it('is the whole range once it is past, and 0 before it starts', () => {
    expect(daysToDate('2026-10-01', '2026-10-31', '2026-11-26')).toBe(31);
    expect(daysToDate('2026-11-26', '2026-11-26', '2026-11-26')).toBe(1);
    expect(daysToDate('2026-11-27', '2026-11-30', '2026-11-26')).toBe(0);
    // a prorated target: 2 tire men x 16 x 26 days = 832; 416 checks = 50 % so far
    expect(checkPercentage(416, 2, daysToDate('2026-11-01', '2026-11-30', '2026-11-26'))).toBe(50);
  });
});

describe('expectedChecks', () => {
  it('is 16 x tire men x days', () => {
    expect(expectedChecks(3, 31)).toBe(16 * 3 * 31);
    expect(expectedChecks(0, 31)).toBe(0);
  });

  it("takes a region's Target Check (per tire man per day) instead of 16", () => {
    expect(checksPerDay(null)).toBe(16);
    expect(checksPerDay(undefined)).toBe(16);
    expect(checksPerDay(20)).toBe(20);
    expect(checksPerDay(0)).toBe(0);
    expect(expectedChecks(3, 31, checksPerDay(20))).toBe(20 * 3 * 31);
    // 2 tire men x 10 per day x 31 days = 620; 310 checks = 50 %
    expect(checkPercentage(310, 2, 31, 10)).toBe(50);
    expect(checkPercentage(5, 2, 31, 0)).toBeNull();
  });
});

describe('percentOf / checkPercentage', () => {
  it('rounds to 2 decimals, half up, without float drift', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(1, 800)).toBe(0.13); // 0.125 rounds up
    expect(percentOf(7, 7)).toBe(100);
    expect(percentOf(0, 5)).toBe(0);
  });

  it('is null when nothing is expected', () => {
    expect(percentOf(5, 0)).toBeNull();
    expect(checkPercentage(5, 0, 31)).toBeNull();
  });

  it('uses 16 x tire men x days as the expectation', () => {
    // 2 tire men, 31 days: 992 expected; 100 checks = 10.08 %
    expect(checkPercentage(100, 2, 31)).toBe(10.08);
    expect(checkPercentage(992, 2, 31)).toBe(100);
  });
});

describe('checksPerTireMan (dated Target Check, month by month)', () => {
  const plans = [
    { month: '2000-01-01', target_check: null },
    { month: '2026-11-01', target_check: 10 },
  ];
  it.each([
    ['a month before the change keeps the old plan (16)', '2026-10-01', '2026-10-31', undefined, 16 * 31],
    ['the month of the change and after', '2026-11-01', '2026-11-30', undefined, 10 * 30],
    [
      'a range across the change sums each month with its own plan',
      '2026-10-20',
      '2026-11-05',
      undefined,
      16 * 12 + 10 * 5,
    ],
    ['up to today only', '2026-11-01', '2026-11-30', '2026-11-10', 10 * 10],
    ['a range that starts after today owes nothing yet', '2026-12-01', '2026-12-31', '2026-11-10', 0],
    ['months before the first plan use the first plan', '1999-06-01', '1999-06-30', undefined, 16 * 30],
  ])('%s', (_case, start, end, today, expected) => {
    expect(checksPerTireMan(plans, start, end, today)).toBe(expected);
  });

  it('with no plan at all, 16 a day', () => {
    expect(checksPerTireMan([], '2026-02-01', '2026-02-28')).toBe(16 * 28);
  });
});
