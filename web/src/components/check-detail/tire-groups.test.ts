import { describe, expect, it } from 'vitest';
import { groupOfPosition, groupTires } from './tire-groups';

describe('groupTires', () => {
  it('splits odd, even and spare positions and sorts each numerically', () => {
    const records = ['ST', '10', '2', '1', 'ST2', '11', '3', '12'].map((position) => ({ position }));
    const g = groupTires(records);
    expect(g.odd.map((r) => r.position)).toEqual(['1', '3', '11']);
    expect(g.even.map((r) => r.position)).toEqual(['2', '10', '12']);
    expect(g.spare.map((r) => r.position)).toEqual(['ST', 'ST2']);
  });

  it('puts anything that is not a wheel number with the spares', () => {
    expect(groupOfPosition('st')).toBe('spare');
    expect(groupOfPosition('7')).toBe('odd');
    expect(groupOfPosition('8')).toBe('even');
  });

  it('gives empty groups for no records', () => {
    expect(groupTires([])).toEqual({ odd: [], even: [], spare: [] });
  });
});
