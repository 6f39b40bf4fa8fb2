import { describe, expect, it } from 'vitest';
import { lifetimeOf } from './lifetime';

describe('lifetime of the tire taken off', () => {
  it('counts km from the mounting odometer and calendar days in the app time zone', () => {
    // mounted 30 Dec 2025 23:30 Jakarta (16:30 UTC), replaced 14 Nov 2026 08:00 Jakarta
    const life = lifetimeOf(
      { km_installed: 83_566, installed_at: '2025-12-30T16:30:00.000Z' },
      { odometer: 165_849, createdAt: '2026-11-14T01:00:00.000Z' },
    );
    expect(life.km).toBe(82_283);
    expect(life.days).toBe(319);
    expect(life.kmInstalled).toBe(83_566);
  });

  it('is unknown without mounting data, and never negative', () => {
    expect(lifetimeOf(null, { odometer: 10, createdAt: '2026-01-01T00:00:00Z' })).toMatchObject({
      km: null,
      days: null,
    });
    expect(
      lifetimeOf(
        { km_installed: 500, installed_at: '2026-02-01T00:00:00Z' },
        { odometer: 100, createdAt: '2026-01-01T00:00:00Z' },
      ),
    ).toMatchObject({ km: null, days: null });
  });
});
