import type { TAbsenceUnit } from '@itms/contracts/reports';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AbsenceTable } from './absence-table';

beforeEach(() => {
  // 15 November 2026, 12:00 WIB
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T05:00:00Z'));
});
afterEach(() => vi.useRealTimers());

it("shows the days after today empty, not 'N', and the days up to today as Y or N", () => {
  const days = Array.from({ length: 30 }, (_, i) => (i === 2 ? 'Y' : 'N')).join('');
  const unit: TAbsenceUnit = { unit_id: 50, plate_number: 'BK 9954 AA', days, total: 1 };
  render(
    <AbsenceTable
      month="2026-11"
      days={30}
      units={[unit]}
      offset={0}
      loading={false}
      pagination={false}
      height={400}
    />,
  );
  const row = screen.getByText('BK 9954 AA').closest('[role="row"]')!;
  // No, No. Body, the 30 days, Total
  const cells = [...row.querySelectorAll('[role="cell"]')].map((c) => c.textContent);
  const day = (n: number) => cells[1 + n];
  expect(day(3)).toBe('Y');
  expect(day(14)).toBe('N');
  expect(day(15)).toBe('N');
  for (let n = 16; n <= 30; n++) expect(day(n)).toBe('');
  expect(cells.at(-1)).toBe('1');
});
