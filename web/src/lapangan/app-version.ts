import { APP_TIMEZONE } from '../lib/timezone';

const buildTimeFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: APP_TIMEZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * Profil's 'Versi aplikasi': a release's name as given (ITMS_APP_VERSION), else the build's time,
 * in the operation's time zone and named (WIB) like every other time the tire man reads.
 */
export function appVersionText(version: string): string {
  return /^\d{4}-\d{2}-\d{2}T/.test(version) ? buildTimeFormat.format(new Date(version)) : version;
}
