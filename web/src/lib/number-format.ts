// Numbers and contact links as the office screens show them (id-ID: 204.358, 12,5).

import { formatNumber } from '@itms/contracts/rules/number-format';

export { formatDecimal, formatKm, formatNumber, formatPercent } from '@itms/contracts/rules/number-format';

/** '-' for a missing value (null, empty or the '-' of unsigned fields); numbers as id-ID writes them. */
export const dash = (v: string | number | null | undefined): string =>
  v === null || v === undefined || v === '' || v === '-' ? '-' : typeof v === 'number' ? formatNumber(v) : v;

/** 20 -> '20 Ton' (or '20 TON' with `upper`). */
export const formatTon = (n: number | null | undefined, upper = false) =>
  n == null || n === 0 ? '-' : `${formatNumber(n)} ${upper ? 'TON' : 'Ton'}`;

const rupiah = (digits: number) =>
  new Intl.NumberFormat('id-ID', {
    style: 'currency',
    currency: 'IDR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
const rupiahWhole = rupiah(0);
const rupiahCents = rupiah(2);

/** Rupiah, with cents only for small amounts (cost per km): 'Rp 42,57', 'Rp 1.250.000'; '-' when unknown. */
export function formatRupiah(n: number | null | undefined): string {
  if (n == null) return '-';
  return (Math.abs(n) < 1000 ? rupiahCents : rupiahWhole).format(n).replace(/\u00a0/g, ' ');
}

/** WhatsApp chat link of an Indonesian mobile number (08xx, 628xx or +628xx), or null. */
export function whatsappLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 8) return null;
  const intl = digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
  return `https://wa.me/${intl}`;
}
