// Dashboard greeting by time of day (spec section 2 "Dashboard"): Selamat Pagi 03-12, Siang 12-15,
// Sore 15-20, Malam otherwise. Hours are local hours in APP_TIMEZONE.

export const GREETINGS = ['Selamat Pagi', 'Selamat Siang', 'Selamat Sore', 'Selamat Malam'] as const;
export type Greeting = (typeof GREETINGS)[number];

/** The greeting for a local hour 0-23 (a fractional hour counts as the hour it falls in). */
export function greetingForHour(hour: number): Greeting {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  if (h >= 3 && h < 12) return 'Selamat Pagi';
  if (h >= 12 && h < 15) return 'Selamat Siang';
  if (h >= 15 && h < 20) return 'Selamat Sore';
  return 'Selamat Malam';
}

/** The hour 0-23 of an instant in a time zone (e.g. APP_TIMEZONE 'Asia/Jakarta'). */
export function hourInTimeZone(at: Date, timeZone: string): number {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number.parseInt(text, 10) % 24;
}
