/** Times are stored UTC and shown in the operation's time zone (VITE_APP_TIMEZONE, default Asia/Jakarta: WIB). */
export const APP_TIMEZONE: string = import.meta.env.VITE_APP_TIMEZONE || 'Asia/Jakarta';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `yyyy-mm-dd` of a moment in the app's time zone, without dayjs (the field app's small bundle). */
export const appDay = (value: Date | string | number): string => dayFormat.format(new Date(value));
