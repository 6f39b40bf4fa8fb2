import { describe, expect, it } from 'vitest';
import { positionColumns } from './position-columns';

const rec = (position: string, status = 'replace') => ({ position, status });

describe('positionColumns', () => {
  it('puts odd positions and ST left, even positions and ST2 right, in wheel order', () => {
    const { left, right } = positionColumns([
      rec('ST2'),
      rec('4'),
      rec('ST'),
      rec('11'),
      rec('1'),
      rec('12'),
    ]);
    expect(left.map((s) => s.position)).toEqual(['1', '11', 'ST']);
    expect(right.map((s) => s.position)).toEqual(['4', '12', 'ST2']);
  });

  it('keeps every record of a position together (remove and replace at the same wheel)', () => {
    const { right } = positionColumns([rec('6', 'remove'), rec('6', 'replace')]);
    expect(right).toEqual([{ position: '6', records: [rec('6', 'remove'), rec('6', 'replace')] }]);
  });

  it('shows nothing for positions without data', () => {
    expect(positionColumns([])).toEqual({ left: [], right: [] });
  });
});
