import { describe, expect, it } from 'vitest';
import { AFTER_VS_BEFORE_COLOR, AFTER_VS_BEFORE_LABEL, compareAfterBefore } from './after-vs-before';

describe('compareAfterBefore', () => {
  it('lower is green, higher is red (spec section 5); unchanged is not painted as a warning (issue 42)', () => {
    const colour = (after: number, before: number) => {
      const c = compareAfterBefore(after, before);
      return c && AFTER_VS_BEFORE_COLOR[c];
    };
    expect(colour(8, 8)).toBe('neutral');
    expect(colour(7.5, 8)).toBe('green');
    expect(colour(8.5, 8)).toBe('red');
    expect(colour(0, 0)).toBe('neutral');
    expect(colour(24, 3.5)).toBe('red');
    expect(colour(110, 120)).toBe('green');
  });

  it('treats float noise of stored real values as equal', () => {
    expect(compareAfterBefore(0.1 + 0.2, 0.3)).toBe('equal');
    expect(compareAfterBefore(Math.fround(3.3), 3.3)).toBe('equal');
    expect(compareAfterBefore(3.31, 3.3)).toBe('higher');
  });

  it('has no outcome when a value is missing', () => {
    expect(compareAfterBefore(null, 5)).toBeNull();
    expect(compareAfterBefore(5, null)).toBeNull();
    expect(compareAfterBefore(undefined, undefined)).toBeNull();
    expect(compareAfterBefore(Number.NaN, 5)).toBeNull();
  });

  it('names each outcome for screen readers', () => {
    expect(AFTER_VS_BEFORE_LABEL).toEqual({ equal: 'sama', lower: 'lebih rendah', higher: 'lebih tinggi' });
  });
});
