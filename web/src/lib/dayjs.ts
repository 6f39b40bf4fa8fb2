import dayjs from 'dayjs';
import 'dayjs/locale/id';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { APP_TIMEZONE } from './timezone';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('id');

/** A moment in the app's time zone. */
export function appTime(value?: dayjs.ConfigType): dayjs.Dayjs {
  return dayjs(value).tz(APP_TIMEZONE);
}

/** A `yyyy-mm-dd` day read in the app's time zone (not the browser's). */
export function fromApiDate(day: string): dayjs.Dayjs {
  return dayjs.tz(day, 'YYYY-MM-DD', APP_TIMEZONE);
}

/** `yyyy-mm-dd`, the date format of requests. */
export function toApiDate(value: dayjs.ConfigType): string {
  return appTime(value).format('YYYY-MM-DD');
}

/** `DD MMMM YYYY` in Indonesian, e.g. 05 Januari 2025; a `yyyy-mm-dd` day is that day wherever the browser is. */
export function formatDate(value: dayjs.ConfigType): string {
  const day =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? fromApiDate(value) : appTime(value);
  return day.format('DD MMMM YYYY');
}

/** With the Indonesian weekday, e.g. Senin, 05 Januari 2025. */
export function formatDayDate(value: dayjs.ConfigType): string {
  return appTime(value).format('dddd, DD MMMM YYYY');
}

/** Indonesia's zone names; elsewhere the offset ('UTC+8'). */
const ZONE_NAMES: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};
export const ZONE_NAME = ZONE_NAMES[APP_TIMEZONE] ?? `UTC${appTime().format('Z').replace(':00', '')}`;

/** A time with its zone, e.g. 14:05 WIB. */
export function formatTime(value: dayjs.ConfigType): string {
  return `${appTime(value).format('HH:mm')} ${ZONE_NAME}`;
}

/** The one way to write a moment: 05 Januari 2025, 14:05 WIB. */
export function formatDateTime(value: dayjs.ConfigType): string {
  return `${formatDate(value)}, ${formatTime(value)}`;
}

export { dayjs };
