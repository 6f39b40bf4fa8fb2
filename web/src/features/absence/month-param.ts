import { appTime } from '../../lib/dayjs';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The month of the URL (?month=YYYY-MM). No parameter: the current month (spec: default current
 * month). A parameter that is empty or not a month: null, the 'Silahkan memilih bulan pengecekan' state.
 */
export function monthFromParams(params: URLSearchParams, now = appTime()): string | null {
  if (!params.has('month')) return now.format('YYYY-MM');
  const m = params.get('month') ?? '';
  return MONTH.test(m) ? m : null;
}
