import { describe, expect, it } from 'vitest';
import { appVersionText } from './app-version';

describe("Profil's 'Versi aplikasi'", () => {
  it('prints the build time in WIB, not UTC', () => {
    expect(appVersionText('2026-12-05T06:42:00.000Z')).toBe('05 Des 2026, 13.42 WIB');
    // late in the UTC day is the next day in WIB
    expect(appVersionText('2026-12-05T20:15:00.000Z')).toBe('06 Des 2026, 03.15 WIB');
  });

  it('prints a named release as given', () => {
    expect(appVersionText('versi B')).toBe('versi B');
  });
});
