// What the daily digest counts: each number read through the rule its screen already uses, never a
// second copy of it (issue 36, 'Counting rules written once').
import type { TDigestCounts } from '@itms/contracts/digest';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { type DayRange, inRange } from '../../lib/day-range';
import { createReportsService } from '../reports/reports.service';
import { openCallCount } from '../storing/storing.service';
import { alertSummary } from '../tire-intelligence/tire-intelligence.service';

/**
 * Returns the office made within the range, checks and replacements together: the rows of the
 * 'Dikembalikan' views (lib/submission-returns.ts listReturns), which leave out the returns of
 * documents deleted since. (No read model counts returns per day: this is the one count of them.)
 */
export async function returnsMade(db: DbOrTx, r: DayRange): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from submission_returns s
       where ${inRange(sql`s.returned_at`, r)}
         and case s.kind
               when 'tire-check' then exists (select 1 from tire_checks d where d.id = s.record_id)
               when 'tire-replacement' then exists (select 1 from tire_replacements d where d.id = s.record_id)
               else false
             end`),
  );
  return Number(row?.n ?? 0);
}

/** The day's numbers (`day` yyyy-mm-dd in `tz`); the critical tires and open calls are those of now. */
export async function digestCounts(
  db: Db,
  day: string,
  settings: { timezone: string; pullPointMm: number },
): Promise<TDigestCounts> {
  const range: DayRange = { start: day, end: day, tz: settings.timezone };
  // Produktifitas: the checks of the day that count as work done (rules/work-done.ts), and the
  // approved ones among them, from the check-rollups read model
  const checks = await createReportsService(db, settings.timezone).productivity(day, day);
  const returned = await returnsMade(db, range);
  // Ban Kritis: installed tires with at least one alert
  const alerts = await alertSummary(db, settings);
  // Storing: the calls open now, as the dashboard's card counts them
  const openCalls = await openCallCount(db);
  return { checks: checks.total, validated: checks.approved, returned, critical: alerts.total, openCalls };
}

export interface DigestRecipient {
  id: number;
  name: string;
  phone: string;
}

/** Accounts of the given roles that have a phone number, by id. */
export async function digestRecipients(db: DbOrTx, roles: readonly string[]): Promise<DigestRecipient[]> {
  if (!roles.length) return [];
  return rowsOf<DigestRecipient>(
    await db.execute(sql`
      select u.id, u.name, btrim(u.phone) as phone from users u
       where u.role in (${sql.join(
         roles.map((r) => sql`${r}`),
         sql`, `,
       )})
         and btrim(u.phone) <> ''
       order by u.id`),
  );
}
