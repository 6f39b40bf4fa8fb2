// Numbers as Indonesians write them (id-ID): a comma for decimals, a dot between thousands. One
// formatter for the screens, the field app, the PDFs and the messages the server writes.

const formats = new Map<number, Intl.NumberFormat>();
const withDigits = (digits: number) => {
  let f = formats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('id-ID', { maximumFractionDigits: digits });
    formats.set(digits, f);
  }
  return f;
};

/** 7.5 -> '7,5'; 204358 -> '204.358'; '-' when missing. At most two decimals. */
export const formatNumber = (n: number | null | undefined) => (n == null ? '-' : withDigits(2).format(n));

/** Rounded to at most `digits` decimals: formatDecimal(12.46, 1) -> '12,5'; '-' when missing. */
export const formatDecimal = (n: number | null | undefined, digits: number) =>
  n == null ? '-' : withDigits(digits).format(n);

/** 204358 -> '204.358 Km' */
export const formatKm = (n: number | null | undefined) => (n == null ? '-' : `${formatNumber(n)} Km`);

/** 12.5 -> '12,5%' */
export const formatPercent = (n: number | null | undefined) => (n == null ? '-' : `${formatNumber(n)}%`);
