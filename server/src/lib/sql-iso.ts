import { type SQL, sql } from 'drizzle-orm';

/** A timestamptz as the ISO text replies carry ('2026-12-05T03:04:05.000Z'), computed in SQL. */
export const isoText = (expr: SQL) =>
  sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
