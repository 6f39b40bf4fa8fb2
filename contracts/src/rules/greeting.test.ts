import { describe, expect, it } from 'vitest';
import { greetingForHour, hourInTimeZone } from './greeting';

describe('greetingForHour', () => {
  it('follows the spec boundaries: Pagi 03-12, Siang 12-15, Sore 15-20, Malam otherwise', () => {
    const byHour = Array.from({ length: 24 }, (_, h) => greetingForHour(h));
    expect(byHour.slice(0, 3)).toEqual(Array(3).fill('Selamat Malam'));
    expect(byHour.slice(3, 12)).toEqual(Array(9).fill('Selamat Pagi'));
    expect(byHour.slice(12, 15)).toEqual(Array(3).fill('Selamat Siang'));
    expect(byHour.slice(15, 20)).toEqual(Array(5).fill('Selamat Sore'));
    expect(byHour.slice(20)).toEqual(Array(4).fill('Selamat Malam'));
  });

  it('counts a fractional hour as the hour it falls in', () => {
    expect(greetingForHour(2.99)).toBe('Selamat Malam');
    expect(greetingForHour(11.99)).toBe('Selamat Pagi');
    expect(greetingForHour(14.5)).toBe('Selamat Siang');
    expect(greetingForHour(19.99)).toBe('Selamat Sore');
  });
});

describe('hourInTimeZone', () => {
  it('reads the local hour of an instant in APP_TIMEZONE', () => {
    // 05:30 UTC is 12:30 in Jakarta (UTC+7): Selamat Siang there
    const at = new Date('2025-03-10T05:30:00Z');
    expect(hourInTimeZone(at, 'Asia/Jakarta')).toBe(12);
    expect(greetingForHour(hourInTimeZone(at, 'Asia/Jakarta'))).toBe('Selamat Siang');
    // 17:00 UTC is midnight in Jakarta: hour 0, not 24
    expect(hourInTimeZone(new Date('2025-03-10T17:00:00Z'), 'Asia/Jakarta')).toBe(0);
  });
});
