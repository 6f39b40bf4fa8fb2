import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dayjs';
import { unitBody, unitMissing, unitValues } from './unit-form';

describe('unit form', () => {
  it('names every empty required field, in form order, and nothing once all are filled', () => {
    expect(unitMissing({})).toEqual(['nomor polisi', 'tipe unit', 'tonase', 'project', 'tanggal handle']);
    expect(unitMissing({ plate_number: '   ', tonnage: 0 })).toEqual([
      'nomor polisi',
      'tipe unit',
      'project',
      'tanggal handle',
    ]);
    expect(
      unitMissing({
        plate_number: 'B 1 A',
        unit_type: 'TRONTON',
        tonnage: 0,
        project_id: 3,
        handled_date: dayjs('2025-03-05'),
      }),
    ).toEqual([]);
  });

  it('sends the plate upper-cased, plan_project "-" when empty and the handled date as dd/mm/yy', () => {
    expect(
      unitBody({
        plate_number: ' b  9001   tr ',
        unit_type: 'TRONTON',
        tonnage: 20,
        project_id: 3,
        plan_project: '  ',
        handled_date: dayjs('2025-03-05'),
      }),
    ).toEqual({
      plate_number: 'B 9001 TR',
      unit_type: 'TRONTON',
      tonnage: 20,
      project_id: 3,
      plan_project: '-',
      handled_date: '05/03/25',
      status: 'active',
    });
  });

  it('fills the edit form from a stored unit ("-" plan shows as empty)', () => {
    const v = unitValues({
      id: 1,
      plate_number: 'KT 1 A',
      unit_type: 'ENGKEL',
      project_id: 2,
      Project: { id: 2, name: 'P' },
      plan_project: '-',
      handled_date: '2024-12-31',
      tonnage: 8,
      status: 'active',
      createdAt: '2024-12-31T00:00:00.000Z',
    });
    expect(v.plan_project).toBe('');
    expect(v.handled_date?.format('DD/MM/YY')).toBe('31/12/24');
    expect(v.project_id).toBe(2);
  });
});
