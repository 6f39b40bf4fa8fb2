import { describe, expect, it } from 'vitest';
import { checkedInMonth, dayPlan, planText } from './day-plan';

const u = (id: number, plate_number: string, last_done_on: string | null) => ({
  id,
  plate_number,
  last_done_on,
});

describe('dayPlan (Tugas)', () => {
  const units = [
    u(1, 'B 1', '2026-12-02'),
    u(2, 'B 2', '2026-11-30'),
    u(3, 'B 3', null),
    u(4, 'B 4', '2026-10-05'),
    u(5, 'A 5', null),
  ];

  it('lists the units not checked this month, never checked first, then the oldest last check', () => {
    const plan = dayPlan(units, '2026-12');
    expect(plan.todo.map((x) => x.id)).toEqual([5, 3, 4, 2]);
    expect(plan).toMatchObject({ month: '2026-12', done: 1, total: 5 });
    expect(planText(plan)).toBe('1 dari 5 unit bulan ini');
  });

  it('a unit checked since the data was read leaves the list at once', () => {
    const plan = dayPlan(units, '2026-12', new Set([4]));
    expect(plan.todo.map((x) => x.id)).toEqual([5, 3, 2]);
    expect(plan.done).toBe(2);
  });

  it('a new month starts with every unit to check', () => {
    expect(dayPlan(units, '2027-01').todo).toHaveLength(5);
  });

  it('a snapshot stored before last_done_on existed falls back to checked_this_month', () => {
    expect(checkedInMonth({ id: 1, plate_number: 'B 1', checked_this_month: true }, '2026-12')).toBe(true);
    expect(checkedInMonth({ id: 1, plate_number: 'B 1', checked_this_month: false }, '2026-12')).toBe(false);
  });
});
