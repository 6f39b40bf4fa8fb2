// Kept apart from endpoint.ts, which the web's login page loads: this one needs zod at runtime.
import { z } from 'zod';

/**
 * A timestamp in a reply. The server may hold a Date (a timestamptz column) or a string (raw SQL);
 * the JSON always carries the ISO 8601 string, and that is the type clients see.
 */
export const zTimestamp = z.codec(z.string(), z.union([z.date(), z.string()]), {
  decode: (s) => s,
  encode: (v) => (v instanceof Date ? v.toISOString() : v),
});
