// The one way a number enters the API (issue 35). JSON bodies send numbers; form bodies and query
// strings send text. z.coerce.number() turned `true` into 1, `[1]` into 1, '' into 0, '1e15' and
// '0x1F' into numbers: a QC check stored `unit_id: true` as unit 1. Every numeric input goes through
// readNumber instead, so nothing but a number or a decimal written in ASCII digits is a number.
import { z } from 'zod';

/** The largest value of a PostgreSQL integer (int4): the id columns and most counters. */
export const INT4_MAX = 2_147_483_647;

/**
 * A decimal as a form or a query string writes it: ASCII digits, an optional sign and fraction
 * (after a point, or the comma people type here: '8,5').
 */
const DECIMAL_TEXT = /^[-+]?\d+(?:[.,]\d+)?$/;

/** A form field left empty ('' or null) means "no value". */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A number as it is; text of decimal digits as its value; anything else unchanged, for
 * z.number() to refuse: booleans, arrays, objects, blank text, '1e3', '0x1F', 'NaN', 'Infinity',
 * digits of other scripts.
 */
export function readNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const text = v.trim();
  return DECIMAL_TEXT.test(text) ? Number(text.replace(',', '.')) : v;
}

/** `schema` (a z.number() with its bounds, optional or with a default) read through readNumber. */
export const zNumeric = <T extends z.ZodType>(schema: T) => z.preprocess(readNumber, schema);

/** A row id: a positive int4, refused with `message` otherwise. */
export const zId = (message: string) =>
  zNumeric(z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message));

/** An optional row id: blank ('' or null) or left out means none. */
export const zOptionalId = (message: string) => z.preprocess(blankToUndefined, zId(message).optional());

/** The page of a paged list: 1 or more (pages past the end are empty). */
export const zPage = zNumeric(
  z
    .number({ error: 'Halaman tidak valid' })
    .int('Halaman tidak valid')
    .min(1, 'Halaman tidak valid')
    .max(INT4_MAX, 'Halaman tidak valid')
    .default(1),
);
