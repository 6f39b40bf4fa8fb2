import { OPEN_CALL_STATUSES } from '@itms/contracts/rules/storing';
import { sql } from 'drizzle-orm';

/** A call still open (rules/storing.ts), as the partial index breakdown_calls_open_idx reads it. */
export const openCall = (alias: string) =>
  sql`${sql.raw(alias)}.status in (${sql.join(
    OPEN_CALL_STATUSES.map((st) => sql`${st}`),
    sql`, `,
  )})`;
