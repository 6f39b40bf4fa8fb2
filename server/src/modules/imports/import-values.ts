// Reading the cells of an import row into typed values, collecting Indonesian problems.

/** Parses a number as people type it: '8,5' and '8.5' are the same; '' is null. */
export function toNumber(raw: string): number | null {
  const s = raw.trim();
  if (s === '') return null;
  const n = Number(s.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Collects the problems of one row while reading its values. */
export class RowReader {
  readonly problems: string[] = [];
  constructor(readonly values: Record<string, string>) {}

  text(
    column: string,
    label: string,
    opts: { max?: number; upper?: boolean; required?: boolean } = {},
  ): string {
    let v = (this.values[column] ?? '').trim().replace(/\s+/g, ' ');
    if (opts.upper) v = v.toUpperCase();
    if (opts.required && !v) this.problems.push(`${label} wajib diisi`);
    const max = opts.max ?? 120;
    if (v.length > max) this.problems.push(`${label} maksimal ${max} karakter`);
    return v;
  }

  number(
    column: string,
    label: string,
    opts: { min?: number; max?: number; int?: boolean; required?: boolean } = {},
  ): number | null {
    const raw = this.values[column] ?? '';
    const n = toNumber(raw);
    if (n === null) {
      if (opts.required) this.problems.push(`${label} wajib diisi`);
      return null;
    }
    if (Number.isNaN(n)) {
      this.problems.push(`${label} "${raw}" bukan angka`);
      return null;
    }
    if (opts.int && !Number.isInteger(n)) {
      this.problems.push(`${label} harus bilangan bulat`);
      return null;
    }
    const { min, max } = opts;
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
      const range =
        min !== undefined && max !== undefined
          ? `${min} sampai ${max}`
          : min !== undefined
            ? `minimal ${min}`
            : `maksimal ${max}`;
      this.problems.push(`${label} ${n} di luar batas (${range})`);
      return null;
    }
    return n;
  }

  /** One of `allowed` typed in any case ('' allowed unless required); aliases map other spellings. */
  oneOf<T extends string>(
    column: string,
    label: string,
    allowed: readonly T[],
    opts: { required?: boolean; aliases?: Record<string, T>; fallback?: T } = {},
  ): T | '' {
    const v = (this.values[column] ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
    if (!v) {
      if (opts.fallback) return opts.fallback;
      if (opts.required) this.problems.push(`${label} wajib diisi`);
      return '';
    }
    const found = (allowed as readonly string[]).includes(v) ? (v as T) : opts.aliases?.[v];
    if (!found) {
      this.problems.push(`${label} "${this.values[column]?.trim()}" tidak dikenal`);
      return '';
    }
    return found;
  }
}

/** Excel keeps dates as day numbers when a cell is not formatted as a date (1 = 1900-01-01). */
export function excelSerialDate(raw: string): string | null {
  if (!/^\d{5}(\.\d+)?$/.test(raw.trim())) return null;
  const days = Math.floor(Number(raw));
  if (days < 20_000 || days > 80_000) return null;
  return new Date(Date.UTC(1899, 11, 30) + days * 86_400_000).toISOString().slice(0, 10);
}
