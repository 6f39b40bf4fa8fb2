// Numbers as Indonesians write them (id-ID): a comma for decimals, a dot between thousands. One
// formatter for the screens, the field app and the messages the server writes.

const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/** 7.5 -> '7,5'; 204358 -> '204.358'; '-' when missing. */
export const formatNumber = (n: number | null | undefined) => (n == null ? '-' : number.format(n));

/** 204358 -> '204.358 Km' */
export const formatKm = (n: number | null | undefined) => (n == null ? '-' : `${number.format(n)} Km`);
