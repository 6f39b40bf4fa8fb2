import { describe, expect, it } from 'vitest';
import { appTime } from '../../lib/dayjs';
import { monthFromParams } from './month-param';

const now = appTime('2025-01-31T20:00:00Z'); // 1 February 2025, 03:00 in Jakarta

describe('monthFromParams', () => {
  it('defaults to the current month in the app time zone', () => {
    expect(monthFromParams(new URLSearchParams(), now)).toBe('2025-02');
  });

  it('keeps a valid month', () => {
    expect(monthFromParams(new URLSearchParams('month=2024-12'), now)).toBe('2024-12');
  });

  it('gives null for a cleared or malformed month', () => {
    expect(monthFromParams(new URLSearchParams('month='), now)).toBeNull();
    expect(monthFromParams(new URLSearchParams('month=2024-13'), now)).toBeNull();
    expect(monthFromParams(new URLSearchParams('month=2024-1'), now)).toBeNull();
  });
});
