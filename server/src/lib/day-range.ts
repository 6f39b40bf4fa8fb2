import { type SQL, sql } from 'drizzle-orm';

/** Two days (`yyyy-mm-dd`) in APP_TIMEZONE, both included. */
export interface DayRange {
  start: string;
  end: string;
  tz: string;
}

/** `col` falls within the days of the range; bounds computed in SQL so indexes on `col` apply. */
export function inRange(col: SQL, r: DayRange): SQL {
  return sql`${col} >= (${r.start}::date)::timestamp at time zone ${r.tz} and ${col} < ((${r.end}::date + 1)::timestamp at time zone ${r.tz})`;
}
