import { describe, expect, it } from 'vitest';
import { lowestGroove, lowestReading, withLowestGroove } from './grooves';

describe('lowestGroove', () => {
  it('takes the lowest of the measured grooves, skipping the ones not measured', () => {
    expect(lowestGroove({ groove_1: 12.5, groove_2: 9, groove_3: null, groove_4: 11 })).toBe(9);
    expect(lowestGroove({ groove_3: 0, groove_4: 4 })).toBe(0);
  });
  it('is null when no groove is measured', () => {
    expect(lowestGroove({})).toBeNull();
    expect(lowestReading([null, undefined, Number.NaN])).toBeNull();
  });
});

describe('withLowestGroove', () => {
  it('recomputes the lowest from the current and changed grooves', () => {
    expect(withLowestGroove({ groove_2: 3 }, { groove_1: 8, groove_2: 9, groove_lowest: 8 })).toEqual({
      groove_2: 3,
      groove_lowest: 3,
    });
  });
  it('keeps an explicit lowest, and leaves a change without grooves alone', () => {
    expect(withLowestGroove({ groove_1: 2, groove_lowest: 5 }, {})).toEqual({
      groove_1: 2,
      groove_lowest: 5,
    });
    expect(withLowestGroove({ pressure: 100 }, { groove_1: 8 })).toEqual({ pressure: 100 });
  });
});
