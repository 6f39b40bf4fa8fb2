import { render, screen } from '@testing-library/react';
import { Descriptions } from 'antd';
import { describe, expect, it } from 'vitest';
import { LateTag, workTimeItems } from './late-tag';

describe('LateTag', () => {
  it("says 'Terlambat dikirim (N hari)' for a late record and nothing for one sent in time", () => {
    const { container, rerender } = render(<LateTag days={2} />);
    expect(screen.getByText('Terlambat dikirim (2 hari)')).toBeTruthy();
    rerender(<LateTag days={null} />);
    expect(container.textContent).toBe('');
  });

  it('shows when the work was done and when it was received, in APP_TIMEZONE', () => {
    render(
      <Descriptions
        items={workTimeItems({
          performed_at: '2026-11-19T02:00:00.000Z',
          createdAt: '2026-11-21T09:35:00.000Z',
          late_days: 2,
        })}
      />,
    );
    const done = screen.getByText('Waktu pengerjaan').closest('tr')!;
    expect(done.textContent).toContain('19 November 2026, 09:00');
    expect(done.textContent).toContain('Terlambat dikirim (2 hari)');
    expect(screen.getByText('Diterima').closest('tr')!.textContent).toContain('21 November 2026, 16:35');
  });
});
