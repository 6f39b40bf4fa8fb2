/** Indonesian mobile numbers in one form, `08...`, whether typed as 08.., 628.. or +628... */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '');
  if (digits.startsWith('62')) return `0${digits.slice(2)}`;
  return digits;
}
