import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dayjs';

describe('dates', () => {
  it('writes a day as DD MMMM YYYY in Indonesian', () => {
    expect(formatDate('2025-01-05')).toBe('05 Januari 2025');
    expect(formatDate('2025-12-31')).toBe('31 Desember 2025');
  });

  it('writes a moment in the app time zone with its zone name', () => {
    // 2025-01-05 17:30 UTC is 06 Januari 2025, 00:30 in Jakarta
    expect(formatDateTime('2025-01-05T17:30:00Z')).toBe('06 Januari 2025, 00:30 WIB');
    expect(formatTime('2025-01-05T07:05:00Z')).toBe('14:05 WIB');
  });
});
