// Numbers and contact links as the record screens show them (Indonesian grouping: 204.358).

import { formatNumber } from '@itms/contracts/rules/number-format';

export { formatKm, formatNumber } from '@itms/contracts/rules/number-format';

/** '-' for a missing value (null, empty or the '-' of unsigned fields). */
export const dash = (v: string | number | null | undefined): string =>
  v === null || v === undefined || v === '' || v === '-' ? '-' : String(v);

/** 20 -> '20 Ton' (or '20 TON' with `upper`). */
export const formatTon = (n: number | null | undefined, upper = false) =>
  n == null || n === 0 ? '-' : `${formatNumber(n)} ${upper ? 'TON' : 'Ton'}`;

/** WhatsApp chat link of an Indonesian mobile number (08xx, 628xx or +628xx), or null. */
export function whatsappLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 8) return null;
  const intl = digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
  return `https://wa.me/${intl}`;
}
