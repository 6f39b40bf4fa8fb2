import { describe, expect, it } from 'vitest';
import { lowestGroove, lowestReading } from './grooves';

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
