import { describe, expect, it } from 'vitest';
import { treadBand } from './tread-band';

describe('tread band of a mounted tire', () => {
  it('is red below the pull point, yellow up to 2 mm above it, green above, grey without a reading', () => {
    expect(treadBand(2.9, 3)).toBe('pull');
    expect(treadBand(3, 3)).toBe('warning');
    expect(treadBand(5, 3)).toBe('warning');
    expect(treadBand(5.1, 3)).toBe('good');
    expect(treadBand(null, 3)).toBe('none');
    expect(treadBand(undefined, 3)).toBe('none');
    // the pull point is configurable (TIRE_PULL_POINT_MM)
    expect(treadBand(4, 5)).toBe('pull');
  });
});
