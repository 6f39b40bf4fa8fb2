import { appTime } from '../../../lib/dayjs';

export interface Lifetime {
  /** Km the tire ran on the unit, or null when the mounting km is unknown. */
  km: number | null;
  /** Calendar days on the unit, or null when the mounting date is unknown. */
  days: number | null;
  kmInstalled: number | null;
  installedAt: string | null;
}

/**
 * How long the tire taken off (Before) was on the unit: from its mounting (km and date) to the
 * replacement's odometer and date.
 */
export function lifetimeOf(
  before: { km_installed: number | null; installed_at: string | null } | null | undefined,
  replacement: { odometer: number; createdAt: string },
): Lifetime {
  const kmInstalled = before?.km_installed ?? null;
  const installedAt = before?.installed_at ?? null;
  const km = kmInstalled == null ? null : replacement.odometer - kmInstalled;
  const days =
    installedAt == null
      ? null
      : appTime(replacement.createdAt).startOf('day').diff(appTime(installedAt).startOf('day'), 'day');
  return {
    km: km != null && km >= 0 ? km : null,
    days: days != null && days >= 0 ? days : null,
    kmInstalled,
    installedAt,
  };
}
