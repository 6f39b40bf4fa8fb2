const rupiah = (digits: number) =>
  new Intl.NumberFormat('id-ID', {
    style: 'currency',
    currency: 'IDR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
const whole = rupiah(0);
const cents = rupiah(2);

/** Rupiah, with cents only for small amounts (cost per km): 'Rp 42,57', 'Rp 1.250.000'; '-' when unknown. */
export function formatRupiah(n: number | null | undefined): string {
  if (n == null) return '-';
  return (Math.abs(n) < 1000 ? cents : whole).format(n).replace(/\u00a0/g, ' ');
}

const decimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
export const formatDecimal = (n: number | null | undefined) => (n == null ? '-' : decimal.format(n));
