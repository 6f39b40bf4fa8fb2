import { describe, expect, it } from 'vitest';
import { formatKm, formatNumber } from './number-format';

describe('number-format', () => {
  it('writes decimals with a comma and thousands with a dot', () => {
    expect(formatNumber(7.5)).toBe('7,5');
    expect(formatNumber(204358)).toBe('204.358');
    expect(formatNumber(1234.567)).toBe('1.234,57');
    expect(formatKm(157109)).toBe('157.109 Km');
  });

  it('shows a missing value as a dash', () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatKm(undefined)).toBe('-');
  });
});
