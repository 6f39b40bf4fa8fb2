import type { TFieldUnit } from '@itms/contracts/field';
import { describe, expect, it } from 'vitest';
import { unitsToShow } from './units';

const unit = (id: number, plate_number: string, checked_this_month: boolean) =>
  ({ id, plate_number, checked_this_month }) as TFieldUnit;

describe('the units Beranda lists', () => {
  const units = [unit(1, 'B 9001 XA', true), unit(2, 'KT 1234 AB', false), unit(3, 'B 1002 XA', false)];

  it('puts the units not checked this month first, then orders by plate', () => {
    expect(unitsToShow(units, '').map((u) => u.id)).toEqual([3, 2, 1]);
  });

  it('finds a plate without regard to case, spaces or look-alike letters', () => {
    expect(unitsToShow(units, 'kt1234').map((u) => u.id)).toEqual([2]);
    expect(unitsToShow(units, ' b 90 01 ').map((u) => u.id)).toEqual([1]);
    // fullwidth letters and a zero-width space, as some phone keyboards and pasted texts give
    expect(unitsToShow(units, '\uFF22 9001\u200B\uFF38A').map((u) => u.id)).toEqual([1]);
    expect(unitsToShow(units, 'Z 1')).toEqual([]);
  });
});
