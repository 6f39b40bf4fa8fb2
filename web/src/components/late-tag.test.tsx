import { render, screen } from '@testing-library/react';
import { Descriptions } from 'antd';
import { describe, expect, it } from 'vitest';
import { LateTag, workTimes } from './late-tag';

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
        items={workTimes({
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

  it('after a Return, Diterima is the resubmission with the redone work, and the first arrival is named', () => {
    // sent 04:43, returned, re-measured at 04:48 and sent again at 04:50 (WIB = UTC+7)
    render(
      <Descriptions
        items={workTimes({
          performed_at: '2026-11-20T21:48:00.000Z',
          createdAt: '2026-11-20T21:43:00.000Z',
          late_days: null,
          returns: [{ resubmitted_at: '2026-11-20T21:50:00.000Z' }],
        })}
      />,
    );
    const row = (label: string) => screen.getByText(label).closest('tr')!.textContent;
    expect(row('Waktu pengerjaan')).toContain('21 November 2026, 04:48');
    expect(row('Diterima')).toContain('21 November 2026, 04:50 WIB (dikirim ulang)');
    expect(row('Pertama diterima')).toContain('21 November 2026, 04:43');
  });

  it('a Return not yet answered changes nothing: Diterima is the first arrival', () => {
    render(
      <Descriptions
        items={workTimes({
          performed_at: '2026-11-20T21:40:00.000Z',
          createdAt: '2026-11-20T21:43:00.000Z',
          late_days: null,
          returns: [{ resubmitted_at: null }],
        })}
      />,
    );
    expect(screen.getByText('Diterima').closest('tr')!.textContent).toContain('04:43');
    expect(screen.queryByText('Pertama diterima')).toBeNull();
  });
});
