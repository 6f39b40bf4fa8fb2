import { describe, expect, it } from 'vitest';
import { formatDecimal, formatKm, formatNumber, formatPercent } from './number-format';

describe('number-format', () => {
  it('writes decimals with a comma and thousands with a dot', () => {
    expect(formatNumber(7.5)).toBe('7,5');
    expect(formatNumber(204358)).toBe('204.358');
    expect(formatNumber(1234.567)).toBe('1.234,57');
    expect(formatKm(157109)).toBe('157.109 Km');
    expect(formatPercent(12.5)).toBe('12,5%');
  });

  it('rounds to the given number of decimals', () => {
    expect(formatDecimal(12.46, 1)).toBe('12,5');
    expect(formatDecimal(180732.4, 0)).toBe('180.732');
    expect(formatDecimal(3, 1)).toBe('3');
  });

  it('shows a missing value as a dash', () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatKm(undefined)).toBe('-');
    expect(formatDecimal(null, 1)).toBe('-');
    expect(formatPercent(null)).toBe('-');
  });
});
