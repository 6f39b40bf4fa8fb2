const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

export const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' || v === '-' ? '-' : String(v);

export const formatNumber = (n: number | null | undefined) => (n == null ? '-' : number.format(n));
/** 204358 -> '204.358 Km' */
export const formatKm = (n: number | null | undefined) => (n == null ? '-' : `${number.format(n)} Km`);
/** 20 -> '20 Ton' */
export const formatTon = (n: number | null | undefined) => (n == null ? '-' : `${number.format(n)} Ton`);

/** WhatsApp chat link of an Indonesian mobile number (08xx, 628xx or +628xx), or null. */
export function whatsappLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 8) return null;
  const intl = digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
  return `https://wa.me/${intl}`;
}
