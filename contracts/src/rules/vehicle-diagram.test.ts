import { describe, expect, it } from 'vitest';
import { QC_POSITIONS, UNIT_TYPES } from '../enums';
import {
  DIAGRAMS,
  diagramKindOf,
  diagramOf,
  hasPosition,
  hasQcPosition,
  inWalkOrder,
  sideOf,
  UNIT_TYPE_DIAGRAM,
} from './vehicle-diagram';

describe('vehicle diagram of a unit type', () => {
  it('maps every one of the 13 unit types to engkel, tronton or trailer', () => {
    expect(Object.keys(UNIT_TYPE_DIAGRAM).sort()).toEqual([...UNIT_TYPES].sort());
    expect(diagramKindOf('TRONTON')).toBe('tronton');
    expect(diagramKindOf('ENGKEL')).toBe('engkel');
    expect(diagramKindOf('CDD')).toBe('engkel');
    expect(diagramKindOf('DUMP TRUCK')).toBe('tronton');
    expect(diagramKindOf('TRAILLER')).toBe('trailer');
    expect(diagramKindOf('HEAD TRAILER')).toBe('trailer');
    expect(diagramKindOf(' head  trailer ')).toBe('trailer');
    expect(diagramKindOf('SOMETHING NEW')).toBe('trailer');
  });

  it('puts odd positions and ST on the left, even positions and ST2 on the right', () => {
    expect(DIAGRAMS.engkel.left).toEqual(['1', '3', '5', 'ST']);
    expect(DIAGRAMS.engkel.right).toEqual(['2', '4', '6', 'ST2']);
    expect(DIAGRAMS.tronton.left).toEqual(['1', '3', '5', '7', '9', 'ST']);
    expect(DIAGRAMS.tronton.right).toEqual(['2', '4', '6', '8', '10', 'ST2']);
    expect(DIAGRAMS.trailer.left).toEqual(['1', '3', '5', '7', '9', '11', 'ST']);
    expect(DIAGRAMS.trailer.right).toEqual(['2', '4', '6', '8', '10', '12', 'ST2']);
    for (const d of Object.values(DIAGRAMS)) {
      for (const p of d.left) expect(sideOf(p)).toBe('left');
      for (const p of d.right) expect(sideOf(p)).toBe('right');
      expect(d.positions.length).toBe(d.left.length + d.right.length);
    }
  });

  it('knows which positions a unit type has', () => {
    expect(diagramOf('ENGKEL').positions).toEqual(['1', '2', '3', '4', '5', '6', 'ST', 'ST2']);
    expect(hasPosition('ENGKEL', '7')).toBe(false);
    expect(hasPosition('TRONTON', '10')).toBe(true);
    expect(hasPosition('TRONTON', '11')).toBe(false);
    expect(hasPosition('TRAILLER', '12')).toBe(true);
    expect(hasPosition('CDE', 'ST2')).toBe(true);
  });

  it("knows which of the QC matrix's 14 positions a unit type has (ST1 is the diagram's ST)", () => {
    const of = (type: string) => QC_POSITIONS.filter((p) => hasQcPosition(type, p));
    expect(of('ENGKEL')).toEqual(['1', '2', '3', '4', '5', '6', 'ST1', 'ST2']);
    expect(of('TRONTON')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'ST1', 'ST2']);
    expect(of('HEAD TRAILER')).toEqual([...QC_POSITIONS]);
  });
});

describe('the walk order of a check (issue 37, item 3)', () => {
  it('goes down the left side front to back, then the right side, then the spares', () => {
    expect(diagramOf('TRONTON').walk).toEqual([
      '1',
      '3',
      '5',
      '7',
      '9',
      '2',
      '4',
      '6',
      '8',
      '10',
      'ST',
      'ST2',
    ]);
    expect(inWalkOrder('ENGKEL', ['ST', '2', '1', '6', '3', '4', '5'])).toEqual([
      '1',
      '3',
      '5',
      '2',
      '4',
      '6',
      'ST',
    ]);
  });
});
